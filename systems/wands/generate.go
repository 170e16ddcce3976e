package wands

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
)

// Generation (§33): from depth 2, a level gets a wand with chance 1/3.
const (
	FirstDepth = 2
	WandChance = 3
)

// LevelStream names the stream a level's wand is drawn from:
// "wands/<depth>", the stream sim hands the mechanic's Populate hook
// (ecs.LevelStream), derived from the episode seed like worldgen/<depth>,
// so the level stays a pure function of (seed, depth) (§17, §39.4) and
// the §10 items are exactly those of the level without the mechanic.
func LevelStream(depth int) string { return ecs.LevelStream(Name, depth) }

// Placed is a level's wand: its kind, charges and cell.
type Placed struct {
	Kind    Kind
	Charges int32
	At      c.Pos
}

// Draw draws the wand of level lvl, of depth depth, from rng (the
// level's stream, [LevelStream]), once its monsters, items and traps
// are placed: from depth 2, with chance 1/3, a kind (uniform), a random
// free room-floor cell (floor of a room, not the stairs, no creature,
// item or trap on it: systems.RandomFloor's Bare) and its charges
// ([InitialCharges]). ok is false when the level gets none, or has no
// free cell.
func Draw(rng *ecs.Stream, depth int, lvl *c.Level) (p Placed, ok bool) {
	if depth < FirstDepth {
		return p, false
	}
	if !rng.OneIn(WandChance) {
		return p, false
	}
	p.Kind = Kind(rng.Rn2(int(NumKinds)))
	if p.At, ok = systems.RandomFloor(lvl, rng, systems.Bare); !ok {
		return p, false
	}
	p.Charges = InitialCharges(rng, p.Kind)
	return p, true
}
