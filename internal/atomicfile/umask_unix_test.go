//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestModeHonoursTheUmask (issue 34): a file written with mode 0644
// comes out 0600 under umask 077 and 0644 under 022, as os.OpenFile
// makes it: trajectories with an LLM's reasoning are not world-readable
// for a user who asked for private files.
func TestModeHonoursTheUmask(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		umask int
		want  os.FileMode
	}{{0o077, 0o600}, {0o022, 0o644}, {0o027, 0o640}} {
		old := syscall.Umask(tc.umask)
		path := filepath.Join(dir, "f.jsonl")
		err := Write(path, []byte("x\n"), 0o644)
		syscall.Umask(old)
		require.NoError(t, err)
		st, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, tc.want, st.Mode().Perm(), "umask %03o", tc.umask)
	}
}
