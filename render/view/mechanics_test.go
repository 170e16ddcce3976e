package view_test

import (
	"bytes"
	"testing"

	"github.com/cogsim/cogsim/internal/tally"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSeekingKeepsAMechanicsOwnState: the viewer seeks with snapshots;
// after any seek the tally mechanic's state is what a straight replay has
// at that turn, byte for byte (§27.2).
func TestSeekingKeepsAMechanicsOwnState(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 8, Agent: "test", Mechanics: []string{tally.Name}})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	replies := []string{"e e e", "s s search", "w w n", "se*3", "nw nw", "n*4 e"}
	var states []string
	state := func(s *sim.Sim) string {
		b, err := s.Snapshot().MarshalBinary()
		require.NoError(t, err)
		return string(b)
	}
	states = append(states, state(s))
	for i := 0; i < 24 && !s.Done(); i++ {
		{
			r := replies[i%len(replies)]
			rec.Sim.Turn(r)
			require.NoError(t, rec.Played(r))
		}
		states = append(states, state(s))
	}
	require.NoError(t, rec.Finish())
	rep, err := replay.Read(&buf)
	require.NoError(t, err)
	assert.Equal(t, s.Mechanics(), rep.Mechanics, "the replay names the mechanics")

	v := newViewer(t, rep)
	n := len(rep.Turns)
	for _, k := range []int{n, 3, n - 1, 0, 11, 10, n, 1} {
		v.Seek(k)
		require.Equal(t, k, v.Turn())
		assert.Equal(t, states[k], state(v.Sim()), "seek to turn %d", k)
	}
	assert.Zero(t, v.Diverged())
}
