package worldgen

import (
	"math"
	"testing"

	"github.com/cogsim/cogsim/components"
)

// TestLavaRate: from depth 4 on each room of an ordinary level holds a
// pool at 1 in 6 (§17; the Oracle's and the Rogue level hold none):
// pools that do not fit the size drawn are laid smaller, so the share of
// rooms with lava is 1 in 6 within 4σ.
func TestLavaRate(t *testing.T) {
	rooms, wet := 0, 0
	for seed := uint64(1); seed <= 150; seed++ {
		plan := Plan(seed)
		for depth := 4; depth <= 12; depth++ {
			if depth == plan.OracleDepth || depth == plan.RogueDepth {
				continue
			}
			lvl, _ := Generate(seed, depth)
			for _, r := range lvl.Rooms {
				rooms++
				in := r.Interior
				for y := in.Y0; y <= in.Y1; y++ {
					for x := in.X0; x <= in.X1; x++ {
						if lvl.At(components.Pos{X: x, Y: y}) == components.Lava {
							wet++
							goto next
						}
					}
				}
			next:
			}
		}
	}
	p := float64(wet) / float64(rooms)
	sigma := math.Sqrt(1.0 / 6 * 5 / 6 / float64(rooms))
	t.Logf("%d of %d rooms hold lava: %.4f", wet, rooms, p)
	if math.Abs(p-1.0/6) > 4*sigma {
		t.Errorf("%d of %d rooms hold lava (%.4f), not 1 in 6 (±%.4f)", wet, rooms, p, 4*sigma)
	}
}
