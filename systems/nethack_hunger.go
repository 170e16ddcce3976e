package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// StreamNetHackHunger is the stream of NetHackHunger's draws (§18: a new
// system takes a new stream).
const StreamNetHackHunger = "nethack-hunger"

// Defaults of NetHackHunger (seeds/nethack-facts.txt, NetHack 3.6.7's
// src/eat.c and src/allmain.c).
const (
	// NetHackConstitution is the cog's Constitution: it starves below
	// −(100 + 10 × 16) = −260.
	NetHackConstitution = 16
	// NetHackFaintedOneIn: a fainted cog uses nutrition on 1 tick in 10.
	NetHackFaintedOneIn = 10
)

// NetHackHungerState is the hunger state of a nutrition value by NetHack's
// thresholds: Satiated above 1000, Not Hungry above 150, Hungry above 50,
// Weak above 0, Fainting at 0 or below. At 150 and at 50 it is one state
// worse than the cog rules' [c.HungerStateOf].
func NetHackHungerState(n int) c.HungerState {
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

// NetHackHunger is NetHack's hunger, for the nethack rules (§25); it
// replaces the hunger system. Every tick the cog uses 1 nutrition (a
// fainted cog only at 1 in FaintedOneIn), then its state follows
// NetHack's newuhs:
//
//   - A Fainting cog faints — paralysed for 10 − d ticks, where
//     d = sgn(n)·((|n| + 5) / 10) is nutrition n over ten, rounded, so
//     10 + a tenth of the deficit — on entering Fainting, and on later
//     ticks when rn2(20 − d) ≥ 19: 1 in 20 at 0, 2 in 21 at −10, 11 in 30
//     at −100, growing as nutrition falls. A cog already paralysed (asleep,
//     frozen, fainted) does not faint again. Each faint says "You faint
//     from lack of food."
//   - On a tick where neither the entry nor the roll makes it faint, a cog
//     below −(100 + 10 × Constitution) starves: "You die from
//     starvation.", cause starvation.
//   - A change of state for the worse says "You are beginning to feel
//     hungry." / "You are beginning to feel weak." ("You feel hungry." /
//     "You feel weak." after a drop of more than 5 below the line); for the
//     better, as after eating, "You only feel hungry now." / "You feel
//     weak now.".
//
// NetHack counts a hero as fainted (and so slow to use nutrition) from the
// faint until it ends; the engine keeps no record of why the cog is
// paralysed, so a Fainting cog that is paralysed counts as fainted.
//
// Zero fields take the defaults NetHackConstitution and
// NetHackFaintedOneIn.
type NetHackHunger struct {
	Constitution int
	FaintedOneIn int

	env *Env
	rng *ecs.Stream
}

// Init implements ecs.System.
func (s *NetHackHunger) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.rng = s.env.Streams.Get(StreamNetHackHunger)
	if s.Constitution == 0 {
		s.Constitution = NetHackConstitution
	}
	if s.FaintedOneIn == 0 {
		s.FaintedOneIn = NetHackFaintedOneIn
	}
}

// StarvesBelow is the nutrition below which the cog starves:
// −(100 + 10 × Constitution).
func (s *NetHackHunger) StarvesBelow() int { return -(100 + 10*s.Constitution) }

// FaintTicks is how long a faint at nutrition n lasts: 10 − d with d the
// rounded tenth of n.
func FaintTicks(n int) int { return 10 - roundedTenth(n) }

// roundedTenth is NetHack's sgn(n)·((|n| + 5) / 10).
func roundedTenth(n int) int {
	if n < 0 {
		return -((-n + 5) / 10)
	}
	return (n + 5) / 10
}

// Update implements ecs.System.
func (s *NetHackHunger) Update(w *arche.World) {
	e := s.env
	t := e.Clock.Tick
	n := e.Nutrition.Get(e.Run.Cog)
	st := e.Status.Get(e.Run.Cog)
	// Paralysed this tick, or from this tick on (asleep since this tick's
	// potion): NetHack's multi < 0.
	helpless := st.ParalysedUntil >= t
	if !(helpless && n.State == c.Fainting) || s.rng.OneIn(s.FaintedOneIn) {
		n.Value--
	}

	old, now := n.State, NetHackHungerState(n.Value)
	if now == c.Fainting {
		d := roundedTenth(n.Value)
		if old != c.Fainting || s.rng.Rn2(20-d) >= 19 {
			if !helpless {
				c.Extend(&st.ParalysedUntil, t, FaintTicks(n.Value))
				e.Log.Say("You faint from lack of food.")
			}
		} else if n.Value < s.StarvesBelow() {
			n.State = now
			e.Log.Say("You die from starvation.")
			e.KillCog("starvation")
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
		e.Log.Say("You only feel hungry now.")
	case now == c.Hungry && n.Value < 145:
		e.Log.Say("You feel hungry.")
	case now == c.Hungry:
		e.Log.Say("You are beginning to feel hungry.")
	case now == c.Weak && !worse:
		e.Log.Say("You feel weak now.")
	case now == c.Weak && n.Value < 45:
		e.Log.Say("You feel weak.")
	case now == c.Weak:
		e.Log.Say("You are beginning to feel weak.")
	}
}
