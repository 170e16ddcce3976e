package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// Input pops the cog's next primitive into the Action resource and performs
// the ones that are its own: moves (with attacks, doors, lava, confusion,
// the pit and the lichen, §8), wait and descend. A paralysed cog consumes
// nothing (§13). Every primitive costs exactly one tick.
type Input struct {
	env *Env
	cog *ecs.Stream
}

// Init implements ecs.System.
func (s *Input) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.cog = s.env.Streams.Get(ecs.StreamCog)
}

// Update implements ecs.System.
func (s *Input) Update(w *arche.World) {
	e := s.env
	*e.Action = c.Action{}
	st := e.Status.Get(e.Run.Cog)
	if st.Paralysed(e.Clock.Tick) {
		return
	}
	p, ok := e.Queue.Pop()
	if !ok {
		return
	}
	e.Action.Primitive, e.Action.Active = p, true
	switch p.Op {
	case c.OpMove:
		s.move(st, p.Dir)
	case c.OpDescend:
		if e.Level.At(e.CogPos()) == c.Stairs {
			e.Run.Descend = true
		} else {
			e.Log.Say("You can't go down here.")
		}
	}
}

// move performs a step of the cog in direction d, in NetHack's order:
// confusion picks the direction, a creature there is attacked, then the
// lichen and the pit hold the cog, then the terrain decides.
func (s *Input) move(st *c.Status, d c.Dir) {
	e := s.env
	t := e.Clock.Tick
	confused := st.Confused(t)
	if confused {
		d = c.Dirs[s.cog.Rn2(8)]
	}
	pos := e.Pos.Get(e.Run.Cog)
	from := *pos
	to := from.Add(d)
	if m, ok := e.Level.Creatures.At(to); ok {
		if e.Monster.Get(m).Species.Info().Has(c.Peaceful) {
			e.Log.Say("You stop. The Oracle is in your way.")
			return
		}
		e.Intents.List = append(e.Intents.List, c.Intent{Attacker: e.Run.Cog, Target: m})
		return
	}
	if st.Stuck(t) {
		e.Log.Say("You cannot escape from the lichen!")
		return
	}
	if st.Trapped(t) {
		e.Log.Say("You are still in a pit.")
		return
	}
	switch ter := e.Level.At(to); {
	case ter == c.ClosedDoor:
		e.Level.SetTerrain(to.Index(), c.OpenDoor)
		e.Log.Say("The door opens.")
		return
	case ter == c.LockedDoor:
		e.Log.Say("This door is locked.")
		return
	case ter == c.Lava:
		if confused {
			e.Log.Say("You fall into the lava! You burn to a crisp.")
			e.KillCog("lava")
			return
		}
		e.Log.Say("You refuse to step into the lava.")
		return
	case !ter.Walkable():
		e.Log.Say("You can't move there.")
		return
	case d.Diagonal() && ter.BlocksDiagonal():
		e.Log.Say("You can't move diagonally into an intact doorway.")
		return
	case d.Diagonal() && e.Level.At(from).BlocksDiagonal():
		e.Log.Say("You can't move diagonally out of an intact doorway.")
		return
	}
	e.Level.Creatures.Move(from, to)
	*pos = to
	e.Action.Moved = true
}
