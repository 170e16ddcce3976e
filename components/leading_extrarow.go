//go:build cogsim_extrarow

package components

// A build with the tag cogsim_extrarow has one row ahead of the old ones
// in each table: every kind's id moves up by one. A snapshot written by
// the ordinary build restores identically in this one (§32.1; the test
// is sim's TestSnapshotRestoresInABuildWithAnExtraRow). The rows belong
// to a mechanic no episode installs, so nothing generates them, and
// their glyphs are no other row's.
var (
	leadingSpecies = []SpeciesInfo{{Name: "extra row", Glyph: 'Z', Colour: Red, Speed: 12, Verb: "hits!", Mechanic: "extrarow"}}
	leadingItems   = []ItemInfo{{Name: "extra row", Plural: "extra rows", Article: "an ", Class: WeaponClass, Colour: Red, Mechanic: "extrarow"}}
	leadingTraps   = []TrapInfo{{Name: "extra row", Article: "an ", Colour: Red, Message: "An extra row!", Mechanic: "extrarow"}}
)
