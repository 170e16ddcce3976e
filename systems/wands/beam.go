package wands

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/worldgen"
	arche "github.com/mlange-42/arche/ecs"
)

// BoltCost is what a monster in the bolt's way takes off its range, on
// top of the cell (N: bhit's range -= 3).
const BoltCost = 3

// BoltRange draws a bolt's range (N): rn1(8,6) = 6…13.
func BoltRange(rng *ecs.Stream) int { return rng.Rn2(8) + 6 }

// Bolt sends a bolt (striking, slow monster; N: bhit) from the cell next
// to from along d: its range is [BoltRange], drawn from rng; each cell
// entered costs 1; a monster there (the occupancy index of lvl says who)
// is handed to hit, costs [BoltCost] more, and the bolt goes on. It stops
// before a wall, rock or a closed, locked or secret door — doors are not
// affected — or when its range is spent. It returns how many monsters it
// met. hit may kill and remove the monster.
func Bolt(lvl *c.Level, from c.Pos, d c.Dir, rng *ecs.Stream, hit func(m arche.Entity)) (met int) {
	p := from
	for r := BoltRange(rng); r > 0; {
		r--
		p = p.Add(d)
		if !p.In() || !boltPasses(lvl.Terrain[p.Index()]) {
			break
		}
		if m, ok := lvl.Creatures.At(p); ok {
			met++
			r -= BoltCost
			hit(m)
		}
	}
	return met
}

// boltPasses reports whether a bolt goes through terrain t (N: ZAP_POS
// and not a closed door).
func boltPasses(t c.Terrain) bool {
	switch {
	case t == c.Rock, t.IsWall(), t.IsSecretDoor(), t == c.ClosedDoor, t == c.LockedDoor:
		return false
	}
	return true
}

// DigCost is what a wall or a closed, locked or secret door takes off the
// digging beam's range, on top of the cell (N: zap_dig's digdepth -= 2).
const DigCost = 2

// DigRange draws the digging beam's range (N): rn1(18,8) = 8…25.
func DigRange(rng *ecs.Stream) int { return rng.Rn2(18) + 8 }

// Dig digs along d from the cell next to from (N: zap_dig): its range is
// [DigRange], drawn from rng; each cell entered costs 1, and a wall or a
// closed, locked or secret door [DigCost] more and becomes a doorless
// doorway; rock becomes corridor; floor, doorways, open and broken doors
// (and every other walkable cell) are passed. The level's outermost rows
// and columns stop it. Monsters and items in the way are untouched. The
// terrain changes through [c.Level.SetTerrain], so what the cog sees is
// remembered anew, and the room-or-corridor components (§17, the AI's
// "same component") are recomputed at once when anything changed. It
// returns the number of cells changed.
func Dig(lvl *c.Level, from c.Pos, d c.Dir, rng *ecs.Stream) (changed int) {
	p := from
	for r := DigRange(rng); r > 0; {
		r--
		p = p.Add(d)
		if p.X <= 0 || p.Y <= 0 || p.X >= c.W-1 || p.Y >= c.H-1 {
			break
		}
		i := p.Index()
		switch t := lvl.Terrain[i]; {
		case t.IsWall(), t.IsSecretDoor(), t == c.ClosedDoor, t == c.LockedDoor:
			lvl.SetTerrain(i, c.Doorway)
			r -= DigCost
			changed++
		case t == c.Rock:
			lvl.SetTerrain(i, c.Corridor)
			changed++
		}
	}
	if changed > 0 {
		worldgen.AssignComponents(lvl)
	}
	return changed
}
