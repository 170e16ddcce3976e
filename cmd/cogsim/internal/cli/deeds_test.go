package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/internal/thirst"
	"github.com/cogsim/cogsim/sim/result"
)

// canteen is a scenario whose cog holds thirst's canteen (letter a).
const canteen = `{
  "name": "canteen", "depth": 1,
  "map": ["", " -----", " |.@.|", " -----"],
  "cog": {"inventory": [{"kind": "canteen"}, {"kind": "dagger", "wielded": true}]}
}`

// TestAMechanicsDeedHasItsOwnPoints (§39.1): thirst's deed, quenched, is
// worth 10. A run earns it and scores it 10; summarize, compare, board,
// --resume and the prompt all accept and list it, the prompt with its
// points.
func TestAMechanicsDeedHasItsOwnPoints(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "canteen.json")
	require.NoError(t, os.WriteFile(sc, []byte(canteen), 0o644))
	agent := filepath.Join(dir, "drink.sh")
	require.NoError(t, os.WriteFile(agent, []byte("#!/bin/sh\nwhile read -r line; do echo '{\"reply\":\"drink a\"}'; done\n"), 0o755))

	a := filepath.Join(dir, "a.jsonl")
	run := []string{"run", "--seeds", "1-3", "--turns", "2", "--mechanics", thirst.Name, "--scenario", sc, "--agent", "exec:" + agent, "--out", a}
	code, _, errs := cogsim(t, run...)
	require.Equal(t, ExitOK, code, errs)
	raw, err := os.ReadFile(a)
	require.NoError(t, err)
	for line := range strings.Lines(string(raw)) {
		r, err := result.Parse([]byte(line))
		require.NoError(t, err)
		require.Equal(t, thirst.Quenched, r.Deeds[0].Name, line)
		assert.Equal(t, thirst.QuenchedPoints+25, r.Parts.Deeds, "quenched 10 and full-clock 25")
	}

	// --resume reads the file back: nothing is left to play.
	code, _, errs = cogsim(t, append(run, "--resume")...)
	assert.Equal(t, ExitOK, code, errs)

	code, out, errs := cogsim(t, "summarize", a)
	require.Equal(t, ExitOK, code, errs)
	assert.Regexp(t, `(?m)^quenched\s+3\s`, out)

	b := filepath.Join(dir, "b.jsonl")
	code, _, errs = cogsim(t, "run", "--seeds", "1-3", "--turns", "2", "--mechanics", thirst.Name, "--scenario", sc, "--agent", "wait", "--out", b)
	require.Equal(t, ExitOK, code, errs)
	code, out, errs = cogsim(t, "compare", a, b)
	require.Equal(t, ExitOK, code, errs)
	assert.Regexp(t, `(?m)^quenched\s+100\.0%\s+0\.0%`, out)
	assert.Contains(t, out, "score: A mean 35.0, B mean 25.0")

	code, out, errs = cogsim(t, "board", a, b)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "quenched")

	code, out, errs = cogsim(t, "prompt", "--mechanics", thirst.Name)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "| `quenched` | the first drink from a canteen (mechanic `thirst`; 10 points) |")
	assert.Contains(t, out, "+ each deed's points (25, or as\nits row above says).")
	code, out, errs = cogsim(t, "prompt")
	require.Equal(t, ExitOK, code, errs)
	assert.NotContains(t, out, "quenched", "not without the mechanic")
	assert.Contains(t, out, "+ 25 × deeds.")
}
