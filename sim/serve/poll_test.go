//go:build unix

package serve_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cogsim/cogsim/sim/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// TestPollingReadsAPipeWhole: a polled pipe gives every byte, in order,
// whether the writer is quick (read while polling) or slow (read after
// sleeping on the pipe), then EOF; undo makes it blocking again.
func TestPollingReadsAPipeWhole(t *testing.T) {
	for _, spin := range []time.Duration{time.Nanosecond, 50 * time.Microsecond, time.Millisecond} {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		fd := r.Fd() // Fd makes the file blocking: before Polling, as cogsim's stdin is
		in, undo := serve.Polling(r, spin)
		require.NotEqual(t, io.Reader(r), in, "a pipe is polled")
		flags, err := unix.FcntlInt(fd, unix.F_GETFL, 0)
		require.NoError(t, err)
		assert.NotZero(t, flags&unix.O_NONBLOCK, "non-blocking while polled")
		parts := []string{"first ", "second, after a pause ", "third at once ", "last"}
		go func() {
			for i, p := range parts {
				if i == 1 {
					time.Sleep(5 * time.Millisecond) // the reader sleeps on the pipe
				}
				_, _ = w.Write([]byte(p))
			}
			w.Close()
		}()
		got, err := io.ReadAll(in)
		require.NoError(t, err)
		assert.Equal(t, "first second, after a pause third at once last", string(got), "spin %v", spin)
		undo()
		flags, err = unix.FcntlInt(fd, unix.F_GETFL, 0)
		require.NoError(t, err)
		assert.Zero(t, flags&unix.O_NONBLOCK, "blocking after undo")
		r.Close()
	}
}

// TestPollingLeavesOtherFilesAlone: a file that is not a pipe, or a spin
// of 0, is read as it is.
func TestPollingLeavesOtherFilesAlone(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "requests"))
	require.NoError(t, err)
	defer f.Close()
	in, undo := serve.Polling(f, time.Millisecond)
	undo()
	assert.Equal(t, io.Reader(f), in, "a regular file")
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	in, undo = serve.Polling(r, 0)
	undo()
	assert.Equal(t, io.Reader(r), in, "no polling asked")
}
