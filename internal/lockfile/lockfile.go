// Package lockfile keeps two processes from writing the same files at
// once (issue 34: a Slurm requeue while the old job still runs, a
// second terminal): an exclusive lock on a lock file, which holds the
// holder's pid, host, start time and command line, so that a refusal
// names who has it. The lock goes with the process, however it ends
// (the kernel drops it at SIGKILL too); a lock file left behind then is
// taken by the next process.
package lockfile

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// Lock is a lock held by this process.
type Lock struct {
	path string
	f    *os.File
}

// HeldError says that another process holds the lock.
type HeldError struct {
	Path string
	// Holder is what the holder wrote in the lock file: its pid, host,
	// start time and command line ("" if it could not be read).
	Holder string
}

func (e *HeldError) Error() string {
	if e.Holder == "" {
		return fmt.Sprintf("locked by another process (%s)", e.Path)
	}
	return fmt.Sprintf("locked by another process: %s (%s)", e.Holder, e.Path)
}

// maxHolder bounds what is read of a lock file.
const maxHolder = 4 << 10

// Acquire takes the lock of path, creating the file, without waiting:
// when another process holds it, it returns a *HeldError. A link at
// path is refused, never followed, and the file it names is left alone.
func Acquire(path string) (*Lock, error) {
	f, err := acquire(path)
	if err != nil {
		return nil, err
	}
	l := &Lock{path: path, f: f}
	if f != nil {
		if err := f.Truncate(0); err == nil {
			_, _ = f.WriteAt([]byte(holder()+"\n"), 0)
		}
	}
	return l, nil
}

// holder describes this process: pid, host, start time, command line.
func holder() string {
	host, err := os.Hostname()
	if err != nil {
		host = "?"
	}
	return fmt.Sprintf("pid %d on %s since %s: %s", os.Getpid(), host,
		time.Now().UTC().Format(time.RFC3339), strings.Join(os.Args, " "))
}

// readHolder reads the holder's line from f.
func readHolder(f *os.File) string {
	b := make([]byte, maxHolder)
	n, _ := f.ReadAt(b, 0)
	line, _, _ := strings.Cut(string(b[:n]), "\n")
	return strings.TrimSpace(line)
}

// Release removes the lock file, if it is still this lock's, and drops
// the lock. It may be called more than once.
func (l *Lock) Release() {
	if l == nil || l.f == nil {
		return
	}
	// Removed before it is unlocked: a process that opened the file
	// and takes the lock next finds the name gone and tries afresh.
	if st, err := l.f.Stat(); err == nil {
		if cur, err := os.Lstat(l.path); err == nil && os.SameFile(st, cur) {
			os.Remove(l.path)
		}
	}
	l.f.Close()
	l.f = nil
}
