package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOneWriterAFile: run refuses to let two of its writers share a
// file (issue 25: --log d --replays d overwrote the replays with
// trajectories, and --out d/seed-1.jsonl --replays d a replay with
// results), before any episode runs; its own folders and names pass.
func TestOneWriterAFile(t *testing.T) {
	dir := t.TempDir()
	d := filepath.Join(dir, "d")
	link := filepath.Join(dir, "link")
	require.NoError(t, os.MkdirAll(d, 0o755))
	require.NoError(t, os.Symlink(d, link))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--log", d, "--replays", d}, "are one folder"},
		{[]string{"--log", d, "--replays", d + "/"}, "are one folder"},
		{[]string{"--log", link, "--replays", d}, "are one folder"},
		{[]string{"--replays", d, "--out", filepath.Join(d, "seed-1.jsonl")}, "--replays " + d + " writes the files"},
		{[]string{"--log", d, "--out", filepath.Join(d, "seed-7.jsonl")}, "--log " + d + " writes the files"},
	} {
		args := append([]string{"run", "--episodes", "2", "--turns", "2"}, tc.args...)
		code, stdout, stderr := cogsim(t, args...)
		assert.Equal(t, ExitUsage, code, tc.args)
		assert.Empty(t, stdout)
		assert.Contains(t, stderr, tc.want, tc.args)
		assert.NotContains(t, stderr, "episodes:", "no episode ran")
	}
	out := filepath.Join(d, "results.jsonl")
	code, _, stderr := cogsim(t, "run", "--episodes", "2", "--turns", "2", "--replays", d,
		"--log", filepath.Join(dir, "log"), "--out", out)
	require.Equal(t, ExitOK, code, stderr)
	for _, f := range []string{out, filepath.Join(d, "seed-1.jsonl"), filepath.Join(dir, "log", "seed-2.jsonl")} {
		_, err := os.Stat(f)
		assert.NoError(t, err, f)
	}
	code, _, stderr = cogsim(t, "replay", filepath.Join(d, "seed-1.jsonl"), "--verify")
	assert.Equal(t, ExitOK, code, stderr)
}

// TestASignalStopsASessionWhoseInputStaysOpen: serve (JSON lines and
// binary) and agent stop at the first Ctrl-C or SIGTERM even while
// their input is a pipe that stays open and silent (issue 25: `sleep
// 30 | cogsim serve` ignored the first signal); agent's replay of the
// episode cut short is not left behind.
func TestASignalStopsASessionWhoseInputStaysOpen(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "agent.jsonl")
	for _, args := range [][]string{{"serve"}, {"serve", "--binary"}, {"agent", "--replay", rec}} {
		stdin, w := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		var out, errb bytes.Buffer
		done := make(chan int, 1)
		go func() { done <- MainIO(ctx, args, stdin, &out, &errb) }()
		time.Sleep(50 * time.Millisecond) // let it block on its input
		cancel()
		select {
		case code := <-done:
			assert.Equal(t, ExitInterrupted, code, "%v: %s", args, errb.String())
		case <-time.After(2 * time.Minute): // it blocks for ever without the fix
			t.Errorf("%v: still running 2 minutes after the signal", args)
		}
		w.Close()
	}
	_, err := os.Stat(rec)
	assert.True(t, os.IsNotExist(err), "no replay of an episode cut short")
}
