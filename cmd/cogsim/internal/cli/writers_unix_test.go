//go:build unix

package cli

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestACutShortEpisodeLeavesNoFile: replays and trajectories are
// written whole or not at all (issue 25): an episode cut short leaves
// neither, nor a temporary file, and a finished one both, complete.
func TestACutShortEpisodeLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	pids, replays, logs := filepath.Join(dir, "pids"), filepath.Join(dir, "replays"), filepath.Join(dir, "log")
	require.NoError(t, os.MkdirAll(pids, 0o755))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { waitForPids(t, pids, 2); cancel() }()
	code, _, _ := cogsimCtx(ctx, "run", "--episodes", "2", "--workers", "2", "--replays", replays, "--log", logs,
		"--agent", "exec:"+hostile("sleeper.sh")+" "+pids)
	assert.Equal(t, ExitInterrupted, code)
	for _, d := range []string{replays, logs} {
		files, err := os.ReadDir(d)
		require.NoError(t, err)
		for _, f := range files {
			assert.Equal(t, ".stderr", filepath.Ext(f.Name()), "%s/%s left by an episode cut short", d, f.Name())
		}
	}
	assertNoneLeft(t, pids)
}
