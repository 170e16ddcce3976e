package sim_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// trapEast puts a hidden trap of kind east of the cog at (6, 3).
func trapEast(t *testing.T, seed uint64, kind string, cg *sim.ScenarioCog) *sim.Sim {
	return start(t, seed, sim.Scenario{Map: withCog(hall, 5, 3), Cog: cg,
		Traps: []sim.ScenarioThing{{At: []int{6, 3}, Kind: kind, Hidden: ptr(true)}}})
}

func TestTrapsAreHiddenUntilTriggeredThenShownForever(t *testing.T) {
	s := trapEast(t, 1, "dart trap", nil)
	assert.Equal(t, byte('.'), glyphAt(s, 6, 3))
	s.Turn("e")
	assert.Equal(t, "A little dart shoots out at you!", message(s))
	s.Turn("w")
	assert.Equal(t, byte('^'), glyphAt(s, 6, 3))
}

func TestATriggeredTrapNeverFiresAgain(t *testing.T) {
	s := trapEast(t, 1, "arrow trap", nil)
	s.Turn("e")
	first := hp(s)
	s.Turn("w e")
	assert.Equal(t, first, hp(s))
	assert.Equal(t, "", message(s))
}

func TestTrapDamageRanges(t *testing.T) {
	for _, tc := range []struct {
		kind     string
		msg      string
		min, max int
	}{{"arrow trap", "An arrow shoots out at you!", 2, 7}, {"dart trap", "A little dart shoots out at you!", 2, 4}, {"pit", "You fall into a pit!", 2, 4}} {
		seen := map[int]bool{}
		for seed := uint64(1); seed <= 300; seed++ {
			s := trapEast(t, seed, tc.kind, nil)
			s.Turn("e")
			require.Equal(t, tc.msg, message(s))
			seen[16-hp(s)] = true
		}
		assert.Len(t, seen, tc.max-tc.min+1, tc.kind)
		for d := range seen {
			assert.True(t, d >= tc.min && d <= tc.max, "%s: %d", tc.kind, d)
		}
	}
}

func TestAPitTrapsTheCogForThreeTicks(t *testing.T) {
	s := trapEast(t, 1, "pit", nil)
	s.Turn("e")
	assert.Contains(t, statusLine(s), "Trap")
	for i := 0; i < 3; i++ {
		step(s, move(c.East))
		require.Equal(t, "You are still in a pit.", message(s))
		require.Equal(t, c.Pos{X: 6, Y: 3}, cog(s))
	}
	step(s, move(c.East))
	assert.Equal(t, c.Pos{X: 7, Y: 3}, cog(s))
}

func TestATeleportTrapMovesTheCogToARandomFreeFloorCell(t *testing.T) {
	landed := map[c.Pos]bool{}
	for seed := uint64(1); seed <= 100; seed++ {
		s := trapEast(t, seed, "teleport trap", nil)
		s.Turn("e")
		require.Equal(t, "You feel a wrenching sensation.", message(s))
		p := cog(s)
		require.Equal(t, c.Floor, s.State().Level.At(p))
		landed[p] = true
	}
	assert.Greater(t, len(landed), 20, "spread over the room's 40 cells")
}

func TestATrapCanKill(t *testing.T) {
	s := trapEast(t, 1, "arrow trap", &sim.ScenarioCog{HP: ptr(1)})
	s.Turn("e")
	require.True(t, s.Done())
	assert.Equal(t, "killed by an arrow trap", s.Result().Cause)
}

func TestTheThirdSearchRevealsAHiddenTrapTheSecondDoesNot(t *testing.T) {
	s := trapEast(t, 1, "pit", nil)
	s.Turn("search*2")
	assert.Equal(t, byte('.'), glyphAt(s, 6, 3))
	assert.Equal(t, "", message(s))
	s.Turn("search")
	assert.Equal(t, "You find a pit.", message(s))
	assert.Equal(t, byte('^'), glyphAt(s, 6, 3))
	assert.Equal(t, "found", s.Result().Deeds[0].Name)
	s.Turn("e")
	assert.Equal(t, "You fall into a pit!", message(s), "a trap found by search has not fired yet")
}

func TestSearchesCountOnlyWhileAdjacent(t *testing.T) {
	s := trapEast(t, 1, "arrow trap", nil)
	s.Turn("search*2 w search*5 e search")
	assert.Equal(t, "You find an arrow trap.", message(s), "2 adjacent + 5 away + 1 adjacent")
}

func TestTheThirdSearchRevealsASecretDoor(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: secretDoor})
	s.Turn("s s")
	assert.Equal(t, byte('|'), glyphAt(s, 8, 3))
	s.Turn("s")
	assert.Equal(t, "You find a hidden door.", message(s))
	assert.Equal(t, byte('+'), glyphAt(s, 8, 3), "found, it is a closed door")
	s.Turn("e e")
	assert.Equal(t, c.Pos{X: 8, Y: 3}, cog(s))
}
