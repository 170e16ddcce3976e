//go:build unix

package cli

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
)

// TestInterruptThenResumeIsOneRun (issue 25, point 3): Ctrl-C or
// SIGTERM while seed 1's agent is slow and seeds 2–8 have finished
// writes nothing (only a prefix of the seed list is written), and
// --resume then gives the uninterrupted run's file byte for byte.
func TestInterruptThenResumeIsOneRun(t *testing.T) {
	dir := t.TempDir()
	marks := filepath.Join(dir, "marks")
	require.NoError(t, os.MkdirAll(marks, 0o755))
	agent := "exec:" + hostile("slowone.py") + " " + marks
	args := []string{"run", "--seeds", "1-10", "--turns", "3", "--workers", "2", "--turn-timeout", patient, "--agent", agent}

	clean := filepath.Join(dir, "clean.jsonl")
	code, _, errs := cogsim(t, append(args, "--out", clean)...)
	require.Equal(t, ExitOK, code, errs)
	want, err := os.ReadFile(clean)
	require.NoError(t, err)
	require.Len(t, results(t, string(want)), 10)
	clearMarks(t, marks)

	// Seed 1's agent sleeps: the other worker finishes seeds 2–8 (the
	// window of 4 × 2 episodes), then the run is interrupted.
	s, err := sim.New(sim.Config{Seed: 1, MaxTurns: 3, Agent: agent})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(marks, "slow.txt"), s.Observe(), 0o644))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelled := make(chan time.Time, 1)
	go func() {
		defer func() { cancelled <- time.Now(); cancel() }()
		waitForPids(t, marks, 1)
		waitForMarks(t, marks, "done.*", 7)
	}()
	out := filepath.Join(dir, "out.jsonl")
	code, _, errs = cogsimCtx(ctx, append(args, "--out", out)...)
	assert.Less(t, time.Since(<-cancelled), heldFor, "stopped, not waiting for the slow agent")
	require.Equal(t, ExitInterrupted, code, errs)
	assert.Contains(t, errs, "1 cut short and not written (seeds 1)")
	assert.Contains(t, errs, "7 finished after the first of them and not written either, so that the results are a prefix of the seed list (seeds 2, 3, 4, 5, 6, 7, 8); --resume runs them again")
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Empty(t, string(got), "no result after seed 1, which has none")
	assertNoneLeft(t, marks)

	require.NoError(t, os.Remove(filepath.Join(marks, "slow.txt")))
	code, _, errs = cogsim(t, append(args, "--out", out, "--resume")...)
	require.Equal(t, ExitOK, code, errs)
	got, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "the resumed file is the uninterrupted run's")
}

func clearMarks(t *testing.T, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	require.NoError(t, err)
	for _, f := range files {
		require.NoError(t, os.Remove(f))
	}
}

// waitForMarks waits until dir holds n files matching pattern; it
// bounds the wait (settle) well above what the agents need.
func waitForMarks(t *testing.T, dir, pattern string, n int) {
	t.Helper()
	for deadline := time.Now().Add(settle); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if files, _ := filepath.Glob(filepath.Join(dir, pattern)); len(files) >= n {
			return
		}
	}
	t.Errorf("fewer than %d %s in %s after %v", n, pattern, dir, settle)
}
