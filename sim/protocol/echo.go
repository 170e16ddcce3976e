package protocol

import (
	"context"
	"encoding/json"
	"io"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
)

// Echo plays Agent and writes the exchange on W as it would be over
// stdio (cogsim agent with a model, §36): each observation, the agent's
// reply object — its reply, when it has one, with what it said of the
// turn (Extra) — and the end message.
type Echo struct {
	Agent play.Agent
	W     io.Writer
	c     *Conn
}

// Reset implements play.Agent.
func (e *Echo) Reset(ctx context.Context, s *sim.Sim, env int) error {
	e.c = NewConn(s, e.W)
	return e.Agent.Reset(ctx, s, env)
}

// Reply implements play.Agent.
func (e *Echo) Reply(ctx context.Context, s *sim.Sim) (play.Reply, error) {
	if err := e.c.Send(); err != nil {
		return play.Reply{}, err
	}
	r, err := e.Agent.Reply(ctx, s)
	if err != nil || r.Gone != "" {
		return r, err
	}
	msg := make(map[string]json.RawMessage, len(r.Extra)+1)
	for k, v := range r.Extra {
		msg[k] = v
	}
	if !r.Unusable {
		b, err := json.Marshal(r.Text)
		if err != nil {
			return r, err
		}
		msg["reply"] = b
	}
	line, err := json.Marshal(msg)
	if err != nil {
		return r, err
	}
	if _, err := e.W.Write(append(line, '\n')); err != nil {
		return r, err
	}
	return r, nil
}

// End implements play.Ender: the agent's end, then the end message.
func (e *Echo) End(ctx context.Context, s *sim.Sim, res *sim.Result) error {
	if en, ok := e.Agent.(play.Ender); ok {
		if err := en.End(ctx, s, res); err != nil {
			return err
		}
	}
	return e.c.SendEnd(res)
}

// Close implements play.Agent.
func (e *Echo) Close() error { return e.Agent.Close() }
