package systems

import (
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
)

// OracleFee is what the Oracle takes for a consultation (§16).
const OracleFee = 50

// Chat handles the chat primitive (§16): the Oracle, paid 50 gold, tells
// the true compass octant from the cog to the stairs.
type Chat struct{ env *Env }

// Init implements ecs.System.
func (s *Chat) Init(w *arche.World) { s.env = EnvOf(w) }

// Update implements ecs.System.
func (s *Chat) Update(w *arche.World) {
	e := s.env
	if !e.Action.Active || e.Action.Op != c.OpChat {
		return
	}
	cog := e.CogPos()
	m, ok := e.Level.Creatures.At(cog.Add(e.Action.Dir))
	if !ok {
		e.Log.Say("You talk to yourself.")
		return
	}
	info := e.Monster.Get(m).Species.Info()
	if !info.Has(c.Peaceful) {
		e.Log.Say("The ", info.Name, " does not respond.")
		return
	}
	purse := e.Purse.Get(e.Run.Cog)
	if purse.Gold < OracleFee {
		e.Log.Say("The Oracle scowls at your empty purse.")
		return
	}
	purse.Gold -= OracleFee
	e.Run.Deeds.Earn("oracle", e.Clock.Tick)
	if cog == e.Level.Stairs {
		e.Log.Say("The Oracle says: the stairs are beneath you.")
		return
	}
	e.Log.Say("The Oracle says: the stairs lie to the ", Octant(cog, e.Level.Stairs).Word(), ".")
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
