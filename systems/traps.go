package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Traps fires the trap the cog has just stepped onto (§11): only the cog
// triggers traps, on entering the cell; a fired trap is discovered forever
// and never fires again. Each firing is a TrapFired event.
type Traps struct {
	action     *c.Action // first: most ticks read only it
	rng        *ecs.Stream
	level      *c.Level
	run        *c.Run
	log        *ecs.Log
	events     *c.Events
	traps      *TrapMap
	death      *Death
	conditions *Conditions
	mover      *Mover
	pos        generic.Map[c.Position]
	trap       generic.Map[c.Trap]
}

// Init implements ecs.System.
func (s *Traps) Init(w *arche.World) {
	s.rng = Res[ecs.Streams](w).Get(ecs.StreamTraps)
	s.level, s.run, s.log = Res[c.Level](w), Res[c.Run](w), Res[ecs.Log](w)
	s.action, s.events = Res[c.Action](w), Res[c.Events](w)
	s.traps, s.death, s.conditions, s.mover = NewTrapMap(w), NewDeath(w), NewConditions(w), NewMover(w)
	s.pos, s.trap = generic.NewMap[c.Position](w), generic.NewMap[c.Trap](w)
}

// Update implements ecs.System.
func (s *Traps) Update(w *arche.World) {
	if !s.action.Moved {
		return
	}
	p := *s.pos.GetUnchecked(s.run.Cog)
	te, ok := s.traps.At(p)
	if !ok {
		return
	}
	tr := s.trap.Get(te)
	if tr.Fired {
		return
	}
	tr.Fired, tr.Discovered = true, true
	s.level.ShowTrap(p.Index())
	info := tr.Kind.Info()
	s.log.Say(info.Message)
	if info.TrappedTicks > 0 {
		s.conditions.Set(c.Trapped, info.TrappedTicks)
	}
	if info.Teleport {
		s.mover.Teleport(s.run.Cog, s.rng)
	}
	dmg := 0
	if info.Die > 0 {
		dmg = 1 + s.rng.Rnd(info.Die)
	}
	s.events.Add(c.Event{Kind: c.TrapFired, Actor: s.run.Cog, Trap: tr.Kind, Damage: dmg})
	if dmg > 0 {
		s.death.Hurt(dmg, "killed by ", info.Article, info.Name)
	}
}
