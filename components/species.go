package components

// SpeciesID indexes [Species].
type SpeciesID uint8

// SpeciesInfo is one row of the species table (§9): everything about a
// species. Numbers are NetHack 3.6.7's (src/monst.c; xp from experience()
// in src/exper.c; Weight is the generation frequency; Colour from
// src/monst.c too). MinDepth..MaxDepth is the generation window written
// out as depths; a zero Weight is never generated.
type SpeciesInfo struct {
	Name     string
	Glyph    byte
	Colour   Colour
	Level    int
	Speed    int
	AC       int
	Die      int // damage is 1 + rnd(Die); 0: the attack does no damage
	XP       int
	Weight   int
	MinDepth int
	MaxDepth int
	Verb     string // the hit message after the name: "bites!"
	Flags    SpeciesFlag
	// Mechanic names the mechanic that added the row (§27.5); "" for
	// the core game.
	Mechanic string
}

// SpeciesFlag marks the species with a rule of their own.
type SpeciesFlag uint8

// The special species rules.
const (
	// Orthogonal: steps only e, s, w, n (the grid bug).
	Orthogonal SpeciesFlag = 1 << iota
	// Sticky: a hit sets the cog stuck for 3 ticks and does no damage (the
	// lichen, §7.5).
	Sticky
	// Gaze: any melee attack on it paralyses the attacker for 12 ticks;
	// it never moves or attacks (the floating eye, §7.4).
	Gaze
	// Peaceful: never attacks, cannot be attacked (the Oracle).
	Peaceful
	// Passive: a melee hit on it hurts the attacker (a mechanic's yellow
	// mold); the core game has no such species.
	Passive
)

// Has reports whether the species has flag f.
func (s *SpeciesInfo) Has(f SpeciesFlag) bool { return s.Flags&f != 0 }

// The species table, defined once. Identifiers below name the rows the
// rules single out. A mechanic adds its rows with [AddSpecies].
var Species = append(leadingSpecies, []SpeciesInfo{
	{Name: "newt", Glyph: ':', Colour: Yellow, Level: 0, Speed: 6, AC: 8, Die: 2, XP: 1,
		Weight: 5, MinDepth: 1, MaxDepth: 11, Verb: "bites!"},
	{Name: "jackal", Glyph: 'd', Colour: Brown, Level: 0, Speed: 12, AC: 7, Die: 2, XP: 1,
		Weight: 3, MinDepth: 1, MaxDepth: 11, Verb: "bites!"},
	{Name: "sewer rat", Glyph: 'r', Colour: Brown, Level: 0, Speed: 12, AC: 7, Die: 3, XP: 1,
		Weight: 1, MinDepth: 1, MaxDepth: 11, Verb: "bites!"},
	{Name: "grid bug", Glyph: 'x', Colour: Magenta, Level: 0, Speed: 12, AC: 9, Die: 1, XP: 1,
		Weight: 3, MinDepth: 1, MaxDepth: 11, Verb: "bites!", Flags: Orthogonal},
	{Name: "lichen", Glyph: 'F', Colour: BrightGreen, Level: 0, Speed: 1, AC: 9, Die: 0, XP: 4,
		Weight: 4, MinDepth: 1, MaxDepth: 11, Verb: "touches you!", Flags: Sticky},
	{Name: "kobold", Glyph: 'k', Colour: Brown, Level: 0, Speed: 6, AC: 10, Die: 4, XP: 6,
		Weight: 1, MinDepth: 1, MaxDepth: 11, Verb: "hits!"},
	{Name: "giant rat", Glyph: 'r', Colour: Brown, Level: 1, Speed: 10, AC: 7, Die: 3, XP: 2,
		Weight: 2, MinDepth: 3, MaxDepth: 17, Verb: "bites!"},
	{Name: "coyote", Glyph: 'd', Colour: Brown, Level: 1, Speed: 12, AC: 7, Die: 4, XP: 2,
		Weight: 1, MinDepth: 3, MaxDepth: 17, Verb: "bites!"},
	{Name: "gecko", Glyph: ':', Colour: Cyan, Level: 1, Speed: 6, AC: 8, Die: 3, XP: 2,
		Weight: 5, MinDepth: 3, MaxDepth: 17, Verb: "bites!"},
	{Name: "large kobold", Glyph: 'k', Colour: Red, Level: 1, Speed: 6, AC: 10, Die: 6, XP: 7,
		Weight: 1, MinDepth: 3, MaxDepth: 17, Verb: "hits!"},
	{Name: "hobbit", Glyph: 'h', Colour: Green, Level: 1, Speed: 9, AC: 10, Die: 6, XP: 7,
		Weight: 2, MinDepth: 3, MaxDepth: 17, Verb: "hits!"},
	{Name: "floating eye", Glyph: 'e', Colour: Blue, Level: 2, Speed: 0, AC: 9, Die: 0, XP: 7,
		Weight: 5, MinDepth: 5, MaxDepth: 23, Flags: Gaze},
	{Name: "gnome", Glyph: 'G', Colour: Brown, Level: 1, Speed: 6, AC: 10, Die: 6, XP: 7,
		Weight: 1, MinDepth: 5, MaxDepth: 23, Verb: "hits!"},
	{Name: "homunculus", Glyph: 'i', Colour: Green, Level: 2, Speed: 12, AC: 6, Die: 3, XP: 9,
		Weight: 2, MinDepth: 5, MaxDepth: 23, Verb: "bites!"},
	{Name: "gnome lord", Glyph: 'G', Colour: Blue, Level: 3, Speed: 8, AC: 10, Die: 8, XP: 15,
		Weight: 2, MinDepth: 7, MaxDepth: 29, Verb: "hits!"},
	{Name: "hill orc", Glyph: 'o', Colour: Yellow, Level: 2, Speed: 9, AC: 10, Die: 6, XP: 10,
		Weight: 2, MinDepth: 7, MaxDepth: 29, Verb: "hits!"},
	{Name: "giant ant", Glyph: 'a', Colour: Brown, Level: 2, Speed: 18, AC: 3, Die: 4, XP: 8,
		Weight: 3, MinDepth: 7, MaxDepth: 29, Verb: "bites!"},
	{Name: "dwarf", Glyph: 'h', Colour: Red, Level: 2, Speed: 6, AC: 10, Die: 8, XP: 10,
		Weight: 3, MinDepth: 7, MaxDepth: 29, Verb: "hits!"},
	{Name: "Oracle", Glyph: 'O', Colour: BrightBlue, Level: 12, Speed: 0, AC: 0, Die: 0, XP: 0,
		Flags: Peaceful}, // coloured HI_ZAP
}...)

