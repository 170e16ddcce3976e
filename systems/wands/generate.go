package wands

import (
	"strconv"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// Generation (§33): from depth 2, a level gets a wand with chance 1/3.
const (
	FirstDepth = 2
	WandChance = 3
)

// LevelStream names the stream a level's wand is drawn from:
// "wands/<depth>", derived from the episode seed like worldgen/<depth>,
// so the level stays a pure function of (seed, depth) (§17) and the §10
// items are exactly those of the level without the mechanic.
func LevelStream(depth int) string { return "wands/" + strconv.Itoa(depth) }

// Placed is a level's wand: its kind, charges and cell.
type Placed struct {
	Kind    Kind
	Charges int32
	At      c.Pos
}

// Draw draws the wand of level lvl, of depth depth, in the episode of
// seed, once its monsters, items and traps are placed: from depth 2, with
// chance 1/3, a kind (uniform), a random free room-floor cell (floor of a
// room, not the stairs, no creature, item or trap on it) and its charges
// ([InitialCharges]). ok is false when the level gets none, or has no
// free cell.
func Draw(seed uint64, depth int, lvl *c.Level) (p Placed, ok bool) {
	if depth < FirstDepth {
		return p, false
	}
	rng := ecs.NewStream(seed, LevelStream(depth))
	if !rng.OneIn(WandChance) {
		return p, false
	}
	p.Kind = Kind(rng.Rn2(int(NumKinds)))
	n := 0
	for i := range lvl.Terrain {
		if freeFloor(lvl, i) {
			n++
		}
	}
	if n == 0 {
		return p, false
	}
	k := rng.Rn2(n)
	for i := range lvl.Terrain {
		if freeFloor(lvl, i) {
			if k == 0 {
				p.At = c.PosOf(i)
				break
			}
			k--
		}
	}
	p.Charges = InitialCharges(rng, p.Kind)
	return p, true
}

// freeFloor reports whether cell i is free room floor for a wand.
func freeFloor(lvl *c.Level, i int) bool {
	p := c.PosOf(i)
	return lvl.RoomOf[i] != 0 && lvl.Terrain[i] == c.Floor && !lvl.Creatures.OccupiedCell(i) &&
		lvl.FloorItems.Count(p) == 0 && !lvl.HasTrap(p)
}
