package sim_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/yellowmold"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The other build of TestSnapshotRestoresInABuildWithAnExtraRow reads
// the snapshot from extraRowSnapshot and writes what it saw to
// extraRowOut.
const (
	extraRowSnapshot = "COGSIM_EXTRAROW_SNAPSHOT"
	extraRowOut      = "COGSIM_EXTRAROW_OUT"
)

// extraRowReplies are the turns played after the snapshot, on both sides.
var extraRowReplies = []string{"e", "pickup", "s", "quaff d", "e*2", "w search", "n", "e", "s*3", "wait"}

// TestSnapshotRestoresInABuildWithAnExtraRow is §32.1's proof: a
// snapshot written mid-episode (monsters, a mechanic's species, floor
// items, traps, pack items) by this build restores identically in a
// build with a row ahead of the old ones in every table (the tag
// cogsim_extrarow, components/leading_extrarow.go), where every kind's
// id is one more. The other build re-encodes the restored state byte
// for byte and continues the episode as this one does.
func TestSnapshotRestoresInABuildWithAnExtraRow(t *testing.T) {
	if path := os.Getenv(extraRowSnapshot); path != "" {
		otherBuild(t, path)
		return
	}
	if c.Species[0].Name == "extra row" {
		t.Fatalf("run without the tag cogsim_extrarow: the test starts the tagged build itself")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the other build with")
	}
	s := extraRowEpisode(t)
	b, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	for _, name := range []string{`"Species":"yellow mold"`, `"Kind":"arrow trap"`, `"Kind":"potion of sleeping"`} {
		require.Contains(t, string(b), name, "the kinds are written by name")
	}
	dir := t.TempDir()
	snapPath, outPath := filepath.Join(dir, "snapshot.json"), filepath.Join(dir, "out.txt")
	require.NoError(t, os.WriteFile(snapPath, b, 0o600))
	want := continueEpisode(s)

	start := time.Now()
	cmd := exec.Command(goTool, "test", "-tags", "cogsim_extrarow", "-count=1",
		"-run", "^TestSnapshotRestoresInABuildWithAnExtraRow$", ".")
	cmd.Env = append(os.Environ(), extraRowSnapshot+"="+snapPath, extraRowOut+"="+outPath, "COGSIM_INVARIANTS=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "the build with an extra row:\n%s", out)
	t.Logf("the build with an extra row ran in %v", time.Since(start).Round(time.Millisecond))
	got, err := os.ReadFile(outPath)
	require.NoError(t, err, "the build with an extra row wrote nothing:\n%s", out)
	assert.Equal(t, want, string(got), "the continuation in the build with an extra row")
}

// extraRowEpisode plays a few turns of a room with monsters (one of them
// a mechanic's species), floor items, traps and a pack.
func extraRowEpisode(t *testing.T) *sim.Sim {
	t.Helper()
	sc := sim.Scenario{
		Name: "extra-row", Depth: 6, Map: withCog(hall, 3, 3), Lit: ptr(true),
		Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{
			{Kind: "dagger", Wielded: true}, {Kind: "leather armour", Worn: true},
			{Kind: "apple", Count: 3}, {Kind: "potion of sleeping"}, {Kind: "potion of healing", Count: 2},
		}},
		Monsters: []sim.ScenarioThing{
			{At: []int{10, 5}, Species: "yellow mold", HP: 6},
			{At: []int{9, 2}, Species: "jackal", HP: 3},
			{At: []int{11, 4}, Species: "gnome lord", HP: 9},
			{At: []int{7, 5}, Species: "lichen", HP: 4},
		},
		Items: []sim.ScenarioThing{
			{At: []int{4, 3}, Kind: "potion of confusion"},
			{At: []int{5, 4}, Kind: "long sword"},
			{At: []int{6, 2}, Kind: "gold", Count: 17},
		},
		Traps: []sim.ScenarioThing{
			{At: []int{8, 3}, Kind: "arrow trap", Hidden: ptr(true)},
			{At: []int{5, 5}, Kind: "teleport trap", Hidden: ptr(false)},
		},
	}
	s, err := sim.New(sim.Config{Seed: 21, Scenario: &sc, Mechanics: []string{yellowmold.Name}})
	require.NoError(t, err)
	s.Turn("e")
	s.Turn("pickup")
	return s
}

// continueEpisode plays extraRowReplies and writes, turn by turn, a hash
// of the observation, then the result.
func continueEpisode(s *sim.Sim) string {
	var out strings.Builder
	for _, r := range extraRowReplies {
		s.Turn(r)
		fmt.Fprintf(&out, "%x\n", sha256.Sum256(s.Observe()))
	}
	fmt.Fprintf(&out, "%+v\n", s.Result())
	return out.String()
}

// otherBuild is the side of the test in the build with an extra row.
func otherBuild(t *testing.T, path string) {
	require.Equal(t, "extra row", c.Species[0].Name, "built with the tag cogsim_extrarow")
	require.Equal(t, c.SpeciesID(1), c.SpeciesByName("newt"), "the ids moved up")
	require.Equal(t, c.ItemKind(1), c.Gold, "the ids moved up")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var snap sim.Snapshot
	require.NoError(t, snap.UnmarshalBinary(b))
	s, err := sim.FromSnapshot(&snap)
	require.NoError(t, err)
	again, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	require.True(t, bytes.Equal(b, again), "the restored state encodes as it was written")
	require.NoError(t, os.WriteFile(os.Getenv(extraRowOut), []byte(continueEpisode(s)), 0o600))
}
