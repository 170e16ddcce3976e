package wands

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
)

// Zap performs the cog's `zap L [DIR|>]` (§33): it reads the tick's
// c.Action, as items, kick and chat do, and acts when its Op is
// [ZapOp]. "You don't have that object." for an empty letter, "That is
// a silly thing to zap." for what is not a wand; else [Zapper.Zap], then
// the kind is identified when the zap made it known and the Zap event
// published, and a wand left below 0 charges "turns to dust." and leaves
// the pack. Every zap costs the tick (the input system already spent
// it).
type Zap struct {
	*Zapper
	action    *c.Action
	run       *c.Run
	log       *ecs.Log
	knowledge *c.Knowledge
	events    *c.Events
	pack      *systems.Pack
	msg       []byte
}

// Init implements ecs.System.
func (s *Zap) Init(w *arche.World) {
	s.Zapper = NewZapper(w)
	s.action, s.run, s.log = systems.Res[c.Action](w), systems.Res[c.Run](w), systems.Res[ecs.Log](w)
	s.knowledge, s.events = systems.Res[c.Knowledge](w), systems.Res[c.Events](w)
	s.pack = systems.NewPack(w)
	s.msg = make([]byte, 0, 64)
}

// Verbs implements ecs.VerbSystem: Zap runs only on a tick of zap
// (§39.6).
func (*Zap) Verbs() []c.Op { return []c.Op{ZapOp} }

// Update implements ecs.System.
func (s *Zap) Update(w *arche.World) {
	a := s.action
	if !a.Active || a.Op != ZapOp || s.run.Ended {
		return
	}
	inv, slot, ok := s.pack.Of(a.Letter, WandClass, MsgSilly)
	if !ok {
		return
	}
	st := &inv.Slots[slot]
	k, spe, _ := wandIn(st)
	out := s.Zapper.Zap(k, spe, a.Aim, a.Dir)
	if out.Known {
		s.knowledge.Identify(st.Kind)
	}
	s.events.Add(zapEvent(s.run.Cog, st.Kind, out))
	if out.Dust {
		s.msg = s.knowledge.AppendBareName(append(s.msg[:0], "The "...), st.Kind, st.Spe)
		s.msg = append(s.msg, " turns to dust."...)
		s.log.SayBytes(s.msg)
		inv.Take(slot)
	}
}
