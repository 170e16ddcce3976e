package cli

import (
	"context"
	"flag"
	"fmt"
	"github.com/cogsim/cogsim/internal/atomicfile"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/cogsim/cogsim/sim/replay"
)

type agentOptions struct {
	seed     uint64
	scenario string
	rules    rulesFlags
	replay   string
	turns    int
	strict   bool
}

func agentFlags() (*flag.FlagSet, *agentOptions) {
	o := &agentOptions{}
	fs := flag.NewFlagSet("agent", flag.ContinueOnError)
	fs.Uint64Var(&o.seed, "seed", 1, "episode seed (without --seed: the scenario's seed if it has one)")
	fs.StringVar(&o.scenario, "scenario", "", "start from this scenario file (§19)")
	o.rules.add(fs)
	fs.StringVar(&o.replay, "replay", "", "record the episode's replay to this file (§21)")
	fs.IntVar(&o.turns, "turns", 0, "end the episode after this many command turns (default: the rules' 55, or the scenario's clock)")
	fs.BoolVar(&o.strict, "strict", false, strictDoc)
	return fs, o
}

// agentCmd is cogsim agent: one episode over stdio for an outside agent.
// Bad lines cost unusable turns; EOF ends the episode as disconnected.
func agentCmd(ctx context.Context, out streams, args []string) (err error) {
	fs, o := agentFlags()
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
	cfg := sim.Config{Seed: o.seed, Rules: o.rules.Rules, Mechanics: mechanics, Agent: "stdio", MaxTurns: o.turns, Strict: o.strict}
	if o.scenario != "" {
		sc, err := sim.LoadScenario(o.scenario)
		if err != nil {
			return usagef("--scenario: %v", err)
		}
		cfg.Scenario = sc
		if sc.Seed != nil && !isSet(fs, "seed") {
			cfg.Seed = *sc.Seed
		}
	}
	s, err := sim.New(cfg)
	if err != nil {
		return usagef("%v", err)
	}
	var rec *replay.Recorder
	if o.replay != "" {
		// Whole or nothing: an episode cut short leaves no replay.
		f, ferr := atomicfile.Create(o.replay, 0o644)
		if ferr != nil {
			return usagef("--replay: %v", ferr)
		}
		defer f.Abort()
		if rec, err = replay.NewRecorder(s, f); err != nil {
			return fmt.Errorf("writing the replay: %w", err)
		}
		defer func() {
			if err == nil {
				if err = f.Commit(); err != nil {
					err = fmt.Errorf("writing the replay: %w", err)
				}
			}
		}()
	}
	return untilDone(ctx, func() error {
		_, err := protocol.Serve(s, out.stdin, out.stdout, rec)
		return err
	})
}
