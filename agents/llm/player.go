package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/cogsim/cogsim/sim/result"
)

// MaxReply bounds a model's reply as protocol.MaxLine bounds an exec
// agent's reply line: a longer one is unusable (issue 34: 4 MiB answers
// made replays that their reader refuses). Every turn line of a replay
// then fits replay.MaxLine, escaped six bytes a byte at worst.
const MaxReply = protocol.MaxLine

// Player is a model as a [play.Agent] (§36): each turn is asked for
// within Timeout, and a turn without a reply — the server failed,
// refused, timed out, or answered nothing readable — is an unusable
// reply, until the server is gone (--llm-max-failures): then Reply
// returns a [*Down] and the episode has no result. When the context is
// cancelled Reply returns [play.ErrInterrupted]. Each result counts the
// API's tokens and names the settings; each turn's reasoning and usage
// are its Extra, for the trajectory.
type Player struct {
	Agent   *Agent
	Timeout time.Duration
	tokens  result.Tokens
}

// NewPlayer plays cfg's model, each turn within timeout.
func NewPlayer(cfg Config, timeout time.Duration) *Player {
	return &Player{Agent: NewAgent(cfg), Timeout: timeout}
}

// Reset implements play.Agent.
func (p *Player) Reset(_ context.Context, s *sim.Sim, _ int) error {
	p.Agent.Reset(s.Config().Seed)
	p.tokens = result.Tokens{}
	return nil
}

// Reply implements play.Agent.
func (p *Player) Reply(ctx context.Context, s *sim.Sim) (play.Reply, error) {
	tctx, cancel := context.WithTimeout(ctx, p.Timeout)
	t, err := p.Agent.Turn(tctx, string(s.Observe()))
	cancel()
	var down *Down
	switch {
	case ctx.Err() != nil:
		return play.Reply{}, play.ErrInterrupted
	case errors.As(err, &down):
		return play.Reply{}, fmt.Errorf("%w: stopped by --llm-max-failures %d", down, down.Failures)
	case err != nil:
		return play.Reply{}, play.ErrInterrupted
	}
	if t.OK && len(t.Reply) > MaxReply {
		t.OK, t.Error = false, fmt.Sprintf("the reply is longer than %d bytes (1 MiB)", MaxReply)
	}
	p.tokens.Prompt = min(p.tokens.Prompt+t.Usage.PromptTokens, result.MaxTokens)
	p.tokens.Completion = min(p.tokens.Completion+t.Usage.CompletionTokens, result.MaxTokens)
	r := play.Reply{Unusable: !t.OK, Extra: extra(t)}
	if t.OK {
		r.Text = t.Reply
	}
	return r, nil
}

// End implements play.Ender: the result counts the episode's tokens and
// names the settings.
func (p *Player) End(_ context.Context, _ *sim.Sim, res *sim.Result) error {
	t := p.tokens
	res.Tokens, res.LLM = &t, p.Agent.cfg.Settings()
	return nil
}

// Close implements play.Agent.
func (p *Player) Close() error { return nil }

// Settings are what a result says of the agent beside its model
// (§36.1).
func (c Config) Settings() *result.LLMSettings {
	l := &result.LLMSettings{Template: c.Template, History: c.History, Temperature: c.Client.Temperature,
		MaxTokens: c.Client.MaxTokens, Seed: -1}
	if c.Seed != nil {
		l.Seed = *c.Seed
	}
	return l
}

// extra is what a turn adds to its trajectory line (§36.2), beside the
// reply: the reasoning, the API's usage, how many requests it took, the
// answer when it had no reply in it, and why.
func extra(t Turn) map[string]json.RawMessage {
	x := map[string]any{
		"usage": map[string]int{"prompt_tokens": t.Usage.PromptTokens, "completion_tokens": t.Usage.CompletionTokens},
		"tries": t.Tries,
	}
	if t.Reasoning != "" {
		x["reasoning"] = t.Reasoning
	}
	if !t.OK {
		x["error"] = t.Error
		if t.Content != "" && t.Content != t.Reasoning {
			x["answer"] = t.Content
		}
		if t.Refusal != "" {
			x["refusal"] = t.Refusal
		}
	}
	fields := make(map[string]json.RawMessage, len(x))
	for k, v := range x {
		if b, err := json.Marshal(v); err == nil {
			fields[k] = b
		}
	}
	return fields
}
