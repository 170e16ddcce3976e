package wands

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Zap performs the cog's `zap L [DIR|>]` (§33): it reads the tick's
// c.Action, as items, kick and chat do, and acts when its Op is the zap
// verb's. "You don't have that object." for an empty letter, "That is a
// silly thing to zap." for what is not a wand; else [Zapper.Zap], then
// the glue is told of the outcome, and a wand left below 0 charges
// "turns to dust." and leaves the pack. Every zap costs the tick (the
// input system already spent it).
//
// Its hooks are what the round-two APIs (§32) supply; newZap sets them
// from glue.go, and tests may set their own.
type Zap struct {
	*Zapper
	// Op is the zap verb's primitive (c.AddVerb's); 0 matches nothing.
	Op c.Op
	// Wand reports whether st is a wand, its kind and where its charges
	// (Spe) are.
	Wand func(st *c.Stack) (k Kind, spe *int32, ok bool)
	// AimOf reads how the action is aimed.
	AimOf func(a *c.Action) Aim
	// Name appends how the wand in st reads, without article ("oak
	// wand", "wand of striking"), for "The oak wand turns to dust.".
	Name func(b []byte, st *c.Stack) []byte
	// Done is told of every zap that reached a wand (identification, the
	// Zap event), before a spent wand leaves the pack.
	Done func(st *c.Stack, o Outcome)
	// Mechanics names the installed mechanics, for create monster (see
	// [Zapper]); nil takes glue.go's installed().
	Mechanics []string

	action    *c.Action
	run       *c.Run
	log       *ecs.Log
	inventory generic.Map[c.Inventory]
	msg       []byte
}

// newZap is the system the mechanic installs, its hooks from glue.go.
func newZap() *Zap { return &Zap{Op: ZapOp, Wand: wandIn, AimOf: aimOf} }

// Init implements ecs.System.
func (s *Zap) Init(w *arche.World) {
	s.Zapper = NewZapper(w)
	s.action, s.run, s.log = systems.Res[c.Action](w), systems.Res[c.Run](w), systems.Res[ecs.Log](w)
	s.inventory = generic.NewMap[c.Inventory](w)
	s.msg = make([]byte, 0, 64)
	if s.Mechanics == nil {
		s.Mechanics = installed(w)
	}
	if s.Name == nil || s.Done == nil {
		g := newGlue(w)
		if s.Name == nil {
			s.Name = g.name
		}
		if s.Done == nil {
			s.Done = g.zapped
		}
	}
	s.Zapper.Mechanics = s.Mechanics
}

// Update implements ecs.System.
func (s *Zap) Update(w *arche.World) {
	a := s.action
	if !a.Active || s.Op == 0 || a.Op != s.Op || s.run.Ended {
		return
	}
	inv := s.inventory.Get(s.run.Cog)
	slot := inv.Slot(a.Letter)
	if slot < 0 {
		s.log.Say(MsgNoObject)
		return
	}
	st := &inv.Slots[slot]
	k, spe, ok := s.Wand(st)
	if !ok {
		s.log.Say(MsgSilly)
		return
	}
	out := s.Zapper.Zap(k, spe, s.AimOf(a), a.Dir)
	s.Done(st, out)
	if out.Dust {
		s.msg = s.Name(append(s.msg[:0], "The "...), st)
		s.msg = append(s.msg, " turns to dust."...)
		s.log.SayBytes(s.msg)
		inv.Take(slot)
	}
}
