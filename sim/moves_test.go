package sim_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// doors: a room whose east wall holds a door at (8, 3); the cog stands
// west of it at (7, 3).
var doors = []string{
	"",
	" -------- ",
	" |......| ",
	" |.....@+#",
	" |......| ",
	" -------- ",
}

// secretDoor is doors with a secret door in place of the closed one.
var secretDoor = put(doors, 8, 3, 'S')

func TestEveryPrimitiveCostsOneTickFailedOrNot(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 2, 2)})
	s.Turn("n")
	assert.Equal(t, "You can't move there.", message(s))
	assert.Equal(t, 1, tick(s))
	assert.Equal(t, c.Pos{X: 2, Y: 2}, cog(s))
}

func TestMovingIntoAClosedDoorOpensIt(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: doors})
	s.Turn("e")
	assert.Equal(t, "The door opens.", message(s))
	assert.Equal(t, c.Pos{X: 7, Y: 3}, cog(s), "the cog stays put")
	assert.Equal(t, byte('\''), glyphAt(s, 8, 3))
	s.Turn("e")
	assert.Equal(t, c.Pos{X: 8, Y: 3}, cog(s))
}

func TestALockedDoorStaysShutUntilKickedOpen(t *testing.T) {
	broke, whamm := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		s := start(t, seed, sim.Scenario{Map: doors, Doors: []sim.ScenarioThing{{At: []int{8, 3}, State: "locked"}}})
		s.Turn("e")
		require.Equal(t, "This door is locked.", message(s))
		require.Equal(t, c.Pos{X: 7, Y: 3}, cog(s))
		s.Turn("kick e")
		switch message(s) {
		case "As you kick the door, it crashes open!":
			broke++
			assert.Equal(t, byte('.'), glyphAt(s, 8, 3), "a broken door")
			s.Turn("e")
			assert.Equal(t, c.Pos{X: 8, Y: 3}, cog(s))
		case "WHAMM!":
			whamm++
			assert.Equal(t, byte('+'), glyphAt(s, 8, 3))
		default:
			t.Fatalf("unexpected kick message %q", message(s))
		}
	}
	// 1 in 3: 100 expected of 300, σ ≈ 8.2.
	assert.InDelta(t, 100, broke, 30, "kicks break a door 1 time in 3")
	assert.Equal(t, 300, broke+whamm)
}

func TestKickingEmptySpaceAndKickingWhileWeak(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	s.Turn("kick e")
	assert.Equal(t, "You kick at empty space.", message(s))
	s = start(t, 1, sim.Scenario{Map: doors, Cog: &sim.ScenarioCog{Nutrition: ptr(40)}})
	s.Turn("kick e")
	assert.Equal(t, "You are too weak to kick.", message(s))
	assert.Equal(t, 1, tick(s))
	assert.Equal(t, byte('+'), glyphAt(s, 8, 3))
}

func TestNoDiagonalMoveIntoOrOutOfAnOpenDoor(t *testing.T) {
	m := []string{
		"",
		" -------- ",
		" |......| ",
		" |......'#",
		" |.....@| ",
		" -------- ",
	}
	s := start(t, 1, sim.Scenario{Map: m})
	s.Turn("ne")
	assert.Equal(t, "You can't move diagonally into an intact doorway.", message(s))
	assert.Equal(t, c.Pos{X: 7, Y: 4}, cog(s))
	s.Turn("n e")
	require.Equal(t, c.Pos{X: 8, Y: 3}, cog(s))
	s.Turn("sw")
	assert.Equal(t, "You can't move diagonally out of an intact doorway.", message(s))
	assert.Equal(t, c.Pos{X: 8, Y: 3}, cog(s))
}

func TestDoorwaysAndBrokenDoorsAllowDiagonals(t *testing.T) {
	for _, state := range []string{"doorway", "broken"} {
		m := []string{
			"",
			" -------- ",
			" |......| ",
			" |......'#",
			" |.....@|#",
			" -------- ",
		}
		s := start(t, 1, sim.Scenario{Map: m, Doors: []sim.ScenarioThing{{At: []int{8, 3}, State: state}}})
		s.Turn("ne")
		assert.Equal(t, c.Pos{X: 8, Y: 3}, cog(s), state)
		s.Turn("se")
		assert.Equal(t, c.Pos{X: 9, Y: 4}, cog(s), state)
	}
}

func TestSecretDoorsLookLikeWallAndBlock(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: secretDoor})
	assert.Equal(t, byte('|'), glyphAt(s, 8, 3))
	s.Turn("e")
	assert.Equal(t, "You can't move there.", message(s))
}

func TestLavaIsRefusedUnlessConfused(t *testing.T) {
	m := put(withCog(hall, 5, 3), 6, 3, '}')
	s := start(t, 1, sim.Scenario{Map: m})
	s.Turn("e")
	assert.Equal(t, "You refuse to step into the lava.", message(s))
	assert.Equal(t, 1, tick(s))
	assert.False(t, s.Done())

	// Ringed by lava, every confused move falls in.
	ring := withCog(hall, 5, 3)
	for _, d := range c.Dirs {
		p := c.Pos{X: 5, Y: 3}.Add(d)
		ring = put(ring, p.X, p.Y, '}')
	}
	s = start(t, 1, sim.Scenario{Map: ring, Cog: &sim.ScenarioCog{Confused: 5}})
	s.Turn("n")
	require.True(t, s.Done())
	assert.Equal(t, "lava", s.Result().Cause)
	assert.Equal(t, "You fall into the lava! You burn to a crisp.", message(s))
}

func TestConfusedMovesGoInUniformlyRandomDirections(t *testing.T) {
	counts := map[c.Pos]int{}
	const n = 1600
	for seed := uint64(1); seed <= n; seed++ {
		s := start(t, seed, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Confused: 3}})
		s.Turn("e")
		counts[cog(s)]++
	}
	require.Len(t, counts, 8, "all eight directions occur")
	for p, k := range counts {
		assert.InDelta(t, n/8, k, 60, "direction to %v", p) // σ ≈ 13
	}
}

func TestConfusionEndsAfterItsTicks(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Confused: 3}})
	waitN(s, 3)
	assert.NotContains(t, statusLine(s), "Conf")
	s.Turn("e")
	assert.Equal(t, c.Pos{X: 6, Y: 3}, cog(s))
}

func TestTheOracleIsInTheWay(t *testing.T) {
	m := put(withCog(hall, 5, 3), 6, 3, 'O')
	s := start(t, 1, sim.Scenario{Map: m})
	s.Turn("e")
	assert.Equal(t, "You stop. The Oracle is in your way.", message(s))
	sp, ok := monsterAt(s, c.Pos{X: 6, Y: 3})
	require.True(t, ok)
	assert.Equal(t, c.Oracle, sp)
	assert.Equal(t, c.Pos{X: 5, Y: 3}, cog(s))
}
