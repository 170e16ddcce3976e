package save_test

import (
	"strings"
	"testing"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/save"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScenarioGamesRankApart: a scenario's games rank only with games of
// the same scenario, and a line shows the player's name (issue 26).
func TestScenarioGamesRankApart(t *testing.T) {
	normal := save.Entry{Result: sim.Result{Seed: 1, Score: 10, Agent: "human", Cause: "a"}, Date: "2026-01-01T00:00:00Z", Player: "ada"}
	ant := save.Entry{Result: sim.Result{Seed: 2, Score: 900, Agent: "human", Cause: "b", Scenario: "ant", ScenarioDigest: "sha256:1"}, Date: "2026-01-02T00:00:00Z", Player: "bob"}
	entries := []save.Entry{ant, normal}
	lines := save.FormatRecord(entries, 8, &normal)
	require.Len(t, lines, 2, "the scenario's game is not in a normal game's table")
	assert.True(t, strings.HasPrefix(lines[1], "*    1     10"), lines[1])
	assert.Contains(t, lines[1], "ada")
	tables := save.Tables(entries)
	require.Len(t, tables, 2)
	assert.Equal(t, "", tables[0][0].Table(), "normal games first")
	assert.Equal(t, "ant", tables[1][0].Scenario)
}
