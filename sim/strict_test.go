package sim_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
)

// TestStrictReplyIsUnusableAsAWhole: under Strict one unknown token makes
// the whole reply wait forty ticks, and the message names it (§30);
// without it the token is skipped and the rest plays (§14). The result
// counts both kinds.
func TestStrictReplyIsUnusableAsAWhole(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1, Strict: true})
	require.NoError(t, err)
	s.Turn("Move: north")
	assert.True(t, s.State().Reply.Unusable)
	assert.Equal(t, 40, s.State().Clock.Tick, "forty ticks of waiting")
	lines := strings.Split(string(s.Observe()), "\n")
	assert.True(t, strings.HasPrefix(lines[18], `Unusable reply: "Move:" is not an action.`), lines[18])
	s.Turn("search")
	assert.False(t, s.State().Reply.Unusable)
	s.Turn("s e \x1b[31m")
	assert.Contains(t, string(s.Observe()), `Unusable reply: "\x1b[31m" is not an action.`)
	r := s.Result()
	assert.Equal(t, 2, r.Unusable)
	assert.Equal(t, 0, r.Ignored)
	assert.Equal(t, 81, r.Ticks)

	lax, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	lax.Turn("Move: n")
	assert.False(t, lax.State().Reply.Unusable)
	assert.Equal(t, 1, lax.State().Clock.Tick, "north played, Move: skipped")
	assert.Contains(t, string(lax.Observe()), "Ignored: Move:.")
	lax.TurnUnusable()
	r = lax.Result()
	assert.Equal(t, 1, r.Unusable)
	assert.Equal(t, 1, r.Ignored)
	assert.Equal(t, r.Score, r.Parts.Score(), "the counts are not in the score")

	// Prose after a full queue is still an unknown token: unusable under
	// Strict, reported without it; a count past 40 is not a count.
	s, err = sim.New(sim.Config{Seed: 1, Strict: true})
	require.NoError(t, err)
	s.Turn("wait 40 Move: north")
	assert.True(t, s.State().Reply.Unusable)
	assert.Contains(t, string(s.Observe()), `Unusable reply: "Move:" is not an action.`)
	s.Turn("e*41")
	assert.True(t, s.State().Reply.Unusable)
	lax, err = sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	lax.Turn("wait 40 Move: north")
	assert.False(t, lax.State().Reply.Unusable)
	assert.Equal(t, 40, lax.State().Clock.Tick)
	assert.Contains(t, string(lax.Observe()), "Ignored: Move: north.")
	assert.Equal(t, 1, lax.Result().Ignored, "a reply with ignored tokens")
}

// TestReplyCountsSurviveASnapshot: the counts are episode state.
func TestReplyCountsSurviveASnapshot(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 2, Strict: true})
	require.NoError(t, err)
	s.Turn("hello")
	snap := s.Snapshot()
	s.Turn("hello again")
	require.NoError(t, s.Restore(snap))
	assert.Equal(t, 1, s.Result().Unusable)
}
