package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCommitReplacesAbortKeeps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "f.jsonl")
	require.NoError(t, Write(path, []byte("old\n"), 0o644))

	f, err := Create(path, 0o600)
	require.NoError(t, err)
	_, err = f.Write([]byte("half"))
	require.NoError(t, err)
	got, _ := os.ReadFile(path)
	assert.Equal(t, "old\n", string(got), "untouched until Commit")
	f.Abort()
	got, _ = os.ReadFile(path)
	assert.Equal(t, "old\n", string(got), "untouched after Abort")

	f, err = Create(path, 0o600)
	require.NoError(t, err)
	_, err = f.Write([]byte("new\n"))
	require.NoError(t, err)
	require.NoError(t, f.Commit())
	f.Abort() // deferred after a commit: nothing
	got, _ = os.ReadFile(path)
	assert.Equal(t, "new\n", string(got))
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	_, err = f.Write([]byte("x"))
	assert.Error(t, err, "no write after Commit")

	left, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	assert.Len(t, left, 1, "no temporary file left behind")
}
