package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// RevealAfter is the number of searches next to a hidden feature that
// reveal it (§11).
const RevealAfter = 3

// Search handles the search primitive: every undiscovered secret door and
// trap 8-adjacent to the cog counts the search, and is revealed on the
// third (§11). Deterministic, so no level is ever unsolvable.
type Search struct {
	action *c.Action // first: most ticks read only it
	level  *c.Level
	clock  *c.Clock
	run    *c.Run
	log    *ecs.Log
	traps  *TrapMap
	pos    generic.Map[c.Position]
	trap   generic.Map[c.Trap]
	near   []arche.Entity
}

// Init implements ecs.System.
func (s *Search) Init(w *arche.World) {
	s.level, s.clock, s.run, s.log, s.action = Res[c.Level](w), Res[c.Clock](w), Res[c.Run](w), Res[ecs.Log](w), Res[c.Action](w)
	s.traps, s.pos, s.trap = NewTrapMap(w), generic.NewMap[c.Position](w), generic.NewMap[c.Trap](w)
	s.near = make([]arche.Entity, 0, 9)
}

// searchVerbs are the verbs Search performs.
var searchVerbs = []c.Op{c.OpSearch}

// Verbs implements ecs.VerbSystem: Search runs only on a tick of search (§39.6).
func (*Search) Verbs() []c.Op { return searchVerbs }

// Update implements ecs.System.
func (s *Search) Update(w *arche.World) {
	if !s.action.Active || s.action.Op != c.OpSearch {
		return
	}
	cog := *s.pos.Get(s.run.Cog)
	lvl := s.level
	for _, d := range c.Dirs {
		p := cog.Add(d)
		if !p.In() || !lvl.At(p).IsSecretDoor() {
			continue
		}
		if s.count(p) {
			lvl.SetTerrain(p.Index(), c.ClosedDoor)
			lvl.RememberTerrain(p.Index(), c.ClosedDoor.Glyph())
			s.log.Say("You find a hidden door.")
			s.run.Deeds.Earn("found", s.clock.Tick)
		}
	}
	s.near = s.traps.Near(s.near[:0], cog)
	for _, te := range s.near {
		tr := s.trap.Get(te)
		if tr.Discovered {
			continue
		}
		p := *s.pos.Get(te)
		if s.count(p) {
			tr.Discovered = true
			lvl.ShowTrap(p.Index())
			info := tr.Kind.Info()
			s.log.Say("You find ", info.Article, info.Name, ".")
			s.run.Deeds.Earn("found", s.clock.Tick)
		}
	}
}

// count records one search next to the hidden feature on p and reports
// whether it is now revealed.
func (s *Search) count(p c.Pos) bool {
	n := &s.level.SearchCount[p.Index()]
	*n++
	return *n >= RevealAfter
}
