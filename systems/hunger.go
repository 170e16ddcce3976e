package systems

import (
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
)

// StarvationAt is the nutrition at or below which the cog starves (§6).
const StarvationAt = -200

// Hunger takes one nutrition every tick, announces changes of hunger
// state for the worse, and starves the cog at −200 (§6).
type Hunger struct{ env *Env }

// Init implements ecs.System.
func (s *Hunger) Init(w *arche.World) { s.env = EnvOf(w) }

// Update implements ecs.System.
func (s *Hunger) Update(w *arche.World) {
	e := s.env
	n := e.Nutrition.Get(e.Run.Cog)
	n.Value--
	old := n.State
	n.State = c.HungerStateOf(n.Value)
	if n.State > old {
		switch n.State {
		case c.Hungry:
			e.Log.Say("You are beginning to feel hungry.")
		case c.Weak:
			e.Log.Say("You are beginning to feel weak.")
		case c.Fainting:
			e.Log.Say("You faint from lack of food.")
		}
	}
	if n.Value <= StarvationAt {
		e.Log.Say("You die from starvation.")
		e.KillCog("starvation")
	}
}
