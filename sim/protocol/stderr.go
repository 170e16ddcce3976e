package protocol

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"
)

// MaxStderr bounds what is kept of an exec agent's stderr in each file
// under --log (issue 34: one agent's endless stderr filled the disk and
// stopped the run): past it a line says so and the rest is dropped —
// still read, so that the agent never blocks on a full pipe.
const MaxStderr = 1 << 20

// StderrCut is the line that ends a stderr file cut at MaxStderr.
const StderrCut = "[cogsim: stderr cut at 1 MiB]\n"

// LogCap writes the first MaxStderr bytes to w, then StderrCut, and
// drops the rest. It never fails: a write error (a full disk) drops the
// rest too and is kept in err, so that it costs only this file, and the
// copier of the agent's pipe that writes here goes on reading.
type LogCap struct {
	w    io.Writer
	left int
	last byte // the last byte kept
	cut  bool
	err  error
}

// NewLogCap caps what is written to w.
func NewLogCap(w io.Writer) *LogCap { return &LogCap{w: w, left: MaxStderr} }

// Err is the write error that stopped the copy, if any.
func (c *LogCap) Err() error { return c.err }

// Writer is the pipe's end the agent's processes write to.
func (rt *StderrRouter) Writer() io.Writer { return rt.w }

func (c *LogCap) Write(p []byte) (int, error) {
	if c.err != nil || c.cut {
		return len(p), nil
	}
	keep := p[:min(len(p), c.left)]
	if len(keep) > 0 {
		_, c.err = c.w.Write(keep)
		c.left -= len(keep)
		c.last = keep[len(keep)-1]
	}
	if c.err == nil && len(keep) < len(p) {
		c.cut = true
		line := StderrCut
		if c.last != '\n' {
			line = "\n" + line
		}
		_, c.err = io.WriteString(c.w, line)
	}
	return len(p), nil
}

// CreateLog creates the log file path afresh, as no other file: what is
// at the name — a file of an earlier run, a link, a second name of
// another file — is removed first (the link, never what it points to),
// and the file is made new (O_EXCL: never through a link). Issue 34: a
// link planted at seed-N.stderr had its target overwritten.
func CreateLog(path string) (*os.File, error) {
	if st, err := os.Lstat(path); err == nil {
		if st.IsDir() {
			return nil, fmt.Errorf("%s is a folder", path)
		}
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

// RemoveOwn removes path if it is still the file st describes (not a
// link or a file put there since).
func RemoveOwn(path string, st fs.FileInfo) {
	if cur, err := os.Lstat(path); err == nil && os.SameFile(st, cur) {
		os.Remove(path)
	}
}

// StderrRouter carries a persistent agent's stderr (§30) to the file of
// the episode being played, DIR/seed-N.stderr, and what it writes
// between episodes (as it starts, after an end) to the worker's file.
// The agent writes into a pipe; a goroutine copies what arrives to the
// current file. Before it moves to another file it copies what is in
// the pipe already: whatever the agent wrote before its last reply of an
// episode lands in that episode's file.
type StderrRouter struct {
	// w is the pipe's end the agent's processes write to.
	w *os.File
	r *os.File
	// mu guards pending and the read deadline's wake-ups: a move sets
	// both under it, and the copier clears both under it, so that a
	// wake-up never lands in the copier's drain.
	mu      sync.Mutex
	pending *route
	done    chan struct{}
}

type route struct {
	w   io.Writer // nil: the worker's file
	ack chan struct{}
}

// drainWait is how long a move waits for more of the agent's writes
// once the pipe is empty (a timer's resolution: the writes it waits for
// are in the pipe already).
const drainWait = 200 * time.Microsecond

// NewStderrRouter starts a router whose between-episodes file is
// between. It returns nil where a pipe cannot be read with a deadline
// (not every system polls pipes): the agent then writes to between
// itself.
func NewStderrRouter(between io.Writer) *StderrRouter {
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	if r.SetReadDeadline(time.Time{}) != nil {
		r.Close()
		w.Close()
		return nil
	}
	rt := &StderrRouter{w: w, r: r, done: make(chan struct{})}
	go rt.copy(between)
	return rt
}

// copy is the copier: it reads the pipe until every writer has closed
// it, and moves between files when asked.
func (rt *StderrRouter) copy(between io.Writer) {
	defer close(rt.done)
	cur := between
	buf := make([]byte, 32<<10)
	for {
		rt.mu.Lock()
		_ = rt.r.SetReadDeadline(time.Time{})
		req := rt.pending
		rt.pending = nil
		rt.mu.Unlock()
		if req != nil {
			rt.drain(cur, buf)
			cur = req.w
			if cur == nil {
				cur = between
			}
			close(req.ack)
			continue
		}
		n, err := rt.r.Read(buf)
		if n > 0 {
			_, _ = cur.Write(buf[:n])
		}
		if err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
			return // every writer closed the pipe
		}
	}
}

// drain copies what is in the pipe now to w.
func (rt *StderrRouter) drain(w io.Writer, buf []byte) {
	for {
		_ = rt.r.SetReadDeadline(time.Now().Add(drainWait))
		n, err := rt.r.Read(buf)
		if n > 0 {
			_, _ = w.Write(buf[:n])
		}
		if err != nil {
			return
		}
	}
}

// MoveTo moves the copier to w (nil: the worker's file), once what the
// agent wrote so far is copied where it was going.
func (rt *StderrRouter) MoveTo(w io.Writer) {
	req := &route{w: w, ack: make(chan struct{})}
	rt.mu.Lock()
	rt.pending = req
	_ = rt.r.SetReadDeadline(time.Now()) // wake the copier
	rt.mu.Unlock()
	<-req.ack
}

// close waits for the copier to copy the rest, once the agent's
// processes have gone (their ends of the pipe closed).
func (rt *StderrRouter) Close() {
	rt.w.Close()
	<-rt.done
	rt.r.Close()
}
