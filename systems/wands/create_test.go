package wands_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/cogsim/cogsim/systems/yellowmold"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// field is a lit room with room for 8 monsters around the cog at (4, 3).
func field(depth int) sim.Scenario {
	return sim.Scenario{Name: "field", Depth: depth, Lit: ptr(true),
		Map: []string{"", " -------", " |.....|", " |..@..|", " |.....|", " -------"}}
}

// TestCreateMonsterMakesOneOrOneIn23TwoToEight: over many zaps, 1 in 23
// makes 2…8 (each count occurring), the rest 1, each on a free cell next
// to the cog, of a species of the depth's population; the wand is known
// as the first appears.
func TestCreateMonsterMakesOneOrOneIn23TwoToEight(t *testing.T) {
	g := newGame(t, 9, field(3))
	e := g.s.State()
	const zaps = 4600
	many := 0
	counts := map[int]int{}
	for range zaps {
		g.turn("zap d")
		n := len(e.Roster.List)
		require.Equal(t, n, g.zap().Count)
		require.True(t, g.known(wands.CreateMonster))
		counts[n]++
		if n > 1 {
			many++
		}
		for _, m := range append(e.Roster.List[:0:0], e.Roster.List...) {
			require.Equal(t, 1, c.Chebyshev(*e.Pos.Get(m), e.CogPos()), "8-adjacent")
			info := e.Monster.Get(m).Species.Info()
			require.True(t, info.MinDepth <= 3 && 3 <= info.MaxDepth && info.Weight > 0, info.Name)
			e.RemoveMonster(m)
		}
	}
	assert.InDelta(t, zaps/23, many, 3.5*sqrt(zaps*(1.0/23)*(22.0/23)), "1 in 23 make several")
	for n := 1; n <= 8; n++ {
		assert.Positive(t, counts[n], "%d made", n)
	}
	assert.Zero(t, counts[0])
	assert.Zero(t, counts[9])
}

// TestCreateMonsterMakesAsManyAsFit: at a dead end there is one free
// cell; a full ring makes none and the wand stays unknown.
func TestCreateMonsterMakesAsManyAsFit(t *testing.T) {
	sc := sim.Scenario{Name: "dead end", Depth: 3, Map: []string{"", "", "  @####", ""},
		Monsters: []sim.ScenarioThing{{At: []int{3, 2}, Species: "floating eye"}}}
	g := newGame(t, 4, sc)
	e := g.s.State()
	g.turn("zap d")
	assert.Zero(t, g.zap().Count, "no free cell")
	assert.Len(t, e.Roster.List, 1)
	assert.False(t, g.known(wands.CreateMonster), "no monster appeared: not known")
	e.RemoveMonster(e.Roster.List[0])
	for range 400 {
		g.turn("zap d")
		require.Equal(t, 1, len(e.Roster.List))
		require.Equal(t, c.Pos{X: 3, Y: 2}, *e.Pos.Get(e.Roster.List[0]))
		e.RemoveMonster(e.Roster.List[0])
	}
	assert.True(t, g.known(wands.CreateMonster))
}

// TestCreateMonsterDrawsTheActiveRowsOnly: the yellow mold comes only
// when its mechanic is installed, at its depths.
func TestCreateMonsterDrawsTheActiveRowsOnly(t *testing.T) {
	molds := func(mechanics ...string) int {
		g := newGame(t, 3, field(6), mechanics...)
		e := g.s.State()
		n := 0
		for range 600 {
			g.turn("zap d")
			for _, m := range append(e.Roster.List[:0:0], e.Roster.List...) {
				if e.Monster.Get(m).Species == yellowmold.YellowMold {
					n++
				}
				e.RemoveMonster(m)
			}
		}
		return n
	}
	assert.Zero(t, molds())
	assert.Positive(t, molds(yellowmold.Name))
}
