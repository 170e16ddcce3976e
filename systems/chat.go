package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// OracleFee is what the Oracle takes for a consultation (§16).
const OracleFee = 50

// Chat handles the chat primitive (§16): the Oracle, paid 50 gold, tells
// the true compass octant from the cog to the stairs.
type Chat struct {
	action  *c.Action // first: most ticks read only it
	level   *c.Level
	clock   *c.Clock
	run     *c.Run
	log     *ecs.Log
	pos     generic.Map[c.Position]
	purse   generic.Map[c.Purse]
	monster generic.Map[c.Monster]
}

// Init implements ecs.System.
func (s *Chat) Init(w *arche.World) {
	s.level, s.clock, s.run, s.log, s.action = Res[c.Level](w), Res[c.Clock](w), Res[c.Run](w), Res[ecs.Log](w), Res[c.Action](w)
	s.pos, s.purse, s.monster = generic.NewMap[c.Position](w), generic.NewMap[c.Purse](w), generic.NewMap[c.Monster](w)
}

// chatVerbs are the verbs Chat performs.
var chatVerbs = []c.Op{c.OpChat}

// Verbs implements ecs.VerbSystem: Chat runs only on a tick of chat (§39.6).
func (*Chat) Verbs() []c.Op { return chatVerbs }

// Update implements ecs.System.
func (s *Chat) Update(w *arche.World) {
	if !s.action.Active || s.action.Op != c.OpChat {
		return
	}
	cog := *s.pos.Get(s.run.Cog)
	m, ok := s.level.Creatures.At(cog.Add(s.action.Dir))
	if !ok {
		s.log.Say("You talk to yourself.")
		return
	}
	info := s.monster.Get(m).Species.Info()
	if !info.Has(c.Peaceful) {
		s.log.Say("The ", info.Name, " does not respond.")
		return
	}
	purse := s.purse.Get(s.run.Cog)
	if purse.Gold < OracleFee {
		s.log.Say("The Oracle scowls at your empty purse.")
		return
	}
	purse.Gold -= OracleFee
	s.run.Deeds.Earn("oracle", s.clock.Tick)
	if cog == s.level.Stairs {
		s.log.Say("The Oracle says: the stairs are beneath you.")
		return
	}
	s.log.Say("The Oracle says: the stairs lie to the ", Octant(cog, s.level.Stairs).Word(), ".")
}

// Octant is the compass direction whose 45° sector, centred on it, holds
// the angle from a to b (y grows southward). It compares squares exactly:
// the east sector is |dy| < tan(22.5°)·|dx|, i.e. (|dx|+|dy|)² < 2·dx².
func Octant(a, b c.Pos) c.Dir {
	dx, dy := b.X-a.X, b.Y-a.Y
	ax, ay := abs(dx), abs(dy)
	s := (ax + ay) * (ax + ay)
	switch {
	case s < 2*ax*ax: // mostly horizontal
		if dx > 0 {
			return c.East
		}
		return c.West
	case s < 2*ay*ay: // mostly vertical
		if dy > 0 {
			return c.South
		}
		return c.North
	case dx > 0 && dy > 0:
		return c.SouthEast
	case dx > 0:
		return c.NorthEast
	case dy > 0:
		return c.SouthWest
	}
	return c.NorthWest
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
