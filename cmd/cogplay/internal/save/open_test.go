package save

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAPanicDuringARestoreGivesTheModeBack: whatever goes wrong while
// the game is rebuilt, the file is refused as corrupt and gets its mode
// back, so the save slot is not left "being restored" for ever.
func TestAPanicDuringARestoreGivesTheModeBack(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 2})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "me.json")
	require.NoError(t, Write(path, s, false, nil, nil, nil))
	_, err = open(path, func(*sim.Snapshot) (*sim.Sim, error) { panic("index out of range [-7]") })
	var ce *CorruptError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, ce.Reason, "index out of range [-7]")
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	r, err := Open(path)
	require.NoError(t, err, "the slot is free again")
	require.NoError(t, r.Finish(false))
}
