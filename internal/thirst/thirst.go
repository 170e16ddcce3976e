// Package thirst is a mechanic for tests of §32.3–§32.7 and §39.1: it adds an item
// class with appearances (trinkets, '='), a class without (flasks, '(')
// and the verb that uses it (drink L, reached in cogplay by #drink), a
// potion kind with its own effect (a flask of water), an event kind, two
// status words, a scenario field and a populate hook, so that tests can
// prove each reaches the
// cog, the status line, the stats, scenarios and generated levels — and
// that none of it touches the cog game when the mechanic is not
// installed. Importing the package registers the mechanic "thirst"; only
// tests do.
package thirst

import (
	"encoding/json"
	"fmt"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Name is the mechanic's name; Stream its RNG stream.
const (
	Name   = "thirst"
	Stream = "thirst"
)

// Thirst is the mechanic's resource: how thirsty the cog is (one more
// each tick) and how many flasks it drank (counted from the Drank
// events, as another mechanic would read them).
type Thirst struct {
	Value int
	Drank int
}

// The statuses' thresholds.
const (
	ThirstyAt = 100
	ParchedAt = 200
)

// The mechanic's rows, state, event kind and statuses.
var (
	ThirstState = ecs.RegisterResource[Thirst]("thirst.thirst")

	// TrinketClass is a class with appearances of its own stream.
	TrinketClass = c.AddClass(c.ClassInfo{Name: "trinket", Glyph: '=', Colour: c.Yellow,
		Appearances: []string{"oak", "ebony", "marble", "tin"}, Noun: "trinket", Stream: Stream, Mechanic: Name})
	Calm  = c.AddItem(c.ItemInfo{Name: "trinket of calm", Plural: "trinkets of calm", Article: "a ", Class: TrinketClass, Mechanic: Name})
	Noise = c.AddItem(c.ItemInfo{Name: "trinket of noise", Plural: "trinkets of noise", Article: "a ", Class: TrinketClass, Mechanic: Name})

	// Water is a potion whose effect is the mechanic's: it quenches.
	Water = c.AddItem(c.ItemInfo{Name: "flask of water", Plural: "flasks of water", Article: "a ", Class: c.PotionClass,
		Colour: c.BrightBlue, Effect: c.QuaffFunc(drink), QuaffMessage: "This tastes like water.", Mechanic: Name})

	// FlaskClass holds the canteen, drunk with the mechanic's verb.
	FlaskClass = c.AddClass(c.ClassInfo{Name: "flask", Glyph: '(', Colour: c.BrightBlue, Mechanic: Name})
	Canteen    = c.AddItem(c.ItemInfo{Name: "canteen", Plural: "canteens", Article: "a ", Class: FlaskClass, Mechanic: Name})
	// DrinkOp is `drink L`: no key of its own, so cogplay offers #drink.
	DrinkOp = c.AddVerb(c.Verb{Word: "drink", Arg: c.ArgLetter, Classes: []c.ItemClass{FlaskClass},
		Help: "drink from the canteen of letter L", Mechanic: Name})

	// Drank: the cog drank Before thirst away (Count: 1).
	Drank = c.RegisterEvent("drank")

	Thirsty = c.AddStatus(c.StatusInfo{Word: "Thirsty", Mechanic: Name, Holds: func(w *arche.World) func() bool {
		t := arche.GetResource[Thirst](w)
		return func() bool { return t.Value >= ThirstyAt }
	}})
	Parched = c.AddStatus(c.StatusInfo{Word: "Parched", Mechanic: Name, Holds: func(w *arche.World) func() bool {
		t := arche.GetResource[Thirst](w)
		return func() bool { return t.Value >= ParchedAt }
	}})
)

// Quenched is the mechanic's deed: the first drink from the canteen,
// worth QuenchedPoints (§39.1).
const (
	Quenched       = "quenched"
	QuenchedPoints = 10
)

func init() {
	c.AddDeed(c.DeedInfo{Name: Quenched, Points: QuenchedPoints, Doc: "the first drink from a canteen", Mechanic: Name})
	ecs.Register(ecs.Mechanic{
		Name: Name, Version: "1", Doc: "the cog grows thirsty; flasks of water quench it (for tests)",
		Resources: []*ecs.StateType{ThirstState},
		Install: func(s *ecs.Scheduler) error {
			return s.After(systems.NameRegeneration, "thirst", &System{})
		},
		Scenario: scenario,
		Populate: populate,
	})
}

// drink is the flask's effect.
func drink(w *arche.World, cog arche.Entity) {
	t := arche.GetResource[Thirst](w)
	arche.GetResource[c.Events](w).Add(c.Event{Kind: Drank, Actor: cog, Before: t.Value, Count: 1})
	t.Value = 0
}

// scenario reads {"thirst": N}.
func scenario(w *arche.World, raw json.RawMessage) error {
	var v struct {
		Thirst *int `json:"thirst"`
	}
	if err := ecs.DecodeScenario(raw, &v); err != nil {
		return err
	}
	if v.Thirst != nil {
		if *v.Thirst < 0 {
			return fmt.Errorf("thirst: %d is negative", *v.Thirst)
		}
		arche.GetResource[Thirst](w).Value = *v.Thirst
	}
	return nil
}

// populate puts a trinket of calm, its Spe the depth, on a room floor
// cell drawn from the level's stream.
func populate(w *arche.World, depth int, rng *ecs.Stream) {
	lvl := arche.GetResource[c.Level](w)
	if len(lvl.Rooms) == 0 {
		return
	}
	r := lvl.Rooms[rng.Rn2(len(lvl.Rooms))].Interior
	p := c.Pos{X: r.X0 + rng.Rn2(r.X1-r.X0+1), Y: r.Y0 + rng.Rn2(r.Y1-r.Y0+1)}
	systems.NewFloor(w).PlaceStack(c.Stack{Kind: Calm, Count: 1, Spe: int32(depth)}, p)
}

// System performs `drink L`, makes the cog thirstier each tick and
// counts the Drank events.
type System struct {
	thirst    *Thirst
	clock     *c.Clock
	events    *c.Events
	action    *c.Action
	run       *c.Run
	log       *ecs.Log
	inventory generic.Map[c.Inventory]
}

// Init implements ecs.System.
func (s *System) Init(w *arche.World) {
	s.thirst, s.events, s.clock = systems.Res[Thirst](w), systems.Res[c.Events](w), systems.Res[c.Clock](w)
	s.action, s.run, s.log = systems.Res[c.Action](w), systems.Res[c.Run](w), systems.Res[ecs.Log](w)
	s.inventory = generic.NewMap[c.Inventory](w)
}

// Update implements ecs.System.
func (s *System) Update(*arche.World) {
	if a := s.action; a.Active && a.Op == DrinkOp {
		inv := s.inventory.Get(s.run.Cog)
		switch slot := inv.Slot(a.Letter); {
		case slot < 0:
			s.log.Say("You don't have that object.")
		case inv.Slots[slot].Kind != Canteen:
			s.log.Say("You can't drink from that!")
		default:
			s.log.Say("You drink from the canteen. Refreshing!")
			s.events.Add(c.Event{Kind: Drank, Actor: s.run.Cog, Before: s.thirst.Value, Count: 1})
			s.thirst.Value = 0
			s.run.Deeds.Earn(Quenched, s.clock.Tick)
		}
	}
	s.thirst.Value++
	for _, ev := range s.events.List {
		if ev.Kind == Drank {
			s.thirst.Drank += ev.Count
		}
	}
}
