// Package nethack is the nethack rules variant (§25) as mechanics (§27):
// NetHack 3.6.7's hunger, digestion while asleep, choking and melee swing
// (docs/notes/nethack-facts.txt). Each mechanic registers itself; the variant
// "nethack" is their list. Importing the package registers them.
package nethack

import (
	"errors"

	c "github.com/cogsim/cogsim/components"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
)

// The mechanics' names, and the variant's.
const (
	NameHunger  = "nethack-hunger"
	NameChoking = "nethack-choking"
	NameSwing   = "nethack-swing"
	Variant     = "nethack"
)

// The names of the systems the mechanics put into the tick.
const (
	SystemMeleeHunger = "melee-hunger"
	SystemChoke       = "choke"
)

// SleepState is the nethack hunger's own resource: until when the cog is
// asleep from a potion of sleeping (NetHack digests at 1 in 10 while the
// hero is asleep or fainted; the floating eye's paralysis is neither).
var SleepState = ecs.RegisterResource[Sleep]("nethack.sleep")

// Sleep records the cog's sleep and faint: the last tick of each.
type Sleep struct {
	AsleepUntil  int
	FaintedUntil int
}

// Unaware reports whether the cog is asleep or fainted on tick t
// (NetHack's Unaware).
func (s *Sleep) Unaware(t int) bool { return t <= s.AsleepUntil || t <= s.FaintedUntil }

func init() {
	ecs.Register(ecs.Mechanic{
		Name:      NameHunger,
		Doc:       "NetHack's hunger: thresholds, digestion per melee attack and 1 in 10 while asleep, fainting, starving below -200",
		Version:   "2",
		Resources: []*ecs.StateType{SleepState},
		Start: func(w *arche.World) {
			systems.Res[c.HungerScale](w).StateOf = HungerState
		},
		Install: func(s *ecs.Scheduler) error {
			st := &Stomach{}
			return errors.Join(
				s.Replace(systems.NameHunger, &Hunger{Stomach: st}),
				s.After(systems.NameCombat, SystemMeleeHunger, &MeleeHunger{Stomach: st}),
			)
		},
	})
	ecs.Register(ecs.Mechanic{
		Name:    NameChoking,
		Doc:     "NetHack's choking: food that brings a Satiated cog to 2000 nutrition kills it, or 1 in 20 it vomits",
		Version: "2",
		Install: func(s *ecs.Scheduler) error {
			return s.After(systems.NameItems, SystemChoke, &Choke{})
		},
	})
	ecs.Register(ecs.Mechanic{
		Name:    NameSwing,
		Doc:     "NetHack's melee swing for the cog: hits iff 1 + AC + level + bonus (+4 against the immobile, -3 in a pit) > rnd(20)",
		Version: "1",
		Install: func(s *ecs.Scheduler) error {
			return systems.SetSwings(s, Swing, nil)
		},
	})
	ecs.RegisterVariant(ecs.Variant{
		Name:      Variant,
		Doc:       "NetHack 3.6.7's hunger, fainting, choking and melee swing (docs/notes/nethack-facts.txt)",
		Mechanics: []string{NameHunger, NameChoking, NameSwing},
	})
}

// Swing is NetHack's to-hit roll for the cog's melee attack (§25.4): it
// hits iff tmp > rnd(20), tmp = 1 + defender AC + xlevel + weapon bonus,
// +4 against a monster that cannot move, −3 while the cog is in a pit
// (Luck and the strength and dexterity bonus are 0; NetHack has no
// penalty for Weak here, so the cog's level is its xlevel). Monsters keep
// §7's roll.
func Swing(rng *ecs.Stream, r systems.SwingRoll) bool {
	tmp := 1 + r.AC + r.XLevel + r.HitBonus
	if r.Immobile {
		tmp += 4
	}
	if r.Trapped {
		tmp -= 3
	}
	return tmp > rng.Rnd(20)
}
