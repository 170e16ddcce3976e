package protocol

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// Persistent is one outside agent program playing many episodes, one
// after another, over the same pipes (§30, docs/protocol.md): each
// episode is the §20 exchange — observations answered by replies, then
// the end message — with "env" set to the episode's index, and the next
// episode's first observation follows the end directly. A line naming
// an episode that ended, or a turn already answered, is dropped (see
// [Conn.Stray]), so an agent that answers the end, naming it, plays the
// same episodes as one that does not. No process is started per
// episode. An agent that crashes, hangs past the turn
// timeout or closes its output ends its episode (disconnected, timeout)
// and is started afresh for the next one. Not safe for concurrent use.
type Persistent struct {
	command string
	stderr  io.Writer
	run     *running
}

// NewPersistent prepares the agent command; it is started with the
// first episode. Its stderr goes to stderr (nil: discarded).
func NewPersistent(command string, stderr io.Writer) *Persistent {
	return &Persistent{command: command, stderr: stderr}
}

// running is a started agent with the goroutine reading its lines.
type running struct {
	a       *agent
	replies chan lineOrErr
	stop    chan struct{}
	exited  <-chan struct{}
}

type lineOrErr struct {
	line []byte
	err  error
}

func startRunning(command string, stderr io.Writer) (*running, error) {
	a, err := startAgent(command, stderr)
	if err != nil {
		return nil, err
	}
	r := &running{a: a, replies: make(chan lineOrErr), stop: make(chan struct{}), exited: a.exited}
	go func() {
		lines := NewLines(a.stdout, MaxLine)
		for {
			l, err := lines.Next()
			if l != nil {
				l = append([]byte(nil), l...)
			}
			select {
			case r.replies <- lineOrErr{l, err}:
			case <-r.stop:
				return
			}
			if err != nil && !errors.Is(err, ErrTooLong) {
				return
			}
		}
	}()
	return r, nil
}

func (r *running) close(finished bool) {
	close(r.stop)
	r.a.stop(finished)
}

// Close ends the agent: its stdin is closed and it has a second to exit
// before it (and whatever it left behind) is killed.
func (p *Persistent) Close() {
	if p.run != nil {
		p.run.close(true)
		p.run = nil
	}
}

// Play plays episode s, numbered env, with the agent (started now if it
// is not running). It returns as Exec does: the result, or ctx's error
// when ctx was cancelled (the agent is then killed).
func (p *Persistent) Play(ctx context.Context, s *sim.Sim, env int, timeout time.Duration, rec *replay.Recorder, trace func(obs, line []byte)) (sim.Result, error) {
	if timeout <= 0 {
		timeout = DefaultTurnTimeout
	}
	// reused says the agent played an episode before this one: if it
	// goes away before its first reply here (it exits after each end, as
	// a one-episode agent does), it is started afresh and the episode,
	// which has not moved, begins again.
	reused := p.run != nil
	if p.run == nil {
		r, err := startRunning(p.command, p.stderr)
		if err != nil {
			return s.Result(), err
		}
		p.run = r
	}
	r := p.run
	w := &deadlineWriter{w: r.a.stdin, ctx: ctx}
	c := NewConn(s, w, rec)
	c.Trace = trace
	c.Env = &env
	answered := false
	// again restarts a reused agent that went away before answering.
	again := func() bool {
		if !reused || answered {
			return false
		}
		reused = false
		r.close(false)
		p.run = nil
		nr, err := startRunning(p.command, p.stderr)
		if err != nil {
			return false
		}
		p.run, r = nr, nr
		// A fresh connection: a failed write sticks to the old one's
		// buffer.
		w.w = r.a.stdin
		c = NewConn(s, w, rec)
		c.Trace = trace
		c.Env = &env
		return true
	}
	// fail ends the agent; the next episode starts another.
	fail := func() {
		if p.run != nil {
			p.run.close(false)
			p.run = nil
		}
	}
	end := func(cause string) (sim.Result, error) {
		fail()
		err := c.End(cause)
		return s.Result(), err
	}
	for !s.Done() {
		w.deadline = time.Now().Add(timeout)
		if err := c.Send(); err != nil {
			switch {
			case ctx.Err() != nil:
				fail()
				return s.Result(), ctx.Err()
			case errors.Is(err, errWriteTimeout):
				return end(CauseTimeout)
			}
			if again() {
				continue
			}
			return end(CauseDisconnected)
		}
		timer := time.NewTimer(time.Until(w.deadline))
		var got lineOrErr
		for ok := false; !ok; {
			select {
			case <-ctx.Done():
				timer.Stop()
				fail()
				return s.Result(), ctx.Err()
			case <-timer.C:
				return end(CauseTimeout)
			case <-r.exited:
				r.a.reclaim()
				r.exited = nil
			case got = <-r.replies:
				// A line naming another message — the end of an
				// earlier episode, an answered turn — is dropped.
				ok = got.err != nil || !c.Stray(got.line)
			}
		}
		timer.Stop()
		if got.err != nil && !errors.Is(got.err, ErrTooLong) {
			if again() {
				continue
			}
			return end(CauseDisconnected)
		}
		answered = true
		if err := c.Answer(got.line); err != nil {
			fail()
			return s.Result(), err
		}
	}
	var err error
	if rec != nil {
		err = rec.End()
	}
	w.deadline = time.Now().Add(timeout)
	if serr := c.Send(); serr != nil {
		// The agent did not take its end message: it is not fit for
		// the next episode.
		fail()
	}
	return s.Result(), err
}
