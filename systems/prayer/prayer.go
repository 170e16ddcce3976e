// Package prayer is an in-tree mechanic of §39.7: NetHack's prayer,
// reduced. The cog may `pray` (one tick); a god, Mitra, answers a cog
// in trouble once the prayer timeout is low enough, and restores its hit
// points. It is a verb, a resource (the timeout, saved and restored), an
// event, a scenario field and a deed — each from this package alone.
package prayer

import (
	_ "embed"
	"encoding/json"
	"fmt"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Name is the mechanic's name (--mechanics prayer).
const Name = "prayer"

// Stream is the mechanic's play-time RNG stream (§18).
const Stream = "prayer"

// NamePray is the pray system's name in the tick order.
const NamePray = "pray"

// The prayer timeout (§39.7; N: u.ublesscnt, reduced): 300 as the
// episode begins, one less each tick down to 0; a prayer answered sets
// it to 300 + rn2(50). A cog in trouble is answered at a timeout of
// TroubleTimeout or less, one out of trouble only at 0.
const (
	InitialTimeout = 300
	ResetTimeout   = 300
	ResetSpread    = 50
	TroubleTimeout = 200
	// MaxTimeout bounds a timeout a scenario or a snapshot sets.
	MaxTimeout = 1_000_000
)

// The trouble (N: TROUBLE_HIT, reduced): hp at most LowHP, or below
// 1/TroubleDivisor of the maximum.
const (
	LowHP          = 5
	TroubleDivisor = 7
)

// The answers.
const (
	MsgAnswered   = "You feel a hopeful feeling."
	MsgDispleased = "You feel that Mitra is displeased."
)

// Prayed is the mechanic's deed: the first prayer answered, worth
// PrayedPoints.
const (
	Prayed       = "prayed"
	PrayedPoints = 25
)

// Prayer is the mechanic's resource: when the prayer timeout runs out.
// The timeout as the clock shows tick n (after n ticks) is
// max(0, Ends − n); a prayer during tick t is judged by the timeout of
// tick t − 1, as the cog saw it when it prayed.
type Prayer struct{ Ends int }

// Timeout is the prayer timeout after tick n.
func (p *Prayer) Timeout(n int) int { return max(0, p.Ends-n) }

// Begin starts an episode at the initial timeout (§32.2).
func (p *Prayer) Begin(*arche.World) { p.Ends = InitialTimeout }

// Check refuses a timeout out of range after a restore.
func (p *Prayer) Check(w *arche.World) error {
	t := systems.Res[c.Clock](w).Tick
	if p.Ends < 0 || p.Ends-t > MaxTimeout {
		return fmt.Errorf("prayer.prayer.Ends %d: out of range 0…%d (clock.Tick + %d)", p.Ends, t+MaxTimeout, MaxTimeout)
	}
	return nil
}

// PrayerState is the mechanic's resource, saved and restored (§27.2).
var PrayerState = ecs.RegisterResource[Prayer]("prayer.prayer")

// PrayOp is the pray verb's primitive: `pray`, cogplay's `#pray`.
var PrayOp = c.AddVerb(c.Verb{Word: "pray", Arg: c.ArgNone,
	Help: "pray to Mitra: heals a cog in trouble when the prayer timeout allows", Past: "prayed", Mechanic: Name})

// PrayEvent is the mechanic's event: the cog prayed. Hit says the
// prayer was answered; Before and After are the cog's hit points before
// and after; Ticks is the timeout it was judged by.
var PrayEvent = c.RegisterEvent("pray")

// InTrouble reports whether a cog with hp of maxHP hit points is in
// trouble: hp ≤ 5, or below 1/7 of the maximum (§39.7).
func InTrouble(hp, maxHP int) bool { return hp <= LowHP || hp*TroubleDivisor < maxHP }

// Answered reports whether a prayer is answered: a cog in trouble at a
// timeout of 200 or less, one out of trouble at 0.
func Answered(trouble bool, timeout int) bool {
	if trouble {
		return timeout <= TroubleTimeout
	}
	return timeout == 0
}

// Pray performs the cog's `pray` (§39.7): answered ([Answered]), "You
// feel a hopeful feeling.", hit points back to the maximum when in
// trouble, the timeout set to 300 + rn2(50), and the prayed deed the
// first time; else "You feel that Mitra is displeased." and nothing
// else. Each prayer is a Pray event.
type Pray struct {
	action *c.Action
	run    *c.Run
	clock  *c.Clock
	log    *ecs.Log
	events *c.Events
	prayer *Prayer
	rng    *ecs.Stream
	health generic.Map[c.Health]
}

// Init implements ecs.System.
func (s *Pray) Init(w *arche.World) {
	s.action, s.run, s.clock, s.log = systems.Res[c.Action](w), systems.Res[c.Run](w), systems.Res[c.Clock](w), systems.Res[ecs.Log](w)
	s.events, s.prayer = systems.Res[c.Events](w), systems.Res[Prayer](w)
	s.rng = systems.Res[ecs.Streams](w).Get(Stream)
	s.health = generic.NewMap[c.Health](w)
}

// Verbs implements ecs.VerbSystem: Pray runs only on a tick of pray
// (§39.6).
func (*Pray) Verbs() []c.Op { return []c.Op{PrayOp} }

// Update implements ecs.System.
func (s *Pray) Update(w *arche.World) {
	a := s.action
	if !a.Active || a.Op != PrayOp || s.run.Ended {
		return
	}
	t := s.clock.Tick
	h := s.health.Get(s.run.Cog)
	before, timeout := h.HP, s.prayer.Timeout(t-1)
	trouble := InTrouble(h.HP, h.MaxHP)
	ok := Answered(trouble, timeout)
	if ok {
		s.log.Say(MsgAnswered)
		if trouble {
			h.HP = h.MaxHP
		}
		s.prayer.Ends = t + ResetTimeout + s.rng.Rn2(ResetSpread)
		s.run.Deeds.Earn(Prayed, t)
	} else {
		s.log.Say(MsgDispleased)
	}
	s.events.Add(c.Event{Kind: PrayEvent, Actor: s.run.Cog, Hit: ok, Before: before, After: h.HP, Ticks: timeout})
}

// scenario reads {"timeout": N}: the timeout as the scenario begins.
func scenario(w *arche.World, raw json.RawMessage) error {
	var v struct {
		Timeout *int `json:"timeout"`
	}
	if err := ecs.DecodeScenario(raw, &v); err != nil {
		return err
	}
	if v.Timeout != nil {
		if *v.Timeout < 0 || *v.Timeout > MaxTimeout {
			return fmt.Errorf("timeout: %d is out of range 0…%d", *v.Timeout, MaxTimeout)
		}
		arche.GetResource[Prayer](w).Ends = arche.GetResource[c.Clock](w).Tick + *v.Timeout
	}
	return nil
}

// rules are the mechanic's rules as the cog is told them, which `cogsim
// prompt --mechanics prayer` adds to the rulebook.
//
//go:embed rules.md
var rules string

func init() {
	c.AddDeed(c.DeedInfo{Name: Prayed, Points: PrayedPoints, Doc: "the first prayer answered", Mechanic: Name})
	ecs.Register(ecs.Mechanic{
		Name: Name, Version: "1",
		Doc:       "NetHack's prayer, reduced: pray when in trouble, Mitra restores your hit points (pray)",
		Resources: []*ecs.StateType{PrayerState},
		Scenario:  scenario,
		Rules:     rules,
		Install: func(s *ecs.Scheduler) error {
			return s.Before(systems.NameTraps, NamePray, &Pray{})
		},
	})
}
