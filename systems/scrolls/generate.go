package scrolls

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
)

// ScrollChance: a generated level gets a scroll one time in
// ScrollChance (cogsim's choice; NetHack scatters its scrolls among a
// level's random objects).
const ScrollChance = 2

// Placed is a level's scroll: its kind and cell.
type Placed struct {
	Kind Kind
	At   c.Pos
}

// Draw draws the scroll of level lvl from rng, the level's own stream
// (§39.4), once its monsters, items and traps are placed: with chance
// 1/[ScrollChance], a kind by [Probability] and a random free
// room-floor cell (no creature, item or trap on it, not the stairs:
// systems.RandomFloor's Bare). ok is false when the level gets none or
// has no free cell.
func Draw(rng *ecs.Stream, lvl *c.Level) (p Placed, ok bool) {
	if !rng.OneIn(ScrollChance) {
		return p, false
	}
	p.Kind = drawKind(rng)
	p.At, ok = systems.RandomFloor(lvl, rng, systems.Bare)
	return p, ok
}

// drawKind draws a kind by [Probability].
func drawKind(rng *ecs.Stream) Kind {
	total := 0
	for _, w := range Probability {
		total += w
	}
	r := rng.Rn2(total)
	for k, w := range Probability {
		if r < w {
			return Kind(k)
		}
		r -= w
	}
	return Identify
}

// Populate lays a level's scroll ([Draw]) as each generated level is
// made, after its own items and before vision, from rng, the level's
// stream.
func Populate(w *arche.World, depth int, rng *ecs.Stream) {
	p, ok := Draw(rng, systems.Res[c.Level](w))
	if !ok {
		return
	}
	systems.NewFloor(w).Place(ItemKinds[p.Kind], 1, p.At)
}
