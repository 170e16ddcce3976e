package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// Traps fires the trap the cog has just stepped onto (§11): only the cog
// triggers traps, on entering the cell; a fired trap is discovered forever
// and never fires again.
type Traps struct {
	env *Env
	rng *ecs.Stream
}

// Init implements ecs.System.
func (s *Traps) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.rng = s.env.Streams.Get(ecs.StreamTraps)
}

// Update implements ecs.System.
func (s *Traps) Update(w *arche.World) {
	e := s.env
	if !e.Action.Moved {
		return
	}
	p := e.CogPos()
	te, ok := e.TrapAt(p)
	if !ok {
		return
	}
	tr := e.Trap.Get(te)
	if tr.Fired {
		return
	}
	tr.Fired, tr.Discovered = true, true
	e.Level.ShowTrap(p.Index())
	info := tr.Kind.Info()
	e.Log.Say(info.Message)
	if info.TrappedTicks > 0 {
		c.Extend(&e.Status.Get(e.Run.Cog).TrappedUntil, e.Clock.Tick, info.TrappedTicks)
	}
	if info.Teleport {
		s.teleport()
	}
	if info.Die > 0 {
		e.HurtCog(1+s.rng.Rnd(info.Die), "killed by ", info.Article, info.Name)
	}
}

// teleport moves the cog to a uniformly random free room-floor cell.
func (s *Traps) teleport() {
	e := s.env
	lvl := e.Level
	n := 0
	for i := 0; i < c.N; i++ {
		if freeFloor(lvl, i) {
			n++
		}
	}
	if n == 0 {
		return
	}
	k := s.rng.Rn2(n)
	for i := 0; i < c.N; i++ {
		if !freeFloor(lvl, i) {
			continue
		}
		if k == 0 {
			from, to := e.CogPos(), c.PosOf(i)
			lvl.Creatures.Move(from, to)
			*e.Pos.Get(e.Run.Cog) = to
			return
		}
		k--
	}
}

// freeFloor reports whether cell i is a walkable room-floor cell with no
// creature on it.
func freeFloor(lvl *c.Level, i int) bool {
	p := c.PosOf(i)
	return lvl.RoomOf[i] != 0 && lvl.Terrain[i].Walkable() && !lvl.Creatures.Occupied(p)
}
