// Package maps holds the scenario maps (§19) tests of several packages
// share.
package maps

// TwoRooms: a room west (interior x 2…10, y 2…4), doorways at (11, 3)
// and (13, 3) around the corridor cell (12, 3), a room east (x 14…17).
// The slice is shared: copy it (scenario.MapWith does) before changing it.
var TwoRooms = []string{
	"",
	" ----------- ------",
	" |.........| |....|",
	" |..........#.....|",
	" |.........| |....|",
	" ----------- ------",
}
