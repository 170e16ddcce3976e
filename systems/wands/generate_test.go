package wands_test

import (
	"fmt"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/mechtest"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// thing is a monster, item or trap of a level, for comparing levels.
type thing struct {
	what string
	at   c.Pos
	n    int
	spe  int32
}

// things lists the level's monsters, floor items and traps.
func things(s *sim.Sim) []thing {
	e := s.State()
	var list []thing
	for _, m := range e.Roster.List {
		list = append(list, thing{e.Monster.Get(m).Species.Info().Name, *e.Pos.Get(m), e.Health.Get(m).HP, 0})
	}
	for _, it := range e.FloorItems(nil) {
		item := e.Item.Get(it)
		list = append(list, thing{item.Kind.Info().Name, *e.Pos.Get(it), item.Count, item.Spe})
	}
	for _, tr := range e.Traps(nil) {
		list = append(list, thing{e.Trap.Get(tr).Kind.Info().Name, *e.Pos.Get(tr), 0, 0})
	}
	return list
}

// TestALevelsWand: from depth 2, 1 level in 3 gets a wand, kinds
// uniform, charges in their range, on a free cell of room floor; the
// level is otherwise exactly the level without the mechanic (terrain,
// monsters, items, traps), and the wand is a function of seed and depth.
func TestALevelsWand(t *testing.T) {
	const seeds = 250
	got, kinds := 0, map[wands.Kind]int{}
	for seed := uint64(1); seed <= seeds; seed++ {
		plain, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		with, err := sim.New(sim.Config{Seed: seed, Mechanics: []string{wands.Name}})
		require.NoError(t, err)
		require.Equal(t, things(plain), things(with), "seed %d depth 1: no wand", seed)
		for depth := 2; depth <= 5; depth++ {
			mechtest.Enter(t, plain, depth)
			mechtest.Enter(t, with, depth)
			where := fmt.Sprintf("seed %d depth %d", seed, depth)
			lvl := with.State().Level
			require.Equal(t, plain.State().Level.Terrain, lvl.Terrain, where)
			want, extra := things(plain), things(with)
			require.GreaterOrEqual(t, len(extra), len(want), where)
			var wand *thing
			for i := range extra {
				if k, ok := c.LookupItem(extra[i].what); ok && k.Info().Class == wands.WandClass {
					require.Nil(t, wand, "%s: one wand at most", where)
					w := extra[i]
					wand = &w
				}
			}
			if wand != nil {
				for i := range extra {
					if extra[i] == *wand {
						extra = append(extra[:i:i], extra[i+1:]...)
						break
					}
				}
			}
			require.Equal(t, want, extra, "%s: the rest as without the mechanic", where)
			if wand == nil {
				continue
			}
			got++
			k, ok := c.LookupItem(wand.what)
			require.True(t, ok)
			kind, ok := k.Info().Effect.(wands.Kind)
			require.True(t, ok, "%s: %s is a wand", where, wand.what)
			kinds[kind]++
			lo, hi := int32(4), int32(8)
			if kind == wands.CreateMonster {
				lo, hi = 11, 15
			}
			require.True(t, wand.spe >= lo && wand.spe <= hi, "%s: %s with %d charges", where, wand.what, wand.spe)
			i := wand.at.Index()
			require.NotZero(t, lvl.RoomOf[i], where)
			require.Equal(t, c.Floor, lvl.Terrain[i], where)
			require.False(t, lvl.Creatures.Occupied(wand.at), where)
			require.Equal(t, 1, lvl.FloorItems.Count(wand.at), where)
			require.False(t, lvl.HasTrap(wand.at), where)
			p, ok := wands.Draw(ecs.NewStream(seed, wands.LevelStream(depth)), depth, lvl)
			require.True(t, ok)
			assert.Equal(t, kind, p.Kind, "Draw says the same")
		}
	}
	const levels = seeds * 4
	assert.InDelta(t, levels/3, got, 3.5*sqrt(levels*(1.0/3)*(2.0/3)), "1 in 3")
	for k := range wands.NumKinds {
		assert.InDelta(t, float64(got)/4, kinds[k], 3.5*sqrt(float64(got)*0.25*0.75), k.String())
	}
}
