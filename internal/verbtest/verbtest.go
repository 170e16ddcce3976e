// Package verbtest is a mechanic for tests of §32.3: it adds one verb of
// each argument shape and says, as the tick's message, what it was asked
// to do, so a test can follow a verb from the reply (or a key, or an
// action index) to the system that performs it with no code of its own
// in the parser, the prompt, the server or cogplay. Importing the
// package registers the mechanic "verbtest"; only tests do.
package verbtest

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
)

// Name is the mechanic's name.
const Name = "verbtest"

// The mechanic's verbs, one of each shape.
var (
	// Hum takes nothing; reached in cogplay only by "#hum".
	Hum = c.AddVerb(c.Verb{Word: "hum", Aliases: []string{"hm"}, Help: "hum a tune", Mechanic: Name})
	// Chant takes a count.
	Chant = c.AddVerb(c.Verb{Word: "chant", Arg: c.ArgCount, Help: "chant, once or N times", Mechanic: Name})
	// Point takes a direction.
	Point = c.AddVerb(c.Verb{Word: "point", Arg: c.ArgDir, Key: 'P', Help: "point toward DIR", Mechanic: Name})
	// Polish takes a letter, of a weapon in cogplay.
	Polish = c.AddVerb(c.Verb{Word: "polish", Arg: c.ArgLetter, Key: 'O', Classes: []c.ItemClass{c.WeaponClass},
		Help: "polish the weapon of letter L", Mechanic: Name})
	// Aim takes a letter and an optional direction or ">".
	Aim = c.AddVerb(c.Verb{Word: "aim", Aliases: []string{"am"}, Arg: c.ArgLetterAim, Key: 'A',
		Classes: []c.ItemClass{c.PotionClass}, Help: "aim the potion of letter L toward DIR or down", Mechanic: Name})
)

func init() {
	ecs.Register(ecs.Mechanic{
		Name: Name, Version: "1", Doc: "one verb of each shape, which says what it was asked (for tests)",
		Install: func(s *ecs.Scheduler) error {
			return s.After(systems.NameInput, Name, &System{})
		},
	})
}

// System performs the mechanic's verbs: it says what it was asked.
type System struct {
	action *c.Action
	log    *ecs.Log
}

// Init implements ecs.System.
func (s *System) Init(w *arche.World) {
	s.action, s.log = systems.Res[c.Action](w), systems.Res[ecs.Log](w)
}

// Update implements ecs.System.
func (s *System) Update(*arche.World) {
	a := s.action
	if !a.Active {
		return
	}
	switch a.Op {
	case Hum:
		s.log.Say("You hum.")
	case Chant:
		s.log.Say("You chant.")
	case Point:
		s.log.Say("You point ", a.Dir.String(), ".")
	case Polish:
		s.log.Say("You polish ", string(a.Letter), ".")
	case Aim:
		switch a.Aim {
		case c.AimDir:
			s.log.Say("You aim ", string(a.Letter), " ", a.Dir.String(), ".")
		case c.AimDown:
			s.log.Say("You aim ", string(a.Letter), " down.")
		default:
			s.log.Say("You aim ", string(a.Letter), " nowhere.")
		}
	}
}
