package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// StarvationAt is the nutrition at or below which the cog starves (§6).
const StarvationAt = -200

// Hunger takes one nutrition every tick, announces changes of hunger
// state for the worse, and starves the cog at −200 (§6).
type Hunger struct {
	run       *c.Run
	nutrition generic.Map[c.Nutrition]
	log       *ecs.Log
	death     *Death
}

// Init implements ecs.System.
func (s *Hunger) Init(w *arche.World) {
	s.run, s.log, s.death = Res[c.Run](w), Res[ecs.Log](w), NewDeath(w)
	s.nutrition = generic.NewMap[c.Nutrition](w)
}

// Update implements ecs.System.
func (s *Hunger) Update(w *arche.World) {
	n := s.nutrition.GetUnchecked(s.run.Cog)
	n.Value--
	old := n.State
	n.State = c.HungerStateOf(n.Value)
	if n.State > old {
		switch n.State {
		case c.Hungry:
			s.log.Say("You are beginning to feel hungry.")
		case c.Weak:
			s.log.Say("You are beginning to feel weak.")
		case c.Fainting:
			s.log.Say("You faint from lack of food.")
		}
	}
	if n.Value <= StarvationAt {
		s.log.Say("You die from starvation.")
		s.death.Kill("starvation")
	}
}
