package wands_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/cogsim/cogsim/systems/yellowmold"
	"github.com/cogsim/cogsim/worldgen"
	arche "github.com/mlange-42/arche/ecs"
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
// to the cog, of a species of the depth's population.
func TestCreateMonsterMakesOneOrOneIn23TwoToEight(t *testing.T) {
	b := newBench(t, 9, field(3))
	e := b.s.State()
	const zaps = 4600
	many := 0
	counts := map[int]int{}
	for range zaps {
		b.zap('d', wands.AimNone, 0)
		n := len(e.Roster.List)
		require.Equal(t, n, b.last().Met)
		require.True(t, b.last().Known)
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
	sc := sim.Scenario{Name: "dead end", Depth: 3, Map: []string{"", "", "  @####", ""}}
	b := newBench(t, 4, sc)
	e := b.s.State()
	for range 400 {
		b.zap('d', wands.AimNone, 0)
		require.Equal(t, 1, len(e.Roster.List))
		require.Equal(t, c.Pos{X: 3, Y: 2}, *e.Pos.Get(e.Roster.List[0]))
		e.RemoveMonster(e.Roster.List[0])
	}
	b.zap('d', wands.AimNone, 0)
	b.zap('d', wands.AimNone, 0)
	assert.Zero(t, b.last().Met, "no free cell")
	assert.False(t, b.last().Known)
}

// TestCreateMonsterDrawsTheActiveRowsOnly: the yellow mold comes only
// when its mechanic is installed, at its depths.
func TestCreateMonsterDrawsTheActiveRowsOnly(t *testing.T) {
	molds := func(mechanics ...string) int {
		b := newBench(t, 3, field(6), mechanics...)
		e := b.s.State()
		n := 0
		for range 600 {
			b.zap('d', wands.AimNone, 0)
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

// TestALevelsWand: from depth 2, 1 in 3 levels get a wand, kinds uniform,
// on free room floor; the draw is a function of (seed, depth).
func TestALevelsWand(t *testing.T) {
	var g worldgen.Generator
	level := func(seed uint64, depth int) *c.Level {
		lvl := &c.Level{}
		pop := g.Generate(seed, depth, lvl)
		lvl.Creatures.Put(lvl.Arrival, arche.Entity{}, '@')
		for _, m := range pop.Monsters {
			lvl.Creatures.Put(m.At, arche.Entity{}, 'x')
		}
		for _, it := range pop.Items {
			lvl.FloorItems.Push(it.At, it.Kind.Glyph())
		}
		for _, tr := range pop.Traps {
			lvl.PutTrap(tr.At)
		}
		return lvl
	}
	for seed := uint64(1); seed <= 50; seed++ {
		_, ok := wands.Draw(seed, 1, level(seed, 1))
		require.False(t, ok, "none at depth 1")
	}
	got, kinds := 0, map[wands.Kind]int{}
	const levels = 1200
	for seed := uint64(1); seed <= levels/4; seed++ {
		for depth := 2; depth <= 5; depth++ {
			lvl := level(seed, depth)
			p, ok := wands.Draw(seed, depth, lvl)
			again, _ := wands.Draw(seed, depth, level(seed, depth))
			require.Equal(t, p, again, "pure")
			if !ok {
				continue
			}
			got++
			kinds[p.Kind]++
			i := p.At.Index()
			require.NotZero(t, lvl.RoomOf[i])
			require.Equal(t, c.Floor, lvl.Terrain[i])
			require.False(t, lvl.Creatures.Occupied(p.At))
			require.Zero(t, lvl.FloorItems.Count(p.At))
			require.False(t, lvl.HasTrap(p.At))
		}
	}
	assert.InDelta(t, levels/3, got, 3.5*sqrt(levels*(1.0/3)*(2.0/3)))
	for k := wands.Kind(0); k < wands.NumKinds; k++ {
		assert.InDelta(t, float64(got)/4, kinds[k], 3.5*sqrt(float64(got)*0.25*0.75), k.String())
	}
}

// TestInstalledItChangesNothingUntilAWandIsZapped: the same seed and
// primitives give the same observations with the mechanic installed (its
// movement-points system in place of the core's) as without.
func TestInstalledItChangesNothingUntilAWandIsZapped(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		plain, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		with, err := sim.New(sim.Config{Seed: seed, Mechanics: []string{wands.Name}})
		require.NoError(t, err)
		for i := range 600 {
			p := c.Primitive{Op: c.OpMove, Dir: c.Dirs[(i*7+int(seed))%8]}
			if i%5 == 0 {
				p = c.Primitive{Op: c.OpSearch}
			}
			plain.Step(p)
			with.Step(p)
			require.Equal(t, string(plain.Observe()), string(with.Observe()), "seed %d step %d", seed, i)
		}
	}
}
