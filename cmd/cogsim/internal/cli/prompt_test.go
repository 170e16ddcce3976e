package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/scenario"
)

// fiftyFive is the rules' clock written out anywhere.
var fiftyFive = regexp.MustCompile(`\b55\b|2 200`)

// TestPromptFollowsTheEpisode (§36.3): cogsim prompt states the clock of
// --turns and lists the monsters of --mechanics, nowhere the rules' 55
// turns; without them it is the rules' game.
func TestPromptFollowsTheEpisode(t *testing.T) {
	code, out, errs := cogsim(t, "prompt", "--turns", "10", "--mechanics", "yellow-mold")
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "after 10 command turns")
	assert.Contains(t, out, "**10 command turns** (at most 400 ticks)")
	assert.Contains(t, out, "being alive at the end of turn 10 |")
	assert.Contains(t, out, "Turn:<turn>/10")
	assert.Contains(t, out, "T:0 Turn:0/10", "the worked example plays the episode's clock")
	assert.Contains(t, out, "more than the episode's 400: this clock needs no more food")
	assert.Contains(t, out, "| yellow mold | `F` | 1 | 0 | 9 | — | 8 | 5 (stings whoever hits it) |")
	assert.Empty(t, fiftyFive.FindAllString(out, -1), "the rules' clock is stated nowhere")

	code, core, errs := cogsim(t, "prompt")
	require.Equal(t, ExitOK, code, errs)
	assert.NotContains(t, core, "yellow mold")
	assert.Contains(t, core, "**55 command turns** (at most 2 200 ticks)")

}

// TestPromptStatesTheEpisodesFood: how long the cog's food lasts is
// said of the episode's cog and clock: a scenario's cog with its own
// nutrition and pack, and under rules with their own stomach the
// variant's section is pointed to (§36.3; package prompt's tests check
// the default cog's and a fed cog's).
func TestPromptStatesTheEpisodesFood(t *testing.T) {
	code, out, errs := cogsim(t, "prompt", "--scenario", filepath.Join(repoRoot, "scenarios", "hungry.json"))
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "This episode's\ncog starts with 60 nutrition and no food in its pack, which\ncovers 60 of the episode's 480\nticks: a cog that wants its whole clock must find and eat food")
	assert.NotContains(t, out, "starting ration covers")
	code, out, errs = cogsim(t, "prompt", "--rules", "rogue")
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "How long the\ncog's food lasts under these rules: see the variant's section below.")
	assert.NotContains(t, out, "starting ration covers")
}

// TestPromptOfAScenario: --scenario states the scenario's clock, says
// the episode starts from it, and the worked example starts there.
func TestPromptOfAScenario(t *testing.T) {
	file := filepath.Join(repoRoot, "scenarios", "oracle.json")
	code, out, errs := cogsim(t, "prompt", "--scenario", file)
	require.Equal(t, ExitOK, code, errs)
	sc, err := scenario.Load(file)
	require.NoError(t, err)
	s, err := sim.New(sim.Config{Seed: 1, Scenario: sc})
	require.NoError(t, err)
	assert.Contains(t, out, "The first observation of an episode:\n\n```\n"+string(s.Observe()))
	assert.Contains(t, out, `The scenario: "oracle".`)
	assert.Contains(t, out, "after 10 command turns")
	assert.Empty(t, fiftyFive.FindAllString(out, -1))

	// --turns wins over the scenario's clock, as in run.
	code, out, errs = cogsim(t, "prompt", "--scenario", file, "--turns", "7")
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "**7 command turns**")

	bad := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"map": 3}`), 0o644))
	code, _, errs = cogsim(t, "prompt", "--scenario", bad)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "--scenario")
	code, _, errs = cogsim(t, "prompt", "--turns", "-1")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "--turns: must be 1 … 100000")
}

// TestPromptListsAMechanicsItems: a mechanic's item class joins the
// glyph table and its kinds the items.
func TestPromptListsAMechanicsItems(t *testing.T) {
	code, out, errs := cogsim(t, "prompt", "--mechanics", "wands")
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "| `/` | a wand (mechanic `wands`) |\n| a letter | a monster")
	assert.Contains(t, out, "- **Mechanic `wands`** — `/` wand: wand of striking, wand of slow monster, wand of digging, wand of create monster.\n\n`pickup` takes everything")
	// The core rules say there are no wands; the mechanic's section,
	// after them, says that no longer holds.
	assert.Less(t, strings.Index(out, "There are no ranged attacks"), strings.Index(out, "With it the cog has wands, whatever the rules\nabove say"))
	_, core, _ := cogsim(t, "prompt")
	assert.False(t, strings.Contains(core, "wand of") || strings.Contains(core, "`/`"), "no wands without the mechanic")
}
