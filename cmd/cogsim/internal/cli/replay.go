package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/cogsim/cogsim/sim/replay"
)

type replayOptions struct {
	verify bool
	turn   int
}

func replayFlags() (*flag.FlagSet, *replayOptions) {
	o := &replayOptions{}
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.BoolVar(&o.verify, "verify", false, "re-simulate and check every recorded observation hash; exit 1 at the first diverging turn")
	fs.IntVar(&o.turn, "turn", -1, "print the observation after command turn K (0: the first)")
	return fs, o
}

// replayCmd is cogsim replay FILE: a summary of the replay, its
// verification, or the observation after a turn.
func replayCmd(ctx context.Context, out streams, args []string) error {
	fs, o := replayFlags()
	// The file comes first; flags may follow it.
	var file string
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if file == "" {
		return usagef("missing the replay FILE")
	}
	rep, err := replay.Load(file)
	if err != nil {
		return usagef("%v", err)
	}
	if w := rep.Warning(); w != "" {
		fmt.Fprintf(out.stderr, "cogsim replay: warning: %s\n", w)
	}
	switch {
	case isSet(fs, "turn"):
		obs, err := rep.Observation(o.turn)
		if err != nil {
			var m *replay.Mismatch
			if errors.As(err, &m) {
				return fmt.Errorf("%s: %w (before turn %d)", file, err, o.turn)
			}
			return usagef("--turn: %v", err)
		}
		fmt.Fprintln(out.stdout, string(obs))
		return nil
	case o.verify:
		if err := rep.Play(nil); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		fmt.Fprintf(out.stdout, "ok: %d turns verified (seed %d, score %d, %s)\n", len(rep.Turns), rep.Seed, rep.Result.Score, rep.Result.Cause)
		return nil
	}
	fmt.Fprintf(out.stdout, "replay of seed %d, rules %s, agent %s, engine %s: %d turns, score %d, %s\n",
		rep.Seed, rep.RulesLabel(), rep.Agent, rep.Engine, len(rep.Turns), rep.Result.Score, rep.Result.Cause)
	return nil
}
