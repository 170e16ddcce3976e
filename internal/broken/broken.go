// Package broken holds three deliberately faulty mechanics, for tests
// that prove the conformance checks (package sim/check, cogsim check)
// catch them. Each gives the cog a gold piece now and then, so that the
// fault shows on the status line:
//
//   - broken-state keeps a tick counter in its system's struct, not in
//     registered state: a snapshot loses it, and a restored episode
//     pays on other ticks;
//   - broken-clock draws once more from its stream when the wall clock's
//     nanoseconds are odd: runs of one seed differ;
//   - broken-rand draws from math/rand's global generator, which no seed
//     reaches.
//
// Importing the package registers them; only tests do.
package broken

import (
	"math/rand/v2"
	"time"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// The mechanics' names.
const (
	State = "broken-state"
	Clock = "broken-clock"
	Rand  = "broken-rand"
)

// Names lists them.
var Names = []string{State, Clock, Rand}

func init() {
	for _, name := range Names {
		ecs.Register(ecs.Mechanic{
			Name: name, Version: "1", Doc: "a deliberately faulty mechanic (for tests of cogsim check)",
			Install: func(s *ecs.Scheduler) error {
				return s.After(systems.NameRegeneration, name, &System{kind: name})
			},
		})
	}
}

// System pays the cog a gold piece when its draw says so.
type System struct {
	kind  string
	ticks int // broken-state: unregistered state
	rng   *ecs.Stream
	run   *c.Run
	purse generic.Map[c.Purse]
}

// Init implements ecs.System.
func (s *System) Init(w *arche.World) {
	s.rng = systems.Res[ecs.Streams](w).Get(s.kind)
	s.run = systems.Res[c.Run](w)
	s.purse = generic.NewMap[c.Purse](w)
}

// Update implements ecs.System.
func (s *System) Update(w *arche.World) {
	pay := false
	switch s.kind {
	case State:
		s.ticks++
		pay = s.ticks%7 == 0
	case Clock:
		if time.Now().UnixNano()&1 == 1 {
			s.rng.Rn2(2)
		}
		pay = s.rng.OneIn(3)
	case Rand:
		pay = rand.IntN(3) == 0
	}
	if pay && s.purse.Has(s.run.Cog) {
		s.purse.Get(s.run.Cog).Gold++
	}
}
