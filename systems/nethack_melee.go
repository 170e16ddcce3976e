package systems

import (
	arche "github.com/mlange-42/arche/ecs"
)

// NameMeleeHunger is the name of the nethack rules' system that charges
// nutrition for melee attacks.
const NameMeleeHunger = "melee-hunger"

// MeleeNutrition is the nutrition a melee attack costs by default.
const MeleeNutrition = 1

// MeleeHunger takes Nutrition more nutrition for each melee attack the cog
// makes this tick — a move into a monster or a kick at one (NetHack 3.6.7
// takes 1 for each, src/uhitm.c; seeds/nethack-facts.txt), for the
// nethack rules (§25). It runs before the combat system and counts the
// cog's attack intents, so an attack costs its nutrition whether it hits
// or not. The hunger state follows at the next hunger update. A zero
// Nutrition takes MeleeNutrition.
type MeleeHunger struct {
	Nutrition int

	env *Env
}

// Init implements ecs.System.
func (s *MeleeHunger) Init(w *arche.World) {
	s.env = EnvOf(w)
	if s.Nutrition == 0 {
		s.Nutrition = MeleeNutrition
	}
}

// Update implements ecs.System.
func (s *MeleeHunger) Update(w *arche.World) {
	e := s.env
	cog := e.Run.Cog
	for _, in := range e.Intents.List {
		if in.Attacker == cog {
			e.Nutrition.Get(cog).Value -= s.Nutrition
		}
	}
}
