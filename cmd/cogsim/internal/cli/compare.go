package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/cogsim/cogsim/eval"
)

type compareOptions struct {
	json    bool
	explain bool
	sources [2]eval.Source
}

func compareFlags() (*flag.FlagSet, *compareOptions) {
	o := &compareOptions{}
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.BoolVar(&o.json, "json", false, "print the comparison as one JSON object")
	fs.BoolVar(&o.explain, "explain", false, "explain each seed whose results differ: the first tick where the two episodes diverge, what each side did on it, and the cause, then the causes grouped (§39.8); re-simulates the built-in agents, or plays --replays-a/-b or --log-a/-b")
	sourceFlags(fs, &o.sources)
	return fs, o
}

// sourceFlags adds --replays-a, --replays-b, --log-a and --log-b: where
// --explain finds each side's episodes (§39.8).
func sourceFlags(fs *flag.FlagSet, src *[2]eval.Source) {
	for i, side := range []string{"a", "b"} {
		fs.StringVar(&src[i].Replays, "replays-"+side, "", "with --explain: the folder of "+strings.ToUpper(side)+"'s replays (run --replays)")
		fs.StringVar(&src[i].Log, "log-"+side, "", "with --explain: the folder of "+strings.ToUpper(side)+"'s trajectories (run --log)")
	}
}

// checkSources refuses a side given both replays and trajectories, and
// either without --explain.
func checkSources(explain bool, src [2]eval.Source) error {
	for i, s := range src {
		switch {
		case !explain && (s.Replays != "" || s.Log != ""):
			return usagef("--replays-%c and --log-%c go with --explain", 'a'+i, 'a'+i)
		case s.Replays != "" && s.Log != "":
			return usagef("--replays-%c and --log-%c: give one", 'a'+i, 'a'+i)
		}
	}
	return nil
}

// compareCmd is cogsim compare A.jsonl B.jsonl (§34.4): the paired
// difference B − A of two result files over the same seeds — the mean
// score with a paired Student-t interval, each deed's rates with a
// McNemar test, the ends of both — and what differs significantly at
// 95 %. Each file is checked as summarize checks its files (one
// setting, no duplicate, no bad or torn line); the two may differ in
// any setting, which is the point of an A/B.
func compareCmd(_ context.Context, out streams, args []string) error {
	fs, o := compareFlags()
	files, err := parseFiles(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 2 {
		return usagef("needs two result files, A and B, got %d", len(files))
	}
	var sides [2]eval.Merged
	for i, f := range files {
		if err := readFile(&sides[i], f); err != nil {
			return err
		}
		warn(out, "compare", sides[i].Warnings)
		if len(sides[i].Results) == 0 {
			return fmt.Errorf("no results in %s", f)
		}
	}
	if err := checkSources(o.explain, o.sources); err != nil {
		return err
	}
	c, err := eval.Compare(files[0], files[1], sides[0].Results, sides[1].Results)
	if u := (*eval.UnpairedError)(nil); errors.As(err, &u) {
		// Name the seed's line.
		u.In = sides[u.Side].Where(u.Seed)
		return u
	}
	if err != nil {
		return err
	}
	if o.explain {
		ex, err := eval.Explain(files[0], files[1], sides[0].Results, sides[1].Results, o.sources)
		if err != nil {
			return fmt.Errorf("--explain: %w", err)
		}
		if o.json {
			js, err := json.MarshalIndent(struct {
				*eval.Comparison
				Explanation *eval.Explanation `json:"explanation"`
			}{c, ex}, "", "  ")
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(out.stdout, "%s\n", js)
			return err
		}
		c.WriteText(out.stdout)
		fmt.Fprintln(out.stdout)
		ex.WriteText(out.stdout)
		return nil
	}
	if o.json {
		js, err := json.MarshalIndent(c, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out.stdout, "%s\n", js)
		return err
	}
	c.WriteText(out.stdout)
	return nil
}
