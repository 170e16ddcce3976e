// Package replaytest records small replays for tests of the programs
// that read them (the viewer, the window, the browser page).
package replaytest

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// Replies are the fixed replies a test replay cycles through: walks,
// searches, waits, a junk token and a pickup.
var Replies = []string{"e*6 s*2", "n*3 w*2", "s e e e ,", "se*4 search", "w*5", "sw ne*3 wait", "hop e*2", "s*3 e*8", "nw*4 ."}

// Record plays seed (cog rules) for at most turns turns with Replies and
// returns the replay file's bytes.
func Record(t testing.TB, seed uint64, turns int) []byte {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: seed, Agent: "test"})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	for i := 0; i < turns && !s.Done(); i++ {
		r := Replies[i%len(Replies)]
		s.Turn(r)
		require.NoError(t, rec.Played(r))
	}
	require.NoError(t, rec.Finish())
	return buf.Bytes()
}
