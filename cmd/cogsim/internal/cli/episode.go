package cli

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
)

// Agent is what the runner needs of a built-in agent (§26): it reads the
// observation text and replies, and starts afresh for each episode.
type Agent interface {
	Name() string
	Reset(seed uint64)
	Reply(obs []byte) string
}

// newAgent makes the agent called name.
func newAgent(name string) (Agent, error) {
	if strings.HasPrefix(name, "exec:") {
		return nil, errors.New("exec agents are not available yet")
	}
	a, err := agents.New(name)
	if err != nil {
		return nil, err
	}
	return a, nil
}

// episodes says what every episode of a run shares: all but the seed.
type episodes struct {
	agent    string
	rules    string
	scenario *sim.Scenario
	maxTurns int
}

func (e episodes) config(seed uint64) sim.Config {
	return sim.Config{
		Seed:     seed,
		Rules:    e.rules,
		Scenario: e.scenario,
		MaxTurns: e.maxTurns,
		Agent:    e.agent,
	}
}

// play runs the episode of seed to its end with a: it shows a each
// observation and plays its reply, one command turn at a time. A panic in
// the engine or the agent becomes an error naming the seed.
func (e episodes) play(seed uint64, a Agent) (res sim.Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("episode seed %d panicked: %v\n%s", seed, v, debug.Stack())
		}
	}()
	s, err := sim.New(e.config(seed))
	if err != nil {
		return sim.Result{}, fmt.Errorf("episode seed %d: %w", seed, err)
	}
	a.Reset(s.Config().Seed)
	for !s.Done() {
		s.Turn(a.Reply(s.Observe()))
	}
	return s.Result(), nil
}
