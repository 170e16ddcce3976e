package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// KickBreaksOneIn is the chance, 1 in n, that a kick breaks a door (§8).
const KickBreaksOneIn = 3

// Kick handles the kick primitive (§8): at a monster it is a melee attack
// with hit bonus 0 and die 2; at a closed or locked door it breaks it with
// chance 1/3; at anything else it kicks empty space. A Weak or Fainting
// cog is too weak to kick.
type Kick struct {
	env *Env
	rng *ecs.Stream
}

// Init implements ecs.System.
func (s *Kick) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.rng = s.env.Streams.Get(ecs.StreamCog)
}

// Update implements ecs.System.
func (s *Kick) Update(w *arche.World) {
	e := s.env
	if !e.Action.Active || e.Action.Op != c.OpKick {
		return
	}
	if e.Weak() {
		e.Log.Say("You are too weak to kick.")
		return
	}
	to := e.CogPos().Add(e.Action.Dir)
	if m, ok := e.Level.Creatures.At(to); ok {
		if e.Monster.Get(m).Species.Info().Has(c.Peaceful) {
			e.Log.Say("You stop. The Oracle is in your way.")
			return
		}
		e.Intents.List = append(e.Intents.List, c.Intent{Attacker: e.Run.Cog, Target: m, Kick: true})
		return
	}
	switch e.Level.At(to) {
	case c.ClosedDoor, c.LockedDoor:
		if s.rng.OneIn(KickBreaksOneIn) {
			e.Level.SetTerrain(to.Index(), c.BrokenDoor)
			e.Log.Say("As you kick the door, it crashes open!")
		} else {
			e.Log.Say("WHAMM!")
		}
	default:
		e.Log.Say("You kick at empty space.")
	}
}
