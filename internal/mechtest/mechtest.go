// Package mechtest holds what the tests of a mechanic's package share
// (§27, §39): building a level as the stairs would, the message line,
// the conformance run and the proof that linking a mechanic leaves the
// cog game as it was. Only tests import it.
package mechtest

import (
	"crypto/sha256"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/check"
	"github.com/cogsim/cogsim/systems"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Catalogue is the golden catalogue of the cog game's results, from a
// mechanic's package folder (systems/NAME).
const Catalogue = "../../agents/testdata/catalogue/results.jsonl"

// CogGame is the reference of the cog game's observations (explore,
// at most 300 turns), made by a build without wands or any later
// mechanic, from a mechanic's package folder.
const CogGame = "../wands/testdata/cog-game.golden"

// Enter builds level depth of s's episode as the stairs would.
func Enter(t *testing.T, s *sim.Sim, depth int) {
	t.Helper()
	lv, ok := s.Scheduler().Get(systems.NameLevel).(*systems.Level)
	require.True(t, ok)
	lv.Enter(depth)
}

// Message is the message line of s's observation.
func Message(s *sim.Sim) string { return strings.Split(string(s.Observe()), "\n")[18] }

// Conformance is the mechanic's conformance run (§34.3) over a few
// seeds: snapshot/restore, replays, workers, and the cog game
// unselected against the golden catalogue.
func Conformance(t *testing.T, mechanic string) {
	t.Helper()
	rep, err := check.Run(check.Config{NewAgent: agents.Player, Mechanics: []string{mechanic}, Seeds: []uint64{1, 2, 3, 4, 5},
		Golden: Catalogue})
	require.NoError(t, err)
	require.NoError(t, rep.Err())
	for _, o := range rep.Checks {
		require.Positive(t, o.Counts.Episodes, o.Name)
	}
}

// Explored plays seed with the explore agent, told the mechanics, for
// at most 300 turns and returns "seed turns depth
// sha256-of-every-observation".
func Explored(t *testing.T, seed uint64, mechanics ...string) string {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: seed, MaxTurns: 300, Agent: "explore", Mechanics: mechanics})
	require.NoError(t, err)
	a := agents.NewExplore()
	a.Know(mechanics)
	a.Reset(seed)
	h := sha256.New()
	h.Write(s.Observe())
	turns := 0
	for !s.Done() {
		s.Turn(a.Reply(s.Observe()))
		h.Write(s.Observe())
		turns++
	}
	return fmt.Sprintf("%d %d %d %x", seed, turns, s.State().Run.MaxDepth, h.Sum(nil))
}

// UnchangedWhenLinked: with the mechanic linked (the test's package)
// but not installed, the explore agent's games are the reference
// golden's, observation for observation (§32.9); installed, some games
// differ, so the comparison is not vacuous.
func UnchangedWhenLinked(t *testing.T, golden, mechanic string) {
	t.Helper()
	data, err := os.ReadFile(golden)
	require.NoError(t, err)
	differs := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		var seed uint64
		_, err := fmt.Sscan(line, &seed)
		require.NoError(t, err)
		assert.Equal(t, line, Explored(t, seed), "seed %d", seed)
		if Explored(t, seed, mechanic) != line {
			differs++
		}
	}
	assert.Positive(t, differs, "installing %s changes some game", mechanic)
}
