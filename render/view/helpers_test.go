package view_test

import (
	"bytes"
	"github.com/cogsim/cogsim/internal/maps"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/replaytest"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/require"
)

// twoRooms: see maps.TwoRooms.
var twoRooms = maps.TwoRooms

// put returns a copy of m with glyph g at (x, y).
func put(m []string, x, y int, g byte) []string { return scenario.MapWith(m, x, y, g) }

func ptr[T any](v T) *T { return &v }

// start builds an episode from sc.
func start(t testing.TB, sc sim.Scenario) *sim.Sim {
	t.Helper()
	return startWith(t, sc, nil)
}

func startWith(t testing.TB, sc sim.Scenario, setup func(*ecs.Scheduler) error) *sim.Sim {
	t.Helper()
	if sc.Name == "" {
		sc.Name = t.Name()
	}
	s, err := sim.New(sim.Config{Seed: 1, Scenario: &sc, Setup: setup})
	require.NoError(t, err)
	return s
}

// spy records the primitive the cog performs each tick.
type spy struct {
	action *c.Action
	seen   []c.Primitive
}

func (s *spy) Init(w *arche.World) { s.action = systems.Res[c.Action](w) }

func (s *spy) Update(*arche.World) {
	if a := s.action; a.Active {
		s.seen = append(s.seen, a.Primitive)
	}
}

// spied starts sc with a spy after the input system.
func spied(t testing.TB, sc sim.Scenario) (*sim.Sim, *spy) {
	sp := &spy{}
	s := startWith(t, sc, func(sch *ecs.Scheduler) error { return sch.After(systems.NameInput, "spy", sp) })
	return s, sp
}

// mapLines are the observation's 18 map lines.
func mapLines(s *sim.Sim) []string { return strings.Split(string(s.Observe()), "\n")[:c.H] }

// recorded plays seed for at most turns turns with replaytest's replies
// and returns the replay.
func recorded(t testing.TB, seed uint64, turns int) *replay.Replay {
	t.Helper()
	rep, err := replay.Read(bytes.NewReader(replaytest.Record(t, seed, turns)))
	require.NoError(t, err)
	return rep
}
