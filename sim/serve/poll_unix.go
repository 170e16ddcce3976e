//go:build unix

package serve

import (
	"io"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// Polling reads the pipe f by trying it again and again for up to spin
// after finding it empty, and only then sleeping until a request comes:
// the wake-up of a process asleep on a pipe costs 5–10 µs on each side,
// more than a step of one env (docs/serve.md, "Polling"). A reader that
// polls burns at most spin of one core a request. f stays non-blocking
// until undo. When f is not a pipe, or spin is 0, Polling returns f.
func Polling(f *os.File, spin time.Duration) (r io.Reader, undo func()) {
	fd := int(f.Fd())
	var st unix.Stat_t
	if spin <= 0 || unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return f, func() {}
	}
	if unix.SetNonblock(fd, true) != nil {
		return f, func() {}
	}
	return &pollingReader{fd: fd, spin: spin}, func() { _ = unix.SetNonblock(fd, false) }
}

type pollingReader struct {
	fd   int
	spin time.Duration
}

func (p *pollingReader) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	var until time.Time
	for tries := 0; ; tries++ {
		n, err := unix.Read(p.fd, b)
		switch {
		case err == nil && n > 0:
			return n, nil
		case err == nil:
			return 0, io.EOF
		case err == unix.EINTR:
			continue
		case err != unix.EAGAIN:
			return 0, err
		}
		// Empty. The clock is read every 16 tries (a try is a system
		// call, a fraction of a microsecond).
		if tries == 0 {
			until = time.Now().Add(p.spin)
		} else if tries%16 == 0 && time.Now().After(until) {
			if err := p.sleep(); err != nil {
				return 0, err
			}
			tries = -1 // readable (or hung up): read, spin again if not
		}
	}
}

// sleep waits until the pipe is readable or its writer has gone.
func (p *pollingReader) sleep() error {
	fds := []unix.PollFd{{Fd: int32(p.fd), Events: unix.POLLIN}}
	for {
		_, err := unix.Poll(fds, -1)
		if err != unix.EINTR {
			return err
		}
	}
}
