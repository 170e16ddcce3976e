package sim_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wide is a lit room 14 cells wide (interior x 2…15, y 2…5).
var wide = []string{
	"",
	" ----------------",
	" |..............|",
	" |..............|",
	" |..............|",
	" |..............|",
	" ----------------",
}

// apart: two rooms with no way between them, 20 columns apart.
var apart = []string{
	"",
	" ------              ------",
	" |....|              |....|",
	" |....|              |....|",
	" |....|              |....|",
	" ------              ------",
}

// seedWhere returns the first seed for which ok holds on a fresh episode
// built by mk, failing the test if none of the first 500 does.
func seedWhere(t *testing.T, mk func(seed uint64) *sim.Sim, ok func(*sim.Sim) bool) *sim.Sim {
	t.Helper()
	for seed := uint64(1); seed <= 500; seed++ {
		if s := mk(seed); ok(s) {
			return s
		}
	}
	t.Fatal("no seed in 1…500 gives the situation")
	return nil
}

func TestSpeedGivesActionsOnExactlyTheFormulasTicks(t *testing.T) {
	for _, tc := range []struct{ speed, per12 int }{{9, 9}, {6, 6}, {12, 12}, {18, 18}, {1, 1}, {0, 0}} {
		n := 0
		for tk := 1; tk <= 12; tk++ {
			n += c.ActionsOn(tk, tc.speed)
		}
		assert.Equal(t, tc.per12, n, "speed %d", tc.speed)
	}
	// A hobbit (speed 9) wandering alone moves on exactly the ticks where
	// floor(9t/12) − floor(9(t−1)/12) = 1.
	m := put(withCog(apart, 23, 3), 3, 3, 'h')
	s := start(t, 3, sim.Scenario{Map: m})
	var moved []int
	for tk := 1; tk <= 24; tk++ {
		before := monsters(s)[0]
		step(s, wait)
		if monsters(s)[0] != before {
			moved = append(moved, tk)
		}
	}
	var want []int
	for tk := 1; tk <= 24; tk++ {
		if c.ActionsOn(tk, 9) == 1 {
			want = append(want, tk)
		}
	}
	assert.Equal(t, want, moved)
	assert.Len(t, moved, 18, "9 of every 12 ticks")
	assert.Equal(t, []int{2, 3, 4, 6, 7, 8, 10, 11, 12}, want[:9])
}

func TestChaseBreaksTiesInTheFixedOrder(t *testing.T) {
	// The kobold at (8, 3) steps toward the cog three cells away; the
	// three cells nearer tie, and the first in e, se, s, sw, w, nw, n, ne
	// wins.
	cases := []struct {
		cog  c.Pos
		want c.Pos
	}{
		{c.Pos{X: 11, Y: 3}, c.Pos{X: 9, Y: 3}}, // e, se, ne tie: e
		{c.Pos{X: 5, Y: 3}, c.Pos{X: 7, Y: 4}},  // sw, w, nw tie: sw
	}
	for _, tc := range cases {
		m := put(withCog(wide, tc.cog.X, tc.cog.Y), 8, 3, 'k')
		s := start(t, 1, sim.Scenario{Map: m})
		waitN(s, 2) // a kobold (speed 6) acts on tick 2
		assert.Equal(t, tc.want, monsters(s)[0], "cog at %v", tc.cog)
	}
	// North: nw, n, ne tie → nw. South: se, s, sw tie → se.
	tall := []string{"", " -------", " |.....|", " |.....|", " |.....|", " |.....|", " |.....|", " |.....|", " -------"}
	s := start(t, 1, sim.Scenario{Map: put(withCog(tall, 4, 2), 4, 5, 'k')})
	waitN(s, 2)
	assert.Equal(t, c.Pos{X: 3, Y: 4}, monsters(s)[0], "north: nw first")
	s = start(t, 1, sim.Scenario{Map: put(withCog(tall, 4, 7), 4, 4, 'k')})
	waitN(s, 2)
	assert.Equal(t, c.Pos{X: 5, Y: 5}, monsters(s)[0], "south: se first")
}

func TestChaseTakesTheNextBestWhenTheBestIsBlocked(t *testing.T) {
	// Floating eyes never move: they block e, then e and se.
	m := put(put(withCog(wide, 11, 3), 8, 3, 'k'), 9, 3, 'e')
	s := start(t, 1, sim.Scenario{Map: m})
	waitN(s, 2)
	assert.Equal(t, c.Pos{X: 9, Y: 4}, whereIs(t, s, "kobold"), "e blocked: se")
	m = put(m, 9, 4, 'e')
	s = start(t, 1, sim.Scenario{Map: m})
	waitN(s, 2)
	assert.Equal(t, c.Pos{X: 9, Y: 2}, whereIs(t, s, "kobold"), "e, se blocked: ne")
}

