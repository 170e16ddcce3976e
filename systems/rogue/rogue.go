// Package rogue is the rogue rules variant (§28) as mechanics (§27):
// Rogue 5.4.4's stomach, food and melee swing
// (docs/notes/nethack-rogue-facts.txt). Each mechanic registers itself; the
// variant "rogue" is their list. Importing the package registers them.
//
// Rogue's stomach daemon (daemons.c, stomach) runs once a tick, after the
// cog's action, and its boundaries are "falls below", read on the value
// after the tick's point is taken:
//
//   - 300 and more is Not Hungry; a tick that takes the cog from 300 to
//     299 makes it Hungry ("You are starting to get hungry."), so at 300
//     it is not Hungry and one tick later it is.
//   - from 150 to 149 it becomes Weak ("You are starting to feel weak.").
//   - at 0 or less it is Fainting. A Fainting cog's tick looks at the
//     value before the point is taken: below −850 (STARVETIME) it starves,
//     so a cog at −851 dies and one at −850 lives on, at −851.
//   - a Fainting cog that will not still be paralysed after this tick
//     faints at 1 in 5, for 4 + rnd(8) ticks ("You faint."). (Rogue
//     counts the last paralysed turn down before its daemons run, so a
//     cog on its last paralysed tick may faint again at once.)
//
// There is no Satiated. Eating any food raises a negative count to 0 and
// adds 1100 + rn2(400) (HUNGERTIME − 200 + rnd(400) in Rogue's own rnd,
// 0…399), capped at 2000 (STOMACHSIZE).
package rogue

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// The mechanics' names, and the variant's.
const (
	NameHunger = "rogue-hunger"
	NameFood   = "rogue-food"
	NameSwing  = "rogue-swing"
	Variant    = "rogue"
)

// SystemFood is the name of the system the food mechanic puts into the
// tick, after the items system.
const SystemFood = "rogue-food"

func init() {
	ecs.Register(ecs.Mechanic{
		Name:    NameHunger,
		Doc:     "Rogue's stomach: starts at 1300, Hungry below 300, Weak below 150, faints 1 in 5 at 0, starves below -850",
		Version: "1",
		Install: func(s *ecs.Scheduler) error {
			return s.Replace(systems.NameHunger, &Hunger{})
		},
		Start: start,
	})
	ecs.Register(ecs.Mechanic{
		Name:    NameFood,
		Doc:     "Rogue's food: any meal sets nutrition to max(n, 0) + 1100 + rn2(400), at most 2000",
		Version: "1",
		Install: func(s *ecs.Scheduler) error {
			return s.After(systems.NameItems, SystemFood, &Food{})
		},
	})
	ecs.Register(ecs.Mechanic{
		Name:    NameSwing,
		Doc:     "Rogue's melee swing, both sides: hits iff rn2(20) + bonus >= 20 - level - AC",
		Version: "1",
		Install: func(s *ecs.Scheduler) error {
			return systems.SetSwings(s, Swing, Swing)
		},
	})
	ecs.RegisterVariant(ecs.Variant{
		Name:      Variant,
		Doc:       "Rogue 5.4's stomach, food and melee swing (docs/notes/nethack-rogue-facts.txt)",
		Mechanics: []string{NameHunger, NameFood, NameSwing},
	})
}

// start gives the cog Rogue's starting stomach (§28.1).
func start(w *arche.World) {
	systems.Res[c.HungerScale](w).StateOf = HungerState
	cog := systems.Res[c.Run](w).Cog
	nutrition := generic.NewMap[c.Nutrition](w)
	*nutrition.Get(cog) = c.Nutrition{Value: HungerTime, State: HungerState(HungerTime)}
}

// Swing is Rogue's to-hit roll (fight.c, swing), for both sides (§28.6):
// the attacker hits iff rn2(20) + weapon bonus ≥ 20 − level − defender
// AC, so each point of level or armour class is 5 %. A monster's level is
// its species level and its bonus 0; the cog's level already carries the
// −2 of Weak.
func Swing(rng *ecs.Stream, r systems.SwingRoll) bool {
	return rng.Rn2(20)+r.HitBonus >= 20-r.Level-r.AC
}
