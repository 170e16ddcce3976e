package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Input pops the cog's next primitive into the Action resource and performs
// the ones that are its own: moves (with attacks, doors, lava, confusion,
// the pit and the lichen, §8), wait and descend. A paralysed cog consumes
// nothing (§13). Every primitive costs exactly one tick. A step is a Move
// event.
type Input struct {
	// What every tick reads comes first (one cache line).
	action  *c.Action
	queue   *c.Queue
	clock   *c.Clock
	run     *c.Run
	status  generic.Map[c.Status]
	pos     generic.Map[c.Position]
	level   *c.Level
	rng     *ecs.Stream
	log     *ecs.Log
	intents *c.Intents
	events  *c.Events
	death   *Death
	monster generic.Map[c.Monster]
}

// Init implements ecs.System.
func (s *Input) Init(w *arche.World) {
	s.rng = Res[ecs.Streams](w).Get(ecs.StreamCog)
	s.level, s.clock, s.run, s.log = Res[c.Level](w), Res[c.Clock](w), Res[c.Run](w), Res[ecs.Log](w)
	s.queue, s.action, s.intents, s.events = Res[c.Queue](w), Res[c.Action](w), Res[c.Intents](w), Res[c.Events](w)
	s.death = NewDeath(w)
	s.pos, s.status, s.monster = generic.NewMap[c.Position](w), generic.NewMap[c.Status](w), generic.NewMap[c.Monster](w)
}

// Update implements ecs.System.
func (s *Input) Update(w *arche.World) {
	*s.action = c.Action{}
	st := s.status.GetUnchecked(s.run.Cog)
	if st.Paralysed(s.clock.Tick) {
		return
	}
	p, ok := s.queue.Pop()
	if !ok {
		return
	}
	s.action.Primitive, s.action.Active = p, true
	switch p.Op {
	case c.OpMove:
		s.move(st, p.Dir)
	case c.OpDescend:
		if s.level.At(*s.pos.GetUnchecked(s.run.Cog)) == c.Stairs {
			s.run.Descend = true
		} else {
			s.log.Say("You can't go down here.")
		}
	}
}

// move performs a step of the cog in direction d, in NetHack's order:
// confusion picks the direction, a creature there is attacked, then the
// lichen and the pit hold the cog, then the terrain decides.
func (s *Input) move(st *c.Status, d c.Dir) {
	t := s.clock.Tick
	confused := st.Confused(t)
	if confused {
		d = c.Dirs[s.rng.Rn2(8)]
	}
	cog := s.run.Cog
	pos := s.pos.GetUnchecked(cog)
	from := *pos
	to := from.Add(d)
	lvl := s.level
	if m, ok := lvl.Creatures.At(to); ok {
		if s.monster.Get(m).Species.Info().Has(c.Peaceful) {
			s.log.Say("You stop. The Oracle is in your way.")
			return
		}
		s.intents.List = append(s.intents.List, c.Intent{Attacker: cog, Target: m})
		return
	}
	if st.Stuck(t) {
		s.log.Say("You cannot escape from the lichen!")
		return
	}
	if st.Trapped(t) {
		s.log.Say("You are still in a pit.")
		return
	}
	switch ter := lvl.At(to); {
	case ter == c.ClosedDoor:
		lvl.SetTerrain(to.Index(), c.OpenDoor)
		s.log.Say("The door opens.")
		return
	case ter == c.LockedDoor:
		s.log.Say("This door is locked.")
		return
	case ter == c.Lava:
		if confused {
			s.log.Say("You fall into the lava! You burn to a crisp.")
			s.death.Kill("lava")
			return
		}
		s.log.Say("You refuse to step into the lava.")
		return
	case !ter.Walkable():
		s.log.Say("You can't move there.")
		return
	case d.Diagonal() && ter.BlocksDiagonal():
		s.log.Say("You can't move diagonally into an intact doorway.")
		return
	case d.Diagonal() && lvl.At(from).BlocksDiagonal():
		s.log.Say("You can't move diagonally out of an intact doorway.")
		return
	}
	lvl.Creatures.Move(from, to)
	*pos = to
	s.action.Moved = true
	s.events.Add(c.Event{Kind: c.Move, Actor: cog, From: from, To: to})
}