func TestAMonsterStaysOnlyWithNoLegalNeighbour(t *testing.T) {
	m := put(withCog(wide, 12, 3), 8, 3, 'k')
	for _, d := range c.Dirs {
		if d == c.West {
			continue
		}
		p := c.Pos{X: 8, Y: 3}.Add(d)
		m = put(m, p.X, p.Y, 'e')
	}
	s := start(t, 1, sim.Scenario{Map: m})
	waitN(s, 2)
	assert.Equal(t, c.Pos{X: 7, Y: 3}, whereIs(t, s, "kobold"), "it steps away when that is all it can do")
	m = put(m, 7, 3, 'e')
	s = start(t, 1, sim.Scenario{Map: m})
	waitN(s, 2)
	assert.Equal(t, c.Pos{X: 8, Y: 3}, whereIs(t, s, "kobold"), "boxed in, it stays")
}

func TestGridBugsStepOnlyOrthogonallyButBiteDiagonally(t *testing.T) {
	m := put(withCog(wide, 10, 5), 8, 3, 'x')
	s := start(t, 1, sim.Scenario{Map: m})
	step(s, wait)
	assert.Equal(t, c.Pos{X: 9, Y: 3}, monsters(s)[0], "e and s tie; e first; never se")
	s = start(t, 1, sim.Scenario{Map: put(withCog(wide, 9, 4), 8, 3, 'x')})
	step(s, wait)
	assert.Regexp(t, `^The grid bug (bites!|misses\.)$`, message(s))
	assert.Equal(t, c.Pos{X: 8, Y: 3}, monsters(s)[0])
}

func TestChaseOnlyWithinTenCellsOnTheSameComponent(t *testing.T) {
	firstSteps := func(m []string) map[c.Pos]int {
		out := map[c.Pos]int{}
		for seed := uint64(1); seed <= 200; seed++ {
			s := start(t, seed, sim.Scenario{Map: m})
			step(s, wait) // a jackal acts every tick
			out[monsters(s)[0]]++
		}
		return out
	}
	near := firstSteps(put(withCog(wide, 12, 3), 2, 3, 'd')) // 10 away
	assert.Equal(t, map[c.Pos]int{{X: 3, Y: 3}: 200}, near, "within 10: always the chase step")
	far := firstSteps(put(withCog(wide, 13, 3), 2, 3, 'd')) // 11 away
	assert.Greater(t, len(far), 2, "beyond 10 it wanders")
	// Same distance but in the corridor: another component.
	m := []string{
		"",
		" --------",
		" |......|",
		" |.......######",
		" |......|",
		" --------",
	}
	other := firstSteps(put(withCog(m, 4, 3), 12, 3, 'd'))
	assert.Len(t, other, 2, "in the corridor it wanders east or west")
}

func TestMonstersNeverEnterLavaOrClosedDoors(t *testing.T) {
	m := []string{
		"",
		" -----",
		" |}}}|",
		" |}d+#",
		" |}}}|",
		" -----",
		"",
		"  ----",
		"  |.@|",
		"  ----",
	}
	for seed := uint64(1); seed <= 50; seed++ {
		s := start(t, seed, sim.Scenario{Map: m})
		waitN(s, 5)
		require.Equal(t, c.Pos{X: 3, Y: 3}, monsters(s)[0])
	}
}

func TestMonstersActInCreationOrder(t *testing.T) {
	// A sewer rat and a jackal both next to the cog: their attacks are
	// resolved, and told, in the order they were created.
	sc := sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{HP: ptr(16)}, Monsters: []sim.ScenarioThing{
		{At: []int{6, 3}, Species: "sewer rat", HP: 5}, {At: []int{4, 3}, Species: "jackal", HP: 5},
	}}
	s := start(t, 1, sc)
	step(s, wait)
	assert.Regexp(t, `^The sewer rat .*  The jackal `, message(s))
	sc.Monsters[0], sc.Monsters[1] = sc.Monsters[1], sc.Monsters[0]
	s = start(t, 1, sc)
	step(s, wait)
	assert.Regexp(t, `^The jackal .*  The sewer rat `, message(s), "order follows creation, not position")
}
