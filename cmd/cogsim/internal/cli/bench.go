package cli

import (
	"context"
	"errors"
	"flag"
	"os"
	"time"

	"github.com/cogsim/cogsim/bench"
	"github.com/cogsim/cogsim/worldgen/script"
)

// benchOptions are the flags of cogsim bench.
type benchOptions struct {
	ticks       int
	runs        int
	json        bool
	cpuprofile  string
	svg         string
	profileTime time.Duration
	rules       rulesFlags
	level       string
}

func benchFlags() (*flag.FlagSet, *benchOptions) {
	o := &benchOptions{}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.IntVar(&o.ticks, "ticks", 200000, "ticks per run: episodes of seeds 1, 2, … with the explore agent until this many ticks")
	fs.IntVar(&o.runs, "runs", 3, "runs of each measurement; the figures are their medians")
	fs.BoolVar(&o.json, "json", false, "print the report as JSON")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the engine to `FILE`; its samples carry system=<name> labels (go tool pprof -tagfocus system=ai)")
	fs.StringVar(&o.svg, "svg", "", "draw the per-system bar chart to `FILE` (SVG)")
	fs.DurationVar(&o.profileTime, "profile-time", 5*time.Second, "how long the profiled pass replays the game (with --cpuprofile)")
	fs.StringVar(&o.level, "level", "", "the level script whose µs per level is reported beside a generated level's (default: a 15 x 14 room with monsters, items and a trap, bench.LevelScript)")
	o.rules.add(fs)
	return fs, o
}

// benchCmd is cogsim bench.
func benchCmd(ctx context.Context, out streams, args []string) error {
	fs, o := benchFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.ticks < 1 {
		return usagef("--ticks: must be at least 1, got %d", o.ticks)
	}
	if o.runs < 1 {
		return usagef("--runs: must be at least 1, got %d", o.runs)
	}
	if o.profileTime <= 0 {
		return usagef("--profile-time: must be positive, got %v", o.profileTime)
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	var lvl *script.Script
	if o.level != "" {
		if lvl, err = script.Load(o.level); err != nil {
			return usagef("--level: %v", err)
		}
	}
	sel := bench.Selection{Rules: o.rules.Rules, Mechanics: mechanics}
	if sel.Label() == "cog" {
		// The standard game: the very configuration it always had.
		sel = bench.Selection{}
	}
	// Open the output files first: a bad path fails at once, not after
	// minutes of measuring.
	var prof, svg *os.File
	if o.cpuprofile != "" {
		if prof, err = os.Create(o.cpuprofile); err != nil {
			return usagef("--cpuprofile: %v", err)
		}
		defer prof.Close()
	}
	if o.svg != "" {
		if svg, err = os.Create(o.svg); err != nil {
			return usagef("--svg: %v", err)
		}
		defer svg.Close()
	}
	rep, err := measure(ctx, o, sel, prof)
	if err == nil {
		rep.Levels, err = bench.MeasureLevels(ctx, lvl, mechanics, o.runs)
	}
	if errors.Is(err, context.Canceled) {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if svg != nil {
		if err := rep.WriteSVG(svg); err != nil {
			return err
		}
		if err := svg.Close(); err != nil {
			return err
		}
	}
	if prof != nil {
		if err := prof.Close(); err != nil {
			return err
		}
	}
	if o.json {
		return rep.WriteJSON(out.stdout)
	}
	// As it always has, a table that stdout refuses leaves the exit code
	// 0; --json returns the encoder's error.
	_ = rep.WriteText(out.stdout)
	return nil
}

// measure records the game under sel (the standard game when sel is
// zero) and measures it, profiled into prof when it is set.
func measure(ctx context.Context, o *benchOptions, sel bench.Selection, prof *os.File) (*bench.Report, error) {
	g, err := bench.RecordUnder(ctx, bench.StandardAgent, o.ticks, sel)
	if err != nil {
		return nil, err
	}
	bo := bench.Options{Runs: o.runs, ProfileTime: o.profileTime}
	if prof != nil {
		bo.Profile, bo.ProfileName = prof, prof.Name()
	}
	return bench.Measure(ctx, g, bo)
}
