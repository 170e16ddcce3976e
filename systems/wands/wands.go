// Package wands is the §33 mechanic: NetHack's wands reduced to four
// kinds — striking, slow monster, digging and create monster — zapped
// with `zap L [DIR|>]`.
//
// This file and the ones beside it hold the mechanic's logic: the bolt
// ([Bolt]) and the digging beam ([Dig]), the charges ([UseCharge]), the
// four effects and the dispatch of a zap ([Zapper.Zap]), slowness in the
// movement formula ([MovementPoints]) and look's note of it, generation
// ([Draw]) and the system that performs the verb ([Zap]). Its content in
// §32's tables — the verb, the wand class and its kinds with their
// appearances and charges (Spe), the Zap event, the populate hook — is in
// glue.go.
//
// It draws only from its own streams: "wands" in play, and
// "wands/<depth>" for a level's wand, so that a level stays a pure
// function of the episode seed and its depth (§17).
package wands

import (
	_ "embed"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
)

// Name is the mechanic's name (--mechanics wands).
const Name = "wands"

// Stream is the mechanic's play-time RNG stream (§18).
const Stream = "wands"

// NameZap is the zap system's name in the tick order.
const NameZap = "zap"

// Kind is a wand kind, in the order kinds take appearances (§33).
type Kind uint8

// The wand kinds.
const (
	Striking Kind = iota
	SlowMonster
	Digging
	CreateMonster
	NumKinds
)

var kindNames = [NumKinds]string{"striking", "slow monster", "digging", "create monster"}

// String is the kind's name: "striking" in "a wand of striking".
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "wand?"
}

// Directional reports whether the kind is zapped in a direction: all but
// create monster (NetHack's NODIR).
func (k Kind) Directional() bool { return k != CreateMonster }

// Aim is how a zap is aimed: the verb table's (§32.3).
type Aim = c.Aim

// The aims.
const (
	AimNone = c.AimNone // "zap f"
	AimDir  = c.AimDir  // "zap f e"
	AimDown = c.AimDown // "zap f >"
)

// Slowed marks a monster slowed by a wand, for the rest of its life
// (§33): its speed in §9's formula is [SlowSpeed] of its species'.
type Slowed struct{}

// SlowState is the mechanic's component, saved and restored (§27.2).
var SlowState = ecs.RegisterComponent[Slowed]("wands.slow")

// SlowSpeed is a slowed monster's speed: (2·speed + 1) div 3 (N:
// mon_adjust_speed's MSLOW).
func SlowSpeed(speed int) int { return (2*speed + 1) / 3 }

// InitialCharges draws a new wand's charges (N): rn1(5,4) = 4…8, and
// rn1(5,11) = 11…15 for create monster.
func InitialCharges(rng *ecs.Stream, k Kind) int32 {
	if k == CreateMonster {
		return int32(rng.Rn2(5) + 11)
	}
	return int32(rng.Rn2(5) + 4)
}

// The zap's messages.
const (
	MsgNothing   = "Nothing happens."
	MsgWrest     = "You wrest one last charge from the worn-out wand."
	MsgNoObject  = systems.MsgNoObject
	MsgSilly     = "That is a silly thing to zap."
	MsgDirection = "In what direction?"
	MsgDownward  = "You zap the wand downward."
	MsgBounce    = "The beam bounces off the stairs."
	MsgHole      = "You dig a hole through the floor."
	MsgFall      = "You fall through..."
)

// UseCharge is NetHack's zappable(): a wand with charges < 0, or 0 and
// rn2(121) ≠ 0, does nothing ("Nothing happens."); at 0 with the 1 in 121
// roll it fires once more ("You wrest one last charge from the worn-out
// wand."); otherwise it fires. Firing takes a charge. rn2(121) is drawn
// only at 0 charges. dust reports whether the wand is left below 0,
// which turns it to dust once the effect is done; msg is "" for an
// ordinary zap.
func UseCharge(spe *int32, rng *ecs.Stream) (fire, dust bool, msg string) {
	switch {
	case *spe < 0:
		return false, true, MsgNothing
	case *spe == 0 && rng.Rn2(121) != 0:
		return false, false, MsgNothing
	case *spe == 0:
		msg = MsgWrest
	}
	*spe--
	return true, *spe < 0, msg
}

// rules are the mechanic's rules as the cog is told them (§33), which
// `cogsim prompt --mechanics wands` adds to the rulebook.
//
//go:embed rules.md
var rules string

func init() {
	c.AddMonsterNote(slowedNote)
	ecs.Register(ecs.Mechanic{
		Name: Name, Version: "1",
		Doc:        "NetHack's wands: striking, slow monster, digging and create monster (zap)",
		Components: []*ecs.StateType{SlowState},
		Populate:   Populate,
		Rules:      rules,
		Install: func(s *ecs.Scheduler) error {
			if err := s.Replace(systems.NameMovementPoints, &MovementPoints{}); err != nil {
				return err
			}
			return s.Before(systems.NameTraps, NameZap, &Zap{})
		},
	})
}
