package replay_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/worldgen/script"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const mazeLevel = `des.maze(des.region(1, 1, 15, 9))
cells = des.floor()
des.cog(at=des.random_cell(cells))
des.stairs(where=cells)
des.flags(goal="none")
`

// recordScripted plays the episode of seed built with the level script
// at path, with a few replies, and returns its replay.
func recordScripted(t *testing.T, path string, seed uint64) []byte {
	t.Helper()
	sc, err := script.Load(path)
	require.NoError(t, err)
	s, err := sim.New(sim.Config{Seed: seed, Level: sc, Agent: "test", MaxTurns: 6})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	for i := 0; !s.Done(); i++ {
		reply := words[i%len(words)] + " " + words[(3*i+1)%len(words)]
		s.Turn(reply)
		require.NoError(t, rec.Played(reply))
	}
	require.NoError(t, rec.Finish())
	return buf.Bytes()
}

func TestAScriptedReplayVerifiesAndRefusesAChangedScript(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "maze.star")
	require.NoError(t, os.WriteFile(path, []byte(mazeLevel), 0o644))
	b := recordScripted(t, path, 4)
	rep, err := replay.Read(bytes.NewReader(b))
	require.NoError(t, err)
	require.NotNil(t, rep.Level)
	assert.Equal(t, path, rep.Level.Name)
	require.NoError(t, rep.Play(nil), "the replay verifies")
	require.Len(t, rep.Result.Scripts, 1)

	// Without the file the replay plays from the script it carries.
	require.NoError(t, os.Remove(path))
	require.NoError(t, rep.Play(nil))

	// An edited file is refused, naming the script.
	require.NoError(t, os.WriteFile(path, []byte(mazeLevel+"des.item(where=cells)\n"), 0o644))
	err = rep.Play(nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the script "+path+" changed since the replay was recorded")

	// An edited copy inside the replay is refused by its digest.
	require.NoError(t, os.Remove(path))
	edited := bytes.Replace(b, []byte("15, 9"), []byte("15, 7"), 1)
	require.NotEqual(t, b, edited)
	_, err = replay.Read(bytes.NewReader(edited))
	assert.ErrorContains(t, err, "level script "+path+": its source's sha256")
}
