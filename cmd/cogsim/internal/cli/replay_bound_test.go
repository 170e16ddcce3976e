package cli

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/agents/llm"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// TestHugeModelRepliesMakeReadableReplays (issue 34): a model that
// answers 4 MiB each turn for 70 turns used to make a 280 MiB replay
// that cogsim replay refuses (more than replay.MaxBytes). A reply longer
// than 1 MiB is unusable, as an exec agent's over-long line is, so the
// replay records what was played, reads back and verifies.
func TestHugeModelRepliesMakeReadableReplays(t *testing.T) {
	huge := strings.Repeat("s ", (llm.MaxAnswer-512)/2) // searches
	dir := t.TempDir()
	scenario := filepath.Join(dir, "long-wait.json")
	require.NoError(t, os.WriteFile(scenario, []byte(longWait), 0o644))
	m := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		answerWith(w, msgs, huge)
	})
	replays := filepath.Join(dir, "replays")
	code, stdout, errs := cogsim(t, "run", "--agent", "llm:test", "--llm-url", m.url(), "--llm-history", "0",
		"--scenario", scenario, "--replays", replays, "--turn-timeout", "60s")
	require.Equal(t, ExitOK, code, errs)
	rs := results(t, stdout)
	require.Len(t, rs, 1)
	assert.Equal(t, 70, rs[0].Turns)
	assert.Equal(t, 70, rs[0].Unusable, "every reply was over 1 MiB")
	path := filepath.Join(replays, "seed-3.jsonl")
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.LessOrEqual(t, st.Size(), int64(replay.MaxBytes))
	code, _, errs = cogsim(t, "replay", path, "--verify")
	assert.Equal(t, ExitOK, code, errs)
}

// TestAReplayPastItsReadersBoundIsLeftOut: a replay that would pass
// what cogsim replay reads is not written, and says so; the episode's
// result is kept.
func TestAReplayPastItsReadersBoundIsLeftOut(t *testing.T) {
	replays := t.TempDir()
	fs, o := runFlags()
	require.NoError(t, parseFlags(fs, []string{"--seeds", "1-2", "--turns", "20", "--replays", replays, "--workers", "1"}))
	r, err := o.runner(context.Background(), fs)
	require.NoError(t, err)
	r.ep.replayBytes = 2 << 10 // a header and a few turns
	var got []sim.Result
	n, _, _, err := r.run(context.Background(), func(res sim.Result) error { got = append(got, res); return nil })
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Len(t, got, 2)
	assert.Contains(t, r.ep.lost.String(), "seed 1's replay (longer than 2048 bytes, the most a replay holds)")
	files, err := os.ReadDir(replays)
	require.NoError(t, err)
	assert.Empty(t, files, "no replay, nor a temporary file")
}

// longWait is a scenario of 70 turns that a cog lives through waiting.
const longWait = `{
  "name": "long-wait", "depth": 1, "seed": 3,
  "map": ["", " -----", " |.@.|", " |...>", " -----"],
  "lit": true,
  "cog": {"hp": 16, "maxHp": 16, "nutrition": 5000, "gold": 0, "xpPoints": 0, "inventory": []},
  "clock": {"maxTurns": 70, "turnTicks": 40}
}`
