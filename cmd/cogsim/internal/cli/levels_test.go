package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunALevelScriptAndVerifyItsReplays(t *testing.T) {
	dir := t.TempDir()
	maze := filepath.Join(repoRoot, "levels", "maze-15x15.star")
	code, out, errs := cogsim(t, "run", "--level", maze, "--episodes", "100", "--replays", dir)
	require.Equal(t, 0, code, errs)
	rs := results(t, out)
	require.Len(t, rs, 100)
	for _, r := range rs {
		require.Len(t, r.Scripts, 1)
		assert.Equal(t, maze, r.Scripts[0].Name)
	}
	for _, seed := range []string{"1", "37", "100"} {
		code, _, errs := cogsim(t, "replay", "--verify", filepath.Join(dir, "seed-"+seed+".jsonl"))
		assert.Equal(t, 0, code, errs)
	}
}

func TestAChangedLevelScriptFailsItsReplays(t *testing.T) {
	dir := t.TempDir()
	level := filepath.Join(dir, "room.star")
	src := "des.map([\"-----\", \"|@.>|\", \"-----\"], at=(3, 3))\n"
	require.NoError(t, os.WriteFile(level, []byte(src), 0o644))
	code, _, errs := cogsim(t, "run", "--level", level, "--episodes", "1", "--replays", dir)
	require.Equal(t, 0, code, errs)
	replay := filepath.Join(dir, "seed-1.jsonl")
	code, _, errs = cogsim(t, "replay", "--verify", replay)
	require.Equal(t, 0, code, errs)
	require.NoError(t, os.WriteFile(level, []byte(strings.Replace(src, "@.>", "@>.", 1)), 0o644))
	code, _, errs = cogsim(t, "replay", "--verify", replay)
	assert.NotEqual(t, 0, code)
	assert.Contains(t, errs, "the script "+level+" changed since the replay was recorded")
}

func TestBadLevelScriptsAreRefusedWithTheirPlace(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct{ src, want string }{
		"syntax.star":  {"des.map([\"---\"\n", "syntax.star:2:1: "},
		"runtime.star": {"x = 1\ny = x + \"a\"\n", "runtime.star:2:7: "},
		"arg.star":     {"des.monster(species=\"dragonn\", at=(2, 2))\n", "arg.star:1:12: "},
		"loop.star":    {"while True:\n    pass\n", "level script " + filepath.Join(dir, "loop.star") + ": too many steps"},
	} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(c.src), 0o644))
		for _, cmd := range [][]string{{"run", "--episodes", "1"}, {"gen"}, {"agent"}, {"check", "--seeds", "1-2"}} {
			code, _, errs := cogsim(t, append(cmd, "--level", path)...)
			assert.Equal(t, 2, code, "%s %v", name, cmd)
			assert.Contains(t, errs, "--level: ", "%s %v", name, cmd)
			assert.Contains(t, errs, c.want, "%s %v", name, cmd)
		}
	}
}

func TestGenDrawsAScriptAtADepth(t *testing.T) {
	level := filepath.Join(repoRoot, "levels", "maze-9x9.star")
	code, out, errs := cogsim(t, "gen", "--level", level, "--depth", "4", "--reveal", "--seed", "3")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "seed 3 depth 4: ")
	code, again, _ := cogsim(t, "gen", "--level", level, "--depth", "4", "--reveal", "--seed", "3")
	require.Equal(t, 0, code)
	assert.Equal(t, out, again, "the same seed draws the same level")
	code, other, _ := cogsim(t, "gen", "--level", level, "--depth", "4", "--reveal", "--seed", "4")
	require.Equal(t, 0, code)
	assert.NotEqual(t, out, other, "another seed another")
	code, obs, errs := cogsim(t, "gen", "--level", level)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, obs, "@")
}

func TestRunADungeonScriptAndVerifyItsReplays(t *testing.T) {
	dir := t.TempDir()
	vault := "des.map([\"-------\", \"|@...>|\", \"|.....|\", \"-------\"], at=(20, 8))\ndes.flags(goal=\"none\")\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "vault.star"), []byte(vault), 0o644))
	dungeon := filepath.Join(dir, "dungeon.star")
	require.NoError(t, os.WriteFile(dungeon, []byte(`dungeon.level((2, 3), "vault.star", chance=100)`+"\n"), 0o644))
	code, out, errs := cogsim(t, "run", "--dungeon", dungeon, "--episodes", "8", "--replays", dir)
	require.Equal(t, 0, code, errs)
	deeper := 0
	for _, r := range results(t, out) {
		require.Len(t, r.Scripts, 2)
		assert.Equal(t, dungeon, r.Scripts[0].Name)
		assert.Equal(t, filepath.Join(dir, "vault.star"), r.Scripts[1].Name)
		if r.MaxDepth >= 3 {
			deeper++
		}
	}
	assert.Positive(t, deeper, "the explore agent takes the vaults' stairs")
	for _, seed := range []string{"1", "8"} {
		code, _, errs := cogsim(t, "replay", "--verify", filepath.Join(dir, "seed-"+seed+".jsonl"))
		assert.Equal(t, 0, code, errs)
	}
	code, rev, errs := cogsim(t, "gen", "--dungeon", dungeon, "--depth", "2", "--reveal")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, rev, "|@...>|")
}
