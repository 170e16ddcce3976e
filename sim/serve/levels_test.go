package serve_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/serve"
	"github.com/cogsim/cogsim/worldgen/script"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// levelFiles are the task families' scripts (levels/, §38.5).
func levelFiles(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join("..", "..", "levels", "*.star"))
	require.NoError(t, err)
	require.Len(t, files, 20, "one script per level id (docs/levels-tasks.md)")
	return files
}

// TestEveryLevelBuildsForTwoHundredSeeds: each task family's script
// builds its first level, checks passed (§38.3), for seeds 1…200, and
// names its Gymnasium id.
func TestEveryLevelBuildsForTwoHundredSeeds(t *testing.T) {
	for _, f := range levelFiles(t) {
		sc, err := script.Load(f)
		require.NoError(t, err)
		assert.Contains(t, string(sc.Source), "\n# id: cogsim/", f)
		for seed := uint64(1); seed <= 200; seed++ {
			_, err := sc.Build(seed, 1, script.Env{})
			require.NoError(t, err, "%s, seed %d", f, seed)
		}
	}
}

// quoted is s as a JSON string.
func quoted(t *testing.T, s string) string {
	b, err := json.Marshal(s)
	require.NoError(t, err)
	return string(b)
}

// TestAResetBuildsItsLevelFromAPathOrASource: a reset's "level" is a
// .star file's path or a script's source; both build the same level,
// and the result names the script as given.
func TestAResetBuildsItsLevelFromAPathOrASource(t *testing.T) {
	path := filepath.Join("..", "..", "levels", "room-5x5.star")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	s := start(t, serve.Options{Envs: 1})
	byPath := s.obs(fmt.Sprintf(`{"op":"reset","env":0,"seed":3,"level":%s}`, quoted(t, path)))
	assert.Contains(t, byPath.Text, "|@....|", "the cog in the north-west corner")
	_, body := s.ask(`{"op":"result","env":0}`)
	var res struct{ Result sim.Result }
	require.NoError(t, json.Unmarshal(body, &res))
	require.Len(t, res.Result.Scripts, 1)
	assert.Equal(t, path, res.Result.Scripts[0].Name)
	digest := res.Result.Scripts[0].SHA256

	bySource := s.obs(fmt.Sprintf(`{"op":"reset","env":0,"seed":3,"level":%s}`, quoted(t, string(src))))
	assert.Equal(t, byPath.Map, bySource.Map)
	_, body = s.ask(`{"op":"result","env":0}`)
	require.NoError(t, json.Unmarshal(body, &res))
	assert.Equal(t, serve.SourceName, res.Result.Scripts[0].Name)
	assert.Equal(t, digest, res.Result.Scripts[0].SHA256, "the same source")

	// No level: the cog game's own first level again.
	plain := s.obs(`{"op":"reset","env":0,"seed":3}`)
	direct, err := sim.New(sim.Config{Seed: 3})
	require.NoError(t, err)
	assert.Equal(t, string(direct.Observe()), plain.Text)
}

// TestAnEditedLevelFileIsReadAgain: the session keeps a file's script
// compiled while the file is unchanged, and reads it again once edited.
func TestAnEditedLevelFileIsReadAgain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "room.star")
	write := func(stairs int, when time.Time) {
		src := fmt.Sprintf("des.map([\"------\", \"|....|\", \"------\"], at=(2, 2))\ndes.cog(at=(3, 3))\ndes.stairs(at=(%d, 3))\n", stairs)
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
		require.NoError(t, os.Chtimes(path, when, when))
	}
	then := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	write(4, then)
	s := start(t, serve.Options{Envs: 1})
	req := fmt.Sprintf(`{"op":"reset","env":0,"seed":1,"level":%s}`, quoted(t, path))
	assert.Equal(t, "  |@>..|", strings.TrimRight(s.obs(req).Map[3], " "))
	assert.Equal(t, "  |@>..|", strings.TrimRight(s.obs(req).Map[3], " "))
	write(6, then.Add(time.Second))
	assert.Equal(t, "  |@..>|", strings.TrimRight(s.obs(req).Map[3], " "))
}

