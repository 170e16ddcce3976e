package sim_test

import (
	"github.com/cogsim/cogsim/internal/maps"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
)

// twoRooms: see maps.TwoRooms.
var twoRooms = maps.TwoRooms

func mapLines(s *sim.Sim) []string { return strings.Split(string(s.Observe()), "\n")[:18] }

func TestLitRoomShowsTheWholeRoomWithItsWallsAndDoors(t *testing.T) {
	m := put(withCog(twoRooms, 3, 2), 10, 4, 'd')
	s := start(t, 1, sim.Scenario{Map: m})
	lines := mapLines(s)
	assert.Equal(t, " ----------- ", lines[1][:13])
	assert.Equal(t, " |........d| ", lines[4][:13], "a monster across the lit room is seen")
	assert.Equal(t, byte('.'), lines[3][11], "the doorway in the wall ring is seen")
	assert.Equal(t, byte(' '), lines[3][12], "the corridor outside is not")
	assert.Equal(t, "      ", lines[3][13:19], "nor the other room")
}

func TestDarkRoomShowsOnlyTheNeighbours(t *testing.T) {
	m := put(withCog(twoRooms, 4, 3), 7, 3, 'd')
	s := start(t, 1, sim.Scenario{Map: m, Lit: ptr(false)})
	lines := mapLines(s)
	assert.Equal(t, "...", lines[2][3:6])
	assert.Equal(t, ".@.", lines[3][3:6])
	assert.Equal(t, "...", lines[4][3:6])
	assert.Equal(t, byte(' '), lines[3][7], "a monster 3 cells away in the dark is not seen")
	assert.Equal(t, byte(' '), lines[1][4], "the wall two rows up is not seen")
}

func TestDoorwayAndCorridorShowOnlyTheNeighbours(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(twoRooms, 10, 3)})
	s.Turn("e") // onto the doorway (11, 3)
	lines := mapLines(s)
	assert.Equal(t, byte('@'), lines[3][11])
	assert.Equal(t, byte('#'), lines[3][12], "the corridor next to the doorway")
	assert.Equal(t, byte(' '), lines[3][13], "not two cells away")
	s.Turn("e") // into the corridor (12, 3)
	lines = mapLines(s)
	assert.Equal(t, byte('.'), lines[3][13], "the next doorway")
	assert.Equal(t, byte(' '), lines[3][14], "nothing further")
	assert.Equal(t, byte('|'), lines[2][13], "the wall seen from the corridor")
}

func TestTerrainIsRememberedMonstersAreNot(t *testing.T) {
	m := put(withCog(twoRooms, 10, 3), 5, 4, 'd')
	s := startWith(t, 1, sim.Scenario{Map: m}, disable("ai", "movement-points"))
	assert.Equal(t, byte('d'), glyphAt(s, 5, 4))
	s.Turn("e e")
	lines := mapLines(s)
	assert.Equal(t, " |.........| ", lines[4][:13], "the room is remembered")
	assert.Equal(t, byte('.'), lines[4][5], "the jackal is not")
}

func TestItemsAreRememberedWhereLastSeenAndClearedWhenSeenGone(t *testing.T) {
	m := put(withCog(twoRooms, 3, 3), 4, 3, '%')
	s := start(t, 1, sim.Scenario{Map: m})
	assert.Equal(t, byte('%'), glyphAt(s, 4, 3))
	s.Turn("e ,") // step onto the food ration and pick it up
	assert.Equal(t, "b - 2 food rations.", message(s), "it stacks onto the ration in the pack")
	s.Turn("w")
	assert.Equal(t, byte('.'), glyphAt(s, 4, 3), "the taken item is gone from memory")
}

func TestNeverSeenCellsAreSpaces(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(twoRooms, 3, 3)})
	lines := mapLines(s)
	assert.Len(t, lines, 18)
	for _, l := range lines {
		assert.Len(t, l, 48)
	}
	assert.Equal(t, strings.Repeat(" ", 48), lines[10])
}
