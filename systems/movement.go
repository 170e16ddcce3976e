package systems

import (
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// MovementPoints gives every monster its actions for this tick: a monster
// of speed s acts floor(t·s/12) − floor((t−1)·s/12) times on tick t (§9).
type MovementPoints struct {
	env    *Env
	filter *generic.Filter2[c.Monster, c.MovementPoints]
}

// Init implements ecs.System.
func (s *MovementPoints) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.filter = generic.NewFilter2[c.Monster, c.MovementPoints]()
	s.filter.Register(w)
}

// Update implements ecs.System.
func (s *MovementPoints) Update(w *arche.World) {
	t := s.env.Clock.Tick
	q := s.filter.Query(w)
	for q.Next() {
		m, mp := q.Get()
		mp.Actions = c.ActionsOn(t, m.Species.Info().Speed)
	}
}
