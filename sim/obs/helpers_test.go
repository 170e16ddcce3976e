package obs_test

import (
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/require"
)

// hall is a lit 10 x 4 room with the cog in it; x runs 2…11, y 2…5.
var hall = []string{
	"",
	" ------------",
	" |..........|",
	" |..........|",
	" |..........|",
	" |..........|",
	" ------------",
}

// withCog returns m with the cog drawn at (x, y).
func withCog(m []string, x, y int) []string { return put(m, x, y, '@') }

// put returns a copy of m with glyph g at (x, y).
func put(m []string, x, y int, g byte) []string { return scenario.MapWith(m, x, y, g) }

func ptr[T any](v T) *T { return &v }

// start builds an episode from sc with seed, with cfg's mechanics.
func start(t testing.TB, seed uint64, sc scenario.Scenario, mechanics ...string) *sim.Sim {
	t.Helper()
	if sc.Name == "" {
		sc.Name = t.Name()
	}
	s, err := sim.New(sim.Config{Seed: seed, Scenario: &sc, Mechanics: mechanics})
	require.NoError(t, err)
	return s
}

// message is the observation's message line.
func message(s *sim.Sim) string { return strings.Split(string(s.Observe()), "\n")[18] }
