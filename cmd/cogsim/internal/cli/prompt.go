package cli

import (
	"context"
	"flag"
	"io"

	"github.com/cogsim/cogsim/agents/prompt"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/scenario"
)

type promptOptions struct {
	rules    rulesFlags
	turns    int
	scenario string
}

func promptFlags() (*flag.FlagSet, *promptOptions) {
	o := &promptOptions{}
	fs := flag.NewFlagSet("prompt", flag.ContinueOnError)
	// The rules variant's section is included, and the verbs of the
	// variant's and the extra mechanics (§32.3).
	o.rules.add(fs)
	fs.IntVar(&o.turns, "turns", 0, "the clock to state, in command turns (default: the rules' 55, or the scenario's clock)")
	fs.StringVar(&o.scenario, "scenario", "", "the episode starts from this scenario file (§19): its clock, and its first observation in the worked example")
	return fs, o
}

// promptCmd is cogsim prompt: the instruction text for an LLM agent
// (§30) — the rules of docs/rules.md, the reply grammar, the observation
// format and a worked example played by the engine itself — for the
// episodes of --rules, --mechanics, --turns and --scenario (§36.3).
func promptCmd(_ context.Context, out streams, args []string) error {
	fs, o := promptFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	if o.turns < 0 || o.turns > sim.MaxClockTurns {
		return usagef("--turns: must be 1 … %d (0: the rules'), got %d", sim.MaxClockTurns, o.turns)
	}
	cfg := sim.Config{Rules: o.rules.Rules, Mechanics: mechanics, MaxTurns: o.turns}
	if o.scenario != "" {
		if cfg.Scenario, err = scenario.Load(o.scenario); err != nil {
			return usagef("--scenario: %v", err)
		}
	}
	text, err := prompt.Text(cfg)
	if err != nil {
		return usagef("%s%v", scenarioPrefix(o.scenario), err)
	}
	_, err = io.WriteString(out.stdout, text)
	return err
}
