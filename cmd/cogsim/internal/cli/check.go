package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/cogsim/cogsim/internal/levelflag"
	"strings"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/check"
	"github.com/cogsim/cogsim/sim/play"
)

// checkOptions are the flags of cogsim check.
type checkOptions struct {
	rules  rulesFlags
	levels levelflag.Flags
	seeds  string
	agents string
	golden string
	turns  int
	json   bool
}

func checkFlags() (*flag.FlagSet, *checkOptions) {
	o := &checkOptions{}
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	o.rules.add(fs)
	o.levels.Add(fs)
	fs.StringVar(&o.seeds, "seeds", "1-200", "the seeds: a range A-B (inclusive), a named set (eval-100, eval-1000, eval-10000) or a FILE of seeds, one a line")
	fs.StringVar(&o.agents, "agents", strings.Join(check.DefaultAgents, ","), "built-in agents playing every seed, comma-separated ("+strings.Join(agents.Names(), ", ")+")")
	fs.StringVar(&o.golden, "golden", "", "result lines of the cog game (rules cog, no mechanics) from a reference build: the unselected check compares the lines of the seeds, agents and clock it plays (default: the reference lines built in, agents/testdata/catalogue/results.jsonl: explore, seeds 1-50, 55 turns)")
	fs.IntVar(&o.turns, "turns", 0, "end each episode after this many command turns (default: the rules' 55)")
	fs.BoolVar(&o.json, "json", false, "print the report as one JSON object")
	return fs, o
}

// checkCmd is cogsim check (§34.3): a mechanic's conformance run. It
// prints each check with its counts and fails (exit 1) naming the first
// failing seed and turn.
func checkCmd(_ context.Context, out streams, args []string) error {
	fs, o := checkFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	seeds, err := play.ParseSeeds(o.seeds)
	if err != nil {
		return usagef("%v", err)
	}
	var names []string
	for _, a := range strings.Split(o.agents, ",") {
		if a = strings.TrimSpace(a); a == "" {
			continue
		}
		if _, err := agents.New(a); err != nil {
			return usagef("--agents: %v", err)
		}
		names = append(names, a)
	}
	if len(names) == 0 {
		return usagef("--agents: none given")
	}
	if isSet(fs, "turns") && (o.turns < 1 || o.turns > sim.MaxClockTurns) {
		return usagef("--turns: must be 1 … %d, got %d", sim.MaxClockTurns, o.turns)
	}
	lvl, dg, err := o.levels.Load()
	if err != nil {
		return usagef("%v", err)
	}
	if err := levelflag.Check(sim.Config{Seed: seeds[0], Rules: o.rules.Rules, Mechanics: mechanics, Level: lvl, Dungeon: dg}); err != nil {
		return usagef("%v", err)
	}
	rep, err := check.Run(check.Config{Level: lvl, Dungeon: dg, NewAgent: agents.Player, Rules: o.rules.Rules, Mechanics: mechanics, Seeds: seeds,
		Agents: names, Golden: o.golden, GoldenLines: agents.GoldenResults, MaxTurns: o.turns})
	if err != nil {
		return usagef("%v", err)
	}
	if o.json {
		b, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		fmt.Fprintf(out.stdout, "%s\n", b)
	} else {
		writeCheck(out, rep)
	}
	return rep.Err()
}

func writeCheck(out streams, rep check.Report) {
	mech := "none"
	if len(rep.Mechanics) > 0 {
		mech = strings.Join(rep.Mechanics, ", ")
	}
	fmt.Fprintf(out.stdout, "rules %s, mechanics %s, %d seeds, agents %s\n", rep.Rules, mech, rep.Seeds, strings.Join(rep.Agents, ", "))
	for _, o := range rep.Checks {
		status := "ok"
		if o.Failure != nil {
			status = "FAILED"
		}
		c := o.Counts
		line := fmt.Sprintf("%-10s %-6s %d episodes, %d turns", o.Name, status, c.Episodes, c.Turns)
		switch o.Name {
		case check.Snapshot:
			line += fmt.Sprintf(", %d snapshots", c.Snapshots)
		case check.Replays:
			line += fmt.Sprintf(", %d replays", c.Replays)
		case check.Unselected:
			line += fmt.Sprintf(", %d golden results", c.Golden)
		}
		fmt.Fprintln(out.stdout, line)
		if o.Failure != nil {
			fmt.Fprintf(out.stdout, "  first failure: %v\n", o.Failure)
		}
	}
}
