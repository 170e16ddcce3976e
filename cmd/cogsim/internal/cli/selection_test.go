package cli

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/worldgen"
)

// TestGenEpisodeLevelIsTheGeneratedLevel: read back from an episode of
// the cog game, a level is exactly what worldgen generates, in the same
// creation order, so gen's two paths agree where they meet.
func TestGenEpisodeLevelIsTheGeneratedLevel(t *testing.T) {
	for _, seed := range []uint64{1, 7, 42} {
		for _, depth := range []int{1, 2, 5, 9} {
			lvl, pop := worldgen.Generate(seed, depth)
			elvl, epop, installed, err := episodeLevel(sim.Config{Seed: seed}, depth)
			require.NoError(t, err)
			assert.Empty(t, installed)
			assert.Equal(t, worldgen.Reveal(lvl, pop, true), worldgen.Reveal(elvl, epop, true), "seed %d depth %d", seed, depth)
			assert.Equal(t, pop, epop, "seed %d depth %d", seed, depth)
		}
	}
}

// wandLevel finds a seed whose level depth has a wand under --mechanics
// wands.
func wandLevel(t *testing.T, depth int) (uint64, *worldgen.Population) {
	t.Helper()
	for seed := uint64(1); seed <= 50; seed++ {
		_, pop, _, err := episodeLevel(sim.Config{Seed: seed, Mechanics: []string{"wands"}}, depth)
		require.NoError(t, err)
		for _, it := range pop.Items {
			if it.Kind.Glyph() == '/' {
				return seed, pop
			}
		}
	}
	t.Fatal("no wand on depth", depth, "of seeds 1…50")
	return 0, nil
}

func TestGenMechanicsWandsRevealsTheWand(t *testing.T) {
	const depth = 3
	seed, pop := wandLevel(t, depth)
	s, d := strconv.FormatUint(seed, 10), strconv.Itoa(depth)
	code, stdout, stderr := cogsim(t, "gen", "--mechanics", "wands", "--seed", s, "--depth", d, "--reveal")
	require.Equal(t, ExitOK, code, stderr)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 21)
	board := strings.Join(lines[:18], "\n")
	assert.Contains(t, board, "/", "the wand is drawn")
	assert.Equal(t, worldgen.RevealLegend+"  / wand", lines[19], "the legend names the mechanic's glyph")
	assert.Contains(t, lines[18], fmt.Sprintf("%d items", len(pop.Items)))
	assert.Regexp(t, `(?m)^mechanics' items: / wand of [a-z ]+ \([0-9]+,[0-9]+\)$`, stdout)

	// Without the mechanic: the very same level, less the wand.
	code, plain, stderr := cogsim(t, "gen", "--seed", s, "--depth", d, "--reveal")
	require.Equal(t, ExitOK, code, stderr)
	plainLines := strings.Split(strings.TrimSuffix(plain, "\n"), "\n")
	assert.NotContains(t, strings.Join(plainLines[:18], "\n"), "/")
	assert.Equal(t, worldgen.RevealLegend, plainLines[19])
	diff := 0
	for i := range 18 {
		if plainLines[i] != lines[i] {
			diff++
		}
	}
	assert.Equal(t, 1, diff, "the wand's line alone differs")

	// The observation of that level under the selection runs too.
	code, stdout, stderr = cogsim(t, "gen", "--mechanics", "wands", "--seed", s, "--depth", d)
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stdout, "Dlvl:"+d+" ")
}

