package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// KickBreaksOneIn is the chance, 1 in n, that a kick breaks a door (§8).
const KickBreaksOneIn = 3

// Kick handles the kick primitive (§8): at a monster it is a melee attack
// with hit bonus 0 and die 2; at a closed or locked door it breaks it with
// chance 1/3; at anything else it kicks empty space. A Weak or Fainting
// cog is too weak to kick.
type Kick struct {
	action    *c.Action // first: most ticks read only it
	rng       *ecs.Stream
	level     *c.Level
	run       *c.Run
	log       *ecs.Log
	intents   *c.Intents
	pos       generic.Map[c.Position]
	nutrition generic.Map[c.Nutrition]
	monster   generic.Map[c.Monster]
}

// Init implements ecs.System.
func (s *Kick) Init(w *arche.World) {
	s.rng = Res[ecs.Streams](w).Get(ecs.StreamCog)
	s.level, s.run, s.log = Res[c.Level](w), Res[c.Run](w), Res[ecs.Log](w)
	s.action, s.intents = Res[c.Action](w), Res[c.Intents](w)
	s.pos, s.nutrition, s.monster = generic.NewMap[c.Position](w), generic.NewMap[c.Nutrition](w), generic.NewMap[c.Monster](w)
}

// kickVerbs are the verbs Kick performs.
var kickVerbs = []c.Op{c.OpKick}

// Verbs implements ecs.VerbSystem: Kick runs only on a tick of kick (§39.6).
func (*Kick) Verbs() []c.Op { return kickVerbs }

// Update implements ecs.System.
func (s *Kick) Update(w *arche.World) {
	if !s.action.Active || s.action.Op != c.OpKick {
		return
	}
	if s.nutrition.Get(s.run.Cog).Weak() {
		s.log.Say("You are too weak to kick.")
		return
	}
	to := s.pos.Get(s.run.Cog).Add(s.action.Dir)
	if m, ok := s.level.Creatures.At(to); ok {
		if s.monster.Get(m).Species.Info().Has(c.Peaceful) {
			s.log.Say("You stop. The Oracle is in your way.")
			return
		}
		s.intents.List = append(s.intents.List, c.Intent{Attacker: s.run.Cog, Target: m, Kick: true})
		return
	}
	switch s.level.At(to) {
	case c.ClosedDoor, c.LockedDoor:
		if s.rng.OneIn(KickBreaksOneIn) {
			s.level.SetTerrain(to.Index(), c.BrokenDoor)
			s.log.Say("As you kick the door, it crashes open!")
		} else {
			s.log.Say("WHAMM!")
		}
	default:
		s.log.Say("You kick at empty space.")
	}
}
