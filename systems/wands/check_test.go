package wands_test

import (
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim/check"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/stretchr/testify/require"
)

// TestCheckConformance is the mechanic's conformance run (§34.3) over a
// few seeds: snapshot/restore, replays, workers, and the cog game
// unselected against the golden catalogue.
func TestCheckConformance(t *testing.T) {
	rep, err := check.Run(check.Config{NewAgent: agents.Player, Mechanics: []string{wands.Name}, Seeds: []uint64{1, 2, 3, 4, 5},
		Golden: "../../agents/testdata/catalogue/results.jsonl"})
	require.NoError(t, err)
	require.NoError(t, rep.Err())
	for _, o := range rep.Checks {
		require.Positive(t, o.Counts.Episodes, o.Name)
	}
}
