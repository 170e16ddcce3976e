package sim_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
	"github.com/cogsim/cogsim/systems"
	levelscript "github.com/cogsim/cogsim/worldgen/script"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corridorLevel is a lit room with the cog at (3, 2) and the stairs
// two cells east.
const corridorLevel = `des.map("""
-------
|.@.>.|
-------
""", at=(1, 1))
`

func compile(t *testing.T, name, src string) *levelscript.Script {
	t.Helper()
	sc, err := levelscript.Compile(name, []byte(src))
	require.NoError(t, err)
	return sc
}

func TestALevelScriptBuildsTheFirstLevel(t *testing.T) {
	sc := compile(t, "corridor.star", corridorLevel)
	s, err := sim.New(sim.Config{Seed: 3, Level: sc, Agent: "test"})
	require.NoError(t, err)
	assert.Equal(t, c.Pos{X: 3, Y: 2}, cog(s))
	assert.Equal(t, c.Stairs, s.State().Level.At(c.Pos{X: 5, Y: 2}))
	assert.Equal(t, 1, s.State().Level.Depth)
	assert.Equal(t, "|.@.>.|", line(s, 2)[1:8], "the lit room is seen at once")
	s.Turn("l l >")
	r := s.Result()
	require.Len(t, r.Scripts, 1)
	assert.Equal(t, result.Script{Name: "corridor.star", SHA256: sc.SHA256}, r.Scripts[0])
	b, err := json.Marshal(r)
	require.NoError(t, err)
	back, err := result.Parse(b)
	require.NoError(t, err, "a result with scripts reads back")
	assert.Equal(t, r.Scripts, back.Scripts)
}

func TestAScriptLevelEndsAtTheStairsByDefault(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 3, Level: compile(t, "corridor.star", corridorLevel)})
	require.NoError(t, err)
	s.Turn("l l >")
	require.True(t, s.Done())
	r := s.Result()
	assert.Equal(t, "goal", r.Cause)
	assert.Equal(t, 2, r.MaxDepth)

	// goal="none" plays on into the generated levels.
	s, err = sim.New(sim.Config{Seed: 3, Level: compile(t, "on.star", corridorLevel+`des.flags(goal="none")`)})
	require.NoError(t, err)
	s.Turn("l l >")
	assert.False(t, s.Done())
	assert.Equal(t, 2, s.State().Level.Depth)

	// A goal of Config's wins over the script's.
	s, err = sim.New(sim.Config{Seed: 3, Goal: "first-kill", Level: compile(t, "corridor.star", corridorLevel)})
	require.NoError(t, err)
	s.Turn("l l >")
	assert.False(t, s.Done())
}

func TestALevelScriptAndAScenarioAreRefusedTogether(t *testing.T) {
	sc := sim.Scenario{Map: withCog([]string{"", " ---", " |.|", " ---"}, 2, 2)}
	_, err := sim.New(sim.Config{Level: compile(t, "corridor.star", corridorLevel), Scenario: &sc})
	assert.ErrorContains(t, err, "a scenario and a level script")
}

func TestADungeonScriptBuildsItsDepths(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir+"/two.star", `des.map("""
-----
|@.>|
-----
""", at=(10, 5))
des.monster(species="newt", at=(12, 6), asleep=True)
`)
	writeFile(t, dir+"/d.star", `dungeon.level(2, "two.star")`)
	d, err := levelscript.LoadDungeon(dir + "/d.star")
	require.NoError(t, err)
	for seed := uint64(1); seed <= 3; seed++ {
		s, err := sim.New(sim.Config{Seed: seed, Dungeon: d})
		require.NoError(t, err)
		e := s.State()
		first := e.Level.Terrain
		enter(t, s, 2)
		assert.Equal(t, c.Pos{X: 11, Y: 6}, cog(s), "seed %d: the script's cog cell is the arrival", seed)
		assert.Equal(t, c.Stairs, e.Level.At(c.Pos{X: 13, Y: 6}))
		assert.NotEqual(t, first, e.Level.Terrain)
		newt, ok := monsterAt(s, c.Pos{X: 12, Y: 6})
		require.True(t, ok)
		assert.Equal(t, c.SpeciesByName("newt"), newt)
		r := s.Result()
		require.Len(t, r.Scripts, 2, "the dungeon, then its level script")
		assert.Equal(t, dir+"/d.star", r.Scripts[0].Name)
		assert.Equal(t, dir+"/two.star", r.Scripts[1].Name)
	}
}

func TestAMonsterAsleepWaitsForTheCog(t *testing.T) {
	src := `des.map("""
----------
|@.......|
|.......>|
----------
""", at=(1, 1))
des.monster(species="jackal", at=(8, 2), asleep=True, hp=3)
des.flags(goal="none")
`
	s, err := sim.New(sim.Config{Seed: 5, Level: compile(t, "sleep.star", src)})
	require.NoError(t, err)
	s.Turn("s20")
	_, ok := monsterAt(s, c.Pos{X: 8, Y: 2})
	assert.True(t, ok, "asleep, the jackal stays put")
	assert.Equal(t, 16, hp(s))
	s.Turn("l l l l l")
	s.Turn("s10")
	assert.Less(t, hp(s), 16, "woken by the cog next to it, the jackal bites")
}

func TestASnapshotCarriesTheScripts(t *testing.T) {
	sc := compile(t, "corridor.star", corridorLevel)
	s, err := sim.New(sim.Config{Seed: 3, Level: sc})
	require.NoError(t, err)
	s.Turn("l")
	b, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	var snap sim.Snapshot
	require.NoError(t, snap.UnmarshalBinary(b))
	back, err := sim.FromSnapshot(&snap)
	require.NoError(t, err)
	assert.Equal(t, s.Observe(), back.Observe())
	back.Turn("l >")
	assert.Equal(t, "goal", back.Result().Cause, "the restored episode keeps the script's goal")

	// An edited source in the file is refused by its digest.
	edited := bytes.Replace(b, []byte(`|.@.\u003e.|`), []byte(`|.@\u003e..|`), 1)
	if bytes.Equal(edited, b) {
		edited = bytes.Replace(b, []byte(`|.@.>.|`), []byte(`|.@>..|`), 1)
	}
	require.NotEqual(t, b, edited)
	assert.ErrorContains(t, snap.UnmarshalBinary(edited), "level script corridor.star: its source's sha256")

	// Another episode's snapshot is refused.
	other, err := sim.New(sim.Config{Seed: 3})
	require.NoError(t, err)
	assert.ErrorContains(t, other.Restore(s.Snapshot()), "snapshot: made with scripts corridor.star")
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}

// enter takes the cog to level depth as the stairs do.
func enter(t *testing.T, s *sim.Sim, depth int) {
	t.Helper()
	lv, ok := s.Scheduler().Get(systems.NameLevel).(*systems.Level)
	require.True(t, ok)
	lv.Enter(depth)
}
