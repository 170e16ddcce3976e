package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"

	"github.com/cogsim/cogsim/eval"
)

type compareOptions struct{ json bool }

func compareFlags() (*flag.FlagSet, *compareOptions) {
	o := &compareOptions{}
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.BoolVar(&o.json, "json", false, "print the comparison as one JSON object")
	return fs, o
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
	c, err := eval.Compare(files[0], files[1], sides[0].Results, sides[1].Results)
	if u := (*eval.UnpairedError)(nil); errors.As(err, &u) {
		// Name the seed's line.
		u.In = sides[u.Side].Where(u.Seed)
		return u
	}
	if err != nil {
		return err
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
