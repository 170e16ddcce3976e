package nethack

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// StreamHunger is the stream of the nethack hunger's draws (§18: a new
// mechanic takes a new stream).
const StreamHunger = "nethack-hunger"

// Defaults of the [Stomach] (docs/notes/nethack-facts.txt, NetHack 3.6.7's
// src/eat.c and src/allmain.c).
const (
	// Constitution is the cog's: it starves below −(100 + 10 × 10) = −200
	// (§25.1).
	Constitution = 10
	// UnawareOneIn: an asleep or fainted cog digests on 1 tick in 10.
	UnawareOneIn = 10
)

// HungerState is the hunger state of a nutrition value by NetHack's
// thresholds: Satiated above 1000, Not Hungry above 150, Hungry above 50,
// Weak above 0, Fainting at 0 or below. At 150 and at 50 it is one state
// worse than the cog rules' [c.HungerStateOf].
func HungerState(n int) c.HungerState {
	switch {
	case n > 1000:
		return c.Satiated
	case n > 150:
		return c.NotHungry
	case n > 50:
		return c.Hungry
	case n > 0:
		return c.Weak
	}
	return c.Fainting
}

// FaintTicks is how long a faint at nutrition n lasts: 10 − d with d the
// rounded tenth of n (so 10 plus a tenth of the deficit).
func FaintTicks(n int) int { return 10 - roundedTenth(n) }

// roundedTenth is NetHack's sgn(n)·((|n| + 5) / 10).
func roundedTenth(n int) int {
	if n < 0 {
		return -((-n + 5) / 10)
	}
	return (n + 5) / 10
}

// Stomach is NetHack's hunger state machine (newuhs), shared by the
// systems that change nutrition: the tick's digestion ([Hunger]) and each
// melee attack ([MeleeHunger]). The state is re-evaluated whenever
// nutrition changes (§25.1):
//
//   - A Fainting cog faints — paralysed for [FaintTicks] — on entering
//     Fainting, and on later evaluations when rn2(20 − d) ≥ 19 (d the
//     rounded tenth of nutrition: 1 in 20 at 0, growing as nutrition
//     falls), unless already paralysed (asleep, frozen, fainted). Each
//     faint says "You faint from lack of food."
//   - On an evaluation where it does not faint, a cog below
//     −(100 + 10 × Constitution) starves.
//   - A change of state for the worse says "You are beginning to feel
//     hungry." / "... weak." ("You feel hungry." / "You feel weak." after
//     a drop of more than 5 below the line); for the better, as after
//     eating, "You only feel hungry now." / "You feel weak now.".
//
// Zero fields take the defaults [Constitution] and [UnawareOneIn].
type Stomach struct {
	Constitution int
	UnawareOneIn int

	ready      bool
	events     *c.Events
	rng        *ecs.Stream
	clock      *c.Clock
	run        *c.Run
	log        *ecs.Log
	sleep      *Sleep
	death      *systems.Death
	conditions *systems.Conditions
	nutrition  generic.Map[c.Nutrition]
	status     generic.Map[c.Status]
}

// init caches what the stomach uses; both of its systems call it.
func (st *Stomach) init(w *arche.World) {
	if st.ready {
		return
	}
	st.ready = true
	if st.Constitution == 0 {
		st.Constitution = Constitution
	}
	if st.UnawareOneIn == 0 {
		st.UnawareOneIn = UnawareOneIn
	}
	st.rng = systems.Res[ecs.Streams](w).Get(StreamHunger)
	st.clock, st.run, st.log = systems.Res[c.Clock](w), systems.Res[c.Run](w), systems.Res[ecs.Log](w)
	st.sleep, st.events = systems.Res[Sleep](w), systems.Res[c.Events](w)
	st.death, st.conditions = systems.NewDeath(w), systems.NewConditions(w)
	st.nutrition, st.status = generic.NewMap[c.Nutrition](w), generic.NewMap[c.Status](w)
}

