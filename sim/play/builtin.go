package play

import (
	"context"

	"github.com/cogsim/cogsim/sim"
)

// Replier is a built-in agent (package agents, §26): it reads the
// observation text alone and answers with a reply.
type Replier interface {
	// Reset starts a new episode; seed seeds its randomness.
	Reset(seed uint64)
	// Reply returns the reply (§14) to one observation (§15).
	Reply(obs []byte) string
}

// Knower is a Replier that is told the mechanics installed in the
// episode (§27.5).
type Knower interface {
	Know(mechanics []string)
}

// Builtin plays r: reset with each episode's seed and told its
// mechanics.
func Builtin(r Replier) Agent { return builtin{r} }

type builtin struct{ r Replier }

func (b builtin) Reset(_ context.Context, s *sim.Sim, _ int) error {
	b.r.Reset(s.Config().Seed)
	if k, ok := b.r.(Knower); ok {
		k.Know(s.State().Mechanics)
	}
	return nil
}

func (b builtin) Reply(_ context.Context, s *sim.Sim) (Reply, error) {
	return Reply{Text: b.r.Reply(s.Observe())}, nil
}

func (b builtin) Close() error { return nil }

// Replies gathers the replies of an episode's turns (an unusable one as
// ""), as a recorded game keeps them (bench).
type Replies struct{ List []string }

// Turn implements Observer.
func (r *Replies) Turn(_ *sim.Sim, t *Turn) error {
	r.List = append(r.List, t.Text)
	return nil
}

// End implements Observer.
func (r *Replies) End(*sim.Sim, sim.Result) error { return nil }
