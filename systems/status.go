package systems

import arche "github.com/mlange-42/arche/ecs"

// Status ends the cog's timed conditions: each holds until the tick
// recorded when it was set (§13), so nothing counts down; stuck also ends
// early when the lichen holding the cog is gone (§7.5).
type Status struct{ env *Env }

// Init implements ecs.System.
func (s *Status) Init(w *arche.World) { s.env = EnvOf(w) }

// Update implements ecs.System.
func (s *Status) Update(w *arche.World) {
	e := s.env
	st := e.Status.Get(e.Run.Cog)
	if st.StuckTo.IsZero() {
		return
	}
	if !st.Stuck(e.Clock.Tick+1) || !w.Alive(st.StuckTo) {
		st.StuckUntil = 0
		st.StuckTo = arche.Entity{}
	}
}
