package rogue

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// StreamHunger is the stream of the rogue stomach's draws (§18: a new
// mechanic takes a new stream); StreamFood is the food's.
const (
	StreamHunger = "rogue-hunger"
	StreamFood   = "rogue-food"
)

// Rogue 5.4.4's constants (rogue.h) and the draws of its stomach and
// food (daemons.c, misc.c).
const (
	HungerTime  = 1300 // the starting nutrition
	MoreTime    = 150  // Weak below it, Hungry below twice it
	StomachSize = 2000 // a meal fills up to it
	StarveTime  = 850  // a Fainting cog below −StarveTime starves
	FaintOneIn  = 5
	FaintBase   = 4 // a faint lasts FaintBase + rnd(FaintDie) ticks
	FaintDie    = 8
	MealBase    = HungerTime - 200 // a meal gives MealBase + rn2(MealDie)
	MealDie     = 400
)

// HungerState is the hunger state of nutrition n by Rogue's lines: Not
// Hungry at 300 and more, Hungry below 300, Weak below 150, Fainting at 0
// or less. There is no Satiated.
func HungerState(n int) c.HungerState {
	switch {
	case n >= 2*MoreTime:
		return c.NotHungry
	case n >= MoreTime:
		return c.Hungry
	case n > 0:
		return c.Weak
	}
	return c.Fainting
}

// Hunger is Rogue's stomach (§28.2–3); it replaces the hunger system.
// While nutrition is above 0 it falls by 1 a tick, and falling below 300
// and 150 says so. At 0 or less it still falls by 1; a cog below −850
// before the fall starves, any other faints at 1 in 5 unless already
// paralysed on this tick (§28.3; Rogue 5.4, whose counter runs down
// before its stomach, would let the last paralysed tick faint again).
type Hunger struct {
	rng        *ecs.Stream
	clock      *c.Clock
	run        *c.Run
	log        *ecs.Log
	death      *systems.Death
	conditions *systems.Conditions
	nutrition  generic.Map[c.Nutrition]
	status     generic.Map[c.Status]
}

// Init implements ecs.System.
func (s *Hunger) Init(w *arche.World) {
	s.rng = systems.Res[ecs.Streams](w).Get(StreamHunger)
	s.clock, s.run, s.log = systems.Res[c.Clock](w), systems.Res[c.Run](w), systems.Res[ecs.Log](w)
	s.death, s.conditions = systems.NewDeath(w), systems.NewConditions(w)
	s.nutrition, s.status = generic.NewMap[c.Nutrition](w), generic.NewMap[c.Status](w)
}

// Update implements ecs.System.
func (s *Hunger) Update(w *arche.World) {
	n := s.nutrition.Get(s.run.Cog)
	if n.Value <= 0 {
		s.faint(n)
		return
	}
	n.Value--
	old := n.State
	n.State = HungerState(n.Value)
	if n.State == old {
		return
	}
	switch n.State {
	case c.Hungry:
		if old < c.Hungry {
			s.log.Say("You are starting to get hungry.")
		}
	case c.Weak:
		if old < c.Weak {
			s.log.Say("You are starting to feel weak.")
		}
	}
}

// faint is the Fainting cog's tick.
func (s *Hunger) faint(n *c.Nutrition) {
	before := n.Value
	n.Value--
	n.State = c.Fainting
	if before < -StarveTime {
		s.log.Say("You die from starvation.")
		s.death.Kill("starvation")
		return
	}
	t := s.clock.Tick
	if s.status.Get(s.run.Cog).Paralysed(t) || !s.rng.OneIn(FaintOneIn) {
		return
	}
	s.conditions.Set(c.Paralysed, FaintBase+s.rng.Rnd(FaintDie))
	s.log.Say("You faint.")
}

// Food is Rogue's eating (§28.4): after the items system, each of the
// tick's Meal events sets the cog's nutrition to max(before, 0) + 1100 +
// rn2(400), at most 2000 — whatever the food — and its state to the
// new value's (a meal always leaves the cog Not Hungry). The event's
// After is set to the new value.
type Food struct {
	rng       *ecs.Stream
	run       *c.Run
	events    *c.Events
	nutrition generic.Map[c.Nutrition]
}

// Init implements ecs.System.
func (s *Food) Init(w *arche.World) {
	s.rng = systems.Res[ecs.Streams](w).Get(StreamFood)
	s.run, s.events = systems.Res[c.Run](w), systems.Res[c.Events](w)
	s.nutrition = generic.NewMap[c.Nutrition](w)
}

// Update implements ecs.System.
func (s *Food) Update(w *arche.World) {
	for i := range s.events.List {
		ev := &s.events.List[i]
		if ev.Kind != c.Meal || ev.Actor != s.run.Cog {
			continue
		}
		n := s.nutrition.Get(s.run.Cog)
		n.Value = min(max(ev.Before, 0)+MealBase+s.rng.Rn2(MealDie), StomachSize)
		n.State = HungerState(n.Value)
		ev.After = n.Value
	}
}
