package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cogsim/cogsim/eval"
	"github.com/cogsim/cogsim/internal/atomicfile"
	"github.com/cogsim/cogsim/sim/result"
)

type boardOptions struct{ html string }

func boardFlags() (*flag.FlagSet, *boardOptions) {
	o := &boardOptions{}
	fs := flag.NewFlagSet("board", flag.ContinueOnError)
	fs.StringVar(&o.html, "html", "", "write the leaderboard as one self-contained web page (no network fetches; sortable by any column) to this file (without it: a text table on stdout)")
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
	b, warnings, err := readBoard(files)
	if err != nil {
		return err
	}
	warn(out, "board", warnings)
	if o.html == "" {
		b.WriteText(out.stdout)
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
