package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cogsim/cogsim/eval"
	"github.com/cogsim/cogsim/internal/atomicfile"
	"github.com/cogsim/cogsim/sim/result"
)

type boardOptions struct {
	html    string
	explain string
	sources [2]eval.Source
}

func boardFlags() (*flag.FlagSet, *boardOptions) {
	o := &boardOptions{}
	fs := flag.NewFlagSet("board", flag.ContinueOnError)
	fs.StringVar(&o.html, "html", "", "write the leaderboard as one self-contained web page (no network fetches; sortable by any column) to this file (without it: a text table on stdout)")
	fs.StringVar(&o.explain, "explain", "", "A.jsonl,B.jsonl: below the board, explain why B's results differ from A's, seed by seed and grouped by cause, as compare --explain does (§39.8)")
	sourceFlags(fs, &o.sources)
	return fs, o
}

// boardCmd is cogsim board FILES… (§36.4): a leaderboard of result
// files, one row per agent and rules (and other settings: scenario,
// clock, strict) — the files of a row are eval.Merged as summarize merges
// them — with summarize's figures: the mean score with its 95 %
// interval, the median, each deed's rate, the tokens.
func boardCmd(_ context.Context, out streams, args []string) error {
	fs, o := boardFlags()
	files, err := parseFiles(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("missing the result FILES")
	}
	if o.html != "" && !strings.EqualFold(filepath.Ext(o.html), ".html") && !strings.EqualFold(filepath.Ext(o.html), ".htm") {
		return usagef("--html %s: the page's name must end in .html", o.html)
	}
	if err := checkSources(o.explain != "", o.sources); err != nil {
		return err
	}
	b, warnings, err := readBoard(files)
	if err != nil {
		return err
	}
	warn(out, "board", warnings)
	if o.explain != "" {
		if b.Explanation, err = boardExplain(out, o.explain, o.sources); err != nil {
			return err
		}
	}
	if o.html == "" {
		b.WriteText(out.stdout)
		if b.Explanation != nil {
			fmt.Fprintln(out.stdout)
			b.Explanation.WriteText(out.stdout)
		}
		return nil
	}
	var page bytes.Buffer
	if err := b.WritePage(&page); err != nil {
		return err
	}
	if err := atomicfile.Write(o.html, page.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	fmt.Fprintf(out.stdout, "wrote %s: %d rows from %d files; open it in a browser, no server needed\n", o.html, len(b.Rows), len(files))
	return nil
}

// boardExplain is board --explain A,B: the two files read as compare
// reads them, explained.
func boardExplain(out streams, pair string, src [2]eval.Source) (*eval.Explanation, error) {
	files := strings.Split(pair, ",")
	if len(files) != 2 || files[0] == "" || files[1] == "" {
		return nil, usagef("--explain %q: two result files, A.jsonl,B.jsonl", pair)
	}
	var sides [2]eval.Merged
	for i, f := range files {
		if err := readFile(&sides[i], f); err != nil {
			return nil, err
		}
		warn(out, "board", sides[i].Warnings)
	}
	ex, err := eval.Explain(files[0], files[1], sides[0].Results, sides[1].Results, src)
	if u := (*eval.UnpairedError)(nil); errors.As(err, &u) {
		u.In = sides[u.Side].Where(u.Seed)
		return nil, fmt.Errorf("--explain: %w", u)
	}
	if err != nil {
		return nil, fmt.Errorf("--explain: %w", err)
	}
	return ex, nil
}

// readBoard reads the files, each checked as summarize checks its files,
// and merges those of one setting (agent, rules with mechanics,
// scenario, maxTurns, strict) into a row; a seed twice in a row is
// refused. It returns the board and the files' warnings.
func readBoard(files []string) (*eval.Board, []string, error) {
	var groups []*eval.Merged
	var where [][]string
	var warnings []string
	for _, f := range files {
		var m eval.Merged
		if err := readFile(&m, f); err != nil {
			return nil, nil, err
		}
		warnings = append(warnings, m.Warnings...)
		if len(m.Results) == 0 {
			return nil, nil, fmt.Errorf("no results in %s", f)
		}
		i := slices.IndexFunc(groups, func(g *eval.Merged) bool {
			setting, _, _ := result.SettingDiff(m.First(), g.First())
			return setting == ""
		})
		if i < 0 {
			groups, where = append(groups, &m), append(where, []string{f})
			continue
		}
		if err := groups[i].Absorb(&m); err != nil {
			return nil, nil, err
		}
		where[i] = append(where[i], f)
	}
	rows := make([]eval.Group, len(groups))
	for i, g := range groups {
		rows[i] = eval.Group{Files: where[i], Results: g.Results}
	}
	b, err := eval.NewBoard(files, rows)
	return b, warnings, err
}
