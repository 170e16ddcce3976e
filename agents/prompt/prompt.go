// Package prompt is the instruction text for an LLM agent (§30, §36.3):
// the rules of docs/rules.md for the episodes played — their clock,
// monsters, items, mechanics and variant, the reply grammar with the
// mechanics' verbs — the observation format and a worked example
// played by the engine itself. cogsim prompt prints it and the run's
// LLM agent is given it.
package prompt

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/docs"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/rogue"
)

// citation is a "(§N)" or "(§N, §M)" reference, which the agent does not
// need.
var citation = regexp.MustCompile(` \(§[0-9]+(, §[0-9]+)*\)`)

// Text is the instruction text for an agent playing the episodes
// of cfg (its seed and agent do not matter): their rules and mechanics,
// clock and scenario (§36.3). The run's LLM agent is given the same
// text.
func Text(cfg sim.Config) (string, error) {
	cfg.Seed, cfg.Agent = 1, "explore"
	s, err := sim.New(cfg)
	if err != nil {
		return "", err
	}
	clock := s.State().Clock
	var b strings.Builder
	fmt.Fprintf(&b, `You are playing cogsim, a roguelike. You are the cog, the @ on the map.
After each command turn you receive an observation (20 lines of text) and
answer with a reply: the actions to take, in the grammar below, and
nothing else. The episode ends when you die or after %d command turns; the
score counts depth, experience, gold and deeds.
`, clock.MaxTurns)
	if sc := cfg.Scenario; sc != nil {
		b.WriteString(`
This episode does not start at the top of a fresh dungeon: where the cog
is, what it has and what is around it are as its first observation shows
(the worked example below starts from it too).`)
		if sc.Name != "" {
			fmt.Fprintf(&b, " The scenario: %q.", sc.Name)
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
	text := rulesText(cfg.Rules, s.State().Mechanics, clock.MaxTurns, clock.TurnTicks)
	nutrition, packFood := startingFood(s)
	standard := !slices.Contains(s.State().Mechanics, rogue.NameHunger) && !slices.Contains(s.State().Mechanics, rogue.NameFood)
	b.WriteString(withFood(text, nutrition, packFood, clock.MaxTurns*clock.TurnTicks, standard))
	ex, err := workedExample(cfg)
	if err != nil {
		return "", err
	}
	b.WriteString("\n")
	b.WriteString(ex)
	return b.String(), nil
}

// startingFood is the cog's nutrition at the start of s and what the
// food in its pack is worth (the core rules' values).
func startingFood(s *sim.Sim) (nutrition, packFood int) {
	e := s.State()
	cog := e.Run.Cog
	nutrition = e.Nutrition.Get(cog).Value
	for _, st := range e.Inventory.Get(cog).Slots {
		if !st.Empty() {
			packFood += st.Count * st.Kind.Info().Nutrition
		}
	}
	return nutrition, packFood
}

// rulesText is docs/rules.md for an agent: from "## The game" on, without
// its citations, with the rules of the active mechanics and the section
// of the variant played, and the verbs of the active mechanics as rows of
// the grammar's table.
func rulesText(rules string, active []string, turns, turnTicks int) string {
	text := docs.Rules
	if i := strings.Index(text, "## The game"); i >= 0 {
		text = text[i:]
	}
	text = withVerbRows(text, active)
	text = withTables(text, active)
	text = withDeeds(text, active)
	text = withClock(text, turns, turnTicks)
	parts := strings.Split(text, "\n## Variant `")
	var b strings.Builder
	b.WriteString(parts[0])
	// Each installed mechanic's own rules (ecs.Mechanic.Rules), in the
	// order installed.
	for _, name := range active {
		if m, ok := ecs.LookupMechanic(name); ok && m.Rules != "" {
			b.WriteString("\n## Mechanic `")
			b.WriteString(name)
			b.WriteString("`\n\n")
			b.WriteString(strings.TrimSpace(m.Rules))
			b.WriteString("\n")
		}
	}
	for _, p := range parts[1:] {
		if strings.HasPrefix(p, rules+"`") {
			b.WriteString("\n## This game's rules: variant `")
			b.WriteString(p)
			b.WriteString("\nWhere this section differs from the rules above, it wins.\n")
		}
	}
	return citation.ReplaceAllString(b.String(), "")
}

// withVerbRows adds a row to the grammar's table (the last row of the
// section "## The reply grammar") for each verb of a mechanic in active.
func withVerbRows(text string, active []string) string {
	var rows strings.Builder
	for _, v := range c.ActiveVerbs(active) {
		if v.Mechanic != "" {
			rows.WriteString(VerbRow(v))
		}
	}
	if rows.Len() == 0 {
		return text
	}
	start := strings.Index(text, "## The reply grammar")
	if start < 0 {
		return text
	}
	// The table ends at its last "|…|" line.
	end := start
	for i := start; i < len(text); {
		nl := strings.IndexByte(text[i:], '\n')
		if nl < 0 {
			break
		}
		line := text[i : i+nl]
		if strings.HasPrefix(line, "|") {
			end = i + nl + 1
		} else if end > start {
			break
		}
		i += nl + 1
	}
	if end == start {
		return text
	}
	return text[:end] + rows.String() + text[end:]
}

// VerbRow is a verb as a row of the grammar's table in docs/rules.md:
// the action (the word and what it does), the forms and the primitives.
func VerbRow(v *c.Verb) string {
	var forms []string
	names := append([]string{v.Word}, v.Aliases...)
	n := "1"
	for i, w := range names {
		switch v.Arg {
		case c.ArgNone:
			forms = append(forms, w)
		case c.ArgCount:
			forms = append(forms, w, w+"*N")
			if i == 0 {
				forms = append(forms, w+" N")
			}
			n = "1 or N"
		case c.ArgDir:
			forms = append(forms, w+" DIR")
		case c.ArgLetter:
			forms = append(forms, w+" L")
		case c.ArgLetterAim:
			forms = append(forms, w+" L", w+" L DIR", w+" L >")
		}
	}
	return "| " + v.Word + ": " + v.Help + " | `" + strings.Join(forms, "`, `") + "` | " + n + " |\n"
}

// workedExample plays the first turn of seed 1 of cfg's episodes with
// the explore agent.
func workedExample(cfg sim.Config) (string, error) {
	cfg.Seed, cfg.Agent = 1, "explore"
	s, err := sim.New(cfg)
	if err != nil {
		return "", err
	}
	a := agents.NewExplore()
	a.Reset(1)
	first := string(s.Observe())
	reply := a.Reply(s.Observe())
	s.Turn(reply)
	next := string(s.Observe())
	var b strings.Builder
	b.WriteString("## A worked example\n\nThe first observation of an episode:\n\n")
	fence(&b, first)
	fmt.Fprintf(&b, "\nA reply (walk toward the unexplored part of the level, search, pick up, …):\n\n")
	fence(&b, reply)
	b.WriteString("\nThe next observation:\n\n")
	fence(&b, next)
	b.WriteString("\nReply with actions only. Not \"I will move north.\" (\"I\" is the inventory\nand \"will\" is not an action), not \"Move: north\": just \"n\", or \"k\", or \"move n 3\".\n")
	return b.String(), nil
}

func fence(b *strings.Builder, s string) {
	b.WriteString("```\n")
	b.WriteString(s)
	if !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
	b.WriteString("```\n")
}
