package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/docs"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
)

type promptOptions struct{ rules string }

func promptFlags() (*flag.FlagSet, *promptOptions) {
	o := &promptOptions{}
	fs := flag.NewFlagSet("prompt", flag.ContinueOnError)
	fs.StringVar(&o.rules, "rules", "cog", "the rules variant the agent will play (§25): its section is included")
	return fs, o
}

// promptCmd is cogsim prompt: the instruction text for an LLM agent
// (§30) — the rules of docs/rules.md, the reply grammar, the observation
// format and a worked example played by the engine itself.
func promptCmd(_ context.Context, out streams, args []string) error {
	fs, o := promptFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if _, ok := ecs.LookupVariant(o.rules); !ok {
		var names []string
		for _, v := range ecs.Variants() {
			names = append(names, v.Name)
		}
		return usagef("--rules: unknown rules %q (known: %s)", o.rules, strings.Join(names, ", "))
	}
	text, err := Prompt(o.rules)
	if err != nil {
		return err
	}
	_, err = io.WriteString(out.stdout, text)
	return err
}

// citation is a "(§N)" or "(§N, §M)" reference, which the agent does not
// need.
var citation = regexp.MustCompile(` \(§[0-9]+(, §[0-9]+)*\)`)

// Prompt returns the instruction text for an agent playing rules.
func Prompt(rules string) (string, error) {
	var b strings.Builder
	b.WriteString(`You are playing cogsim, a roguelike. You are the cog, the @ on the map.
After each command turn you receive an observation (20 lines of text) and
answer with a reply: the actions to take, in the grammar below, and
nothing else. The episode ends when you die or after 55 command turns; the
score counts depth, experience, gold and deeds.

`)
	b.WriteString(rulesText(rules))
	ex, err := workedExample(rules)
	if err != nil {
		return "", err
	}
	b.WriteString("\n")
	b.WriteString(ex)
	return b.String(), nil
}

// rulesText is docs/rules.md for an agent: from "## The game" on, without
// its citations, with only the section of the variant played.
func rulesText(rules string) string {
	text := docs.Rules
	if i := strings.Index(text, "## The game"); i >= 0 {
		text = text[i:]
	}
	parts := strings.Split(text, "\n## Variant `")
	var b strings.Builder
	b.WriteString(parts[0])
	for _, p := range parts[1:] {
		if strings.HasPrefix(p, rules+"`") {
			b.WriteString("\n## This game's rules: variant `")
			b.WriteString(p)
			b.WriteString("\nWhere this section differs from the rules above, it wins.\n")
		}
	}
	return citation.ReplaceAllString(b.String(), "")
}

// workedExample plays the first turn of seed 1 with the explore agent.
func workedExample(rules string) (string, error) {
	s, err := sim.New(sim.Config{Seed: 1, Rules: rules, Agent: "explore"})
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
