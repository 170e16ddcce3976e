package prompt

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/docs"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/scenario"
	_ "github.com/cogsim/cogsim/systems/builtin" // the nethack variant
)

// fiftyFive is the rules' clock written out anywhere.
var fiftyFive = regexp.MustCompile(`\b55\b|2 200`)

// TestTextStatesTheClock (§36.3): a clock of other turns and ticks per
// turn (a scenario's) is stated everywhere the rules state theirs.
func TestTextStatesTheClock(t *testing.T) {
	text, err := Text(sim.Config{MaxTurns: 100, TurnTicks: 20})
	require.NoError(t, err)
	assert.Contains(t, text, "**100 command turns** (at most 2 000 ticks)")
	assert.Contains(t, text, "or after\n  20 ticks")
	assert.Contains(t, text, "(20 ticks of waiting)")
	assert.Contains(t, text, "of the episode's 2 000\nticks: a cog that wants its whole clock")
	assert.Empty(t, fiftyFive.FindAllString(text, -1))

	core, err := Text(sim.Config{})
	require.NoError(t, err)
	assert.Contains(t, core, "**55 command turns** (at most 2 200 ticks)")
}

// TestTextStatesTheEpisodesFood: how long the cog's food lasts is said
// of the episode's cog and clock (§36.3): the rules' sentence for the
// default cog, whatever the variant's section adds, and the cog's own
// for a scenario's.
func TestTextStatesTheEpisodesFood(t *testing.T) {
	text, err := Text(sim.Config{Rules: "nethack"})
	require.NoError(t, err)
	assert.Contains(t, text, defaultFood)
	// A cog with more food: a scenario whose pack holds two rations.
	sc := &scenario.Scenario{Name: "fed", Map: []string{"", " ----", " |@.|", " ----"},
		Cog: &scenario.Cog{Inventory: []scenario.Stack{{Kind: "food ration", Count: 2}}}}
	text, err = Text(sim.Config{Scenario: sc})
	require.NoError(t, err)
	assert.Contains(t, text, "This episode's\ncog starts with 900 nutrition and food worth 1 600 in its pack, which\ncovers 2 500 ticks,\nmore than the episode's 2 200: this clock needs no more food.")
}

// TestVerbRow: a mechanic's verb is a row of the grammar's table: the
// word and its help, every form of the word and its aliases, and the
// primitives it queues.
func TestVerbRow(t *testing.T) {
	assert.Equal(t, "| hum: hums | `hum`, `hum*N`, `hum N` | 1 or N |\n",
		VerbRow(&c.Verb{Word: "hum", Arg: c.ArgCount, Help: "hums"}))
	assert.Equal(t, "| zap: zaps a wand | `zap L`, `zap L DIR`, `zap L >`, `z L`, `z L DIR`, `z L >` | 1 |\n",
		VerbRow(&c.Verb{Word: "zap", Aliases: []string{"z"}, Arg: c.ArgLetterAim, Help: "zaps a wand"}))
}

// TestTheRulesStateTheClockAndMonstersPromptRewrites: every phrase the
// prompt rewrites for another clock is in docs/rules.md, and the monster
// table of docs/rules.md is the species table's core rows — so neither
// drifts from what the prompt generates.
func TestTheRulesStateTheClockAndMonstersPromptRewrites(t *testing.T) {
	text := citation.ReplaceAllString(docs.Rules, "")
	for _, p := range clockPhrases(sim.DefaultMaxTurns, sim.DefaultTurnTicks) {
		assert.Equal(t, p[0], p[1], "the default clock leaves the phrase as it is")
		assert.Contains(t, text, p[0])
	}
	assert.Equal(t, 1, strings.Count(text, defaultFood), "the food sentence the prompt rewrites")
	assert.Contains(t, text, "\n"+MonsterTable(nil)+"\n")
	assert.Contains(t, text, "| a letter | a monster")
	assert.Contains(t, text, "\n\n`pickup` takes everything on the cell.")
	assert.Equal(t, 1, strings.Count(text, "| monster |"))
}

// TestTheRulesListTheCoreDeeds: docs/rules.md's deed table names every
// core deed of the deed table and no other, with the anchors withDeeds
// writes after; a deed worth other than 25 rewrites the score's
// formula, whose phrase is there.
func TestTheRulesListTheCoreDeeds(t *testing.T) {
	text := citation.ReplaceAllString(docs.Rules, "")
	start := strings.Index(text, "| deed | earned by |")
	require.Positive(t, start)
	end := strings.Index(text[start:], "\n\n")
	table := text[start : start+end]
	var named []string
	for _, m := range regexp.MustCompile("`([a-z0-9-]+)`").FindAllStringSubmatch(table, -1) {
		named = append(named, m[1])
	}
	var core []string
	for _, d := range c.DeedTable() {
		if d.Mechanic == "" {
			core = append(core, d.Name)
		}
	}
	assert.ElementsMatch(t, core, named)
	assert.Contains(t, text, deedTableEnd)
	assert.Equal(t, 1, strings.Count(text, scoreDeeds))
}
