package cli

import (
	"errors"
	"io"
	"os"
	"sync"
	"time"
)

// stderrRouter carries a persistent agent's stderr (§30) to the file of
// the episode being played, DIR/seed-N.stderr, and what it writes
// between episodes (as it starts, after an end) to the worker's file.
// The agent writes into a pipe; a goroutine copies what arrives to the
// current file. Before it moves to another file it copies what is in
// the pipe already: whatever the agent wrote before its last reply of an
// episode lands in that episode's file.
type stderrRouter struct {
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

// newStderrRouter starts a router whose between-episodes file is
// between. It returns nil where a pipe cannot be read with a deadline
// (not every system polls pipes): the agent then writes to between
// itself.
func newStderrRouter(between io.Writer) *stderrRouter {
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	if r.SetReadDeadline(time.Time{}) != nil {
		r.Close()
		w.Close()
		return nil
	}
	rt := &stderrRouter{w: w, r: r, done: make(chan struct{})}
	go rt.copy(between)
	return rt
}

// copy is the copier: it reads the pipe until every writer has closed
// it, and moves between files when asked.
func (rt *stderrRouter) copy(between io.Writer) {
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
func (rt *stderrRouter) drain(w io.Writer, buf []byte) {
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

// moveTo moves the copier to w (nil: the worker's file), once what the
// agent wrote so far is copied where it was going.
func (rt *stderrRouter) moveTo(w io.Writer) {
	req := &route{w: w, ack: make(chan struct{})}
	rt.mu.Lock()
	rt.pending = req
	_ = rt.r.SetReadDeadline(time.Now()) // wake the copier
	rt.mu.Unlock()
	<-req.ack
}

// close waits for the copier to copy the rest, once the agent's
// processes have gone (their ends of the pipe closed).
func (rt *stderrRouter) close() {
	rt.w.Close()
	<-rt.done
	rt.r.Close()
}
