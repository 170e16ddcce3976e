package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim/check"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckPrintsEachCheckWithItsCounts: cogsim check on a mechanic,
// against the golden catalogue of the cog game.
func TestCheckPrintsEachCheckWithItsCounts(t *testing.T) {
	golden := filepath.Join("..", "..", "..", "..", "agents", "testdata", "catalogue", "results.jsonl")
	code, stdout, stderr := cogsim(t, "check", "--mechanics", "yellow-mold", "--seeds", "1-3", "--golden", golden)
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stdout, "rules cog, mechanics yellow-mold, 3 seeds, agents explore, random\n")
	for _, want := range []string{"snapshot   ok     6 episodes", "6 snapshots", "replays    ok     6 episodes", "6 replays",
		"workers    ok     12 episodes", "unselected ok     18 episodes", "3 golden results"} {
		assert.Contains(t, stdout, want)
	}

	// Without --golden, the lines every build carries: the same.
	code, builtIn, stderr := cogsim(t, "check", "--mechanics", "yellow-mold", "--seeds", "1-3")
	require.Equal(t, ExitOK, code, stderr)
	assert.Equal(t, stdout, builtIn)
	file, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(file), string(agents.GoldenResults), "the built-in lines are the catalogue's")
	// Another clock has no golden lines (they are of 55 turns): none
	// compared, none failed.
	code, stdout, stderr = cogsim(t, "check", "--mechanics", "yellow-mold", "--seeds", "1-3", "--turns", "4")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stdout, "unselected ok     18 episodes")
	assert.Contains(t, stdout, ", 0 golden results")

	// A mechanic named twice is installed once, and said once.
	code, stdout, stderr = cogsim(t, "check", "--mechanics", "yellow-mold,yellow-mold", "--seeds", "1-1", "--agents", "random")
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stdout, "rules cog, mechanics yellow-mold, 1 seeds, agents random\n")

	code, stdout, stderr = cogsim(t, "check", "--seeds", "1-2", "--agents", "random", "--json")
	require.Equal(t, ExitOK, code, stderr)
	var rep check.Report
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	require.Len(t, rep.Checks, 4)
	assert.Equal(t, 2, rep.Checks[0].Counts.Snapshots)
}

// TestCheckFailsNamingTheSeedAndTurn: a golden line that differs fails
// the unselected check, exit 1.
func TestCheckFailsNamingTheSeedAndTurn(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "agents", "testdata", "catalogue", "results.jsonl"))
	require.NoError(t, err)
	lines := strings.SplitAfter(string(b), "\n")
	bad := filepath.Join(t.TempDir(), "golden.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte(lines[0]+strings.Replace(lines[1], `"score":`, `"score":1`, 1)), 0o644))
	code, stdout, stderr := cogsim(t, "check", "--seeds", "1-2", "--agents", "explore", "--golden", bad)
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, stdout, "unselected FAILED")
	assert.Contains(t, stderr, "cogsim check: check unselected: seed 2, agent explore, turn 0: the cog game's result differs from the golden one")
}

func TestCheckFlagsAreChecked(t *testing.T) {
	for _, args := range [][]string{
		{"--rules", "nope"}, {"--mechanics", "nope"}, {"--seeds", "5-1"}, {"--agents", "nope"},
		{"--agents", ","}, {"--turns", "0"}, {"--golden", "no/such/file"}, {"extra"},
	} {
		code, _, stderr := cogsim(t, append([]string{"check"}, args...)...)
		assert.Equal(t, ExitUsage, code, "%v: %s", args, stderr)
	}
}
