package save_test

import (
	"path/filepath"
	"testing"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/save"
	"github.com/cogsim/cogsim/internal/tally"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestASaveFileKeepsAMechanicsOwnState: a game with the tally mechanic,
// saved and restored, has the mechanic's component and resource byte for
// byte, and plays on as the unsaved game does (§27.2).
func TestASaveFileKeepsAMechanicsOwnState(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 6, Agent: "human", Mechanics: []string{tally.Name}})
	require.NoError(t, err)
	play(s, 30)
	path := filepath.Join(t.TempDir(), "save", "me.json")
	require.NoError(t, save.Write(path, s, false, nil, nil, nil))
	want, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)

	r, err := save.Open(path)
	require.NoError(t, err)
	defer r.Finish(false)
	assert.Equal(t, s.Mechanics(), r.Envelope.Mechanics, "the save file names the mechanics")
	got, err := r.Sim.Snapshot().MarshalBinary()
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "the restored game is the saved one, the mechanic's state included")
	play(s, 40)
	play(r.Sim, 40)
	assert.Equal(t, string(s.Observe()), string(r.Sim.Observe()))
}