// TestIsLevelSource is the rule docs/serve.md gives.
func TestIsLevelSource(t *testing.T) {
	for v, want := range map[string]bool{
		"levels/room-5x5.star":               false,
		"/abs/x.star":                        false,
		"des.room(w=3, h=3)":                 true,
		"levels/x.star\n":                    true,
		"# a comment naming x.star\nx = 1\n": true,
		"room.STAR":                          true,
	} {
		assert.Equal(t, want, serve.IsLevelSource(v), v)
	}
}

// TestABadLevelIsRefusedNamingTheField: a syntax error, a runtime
// error, a level that fails its checks and a missing file are refused
// naming the field, the script, its line and column; the session goes
// on.
func TestABadLevelIsRefusedNamingTheField(t *testing.T) {
	s := start(t, serve.Options{Envs: 2})
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.star")
	require.NoError(t, os.WriteFile(bad, []byte("des.room(w=3, h=3)\ndes.cog(at=(1, 1)\n"), 0o644))
	for level, want := range map[string]string{
		"des.room(w=3, h=3)\nx = )\n":              "level: <reset>:2:5: unexpected ')'",
		"des.room(w=3, h=3)\nx = 1 // 0\n":         "level: <reset>:2:7: floored division by zero",
		"des.room(w=3, h=3)\ndes.cog(at=(0, 0))\n": "level: <reset>:2:8: the cog's cell (0, 0) is solid rock",
		"des.monster(species=\"unicorn\")\n":       "level: <reset>:1:12: des.monster: species \"unicorn\"",
		bad:                                        "level: " + bad + ":",
		filepath.Join(dir, "missing.star"):         "level: ",
	} {
		got := s.err(fmt.Sprintf(`{"op":"reset","env":0,"seed":1,"level":%s}`, quoted(t, level)))
		assert.True(t, strings.HasPrefix(got, want), "%q: %s", level, got)
	}
	assert.Contains(t, s.err(`{"op":"reset_all","seed":1,"level":"x = )\n"}`), "env 0: level: <reset>:1:5:")
	assert.Contains(t, s.err(`{"op":"reset","env":0,"dungeon":"nowhere.star"}`), "dungeon: ")
	assert.Contains(t, s.err(`{"op":"reset","env":0,"level":"des.room()","scenario":{"name":"x","map":["","  ---"," |@>|","  ---"]}}`), "a scenario and a level script")
	assert.Contains(t, s.err(`{"op":"step","env":0,"reply":"e"}`), "env 0: no episode (reset it first)")
	o := s.obs(`{"op":"reset","env":0,"seed":1,"level":"des.room(w=2, h=2)\ndes.cog()\ndes.stairs()\n"}`)
	assert.Contains(t, o.Text, "@", "the session goes on")
}

// TestTheGoalTaskRewardsTheLevelsGoal: the task "goal" gives +1 on the
// step that reaches the level script's goal — the stairs by default,
// or a deed des.flags names — and the episode ends there (cause
// "goal", terminated).
func TestTheGoalTaskRewardsTheLevelsGoal(t *testing.T) {
	s := start(t, serve.Options{Envs: 1, Task: "goal"})
	corridor := `des.map(["---------", "|.......|", "---------"], at=(2, 2))
des.cog(at=(3, 3))
des.stairs(at=(5, 3))
`
	o := s.obs(fmt.Sprintf(`{"op":"reset","env":0,"seed":1,"level":%s}`, quoted(t, corridor)))
	assert.Equal(t, 0, o.Reward)
	o = s.obs(`{"op":"step","env":0,"reply":"e"}`)
	assert.Equal(t, 0, o.Reward)
	o = s.obs(`{"op":"step","env":0,"reply":"e"}`)
	assert.Equal(t, 0, o.Reward, "on the stairs, not down them")
	o = s.obs(`{"op":"step","env":0,"reply":">"}`)
	assert.Equal(t, 1, o.Reward)
	assert.True(t, o.Terminated)
	require.NotNil(t, o.End)
	assert.Equal(t, "goal", o.End.Cause)

	// A deed for a goal: the Oracle's.
	oracle := `des.flags(goal="oracle")
des.map(["-------", "|.....|", "|....>|", "-------"], at=(2, 2))
des.cog(at=(3, 3), gold=60)
des.monster(species="Oracle", at=(4, 3))
`
	s.obs(fmt.Sprintf(`{"op":"reset","env":0,"seed":1,"level":%s}`, quoted(t, oracle)))
	o = s.obs(`{"op":"step","env":0,"reply":"chat e"}`)
	assert.Equal(t, 1, o.Reward)
	require.NotNil(t, o.End)
	assert.Equal(t, "goal", o.End.Cause)

	// Without a level the goal task has no goal: it rewards nothing.
	_, steps := play(t, s, "goal", "", "search")
	assert.Equal(t, 0, sum(steps))
	assert.NotEqual(t, "goal", steps[len(steps)-1].End.Cause)
}

