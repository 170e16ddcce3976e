package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var persistentAgent = "exec:python3 " + filepath.Join("testdata", "agents", "persistent.py")

// TestPersistentAgentPlaysManyEpisodes: with --persistent one process per
// worker plays every episode, each numbered by env, and the results are
// byte for byte those of one process per episode.
func TestPersistentAgentPlaysManyEpisodes(t *testing.T) {
	requirePython(t)
	args := []string{"run", "--seeds", "1-12", "--turns", "6", "--workers", "2", "--agent", persistentAgent}
	code, each, errs := cogsim(t, args...)
	require.Equal(t, ExitOK, code, errs)
	dir := t.TempDir()
	code, one, errs := cogsim(t, append(args, "--persistent", "--log", dir)...)
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, each, one)
	rs := results(t, one)
	require.Len(t, rs, 12)
	for _, r := range rs {
		assert.Equal(t, "clock", r.Cause)
		assert.Equal(t, 6, r.Turns)
	}
	var envs []string
	for w := range 2 {
		b, err := os.ReadFile(filepath.Join(dir, "worker-"+string(rune('0'+w))+".stderr"))
		require.NoError(t, err)
		assert.Len(t, regexp.MustCompile(`(?m)^pid \d+$`).FindAllString(string(b), -1), 1, "one process for worker %d", w)
		for _, m := range regexp.MustCompile(`env=(\d+)`).FindAllStringSubmatch(string(b), -1) {
			envs = append(envs, m[1])
		}
	}
	slices.Sort(envs)
	assert.Equal(t, []string{"0", "1", "10", "11", "2", "3", "4", "5", "6", "7", "8", "9"}, envs)
	_, err := os.Stat(filepath.Join(dir, "seed-1.stderr"))
	assert.True(t, os.IsNotExist(err), "a persistent agent's stderr is per worker")

	code, _, errs = cogsim(t, "run", "--persistent")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "--persistent: only with --agent exec:CMD")
}

// TestAPersistentAgentMayAnswerTheEnd: lines naming the end of an
// episode, or a turn already answered, are dropped — the agent plays
// the same episodes, byte for byte (issue 25).
func TestAPersistentAgentMayAnswerTheEnd(t *testing.T) {
	requirePython(t)
	args := []string{"run", "--seeds", "1-8", "--turns", "6", "--workers", "2", "--agent", persistentAgent}
	code, each, errs := cogsim(t, args...)
	require.Equal(t, ExitOK, code, errs)
	t.Setenv("END_REPLY", "1")
	code, one, errs := cogsim(t, append(args, "--persistent")...)
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, each, one)
}

// TestAPersistentAgentThatCrashesIsRestarted: the crash ends only its
// episode; the next starts a new process.
func TestAPersistentAgentThatCrashesIsRestarted(t *testing.T) {
	requirePython(t)
	dir := t.TempDir()
	t.Setenv("CRASH_AT", "2")
	t.Setenv("CRASHED_FILE", filepath.Join(dir, "crashed"))
	code, out, errs := cogsim(t, "run", "--seeds", "1-5", "--turns", "6", "--workers", "1", "--agent", persistentAgent, "--persistent", "--log", dir)
	require.Equal(t, ExitOK, code, errs)
	rs := results(t, out)
	require.Len(t, rs, 5)
	for i, r := range rs {
		if i == 2 {
			assert.Equal(t, "disconnected", r.Cause)
			assert.Equal(t, 2, r.Turns)
			continue
		}
		assert.Equal(t, "clock", r.Cause, "seed %d", r.Seed)
	}
	b, err := os.ReadFile(filepath.Join(dir, "worker-0.stderr"))
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(b), "pid "), "restarted once")
}

// TestAOneEpisodeAgentWorksPersistent: an agent that exits after each end
// (written for one process per episode) is started again for the next
// episode, which loses nothing.
func TestAOneEpisodeAgentWorksPersistent(t *testing.T) {
	agent := `exec:while read -r line; do case "$line" in *'"type":"end"'*) exit 0;; esac; echo '{"reply":"search e"}'; done`
	args := []string{"run", "--seeds", "1-6", "--turns", "4", "--workers", "2", "--agent", agent}
	code, each, errs := cogsim(t, args...)
	require.Equal(t, ExitOK, code, errs)
	code, one, errs := cogsim(t, append(args, "--persistent")...)
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, each, one)
	for _, r := range results(t, one) {
		assert.Equal(t, "clock", r.Cause)
	}
}
