package scaling

import (
	"fmt"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/mlange-42/arche/generic"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestArcheAndPlainAgree: the arche version and the plain reference draw
// the same numbers in the same order, so after many ticks every monster
// stands in the same place; the occupancy grid holds exactly the cog and
// the monsters, one per cell.
func TestArcheAndPlainAgree(t *testing.T) {
	for _, shuffled := range []bool{false, true} {
		t.Run(fmt.Sprintf("storage order differs: %v", shuffled), func(t *testing.T) {
			agree(t, shuffled)
		})
	}
}

func agree(t *testing.T, shuffled bool) {
	cfg := Config{W: 96, H: 64, Monsters: 900, Seed: 7, Rock: 15}
	a, p := NewArche(cfg), NewPlain(cfg)
	require.Len(t, a.Positions(), cfg.Monsters)
	if shuffled {
		// Serials no longer follow the storage order from the 451st
		// monster on: the ai system must fall back to the roster there.
		mon := generic.NewMap[c.Monster](&a.World)
		r := a.ai.roster.List
		mon.Get(r[450]).Serial, mon.Get(r[451]).Serial = 452, 451
		r[450], r[451] = r[451], r[450]
		copy(p.pos[450:452], []c.Pos{p.pos[451], p.pos[450]})
		copy(p.species[450:452], []c.SpeciesID{p.species[451], p.species[450]})
	}
	chased := false
	for tick := 1; tick <= 300; tick++ {
		require.Equal(t, p.Step(), a.Step(), "tick %d: actions", tick)
		require.Equal(t, p.Board.Cog, a.Board.Cog, "tick %d: the cog", tick)
		chased = chased || a.Board.Attacks > 0
	}
	assert.Equal(t, p.Positions(), a.Positions())
	assert.Equal(t, p.Board.Attacks, a.Board.Attacks)
	assert.True(t, chased, "monsters reached the cog")
	assert.Equal(t, cfg.Monsters+1, a.Board.Creatures())
	seen := map[c.Pos]bool{a.Board.Cog: true}
	for _, pos := range a.Positions() {
		require.False(t, seen[pos], "two creatures at %v", pos)
		require.True(t, a.Board.Occupied(pos))
		seen[pos] = true
	}
}

// TestMonstersChaseTheCog: a monster within 10 cells steps toward the cog,
// ties broken east first; one farther away wanders.
func TestMonstersChaseTheCog(t *testing.T) {
	b, _ := NewBoard(Config{W: 40, H: 40, Seed: 1})
	b.Cog = c.Pos{X: 20, Y: 20}
	p := c.Pos{X: 10, Y: 20}
	b.cells[b.index(p)] |= occupied
	b.Act(&p, allDirs, nil) // a chase draws nothing: a nil stream would panic
	assert.Equal(t, c.Pos{X: 11, Y: 20}, p)
	p2 := c.Pos{X: 20, Y: 25}
	b.cells[b.index(p2)] |= occupied
	b.Act(&p2, orthogonalDirs, nil)
	assert.Equal(t, c.Pos{X: 20, Y: 24}, p2, "a grid bug steps north")
	adj := c.Pos{X: 21, Y: 21}
	b.Act(&adj, allDirs, nil)
	assert.Equal(t, 1, b.Attacks, "the adjacent monster attacks")
}

// TestSpawnsAreDistinctAndInBoardOrder: monsters stand on distinct open
// cells, created north-west first.
func TestSpawnsAreDistinctAndInBoardOrder(t *testing.T) {
	b, spawns := NewBoard(Config{W: 64, H: 64, Monsters: 2000, Seed: 3, Rock: 10})
	require.Len(t, spawns, 2000)
	for i := 1; i < len(spawns); i++ {
		require.Less(t, b.index(spawns[i-1].At), b.index(spawns[i].At))
	}
	assert.Equal(t, 2001, b.Creatures())
}

var sizes = []int{1_000, 10_000, 100_000}

// BenchmarkScaling runs the scaling family: ticks of N monsters on the
// 1024 x 1024 board, on arche and on plain slices. ns/action is the time
// per monster-action — an attack, a chase or a wander step — and is flat
// in N when the cost is linear.
func BenchmarkScaling(b *testing.B) {
	for _, impl := range []string{"arche", "plain"} {
		for _, n := range sizes {
			b.Run(fmt.Sprintf("%s/N=%d", impl, n), func(b *testing.B) {
				cfg := Standard(n)
				var step func() int
				if impl == "arche" {
					step = NewArche(cfg).Step
				} else {
					step = NewPlain(cfg).Step
				}
				for range 12 { // one period of every speed
					step()
				}
				b.ReportAllocs()
				b.ResetTimer()
				actions := 0
				for range b.N {
					actions += step()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(actions), "ns/action")
				b.ReportMetric(float64(actions)/float64(b.N), "actions/tick")
			})
		}
	}
}
