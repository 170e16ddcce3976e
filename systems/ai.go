package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// ChaseRange is how near the cog must be for a monster to chase it (§9).
const ChaseRange = 10

// AI runs every monster's actions in creation order (§9), first matching
// rule per action: attack the 8-adjacent cog; else chase the cog when it
// is within 10 cells on the same room-or-corridor component, stepping to
// the legal neighbour nearest to it (ties e, se, s, sw, w, nw, n, ne);
// else wander to a uniformly random legal neighbour.
type AI struct {
	env *Env
	rng *ecs.Stream
}

// Init implements ecs.System.
func (s *AI) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.rng = s.env.Streams.Get(ecs.StreamAI)
}

// Update implements ecs.System.
func (s *AI) Update(w *arche.World) {
	e := s.env
	cog := e.CogPos()
	cogComp := e.Level.Component[cog.Index()]
	for _, m := range e.Roster.List {
		n := e.Movement.Get(m).Actions
		if n == 0 {
			continue
		}
		info := e.Monster.Get(m).Species.Info()
		if info.Has(c.Peaceful) {
			continue
		}
		pos := e.Pos.Get(m)
		for ; n > 0; n-- {
			if c.Chebyshev(*pos, cog) <= 1 {
				e.Intents.List = append(e.Intents.List, c.Intent{Attacker: m, Target: e.Run.Cog})
				continue
			}
			dirs := c.Dirs[:]
			if info.Has(c.Orthogonal) {
				dirs = c.OrthogonalDirs[:]
			}
			var to c.Pos
			var ok bool
			if c.Chebyshev(*pos, cog) <= ChaseRange && cogComp != 0 && e.Level.Component[pos.Index()] == cogComp {
				to, ok = s.chase(*pos, cog, dirs)
			} else {
				to, ok = s.wander(*pos, dirs)
			}
			if ok {
				e.Level.Creatures.Move(*pos, to)
				*pos = to
			}
		}
	}
}

// chase picks the legal neighbour nearest the cog; the first in dirs wins
// a tie.
func (s *AI) chase(from, cog c.Pos, dirs []c.Dir) (c.Pos, bool) {
	best, bestDist, found := c.Pos{}, 0, false
	for _, d := range dirs {
		to := from.Add(d)
		if !legalStep(s.env.Level, from, to, d) {
			continue
		}
		if dist := c.Chebyshev(to, cog); !found || dist < bestDist {
			best, bestDist, found = to, dist, true
		}
	}
	return best, found
}

// wander picks a uniformly random legal neighbour from the AI stream.
func (s *AI) wander(from c.Pos, dirs []c.Dir) (c.Pos, bool) {
	var legal [8]c.Pos
	n := 0
	for _, d := range dirs {
		if to := from.Add(d); legalStep(s.env.Level, from, to, d) {
			legal[n] = to
			n++
		}
	}
	if n == 0 {
		return c.Pos{}, false
	}
	return legal[s.rng.Rn2(n)], true
}

// legalStep reports whether a monster may step from from to its neighbour
// to in direction d (§9): walkable (so never lava, a closed or locked door,
// or a wall), no diagonal into or out of an open door, and not occupied.
func legalStep(lvl *c.Level, from, to c.Pos, d c.Dir) bool {
	if !to.In() {
		return false
	}
	ter := lvl.Terrain[to.Index()]
	if !ter.Walkable() || lvl.Creatures.Occupied(to) {
		return false
	}
	if d.Diagonal() && (ter.BlocksDiagonal() || lvl.Terrain[from.Index()].BlocksDiagonal()) {
		return false
	}
	return true
}
