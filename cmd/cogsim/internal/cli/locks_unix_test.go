//go:build unix

package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cogsim/cogsim/sim/play"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A run's files against a second run on them, and against what a
// killed run left (issue 34).

// TestASecondRunOnTheSameFilesIsRefused: while a run holds its --out,
// --replays and --log, a second run on any of them is refused before it
// writes anything, naming the first run's pid; once the first has
// ended, the files are free again.
func TestASecondRunOnTheSameFilesIsRefused(t *testing.T) {
	dir := t.TempDir()
	pids, out, replays, logs := filepath.Join(dir, "pids"), filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "replays"), filepath.Join(dir, "log")
	require.NoError(t, os.MkdirAll(pids, 0o755))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := make(chan int, 1)
	go func() {
		code, _, _ := cogsimCtx(ctx, "run", "--seeds", "1-2", "--workers", "1", "--turn-timeout", patient,
			"--out", out, "--replays", replays, "--log", logs, "--agent", "exec:"+hostile("sleeper.sh")+" "+pids)
		first <- code
	}()
	waitForPids(t, pids, 1) // the first run is playing seed 1

	holder := fmt.Sprintf("in use by another cogsim run (pid %d on ", os.Getpid())
	for _, tc := range []struct {
		args  []string
		what  string
		wrote string
	}{
		{[]string{"--out", out, "--force"}, "--out " + out, out},
		{[]string{"--out", out, "--resume"}, "--out " + out, out},
		{[]string{"--replays", replays}, "--replays " + replays, filepath.Join(replays, "seed-1.jsonl")},
		{[]string{"--log", logs}, "--log " + logs, filepath.Join(logs, "seed-1.jsonl")},
	} {
		code, stdout, errs := cogsim(t, append([]string{"run", "--turns", "1"}, tc.args...)...)
		assert.Equal(t, ExitUsage, code, "%v: %s", tc.args, errs)
		assert.Contains(t, errs, tc.what+": "+holder, tc.args)
		assert.Empty(t, stdout)
		if st, err := os.Stat(tc.wrote); err == nil {
			assert.Zero(t, st.Size(), "%v wrote %s", tc.args, tc.wrote)
		}
	}
	cancel()
	assert.Equal(t, ExitInterrupted, <-first)
	assertNoneLeft(t, pids)

	code, _, errs := cogsim(t, "run", "--turns", "1", "--out", out, "--force", "--replays", replays, "--log", logs)
	require.Equal(t, ExitOK, code, errs)
	for _, lock := range []string{filepath.Join(dir, ".r.jsonl.cogsim.lock"), filepath.Join(replays, play.DirLock), filepath.Join(logs, play.DirLock)} {
		_, err := os.Lstat(lock)
		assert.True(t, os.IsNotExist(err), "%s is removed at the end", lock)
	}
}

// TestStaleTemporariesAreRemoved: the temporary files of replays and
// trajectories that a killed run left (.seed-N.jsonl.RANDOM.tmp) are
// removed by the next run into the folders, fresh or --resume; any
// other file stays.
func TestStaleTemporariesAreRemoved(t *testing.T) {
	dir := t.TempDir()
	out, replays, logs := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "replays"), filepath.Join(dir, "log")
	stale := []string{".seed-1.jsonl.2364113723.tmp", ".seed-77.jsonl.1.tmp"}
	kept := []string{".seed-1.jsonl.tmp", ".seed-1.jsonl.12a.tmp", "seed-9.jsonl.123.tmp", ".notes.txt.123.tmp", "notes.txt", ".seed-1.jsonl.123.tmp.keep"}
	plant := func() {
		for _, d := range []string{replays, logs} {
			require.NoError(t, os.MkdirAll(d, 0o755))
			for _, name := range append(append([]string{}, stale...), kept...) {
				require.NoError(t, os.WriteFile(filepath.Join(d, name), []byte("x"), 0o644))
			}
		}
	}
	check := func(when string) {
		for _, d := range []string{replays, logs} {
			for _, name := range stale {
				_, err := os.Lstat(filepath.Join(d, name))
				assert.True(t, errors.Is(err, os.ErrNotExist), "%s: %s/%s removed", when, d, name)
			}
			for _, name := range kept {
				_, err := os.Lstat(filepath.Join(d, name))
				assert.NoError(t, err, "%s: %s/%s kept", when, d, name)
			}
		}
	}
	args := []string{"run", "--seeds", "1-3", "--turns", "2", "--out", out, "--replays", replays, "--log", logs}
	plant()
	code, _, errs := cogsim(t, args...)
	require.Equal(t, ExitOK, code, errs)
	check("a fresh run")
	plant()
	code, _, errs = cogsim(t, append(args, "--resume")...)
	require.Equal(t, ExitOK, code, errs)
	check("--resume")
}
