package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
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
	// Its stderr: each episode's lines in that episode's file, as with
	// a process per episode; one process per worker in all.
	pids := 0
	for seed := 1; seed <= 12; seed++ {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("seed-%d.stderr", seed)))
		require.NoError(t, err)
		envs := regexp.MustCompile(`env=(\d+)`).FindAllStringSubmatch(string(b), -1)
		require.Len(t, envs, 1, "seed %d: %q", seed, b)
		assert.Equal(t, strconv.Itoa(seed-1), envs[0][1], "seed %d is episode %d", seed, seed-1)
		pids += len(regexp.MustCompile(`(?m)^pid \d+$`).FindAllString(string(b), -1))
	}
	for w := range 2 {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("worker-%d.stderr", w)))
		if err == nil {
			pids += len(regexp.MustCompile(`(?m)^pid \d+$`).FindAllString(string(b), -1))
			assert.NotContains(t, string(b), "env=", "between episodes")
		}
	}
	assert.Equal(t, 2, pids, "one process for each worker")

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
	var all []byte
	for _, name := range []string{"worker-0", "seed-1", "seed-2", "seed-3", "seed-4", "seed-5"} {
		b, err := os.ReadFile(filepath.Join(dir, name+".stderr"))
		if name != "worker-0" {
			require.NoError(t, err)
		}
		all = append(all, b...)
	}
	assert.Equal(t, 2, strings.Count(string(all), "pid "), "restarted once")
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
