//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serveListening starts serve --listen path in-process and waits for the
// socket; stop cancels it and returns its exit code.
func serveListening(t *testing.T, path string) (stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- MainIO(ctx, []string{"serve", "--listen", path}, strings.NewReader(""), &out, &errb) }()
	// Two minutes is a guard only: a loaded machine is slow (issue 34).
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
		if st, err := os.Lstat(path); err == nil && st.Mode()&os.ModeSocket != 0 {
			return func() int { cancel(); return <-done }
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	t.Fatalf("no socket at %s: %s", path, errb.String())
	return nil
}

// TestTheSocketIsTheOwnersOnly: under umask 000 the socket is still
// 0600, and nothing is left beside it (issue 25).
func TestTheSocketIsTheOwnersOnly(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "s.sock")
	stop := serveListening(t, path)
	st, err := os.Lstat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "only the socket in its folder")
	assert.Equal(t, ExitInterrupted, stop())
	_, err = os.Lstat(path)
	assert.True(t, os.IsNotExist(err), "the socket is removed at exit")
}

// TestAFileInPlaceOfTheSocketIsKept: a file put where the socket was
// while serve runs is not deleted at exit (issue 25).
func TestAFileInPlaceOfTheSocketIsKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.sock")
	stop := serveListening(t, path)
	require.NoError(t, os.Remove(path))
	require.NoError(t, os.WriteFile(path, []byte("mine"), 0o644))
	assert.Equal(t, ExitInterrupted, stop())
	b, err := os.ReadFile(path)
	require.NoError(t, err, "the file put in place is kept")
	assert.Equal(t, "mine", string(b))

	code, _, errs := cogsim(t, "serve", "--listen", path)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "exists already")
}

// TestASecondClientIsRefused: while one client is served, a second
// connection is answered at once with an error and closed, not left
// waiting for ever (issue 34); the first client is served on.
func TestASecondClientIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.sock")
	stop := serveListening(t, path)
	first, err := net.Dial("unix", path)
	require.NoError(t, err)
	defer first.Close()
	r1 := bufio.NewReader(first)
	_, err = first.Write([]byte(`{"op":"reset","env":0,"seed":3}` + "\n"))
	require.NoError(t, err)
	line, err := r1.ReadString('\n')
	require.NoError(t, err)
	require.Contains(t, line, `"type":"observation"`, "the first client is served")

	second, err := net.Dial("unix", path)
	require.NoError(t, err)
	defer second.Close()
	// A guard only, against the defect's endless wait.
	require.NoError(t, second.SetReadDeadline(time.Now().Add(2*time.Minute)))
	answer, err := io.ReadAll(second)
	require.NoError(t, err, "the second client is answered and closed")
	assert.Contains(t, string(answer), `{"error":"cogsim serve --listen `+path+` serves one client, and another is being served`)

	_, err = first.Write([]byte(`{"op":"step","env":0,"reply":"search"}` + "\n"))
	require.NoError(t, err)
	line, err = r1.ReadString('\n')
	require.NoError(t, err)
	assert.Contains(t, line, `"type":"observation"`, "the first client is still served")
	assert.Equal(t, ExitInterrupted, stop())
}
