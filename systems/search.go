package systems

import (
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
)

// RevealAfter is the number of searches next to a hidden feature that
// reveal it (§11).
const RevealAfter = 3

// Search handles the search primitive: every undiscovered secret door and
// trap 8-adjacent to the cog counts the search, and is revealed on the
// third (§11). Deterministic, so no level is ever unsolvable.
type Search struct {
	env   *Env
	traps []arche.Entity
}

// Init implements ecs.System.
func (s *Search) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.traps = make([]arche.Entity, 0, 9)
}

// Update implements ecs.System.
func (s *Search) Update(w *arche.World) {
	e := s.env
	if !e.Action.Active || e.Action.Op != c.OpSearch {
		return
	}
	cog := e.CogPos()
	lvl := e.Level
	for _, d := range c.Dirs {
		p := cog.Add(d)
		if !p.In() || !lvl.At(p).IsSecretDoor() {
			continue
		}
		if s.count(p) {
			lvl.SetTerrain(p.Index(), c.ClosedDoor)
			lvl.RememberTerrain(p.Index(), c.ClosedDoor.Glyph())
			e.Log.Say("You find a hidden door.")
			e.Run.Deeds.Earn("found", e.Clock.Tick)
		}
	}
	s.traps = e.TrapsNear(s.traps[:0], cog)
	for _, te := range s.traps {
		tr := e.Trap.Get(te)
		if tr.Discovered {
			continue
		}
		p := *e.Pos.Get(te)
		if s.count(p) {
			tr.Discovered = true
			lvl.ShowTrap(p.Index())
			info := tr.Kind.Info()
			e.Log.Say("You find ", info.Article, info.Name, ".")
			e.Run.Deeds.Earn("found", e.Clock.Tick)
		}
	}
}

// count records one search next to the hidden feature on p and reports
// whether it is now revealed.
func (s *Search) count(p c.Pos) bool {
	n := &s.env.Level.SearchCount[p.Index()]
	*n++
	return *n >= RevealAfter
}
