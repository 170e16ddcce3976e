// Package play is cogsim's one episode driver: an [Agent] answers each
// observation of a [sim.Sim] with a reply, [Run] plays the replies one
// command turn at a time until the episode ends, and [Observer]s — the
// replay recorder, trajectories — see each turn as it was played and the
// result. Every way of playing an episode goes through Run: built-in
// agents, outside programs over the protocol (§20), persistent agents
// (§30), models (§36), `cogsim check`; a [Batch] plays many on worker
// goroutines and hands their results on in order.
package play

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/cogsim/cogsim/sim"
)

// Reply is an agent's answer to one observation.
type Reply struct {
	// Text is the reply (§14), played when Unusable is false.
	Text string
	// Unusable says the agent's answer could not be read (§20): the turn
	// is forty ticks of waiting and "Unusable reply.".
	Unusable bool
	// Raw is an unusable line as the agent sent it (an outside agent;
	// nil when it was too long to read), for trajectories (§30).
	Raw []byte
	// Extra are what the agent said of the turn beside its reply — an
	// outside agent's other reply fields, a model's reasoning and usage
	// — each a JSON value, for trajectories (nil: none).
	Extra map[string]json.RawMessage
	// Gone, when not "", says the agent went away (a cause: CauseDisconnected,
	// CauseTimeout): no turn is played and the episode ends with that
	// cause.
	Gone string
}

// Causes of an episode cut short by its agent.
const (
	CauseDisconnected = "disconnected"
	CauseTimeout      = "timeout"
)

// ErrInterrupted marks an episode cut short by its context (Ctrl-C,
// SIGTERM): it has no result.
var ErrInterrupted = errors.New("episode interrupted")

// Agent plays the cog of one episode after another.
type Agent interface {
	// Reset starts the episode s, numbered env in its batch (§30's
	// "env" of a persistent agent).
	Reset(ctx context.Context, s *sim.Sim, env int) error
	// Reply answers the observation s shows now. An error (the context
	// ended, a model's server is gone, a pipe broke) stops the episode
	// without a result.
	Reply(ctx context.Context, s *sim.Sim) (Reply, error)
	// Close ends what the agent started (its process); it is called
	// once, after its last episode.
	Close() error
}

// Ender is an agent that is told how each episode ended: an outside
// agent's end message (§20), a model's token count in the result.
type Ender interface {
	// End is called with the episode's result, which it may add to.
	End(ctx context.Context, s *sim.Sim, res *sim.Result) error
}

// Turn is one command turn as it was played.
type Turn struct {
	// Turn is the turn's number: the clock's turn before it was played.
	Turn int
	// Before is the observation the agent answered (valid during the
	// Observer's call).
	Before []byte
	Reply
}

// Observer sees an episode as it is played.
type Observer interface {
	// Turn is called after each command turn.
	Turn(s *sim.Sim, t *Turn) error
	// End is called once the episode is over, with its result.
	End(s *sim.Sim, res sim.Result) error
}

// Run plays the episode s to its end with a (reset for it, as episode
// env), one command turn per reply, showing each turn to the
// observers, and returns its result. An agent's error stops the
// episode: Run returns it, and the observers are not told the end.
func Run(ctx context.Context, s *sim.Sim, a Agent, env int, observers ...Observer) (sim.Result, error) {
	if err := a.Reset(ctx, s, env); err != nil {
		return sim.Result{}, err
	}
	var t Turn
	for !s.Done() {
		if len(observers) > 0 {
			t.Before = append(t.Before[:0], s.Observe()...)
		}
		r, err := a.Reply(ctx, s)
		if err != nil {
			return sim.Result{}, err
		}
		if r.Gone != "" {
			s.Disconnect(r.Gone)
			break
		}
		t.Turn, t.Reply = s.State().Clock.Turn, r
		if r.Unusable {
			s.TurnUnusable()
		} else {
			s.Turn(r.Text)
		}
		for _, o := range observers {
			if err := o.Turn(s, &t); err != nil {
				return sim.Result{}, err
			}
		}
	}
	res := s.Result()
	if e, ok := a.(Ender); ok {
		if err := e.End(ctx, s, &res); err != nil {
			return res, err
		}
	}
	for _, o := range observers {
		if err := o.End(s, res); err != nil {
			return res, err
		}
	}
	return res, nil
}
