package cli

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/docs"
	"github.com/cogsim/cogsim/internal/verbtest"
)

// grammarRows is the table of docs/rules.md's "## The reply grammar"
// section: each row's action cell and its code spans (the forms).
func grammarRows(t *testing.T, text string) (actions []string, forms [][]string) {
	start := strings.Index(text, "## The reply grammar")
	require.GreaterOrEqual(t, start, 0)
	section := text[start:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+1]
	}
	code := regexp.MustCompile("`([^`]+)`")
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, " | ")
		if !strings.HasPrefix(line, "| ") || len(cells) != 3 || cells[0] == "| action" {
			continue
		}
		actions = append(actions, strings.TrimPrefix(cells[0], "| "))
		var fs []string
		for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
			fs = append(fs, m[1])
		}
		forms = append(forms, fs)
	}
	return actions, forms
}

// TestTheRulesGrammarIsTheVerbTable: docs/rules.md's grammar table and the
// core rows of the verb table (§32.3) say the same: each core verb has a
// row that names it, whose forms write the verb with its argument and
// each alias; each row names only verbs (or the repeated move).
func TestTheRulesGrammarIsTheVerbTable(t *testing.T) {
	actions, forms := grammarRows(t, docs.Rules)
	verbs := c.ActiveVerbs(nil)
	found := map[string]bool{}
	for i, action := range actions {
		if action == "repeated move" {
			continue
		}
		for _, name := range strings.Split(action, " / ") {
			v, ok := c.LookupVerb(name)
			require.True(t, ok, "docs/rules.md's grammar row %q: %q is no verb of the table", action, name)
			require.Equal(t, "", v.Mechanic, name)
			found[name] = true
			want := v.Word
			switch v.Arg {
			case c.ArgDir:
				want += " DIR"
			case c.ArgLetter:
				want += " "
			}
			ok = false
			for _, f := range forms[i] {
				ok = ok || f == want || (v.Arg == c.ArgLetter && strings.HasPrefix(f, want) && len(f) == len(want)+1)
			}
			assert.True(t, ok, "row %q does not write %q", action, want)
			for _, a := range v.Aliases {
				assert.Contains(t, forms[i], a, "row %q lacks the alias %q", action, a)
			}
			if v.Arg == c.ArgCount {
				assert.Contains(t, forms[i], v.Word+" N", "row %q: the count", action)
			}
		}
	}
	for _, v := range verbs {
		assert.True(t, found[v.Word], "docs/rules.md's grammar has no row for the verb %q", v.Word)
	}
}

// TestThePromptListsAMechanicsVerbs: with --mechanics, cogsim prompt's
// grammar has a row for each of the mechanic's verbs, generated from the
// table; without it, none.
func TestThePromptListsAMechanicsVerbs(t *testing.T) {
	code, out, errs := cogsim(t, "prompt", "--mechanics", verbtest.Name)
	require.Equal(t, ExitOK, code, errs)
	actions, forms := grammarRows(t, out)
	want := map[string][]string{
		"hum: hum a tune":                                    {"hum", "hm"},
		"chant: chant, once or N times":                      {"chant", "chant*N", "chant N"},
		"point: point toward DIR":                            {"point DIR"},
		"polish: polish the weapon of letter L":              {"polish L"},
		"aim: aim the potion of letter L toward DIR or down": {"aim L", "aim L DIR", "aim L >", "am L", "am L DIR", "am L >"},
	}
	got := map[string][]string{}
	for i, a := range actions {
		if _, ok := want[a]; ok {
			got[a] = forms[i]
		}
	}
	assert.Equal(t, want, got)
	assert.Equal(t, "inventory", actions[len(actions)-len(want)-1], "the mechanic's rows follow the core's")
	assert.Contains(t, out, "## A worked example")

	_, core, _ := cogsim(t, "prompt")
	assert.NotContains(t, core, "polish")
	assert.NotContains(t, core, "| hum")
	code, _, errs = cogsim(t, "prompt", "--mechanics", "dragons")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, `--mechanics: unknown mechanic "dragons"`)
}

// TestThePromptHasAMechanicsSectionOnlyWithIt: the wands mechanic's own
// rules (ecs.Mechanic.Rules) are in the prompt, under "## Mechanic
// `wands`", with --mechanics wands, and not in the cog game's.
func TestThePromptHasAMechanicsSectionOnlyWithIt(t *testing.T) {
	code, with, errs := cogsim(t, "prompt", "--mechanics", "wands")
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, with, "\n## Mechanic `wands`\n")
	assert.Contains(t, with, "That is a silly thing to zap.")
	code, without, errs := cogsim(t, "prompt")
	require.Equal(t, ExitOK, code, errs)
	assert.NotContains(t, without, "Mechanic `wands`")
	assert.NotContains(t, without, "zap")
	assert.Contains(t, without, "\n\n## The reply grammar")
}