// StarvesBelow is the nutrition below which the cog starves:
// −(100 + 10 × Constitution).
func (st *Stomach) StarvesBelow() int { return -(100 + 10*st.Constitution) }

// use takes n nutrition and re-evaluates the state.
func (st *Stomach) use(n int) {
	nut := st.nutrition.Get(st.run.Cog)
	nut.Value -= n
	st.settle(nut)
}

// settle is NetHack's newuhs: the state of the cog's nutrition now.
func (st *Stomach) settle(n *c.Nutrition) {
	t := st.clock.Tick
	old, now := n.State, HungerState(n.Value)
	if now == c.Fainting {
		d := roundedTenth(n.Value)
		if old != c.Fainting || st.rng.Rn2(20-d) >= 19 {
			// Paralysed this tick, or from this tick on (NetHack's
			// multi < 0): no second faint.
			if st.status.Get(st.run.Cog).ParalysedUntil < t {
				ticks := FaintTicks(n.Value)
				st.conditions.Set(c.Paralysed, ticks)
				st.sleep.FaintedUntil = t + ticks
				st.log.Say("You faint from lack of food.")
			}
		} else if n.Value < st.StarvesBelow() {
			n.State = now
			st.log.Say("You die from starvation.")
			st.death.Kill("starvation")
			return
		}
	}
	n.State = now
	if now == old {
		return
	}
	worse := now > old
	switch {
	case now == c.Hungry && !worse:
		st.log.Say("You only feel hungry now.")
	case now == c.Hungry && n.Value < 145:
		st.log.Say("You feel hungry.")
	case now == c.Hungry:
		st.log.Say("You are beginning to feel hungry.")
	case now == c.Weak && !worse:
		st.log.Say("You feel weak now.")
	case now == c.Weak && n.Value < 45:
		st.log.Say("You feel weak.")
	case now == c.Weak:
		st.log.Say("You are beginning to feel weak.")
	}
}

// Hunger is NetHack's digestion, for the nethack rules (§25.1–2); it
// replaces the hunger system. Every tick the cog uses 1 nutrition — only
// at 1 in UnawareOneIn while it is asleep or fainted — and the [Stomach]
// settles the state. The cog is asleep from a Quaff event of a potion
// that sleeps, for as long as the potion's row says (the one number the
// items system also uses).
type Hunger struct{ *Stomach }

// Init implements ecs.System.
func (s *Hunger) Init(w *arche.World) { s.Stomach.init(w) }

// Update implements ecs.System.
func (s *Hunger) Update(w *arche.World) {
	t := s.clock.Tick
	for _, ev := range s.events.List {
		if ev.Kind == c.Quaff && ev.Item.Info().Sleeps > 0 {
			s.sleep.AsleepUntil = max(s.sleep.AsleepUntil, t+ev.Item.Info().Sleeps)
		}
	}
	if !s.sleep.Unaware(t) || s.rng.OneIn(s.UnawareOneIn) {
		s.use(1)
		return
	}
	s.settle(s.nutrition.Get(s.run.Cog))
}

// MeleeHunger takes one more nutrition for each melee attack the cog made
// this tick — a move into a monster or a kick at one, hit or miss
// (NetHack 3.6.7, src/uhitm.c; §25.2) — read from the tick's Attack
// events, and re-evaluates the state at once: a cog that reaches 0 by
// attacking faints in that tick (§25.1). It runs after combat.
type MeleeHunger struct{ *Stomach }

// Init implements ecs.System.
func (s *MeleeHunger) Init(w *arche.World) { s.Stomach.init(w) }

// Update implements ecs.System.
func (s *MeleeHunger) Update(w *arche.World) {
	for _, ev := range s.events.List {
		if ev.Kind == c.Attack && ev.Actor == s.run.Cog && !s.run.Ended {
			s.use(1)
		}
	}
}