// The species the rules name.
var (
	Lichen      = SpeciesByName("lichen")
	FloatingEye = SpeciesByName("floating eye")
	Oracle      = SpeciesByName("Oracle")
)

// Info returns the table row of s.
func (s SpeciesID) Info() *SpeciesInfo { return &Species[s] }

// SpeciesByName finds a species by name; it panics on an unknown name
// (the table is fixed at compile time).
func SpeciesByName(name string) SpeciesID {
	id, ok := LookupSpecies(name)
	if !ok {
		panic("components: unknown species " + name)
	}
	return id
}

// LookupSpecies finds a species by name.
func LookupSpecies(name string) (SpeciesID, bool) {
	for i := range Species {
		if Species[i].Name == name {
			return SpeciesID(i), true
		}
	}
	return 0, false
}

// SpeciesByGlyph is the first species drawn with glyph g (scenario maps, §19).
func SpeciesByGlyph(g byte) (SpeciesID, bool) {
	for i := range Species {
		if Species[i].Glyph == g {
			return SpeciesID(i), true
		}
	}
	return 0, false
}

// AddSpecies appends row to the species table and returns its id. A
// mechanic calls it from its package init, before any episode runs: rows
// are never added while episodes run, so ids, [SpeciesID.Info] pointers
// and the lists derived from the table stay fixed. It panics when the row
// names no Mechanic, its name is taken, or the table is full.
func AddSpecies(row SpeciesInfo) SpeciesID {
	_, taken := LookupSpecies(row.Name)
	return SpeciesID(addRow(&Species, row, "species", row.Name, row.Mechanic, taken))
}

// addRow appends a mechanic's row to a table and returns its index; it
// panics when the row names no mechanic, its name is taken, or the table
// (indexed by a uint8) is full.
func addRow[T any](table *[]T, row T, what, name, mechanic string, taken bool) int {
	switch {
	case mechanic == "":
		panic("components: " + what + " " + name + " added by no mechanic")
	case taken:
		panic("components: " + what + " " + name + " added twice")
	case len(*table) > maxRow:
		panic("components: " + what + " table full at " + name)
	}
	*table = append(*table, row)
	return len(*table) - 1
}
