package systems

import (
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// MovementPoints gives every monster its actions for this tick: a monster
// of speed s acts floor(t·s/12) − floor((t−1)·s/12) times on tick t (§9).
//
// It walks the roster (every monster of the level) rather than a query:
// a level holds a handful of monsters, and setting up a query costs more
// than looking them up one by one.
type MovementPoints struct {
	clock  *c.Clock
	roster *c.Roster
	// Two maps rather than a Map2: a Map's GetUnchecked is inlined.
	monster generic.Map[c.Monster]
	mp      generic.Map[c.MovementPoints]
}

// Init implements ecs.System.
func (s *MovementPoints) Init(w *arche.World) {
	s.clock, s.roster = Res[c.Clock](w), Res[c.Roster](w)
	s.monster, s.mp = generic.NewMap[c.Monster](w), generic.NewMap[c.MovementPoints](w)
}

// Update implements ecs.System.
func (s *MovementPoints) Update(w *arche.World) {
	t := s.clock.Tick
	for _, m := range s.roster.List {
		s.mp.GetUnchecked(m).Actions = c.ActionsOn(t, s.monster.GetUnchecked(m).Species.Info().Speed)
	}
}
