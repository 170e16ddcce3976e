package agents_test

import (
	"strings"
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playWands runs one episode of agent name with the wands mechanic and the
// invariant checker on, and returns the episode at its end.
func playWands(t *testing.T, name string, seed uint64) *sim.Sim {
	t.Helper()
	a, err := agents.New(name)
	require.NoError(t, err)
	a.Reset(seed)
	s, err := sim.New(sim.Config{Seed: seed, Agent: name, Mechanics: []string{wands.Name}, Invariants: true})
	require.NoError(t, err)
	if k, ok := a.(agents.Knower); ok {
		k.Know(s.State().Mechanics)
	}
	for !s.Done() {
		s.Turn(a.Reply(s.Observe()))
	}
	return s
}

// TestTheExplorerPicksUpWands: the explorer treats a mechanic's item
// class like the others (issue 21, item 7): with wands installed it ends
// episodes holding wands, and plays clean under the invariant checker.
func TestTheExplorerPicksUpWands(t *testing.T) {
	holding := 0
	for seed := uint64(1); seed <= 40; seed++ {
		s := playWands(t, "explore", seed)
		inv := s.State().Inventory.Get(s.State().Cog())
		for _, st := range inv.Slots {
			if !st.Empty() && st.Kind.Info().Class == wands.WandClass {
				holding++
				break
			}
		}
	}
	t.Logf("%d of 40 episodes end with a wand in the pack", holding)
	assert.Greater(t, holding, 3, "of 40 episodes, some end with a wand in the pack")
}

// TestTheRandomAgentZaps: the fuzzer draws the installed mechanics'
// verbs too (zap L DIR, zap L >) and the episodes stay clean under the
// invariant checker; knowing no mechanic, its replies are the cog
// game's, draw for draw.
func TestTheRandomAgentZaps(t *testing.T) {
	zaps := 0
	for seed := uint64(1); seed <= 30; seed++ {
		a := agents.NewRandom()
		a.Reset(seed)
		s, err := sim.New(sim.Config{Seed: seed, Agent: "random", Mechanics: []string{wands.Name}, Invariants: true})
		require.NoError(t, err)
		a.Know(s.State().Mechanics)
		for !s.Done() {
			reply := a.Reply(s.Observe())
			zaps += strings.Count(" "+reply+" ", " zap ")
			s.Turn(reply)
		}
	}
	t.Logf("%d zaps in 30 episodes", zaps)
	assert.Greater(t, zaps, 10, "zaps in 30 episodes")
	plain, known := agents.NewRandom(), agents.NewRandom()
	known.Know(nil)
	for seed := uint64(1); seed <= 5; seed++ {
		plain.Reset(seed)
		known.Reset(seed)
		for range 50 {
			require.Equal(t, plain.Reply(nil), known.Reply(nil))
		}
	}
}
