//go:build !cogsim_extrarow

package components

// The rows ahead of the tables' own: none. A build with the tag
// cogsim_extrarow puts a row ahead of the old ones in each table (see
// leading_extrarow.go), as a mechanic or a new version might, to prove
// that kinds are saved by name (§32.1).
var (
	leadingSpecies []SpeciesInfo
	leadingItems   []ItemInfo
	leadingTraps   []TrapInfo
)
