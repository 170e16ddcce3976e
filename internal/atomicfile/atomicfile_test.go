package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
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

// TestRemoveStaleRemovesOnlyOurTemporaries (issue 34): the temporary
// files a killed writer left for the targets asked about go; every other
// file stays, however alike its name.
func TestRemoveStaleRemovesOnlyOurTemporaries(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(filepath.Join(dir, "seed-3.jsonl"), 0o644)
	require.NoError(t, err)
	stale := filepath.Base(f.tmp.Name())
	f.tmp.Close() // killed: the temporary file stays
	others := []string{"seed-3.jsonl", ".seed-3.jsonl.tmp", ".seed-3.jsonl.12x.tmp", "seed-3.jsonl.123.tmp",
		".seed-3.jsonl.123.tmp.bak", ".notes.txt.123.tmp"}
	for _, name := range others {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), nil, 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".seed-4.jsonl.55.tmp"), 0o755))

	n, err := RemoveStale(dir, func(target string) bool { return strings.HasPrefix(target, "seed-") })
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	_, err = os.Stat(filepath.Join(dir, stale))
	assert.True(t, os.IsNotExist(err), "%s removed", stale)
	for _, name := range append(others, ".seed-4.jsonl.55.tmp") {
		_, err := os.Stat(filepath.Join(dir, name))
		assert.NoError(t, err, "%s kept", name)
	}
}
