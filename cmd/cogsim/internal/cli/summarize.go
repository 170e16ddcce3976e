package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cogsim/cogsim/eval"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
)

type summarizeOptions struct{ json bool }

func summarizeFlags() (*flag.FlagSet, *summarizeOptions) {
	o := &summarizeOptions{}
	fs := flag.NewFlagSet("summarize", flag.ContinueOnError)
	fs.BoolVar(&o.json, "json", false, "print the summary as one JSON object")
	return fs, o
}

// summarizeCmd is cogsim summarize FILES…: one summary of result files
// (§30) — shards in any order; a duplicate seed, a torn or bad line, or
// results of other rules, mechanics, scenario or agent are refused with
// the file and line. The same results give the same bytes, however they
// are split into files and in whatever order.
func summarizeCmd(_ context.Context, out streams, args []string) error {
	fs, o := summarizeFlags()
	files, err := parseFiles(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("missing the result FILES")
	}
	var m merged
	for _, f := range files {
		if err := m.read(f); err != nil {
			return err
		}
	}
	warn(out, "summarize", m.warnings)
	if len(m.results) == 0 {
		return fmt.Errorf("no results in %s", strings.Join(files, ", "))
	}
	st, err := eval.Summarize(m.results)
	if err != nil {
		return err
	}
	if o.json {
		b, err := json.MarshalIndent(st, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out.stdout, "%s\n", b)
		return err
	}
	st.WriteText(out.stdout)
	return nil
}

// merged are the results of several files, checked as they are read.
type merged struct {
	results []sim.Result
	// where is each seed's file and line, for duplicates.
	where map[uint64]string
	// first is the first result and where it was, the reference for
	// mixed rules.
	first      *sim.Result
	firstWhere string
	// tokens totals the results' token counts (§36) as they are read,
	// so that a sum beyond an int is refused at its line.
	tokens eval.TokenTotals
	// warnings say which files were written by another engine than
	// this build's, or before engines were recorded (issue 34).
	warnings []string
}

// warn prints the files' warnings to stderr, one a line.
func warn(out streams, command string, warnings []string) {
	for _, w := range warnings {
		fmt.Fprintf(out.stderr, "cogsim %s: warning: %s\n", command, w)
	}
}

func (m *merged) read(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return usagef("%v", err)
	}
	defer f.Close()
	if m.where == nil {
		m.where = map[uint64]string{}
	}
	lines := 0
	_, torn, err := result.ReadLines(f, path, func(n int, r sim.Result) error {
		lines = n
		at := fmt.Sprintf("%s line %d", path, n)
		if prev, dup := m.where[r.Seed]; dup {
			return fmt.Errorf("%s: seed %d again (first at %s)", at, r.Seed, prev)
		}
		m.where[r.Seed] = at
		if lines == 1 {
			if d := sim.EngineDiff(r.Engine); d != "" {
				m.warnings = append(m.warnings, fmt.Sprintf("%s: results %s", path, d))
			}
		}
		if m.first == nil {
			m.first, m.firstWhere = &r, at
		} else if setting, got, want := result.SettingDiff(&r, m.first); setting != "" {
			msg := fmt.Sprintf("%s: %s %s, but %s has %s", at, setting, got, m.firstWhere, want)
			switch setting {
			case "rules":
				msg += ": results of different rules do not merge"
			case "agent":
				msg += ": summarize one agent at a time"
			case "engine":
				msg += ": results of different engines do not merge"
			default:
				msg += ": results of different settings do not merge"
			}
			return errors.New(msg)
		}
		if err := m.tokens.Add(&r); err != nil {
			return fmt.Errorf("%s: %v", at, err)
		}
		m.results = append(m.results, r)
		return nil
	})
	if err != nil {
		return err
	}
	if torn != nil {
		return fmt.Errorf("%s line %d: torn (no newline at the end): a run was cut off; finish it with run --resume", path, lines+1)
	}
	return nil
}

// parseFiles parses args into fs, flags and FILE arguments in any order
// (`summarize a.jsonl --json b.jsonl`), and returns the files.
func parseFiles(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for rest := args; ; {
		fs.SetOutput(io.Discard)
		if err := fs.Parse(rest); err != nil {
			if err == flag.ErrHelp {
				return nil, errHelp
			}
			return nil, usagef("%v", err)
		}
		if fs.NArg() == 0 {
			return files, nil
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
}
