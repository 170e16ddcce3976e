package systems

import (
	"math/rand/v2"
	"testing"

	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
)

// TestLegalStepsIsLegalStepOfEach: the block-at-once legal step set
// agrees with legalStep, direction by direction, on boards of random
// terrain and creatures, for every cell and both step sets.
func TestLegalStepsIsLegalStepOfEach(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	w := arche.NewWorld()
	e := w.NewEntity()
	for board := 0; board < 200; board++ {
		lvl := &c.Level{}
		for i := range lvl.Terrain {
			lvl.Terrain[i] = c.Terrain(rng.IntN(int(c.Lava) + 1))
			if rng.IntN(4) == 0 {
				lvl.Creatures.Put(c.PosOf(i), e, byte(1+rng.IntN(255)))
			}
		}
		for i := 0; i < c.N; i++ {
			from := c.PosOf(i)
			for _, dirs := range []uint8{allDirs, orthogonalDirs} {
				var want uint8
				for d := c.Dir(0); d < 8; d++ {
					if dirs&(1<<d) != 0 && legalStep(lvl, from, from.Add(d), d) {
						want |= 1 << d
					}
				}
				if got := legalSteps(lvl, from, dirs); got != want {
					t.Fatalf("board %d, %v, dirs %08b: legal %08b, want %08b", board, from, dirs, got, want)
				}
			}
		}
	}
}
