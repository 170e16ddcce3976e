// Package tally is a mechanic for tests of §27.2: it owns a component and
// a resource, both changing every tick, so a test can check that
// snapshots, save files and the replay viewer's seeking carry a
// mechanic's own state byte for byte with no code of their own for it.
// Importing the package registers the mechanic "tally"; only tests do.
package tally

import (
	"fmt"
	"slices"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Name is the mechanic's name.
const Name = "tally"

// Steps is the mechanic's component, on the cog: the steps it took and
// where the last one ended.
type Steps struct {
	Count int
	Last  c.Pos
}

// Ledger is the mechanic's resource: the ticks it saw, a draw from its
// own stream each tick, and the events of the last 8 ticks by kind.
type Ledger struct {
	Ticks int
	Sum   int
	Kinds []string
}

// Clone copies the ledger, its list included.
func (l *Ledger) Clone() Ledger {
	return Ledger{Ticks: l.Ticks, Sum: l.Sum, Kinds: slices.Clone(l.Kinds)}
}

// Check refuses a ledger out of range after a restore: a mechanic's
// check runs as the core game's do (§32.2).
func (l *Ledger) Check(w *arche.World) error {
	ck := systems.Res[c.Clock](w)
	switch {
	case l.Ticks < 0 || l.Ticks > ck.Tick:
		return fmt.Errorf("tally.ledger.Ticks %d: out of range 0…%d (clock.Tick)", l.Ticks, ck.Tick)
	case l.Sum < l.Ticks || l.Sum > 6*l.Ticks:
		return fmt.Errorf("tally.ledger.Sum %d: out of range %d…%d", l.Sum, l.Ticks, 6*l.Ticks)
	}
	return nil
}

// CheckEntity refuses a negative count of steps.
func (s *Steps) CheckEntity(_ *arche.World, e arche.Entity) error {
	if s.Count < 0 {
		return fmt.Errorf("tally.steps.Count %d of entity %d: negative", s.Count, e.ID())
	}
	return nil
}

// The mechanic's state.
var (
	StepsState  = ecs.RegisterComponent[Steps]("tally.steps")
	LedgerState = ecs.RegisterResource[Ledger]("tally.ledger")
)

func init() {
	ecs.Register(ecs.Mechanic{
		Name: Name, Version: "1", Doc: "counts the cog's steps and the tick's events (for tests)",
		Components: []*ecs.StateType{StepsState},
		Resources:  []*ecs.StateType{LedgerState},
		Install: func(s *ecs.Scheduler) error {
			return s.After(systems.NameRegeneration, "tally", &System{})
		},
		Start: func(w *arche.World) {
			run := systems.Res[c.Run](w)
			steps := generic.NewMap1[Steps](w)
			steps.Add(run.Cog)
		},
	})
}

// System tallies every tick.
type System struct {
	rng    *ecs.Stream
	run    *c.Run
	events *c.Events
	ledger *Ledger
	steps  generic.Map[Steps]
}

// Init implements ecs.System.
func (s *System) Init(w *arche.World) {
	s.rng = systems.Res[ecs.Streams](w).Get("tally")
	s.run, s.events, s.ledger = systems.Res[c.Run](w), systems.Res[c.Events](w), systems.Res[Ledger](w)
	s.steps = generic.NewMap[Steps](w)
}

// Update implements ecs.System.
func (s *System) Update(w *arche.World) {
	s.ledger.Ticks++
	s.ledger.Sum += s.rng.Rnd(6)
	st := s.steps.Get(s.run.Cog)
	for _, ev := range s.events.List {
		if ev.Kind == c.Move && ev.Actor == s.run.Cog {
			st.Count++
			st.Last = ev.To
		}
		s.ledger.Kinds = append(s.ledger.Kinds, ev.Kind.String())
	}
	if n := len(s.ledger.Kinds); n > 8 {
		s.ledger.Kinds = append(s.ledger.Kinds[:0], s.ledger.Kinds[n-8:]...)
	}
}
