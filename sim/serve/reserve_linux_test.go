package serve_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim/serve"
)

// A shared-memory file on a full filesystem is refused with a clear
// error, not mapped sparse to die of SIGBUS at the first write (issue
// 34). The filesystem is a 64 KiB tmpfs, which needs root (test.sh runs
// as root).
func TestShmOnAFullFilesystemIsRefused(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs (needs root): %v: %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })
	path := filepath.Join(dir, "shm")
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	_, err := serve.New(serve.Options{Envs: 64, Binary: true, Shm: path})
	require.Error(t, err)
	assert.ErrorContains(t, err, "shm: reserving")
	assert.ErrorContains(t, err, "no space left")
}
