// Package agents holds cogsim's built-in agents (§26 of the spec): wait,
// random and explore. An agent plays the cog from the observation text
// alone (§15) and answers with a reply (§14), exactly as an outside
// program speaking the protocol of §20 would; none of them looks at the
// engine's state.
package agents

import (
	"fmt"
	"strings"

	"github.com/cogsim/cogsim/sim/play"
)

// Agent plays the cog from the observation text alone, as an outside
// program would.
type Agent interface {
	// Name is the agent's name, as New takes it.
	Name() string
	// Reset starts a new episode; seed seeds any randomness the agent
	// uses (derive it from the episode seed so runs are deterministic).
	Reset(seed uint64)
	// Reply returns the reply (§14) to one observation (§15).
	Reply(obs []byte) string
}

// Knower is an agent whose knowledge of the game's kinds is derived from
// the tables (§27.5), so it should be told the mechanics installed in the
// episode, whose table rows are in play. Callers type-assert an Agent to
// it; an agent never told knows the core game only.
type Knower interface {
	// Know names the installed mechanics (nil: none).
	Know(mechanics []string)
}

// builtins is the table of built-in agents, in the order Names lists them.
var builtins = []struct {
	name string
	make func() Agent
}{
	{"explore", func() Agent { return NewExplore() }},
	{"random", func() Agent { return NewRandom() }},
	{"wait", func() Agent { return Wait{} }},
}

// Names lists the built-in agents.
func Names() []string {
	names := make([]string, len(builtins))
	for i, b := range builtins {
		names[i] = b.name
	}
	return names
}

// New makes the built-in agent called name, reset for seed 0.
func New(name string) (Agent, error) {
	for _, b := range builtins {
		if b.name == name {
			a := b.make()
			a.Reset(0)
			return a, nil
		}
	}
	return nil, fmt.Errorf("agents: unknown agent %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Wait replies "wait*40" to every observation: a floor for scores and a
// pure-engine benchmark (§26).
type Wait struct{}

// Name implements Agent.
func (Wait) Name() string { return "wait" }

// Reset implements Agent.
func (Wait) Reset(uint64) {}

// Reply implements Agent.
func (Wait) Reply([]byte) string { return "wait*40" }

// Player is the built-in agent called name as the episode driver plays
// it (play.Builtin): what `cogsim check` and a mechanic's conformance
// test make their agents with (check.Config.NewAgent).
func Player(name string) (play.Agent, error) {
	a, err := New(name)
	if err != nil {
		return nil, err
	}
	return play.Builtin(a), nil
}
