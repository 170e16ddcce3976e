package systems

import (
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Status ends the cog's timed conditions: each holds until the tick
// recorded when it was set (§13), so nothing counts down; stuck also ends
// early when the lichen holding the cog is gone (§7.5). A condition that
// holds for the last time this tick is a StatusEnded event.
type Status struct {
	clock  *c.Clock
	run    *c.Run
	events *c.Events
	status generic.Map[c.Status]
}

// Init implements ecs.System.
func (s *Status) Init(w *arche.World) {
	s.clock, s.run, s.events = Res[c.Clock](w), Res[c.Run](w), Res[c.Events](w)
	s.status = generic.NewMap[c.Status](w)
}

// conditions are the cog's timed conditions, in event order.
var conditions = [...]c.Condition{c.Confused, c.Paralysed, c.Stuck, c.Trapped}

// Update implements ecs.System.
func (s *Status) Update(w *arche.World) {
	t := s.clock.Tick
	st := s.status.GetUnchecked(s.run.Cog)
	if !st.StuckTo.IsZero() && (!st.Stuck(t+1) || !w.Alive(st.StuckTo)) {
		if st.StuckUntil > t {
			st.StuckUntil = t
		}
		st.StuckTo = arche.Entity{}
	}
	if st.ConfusedUntil != t && st.ParalysedUntil != t && st.StuckUntil != t && st.TrappedUntil != t {
		return // nearly every tick: nothing ends
	}
	for _, k := range conditions {
		if *st.Until(k) == t {
			s.events.Add(c.Event{Kind: c.StatusEnded, Actor: s.run.Cog, Condition: k})
		}
	}
}
