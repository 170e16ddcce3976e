package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim/play"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readTrajectory decodes a trajectory file's lines.
func readTrajectory(t *testing.T, path string) []map[string]json.RawMessage {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []map[string]json.RawMessage
	for line := range strings.Lines(string(raw)) {
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(line), &m))
		out = append(out, m)
	}
	return out
}

// TestLogWritesTrajectoriesAndStderr: --log DIR keeps each turn's
// observation, the reply and the agent's extra fields verbatim (bounded
// at 64 KiB), and the exec agent's stderr in seed-N.stderr, never in the
// results.
func TestLogWritesTrajectoriesAndStderr(t *testing.T) {
	requirePython(t)
	dir := t.TempDir()
	agent := "exec:python3 " + filepath.Join("testdata", "agents", "chatty.py")
	code, out, errs := cogsim(t, "run", "--seeds", "8-9", "--turns", "4", "--agent", agent, "--log", dir)
	require.Equal(t, ExitOK, code, errs)
	assert.NotContains(t, out+errs, "chatty:", "stderr never reaches the results")
	rs := results(t, out)
	require.Len(t, rs, 2)

	stderr, err := os.ReadFile(filepath.Join(dir, "seed-8.stderr"))
	require.NoError(t, err)
	assert.Equal(t, "chatty: thinking about turn 0\nchatty: thinking about turn 1\nchatty: thinking about turn 2\nchatty: thinking about turn 3\n", string(stderr))

	lines := readTrajectory(t, filepath.Join(dir, "seed-8.jsonl"))
	require.Len(t, lines, 1+4+1)
	assert.JSONEq(t, `"header"`, string(lines[0]["type"]))
	assert.JSONEq(t, `8`, string(lines[0]["seed"]))
	assert.Contains(t, string(lines[1]["obs"]), `Turn:0/4`)
	assert.JSONEq(t, `"search"`, string(lines[1]["reply"]))
	var extra map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(lines[1]["extra"], &extra))
	assert.JSONEq(t, `80000`, string(extra["tokens"]))
	var reasoning string
	require.NoError(t, json.Unmarshal(extra["reasoning"], &reasoning))
	assert.LessOrEqual(t, len(reasoning), play.MaxField)
	assert.Greater(t, len(reasoning), play.MaxField-100)
	assert.JSONEq(t, `["extra.reasoning"]`, string(lines[1]["truncated"]))
	assert.JSONEq(t, `"I would rather not answer in JSON"`, string(lines[2]["raw"]))
	assert.JSONEq(t, `true`, string(lines[2]["unusable"]))
	assert.JSONEq(t, `null`, string(lines[2]["reply"]))
	assert.JSONEq(t, `{"reasoning":{"steps":[1,2]},"tokens":7}`, string(lines[3]["extra"]))
	assert.JSONEq(t, `3`, string(lines[4]["turn"]))
	assert.JSONEq(t, `"result"`, string(lines[5]["type"]))
	assert.Contains(t, string(lines[5]["result"]), `"unusable":1`)

	// A built-in agent's trajectory has its replies and no extra.
	code, _, errs = cogsim(t, "run", "--seed", "5", "--turns", "3", "--log", dir)
	require.Equal(t, ExitOK, code, errs)
	lines = readTrajectory(t, filepath.Join(dir, "seed-5.jsonl"))
	require.Len(t, lines, 1+3+1)
	assert.NotContains(t, lines[1], "extra")
	var reply string
	require.NoError(t, json.Unmarshal(lines[1]["reply"], &reply))
	assert.NotEmpty(t, reply)
	_, err = os.Stat(filepath.Join(dir, "seed-5.stderr"))
	assert.True(t, os.IsNotExist(err), "no stderr file for a built-in agent")
}
