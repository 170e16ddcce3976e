package wands

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// MovementPoints is §9's movement-points system with slowness: a monster
// of speed s acts floor(t·s/12) − floor((t−1)·s/12) times on tick t, s
// being [SlowSpeed] of its species' speed when it is [Slowed]. The
// mechanic installs it in place of systems.MovementPoints (by name), so
// that without the mechanic nothing changes.
type MovementPoints struct {
	clock  *c.Clock
	roster *c.Roster
	mp     generic.Map2[c.Monster, c.MovementPoints]
	slow   generic.Map[Slowed]
}

// Init implements ecs.System.
func (s *MovementPoints) Init(w *arche.World) {
	s.clock, s.roster = systems.Res[c.Clock](w), systems.Res[c.Roster](w)
	s.mp = generic.NewMap2[c.Monster, c.MovementPoints](w)
	s.slow = generic.NewMap[Slowed](w)
}

// Update implements ecs.System.
func (s *MovementPoints) Update(w *arche.World) {
	t := s.clock.Tick
	for _, m := range s.roster.List {
		mon, mp := s.mp.Get(m)
		speed := mon.Species.Info().Speed
		if s.slow.Has(m) {
			speed = SlowSpeed(speed)
		}
		mp.Actions = c.ActionsOn(t, speed)
	}
}

// slowedNote is look's note of a slowed monster (§33): "a jackal,
// slowed".
// It looks the component up among m's, so that it never registers the
// type in a world that has not used it.
func slowedNote(w *arche.World, m arche.Entity) string {
	for _, id := range w.Ids(m) {
		if info, ok := arche.ComponentInfo(w, id); ok && info.Type == SlowState.Type {
			return "slowed"
		}
	}
	return ""
}
