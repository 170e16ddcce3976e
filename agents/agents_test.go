package agents_test

import (
	"slices"
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// episode is one finished run of an agent.
type episode struct {
	result  sim.Result
	final   string
	replies []string
}

// play runs a whole episode of agent on seed, calling check (if not nil)
// with each observation and the reply to it.
func play(t testing.TB, a agents.Agent, seed uint64, check func(obs []byte, reply string)) episode {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: seed, Agent: a.Name()})
	require.NoError(t, err)
	a.Reset(seed)
	var ep episode
	for turn := 0; !s.Done(); turn++ {
		require.Less(t, turn, sim.DefaultMaxTurns, "the episode must end within %d turns", sim.DefaultMaxTurns)
		obs := s.Observe()
		reply := a.Reply(obs)
		if check != nil {
			check(obs, reply)
		}
		ep.replies = append(ep.replies, reply)
		s.Turn(reply)
	}
	ep.result = s.Result()
	ep.final = string(s.Observe())
	return ep
}

func newAgent(t testing.TB, name string) agents.Agent {
	t.Helper()
	a, err := agents.New(name)
	require.NoError(t, err)
	return a
}

func TestNewKnowsTheBuiltins(t *testing.T) {
	assert.Equal(t, []string{"explore", "random", "wait"}, agents.Names())
	for _, name := range agents.Names() {
		a, err := agents.New(name)
		require.NoError(t, err)
		assert.Equal(t, name, a.Name())
	}
	_, err := agents.New("nethack")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "explore, random, wait")
}

func TestWaitRepliesWaitForty(t *testing.T) {
	a := newAgent(t, "wait")
	assert.Equal(t, "wait*40", a.Reply(nil))
}

func TestEveryAgentPlaysWholeEpisodes(t *testing.T) {
	for _, name := range agents.Names() {
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 20; seed++ {
				ep := play(t, newAgent(t, name), seed, nil)
				assert.LessOrEqual(t, ep.result.Turns, sim.DefaultMaxTurns)
				assert.NotEmpty(t, ep.result.Cause)
			}
		})
	}
}

func TestRandomAndExploreAreDeterministic(t *testing.T) {
	for _, name := range []string{"random", "explore"} {
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 20; seed++ {
				a, b := play(t, newAgent(t, name), seed, nil), play(t, newAgent(t, name), seed, nil)
				require.Equal(t, a.final, b.final, "seed %d", seed)
				require.Equal(t, a.result, b.result, "seed %d", seed)
				require.Equal(t, a.replies, b.replies, "seed %d", seed)
			}
		})
	}
}

func TestRandomRepliesDifferBySeed(t *testing.T) {
	a := newAgent(t, "random")
	a.Reset(1)
	r1 := a.Reply(nil)
	a.Reset(2)
	r2 := a.Reply(nil)
	assert.NotEqual(t, r1, r2)
}

// scores plays seeds 1…n with the named agent.
func scores(t testing.TB, name string, n int) []sim.Result {
	t.Helper()
	rs := make([]sim.Result, 0, n)
	for seed := uint64(1); seed <= uint64(n); seed++ {
		rs = append(rs, play(t, newAgent(t, name), seed, nil).result)
	}
	return rs
}

func meanScore(rs []sim.Result) float64 {
	sum := 0
	for _, r := range rs {
		sum += r.Score
	}
	return float64(sum) / float64(len(rs))
}

func medianDepth(rs []sim.Result) int {
	d := make([]int, len(rs))
	for i, r := range rs {
		d[i] = r.MaxDepth
	}
	slices.Sort(d)
	return d[len(d)/2]
}

// TestExploreBeatsWait holds the explorer to what it was measured at on
// seeds 1…30 (mean score 439, median maxDepth 4, depth 2 on every seed),
// with margin.
func TestExploreBeatsWait(t *testing.T) {
	const n = 30
	ex, wait := scores(t, "explore", n), scores(t, "wait", n)
	assert.Greater(t, meanScore(ex), meanScore(wait)+250)
	assert.GreaterOrEqual(t, medianDepth(ex), 3)
	deeper := 0
	for _, r := range ex {
		if r.MaxDepth >= 2 {
			deeper++
		}
	}
	assert.GreaterOrEqual(t, deeper, n*9/10, "explore reaches depth 2 on most seeds")
}
