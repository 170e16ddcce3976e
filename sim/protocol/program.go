package protocol

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/replay"
)

// Program is an outside agent program (see [Command]) as a [play.Agent]:
// the protocol on its stdin and stdout, every write to it and every wait
// for its reply with a deadline, Timeout after the turn began. An agent
// that does not answer, or does not read, is killed and its episode ends
// ("timeout"); one that crashes, exits or closes its output ends its
// episode at once ("disconnected"); junk lines cost it unusable turns;
// nothing it does affects other episodes. When the context is cancelled
// the agent is killed and Reply returns the context's error. The agent's
// whole process group is killed when it is stopped, and on Linux every
// process that inherited its [EnvToken].
//
// A Program started afresh for each episode (Persistent false) gets its
// end message and a second to exit. A persistent one (§30,
// docs/protocol.md) plays one episode after another over the same pipes,
// "env" set to the episode's number, the next episode's first
// observation directly after the end: a line naming an episode that
// ended, or a turn already answered, is dropped (see [Conn.Stray]). One
// that goes away is started afresh for the next episode; one reused that
// goes away before its first reply of an episode (it exits after each
// end, as a one-episode agent does) is started afresh and the episode,
// which has not moved, begins again. Not safe for concurrent use.
type Program struct {
	Command string
	// Timeout bounds a turn (0: DefaultTurnTimeout).
	Timeout time.Duration
	// Stderr receives the program's stderr (nil: discarded). A program
	// per episode takes the value at Reset; a persistent one, at its
	// start.
	Stderr io.Writer
	// Persistent keeps one process for every episode.
	Persistent bool

	run *running
	c   *Conn
	w   *deadlineWriter
	env int
	// reused says the process played an episode before this one;
	// answered that it answered in this one.
	reused, answered bool
	// gone says the episode ended with the agent gone.
	gone bool
}

// timeout is the turn's bound.
func (p *Program) timeout() time.Duration {
	if p.Timeout <= 0 {
		return DefaultTurnTimeout
	}
	return p.Timeout
}

// Reset implements play.Agent: it starts the program unless a persistent
// one runs.
func (p *Program) Reset(ctx context.Context, s *sim.Sim, env int) error {
	if !p.Persistent {
		p.stop(false)
	}
	p.env, p.answered, p.gone = env, false, false
	p.reused = p.run != nil
	if p.run == nil {
		if err := p.start(); err != nil {
			return err
		}
	}
	p.connect(ctx, s)
	return nil
}

func (p *Program) start() error {
	r, err := startRunning(p.Command, p.Stderr)
	if err != nil {
		return err
	}
	p.run = r
	return nil
}

// connect makes a fresh connection to the running program: a failed
// write sticks to the old one's buffer.
func (p *Program) connect(ctx context.Context, s *sim.Sim) {
	p.w = &deadlineWriter{w: p.run.a.stdin, ctx: ctx}
	p.c = NewConn(s, p.w)
	if p.Persistent {
		p.c.Env = &p.env
	}
}

// stop ends the running program, if any.
func (p *Program) stop(finished bool) {
	if p.run != nil {
		p.run.close(finished)
		p.run = nil
	}
}

// again restarts a reused program that went away before answering.
func (p *Program) again(ctx context.Context, s *sim.Sim) bool {
	if !p.reused || p.answered {
		return false
	}
	p.reused = false
	p.stop(false)
	if p.start() != nil {
		return false
	}
	p.connect(ctx, s)
	return true
}

// leave ends the episode with the agent gone (cause): the process is
// stopped, and the next episode starts another.
func (p *Program) leave(cause string) (play.Reply, error) {
	p.stop(false)
	p.gone = true
	return play.Reply{Gone: cause}, nil
}