func TestGenMechanicsShowTheirSpecies(t *testing.T) {
	// yellow molds are the yellow-mold mechanic's species: some level of
	// a few seeds has one under nethack's rules with the mechanic.
	found := false
	for seed := uint64(1); seed <= 30 && !found; seed++ {
		for _, depth := range []int{2, 4, 6} {
			_, pop, installed, err := episodeLevel(sim.Config{Seed: seed, Rules: "nethack", Mechanics: []string{"yellow-mold"}}, depth)
			require.NoError(t, err)
			assert.Contains(t, installed, "yellow-mold")
			for _, m := range pop.Monsters {
				if m.Species.Info().Name == "yellow mold" {
					code, stdout, stderr := cogsim(t, "gen", "--rules", "nethack", "--mechanics", "yellow-mold",
						"--seed", strconv.FormatUint(seed, 10),
						"--depth", strconv.Itoa(depth), "--reveal")
					require.Equal(t, ExitOK, code, stderr)
					assert.Contains(t, stdout, "yellow mold (")
					found = true
					break
				}
			}
		}
	}
	assert.True(t, found, "a yellow mold on some level")
}

func TestGenRefusesBadSelections(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "chess"}, "--rules"},
		{[]string{"--mechanics", "no-such", "--reveal"}, "--mechanics"},
		{[]string{"--rules", "rogue", "--mechanics", "nethack-hunger"}, "--mechanics"},
	} {
		code, _, stderr := cogsim(t, append([]string{"gen", "--seed", "1"}, tc.args...)...)
		assert.Equal(t, ExitUsage, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.want, tc.args)
	}
}

// replayOf writes the replay of one short episode of seed 5 under args
// and returns its path.
func replayOf(t *testing.T, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	code, _, stderr := cogsim(t, append([]string{"run", "--seed", "5", "--episodes", "1", "--turns", "8", "--replays", dir}, args...)...)
	require.Equal(t, ExitOK, code, stderr)
	return dir + "/seed-5.jsonl"
}

func TestReplayChecksRulesAndMechanicsAgainstItsHeader(t *testing.T) {
	file := replayOf(t, "--rules", "nethack", "--mechanics", "wands")
	for _, args := range [][]string{
		{"--rules", "nethack"},
		{"--mechanics", "wands"},
		{"--rules", "nethack", "--mechanics", "wands"},
		{"--rules", "nethack", "--mechanics", "wands", "--verify"},
		{"--rules", "nethack", "--turn", "3"},
		{"--mechanics", "wands", "--turn", "2", "--verify"},
	} {
		code, stdout, stderr := cogsim(t, append([]string{"replay", file}, args...)...)
		assert.Equal(t, ExitOK, code, "%v: %s", args, stderr)
		assert.NotEmpty(t, stdout, args)
	}
	code, stdout, _ := cogsim(t, "replay", file, "--rules", "nethack")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, stdout, "rules nethack + wands")

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "rogue"}, "--rules rogue names rules rogue + wands, but " + file + " was played under rules nethack + wands (its header)"},
		{[]string{"--mechanics", "yellow-mold", "--verify"}, "names rules nethack + yellow-mold, but"},
		{[]string{"--rules", "cog"}, "rules cog + wands"},
		{[]string{"--mechanics", ""}, `--mechanics "" names rules nethack, but`},
		{[]string{"--rules", "chess"}, `--rules: unknown rules "chess"`},
		{[]string{"--mechanics", "no-such", "--turn", "1"}, `--mechanics: unknown mechanic "no-such"`},
	} {
		code, stdout, stderr := cogsim(t, append([]string{"replay", file}, tc.args...)...)
		assert.Equal(t, ExitUsage, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.want, tc.args)
		assert.Empty(t, stdout, tc.args)
	}

	plain := replayOf(t)
	code, _, stderr := cogsim(t, "replay", plain, "--rules", "cog", "--mechanics", "", "--verify")
	assert.Equal(t, ExitOK, code, stderr)
	code, _, stderr = cogsim(t, "replay", plain, "--mechanics", "wands")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, stderr, "--mechanics wands names rules cog + wands, but "+plain+" was played under rules cog (its header)")

	html := t.TempDir() + "/page.html"
	code, _, stderr = cogsim(t, "replay", plain, "--rules", "nethack", "--html", html)
	assert.Equal(t, ExitUsage, code, "checked before the page is built")
	assert.Contains(t, stderr, "played under rules cog")
}
