package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cogsim/cogsim/eval"
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
	var m eval.Merged
	for _, f := range files {
		if err := readFile(&m, f); err != nil {
			return err
		}
	}
	warn(out, "summarize", m.Warnings)
	if len(m.Results) == 0 {
		return fmt.Errorf("no results in %s", strings.Join(files, ", "))
	}
	st, err := eval.Summarize(m.Results)
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

// warn prints the files' warnings to stderr, one a line.
func warn(out streams, command string, warnings []string) {
	for _, w := range warnings {
		fmt.Fprintf(out.stderr, "cogsim %s: warning: %s\n", command, w)
	}
}

// readFile reads the results file path into m.
func readFile(m *eval.Merged, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return usagef("%v", err)
	}
	defer f.Close()
	return m.Read(f, path)
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