// Reply implements play.Agent: it sends the observation and reads the
// agent's line.
func (p *Program) Reply(ctx context.Context, s *sim.Sim) (play.Reply, error) {
	for {
		p.w.deadline = time.Now().Add(p.timeout())
		if err := p.c.Send(); err != nil {
			switch {
			case ctx.Err() != nil:
				p.stop(false)
				return play.Reply{}, ctx.Err()
			case errors.Is(err, errWriteTimeout):
				return p.leave(CauseTimeout)
			case p.again(ctx, s):
				continue
			}
			return p.leave(CauseDisconnected)
		}
		got, cause := p.read(ctx)
		switch {
		case cause == "ctx":
			p.stop(false)
			return play.Reply{}, ctx.Err()
		case cause != "":
			return p.leave(cause)
		case got.err != nil && !errors.Is(got.err, ErrTooLong):
			if p.again(ctx, s) {
				continue
			}
			return p.leave(CauseDisconnected)
		}
		p.answered = true
		return ReplyOf(got.line), nil
	}
}

// read waits for the agent's line to the observation sent: a line
// naming another message is dropped. cause is "ctx" when ctx ended,
// CauseTimeout at the deadline.
func (p *Program) read(ctx context.Context) (got lineOrErr, cause string) {
	r := p.run
	timer := time.NewTimer(time.Until(p.w.deadline))
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return got, "ctx"
		case <-timer.C:
			return got, CauseTimeout
		case <-r.exited:
			// The agent is gone; whatever it started may still hold
			// its output open. Killing that lets the reader see what
			// was written, then EOF.
			r.a.reclaim()
			r.exited = nil
		case got = <-r.replies:
			if got.err != nil || !p.c.Stray(got.line) {
				return got, ""
			}
		}
	}
}

// End implements play.Ender: the end message. A program per episode then
// has a second to exit; a persistent one that does not take its end
// message is not fit for the next episode.
func (p *Program) End(ctx context.Context, s *sim.Sim, res *sim.Result) error {
	if p.gone {
		return nil
	}
	p.w.deadline = time.Now().Add(p.timeout())
	err := p.c.Send()
	if !p.Persistent || err != nil {
		p.stop(err == nil)
	}
	return nil
}

// Close implements play.Agent: it ends the program, which has a second
// to exit before it (and whatever it left behind) is killed.
func (p *Program) Close() error {
	p.stop(true)
	return nil
}

// ReplyOf is the reply an agent's line makes (nil: a line too long to
// read): its reply, with the line's other fields as extra, or unusable
// (see [ParseReply]) with the line as received.
func ReplyOf(line []byte) play.Reply {
	reply, ok := ParseReply(line)
	if !ok {
		return play.Reply{Unusable: true, Raw: line}
	}
	r := play.Reply{Text: reply}
	var fields map[string]json.RawMessage
	if json.Unmarshal(line, &fields) == nil {
		delete(fields, "reply")
		if len(fields) > 0 {
			r.Extra = fields
		}
	}
	return r
}

// Persistent is one outside agent program playing many episodes over
// the same pipes: a persistent [Program].
type Persistent = Program

// NewPersistent prepares the agent command; it is started with the
// first episode. Its stderr goes to stderr (nil: discarded).
func NewPersistent(command string, stderr io.Writer) *Persistent {
	return &Program{Command: command, Stderr: stderr, Persistent: true}
}

// Play plays episode s, numbered env, with the persistent agent,
// recording its replay with rec when that is not nil.
func (p *Program) Play(ctx context.Context, s *sim.Sim, env int, timeout time.Duration, rec *replay.Recorder) (sim.Result, error) {
	p.Timeout = timeout
	return play.Run(ctx, s, p, env, observers(rec)...)
}

// Exec plays one episode with the outside agent program command (a
// [Program] of its own), recording its replay with rec when that is not
// nil. When ctx is cancelled the agent is killed and Exec returns ctx's
// error: the episode did not finish and its result is not one.
func Exec(ctx context.Context, command string, s *sim.Sim, timeout time.Duration, stderr io.Writer, rec *replay.Recorder) (sim.Result, error) {
	p := &Program{Command: command, Timeout: timeout, Stderr: stderr}
	defer p.Close()
	res, err := play.Run(ctx, s, p, 0, observers(rec)...)
	if err != nil {
		res = s.Result()
	}
	return res, err
}

// observers is rec as a list: none when it is nil.
func observers(rec *replay.Recorder) []play.Observer {
	if rec == nil {
		return nil
	}
	return []play.Observer{play.Record(rec)}
}