// TestAutoresetKeepsTheLevel: an autoreset's next episode is built by
// the slot's level script too.
func TestAutoresetKeepsTheLevel(t *testing.T) {
	s := start(t, serve.Options{Envs: 2, Autoreset: true, Task: "goal"})
	level := `des.map(["-----", "|...|", "-----"], at=(2, 2))
des.cog(at=(3, 3))
des.stairs(at=(4, 3))
`
	first := s.batch(fmt.Sprintf(`{"op":"reset_all","seed":5,"level":%s}`, quoted(t, level)))
	require.Len(t, first, 2)
	var ends int
	for k := 0; k < 4; k++ {
		for _, o := range s.batch(`{"op":"step_all","replies":["e >","e >"]}`) {
			if o.End != nil {
				ends++
				assert.Equal(t, "goal", o.End.Cause)
				assert.Equal(t, 1, o.Reward)
			} else {
				assert.Equal(t, first[0].Map, o.Map, "the next episode's level is the script's")
			}
		}
	}
	assert.Equal(t, 4, ends, "two episodes each, each ended at its goal")
}

// TestAnAutoresetPassesOverSeedsTheLevelCannotBuild: the next seed of
// the slot's sequence that the script builds plays; when none of 100
// does, the step is refused naming the slot, which waits for a reset.
func TestAnAutoresetPassesOverSeedsTheLevelCannotBuild(t *testing.T) {
	s := start(t, serve.Options{Envs: 1, Autoreset: true, Task: "goal"})
	level := func(cond string) string {
		return quoted(t, fmt.Sprintf(`if %s:
    fail("not this seed")
des.map(["-----", "|...|", "-----"], at=(2, 2))
des.cog(at=(3, 3))
des.stairs(at=(4, 3))
`, cond))
	}
	seed := func() uint64 {
		_, body := s.ask(`{"op":"result","env":0}`)
		var res struct{ Result sim.Result }
		require.NoError(t, json.Unmarshal(body, &res))
		return res.Result.Seed
	}
	s.obs(fmt.Sprintf(`{"op":"reset","env":0,"seed":1,"level":%s}`, level("seed % 2 == 0")))
	require.NotNil(t, s.obs(`{"op":"step","env":0,"reply":"e >"}`).End)
	s.obs(`{"op":"step","env":0,"reply":"e >"}`)
	assert.Equal(t, uint64(3), seed(), "seed 2 passed over")

	s.obs(fmt.Sprintf(`{"op":"reset","env":0,"seed":1,"level":%s}`, level("seed != 1")))
	require.NotNil(t, s.obs(`{"op":"step","env":0,"reply":"e >"}`).End)
	got := s.err(`{"op":"step","env":0,"reply":"e >"}`)
	assert.Contains(t, got, "env 0: level: its next episode could not start, 100 seeds in a row (reset it): <reset>:2:9: fail: not this seed")
	assert.Contains(t, s.err(`{"op":"step","env":0,"reply":"e"}`), "env 0: no episode (reset it first)")
	s.obs(fmt.Sprintf(`{"op":"reset","env":0,"seed":1,"level":%s}`, level("seed != 1")))
}
