package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim/obs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMechanicsOnTheCommandLine: --mechanics selects registered mechanics
// on run and agent, results and replays record them, and replay --verify
// re-installs them (§27.1); unknown names are refused with the known ones.
func TestMechanicsOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := cogsim(t, "run", "--seed", "30", "--episodes", "3", "--rules", "nethack",
		"--mechanics", "yellow-mold", "--replays", dir)
	require.Equal(t, 0, code, errOut)
	for _, r := range results(t, out) {
		assert.Equal(t, "nethack", r.Rules)
		var names []string
		for _, m := range r.Mechanics {
			names = append(names, m.Name+"@"+m.Version)
		}
		assert.Equal(t, []string{"nethack-hunger@2", "nethack-choking@2", "nethack-swing@1", "yellow-mold@1"}, names)
	}
	data, err := os.ReadFile(filepath.Join(dir, "seed-31.jsonl"))
	require.NoError(t, err)
	assert.Contains(t, strings.SplitN(string(data), "\n", 2)[0], `{"name":"yellow-mold","version":"1"}`)
	code, out, errOut = cogsim(t, "replay", filepath.Join(dir, "seed-31.jsonl"), "--verify")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "ok:")

	code, _, errOut = cogsim(t, "run", "--episodes", "1", "--mechanics", "yellow-mold,dragons")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `--mechanics: unknown mechanic "dragons" (known: `)
	assert.Contains(t, errOut, "yellow-mold")
	code, _, errOut = cogsim(t, "agent", "--rules", "angband")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `--rules: unknown rules "angband" (known: cog, nethack`)

	code, out, errOut = cogsim(t, "run", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out+errOut, "yellow-mold (the yellow mold")
}

// TestReplayTurnJSONIsObservationV2: replay --turn K --json prints the
// observation message of §29 after turn K.
func TestReplayTurnJSONIsObservationV2(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := cogsim(t, "run", "--seed", "4", "--episodes", "1", "--replays", dir)
	require.Equal(t, 0, code, errOut)
	path := filepath.Join(dir, "seed-4.jsonl")
	code, plain, errOut := cogsim(t, "replay", path, "--turn", "3")
	require.Equal(t, 0, code, errOut)
	code, out, errOut := cogsim(t, "replay", path, "--turn", "3", "--json")
	require.Equal(t, 0, code, errOut)
	var o obs.Observation
	require.NoError(t, json.Unmarshal([]byte(out), &o))
	assert.Equal(t, strings.TrimSuffix(plain, "\n"), o.Text)
	assert.Equal(t, 3, o.Turn)
	assert.Equal(t, o.Tick, o.Stats.Tick)
	code, _, errOut = cogsim(t, "agent", "--turns", "-1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--turns")
}
