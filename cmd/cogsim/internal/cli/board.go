package cli

import (
	"bytes"
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"html/template"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/cogsim/cogsim/internal/atomicfile"
	"github.com/cogsim/cogsim/sim"
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
// clock, strict) — the files of a row are merged as summarize merges
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
	b, err := readBoard(files)
	if err != nil {
		return err
	}
	warn(out, "board", b.warnings)
	if o.html == "" {
		b.write(out.stdout)
		return nil
	}
	var page bytes.Buffer
	if err := b.page(&page); err != nil {
		return err
	}
	if err := atomicfile.Write(o.html, page.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	fmt.Fprintf(out.stdout, "wrote %s: %d rows from %d files; open it in a browser, no server needed\n", o.html, len(b.Rows), len(files))
	return nil
}

// Board is a leaderboard: its rows, best mean score first, and the
// deeds that any row earned, in §16's order.
type Board struct {
	Files []string   `json:"files"`
	Deeds []string   `json:"deeds"`
	Rows  []BoardRow `json:"rows"`
	// warnings are the files' (merged.warnings).
	warnings []string
}

// BoardRow is one agent under one setting: summarize's summary of its
// results, and the files they came from.
type BoardRow struct {
	Files    []string `json:"files"`
	MaxTurns int      `json:"maxTurns"`
	Strict   bool     `json:"strict"`
	*Summary
}

// readBoard reads the files, each checked as summarize checks its files,
// and merges those of one setting (agent, rules with mechanics,
// scenario, maxTurns, strict) into a row; a seed twice in a row is
// refused.
func readBoard(files []string) (*Board, error) {
	var groups []*merged
	var where [][]string
	var warnings []string
	for _, f := range files {
		var m merged
		if err := m.read(f); err != nil {
			return nil, err
		}
		warnings = append(warnings, m.warnings...)
		if len(m.results) == 0 {
			return nil, fmt.Errorf("no results in %s", f)
		}
		i := slices.IndexFunc(groups, func(g *merged) bool {
			setting, _, _ := settingDiff(m.first, g.first)
			return setting == ""
		})
		if i < 0 {
			groups, where = append(groups, &m), append(where, []string{f})
			continue
		}
		if err := groups[i].absorb(&m); err != nil {
			return nil, err
		}
		where[i] = append(where[i], f)
	}
	b := &Board{Files: files, warnings: warnings}
	earned := map[string]bool{}
	for i, g := range groups {
		s := g.stats()
		for _, d := range s.Deeds {
			earned[d.Name] = true
		}
		b.Rows = append(b.Rows, BoardRow{Files: where[i], MaxTurns: g.first.MaxTurns, Strict: g.first.Strict, Summary: s})
	}
	for _, d := range sim.DeedNames {
		if earned[d] {
			b.Deeds = append(b.Deeds, d)
		}
	}
	// A row of one episode has no interval: it is listed after the
	// measured rows, unranked (issue 34).
	slices.SortStableFunc(b.Rows, func(x, y BoardRow) int {
		if xn, yn := x.Score.CI95 == nil, y.Score.CI95 == nil; xn != yn {
			if xn {
				return 1
			}
			return -1
		}
		if c := cmp.Compare(y.Score.Mean, x.Score.Mean); c != 0 {
			return c
		}
		if c := cmp.Compare(x.Agent, y.Agent); c != 0 {
			return c
		}
		return cmp.Compare(x.rules(), y.rules())
	})
	return b, nil
}

// absorb adds the results of o, read from another file of the same
// setting; a seed both have is refused, naming both places.
func (m *merged) absorb(o *merged) error {
	for _, r := range o.results {
		if prev, dup := m.where[r.Seed]; dup {
			return fmt.Errorf("%s: seed %d again (first at %s)", o.where[r.Seed], r.Seed, prev)
		}
		if err := m.tokens.add(&r); err != nil {
			return fmt.Errorf("%s: %v", o.where[r.Seed], err)
		}
		m.where[r.Seed] = o.where[r.Seed]
		m.results = append(m.results, r)
	}
	return nil
}

// rules is the row's rules with its mechanics.
func (r BoardRow) rules() string {
	if r.Mechanics == "" {
		return sim.Printable(r.Rules)
	}
	return sim.Printable(r.Rules) + " (" + sim.Printable(r.Mechanics) + ")"
}

// rank is the row's place, i+1, or "—" for a row of one episode,
// which measures nothing to rank by.
func (r BoardRow) rank(i int) string {
	if r.Score.CI95 == nil {
		return "—"
	}
	return fmt.Sprint(i + 1)
}

// ciCell is the mean's interval, or "none (1 episode)".
func (r BoardRow) ciCell() string {
	if r.Score.CI95 == nil {
		return "none (1 episode)"
	}
	return fmt.Sprintf("%.1f to %.1f", r.Score.CI95.Low, r.Score.CI95.High)
}

// ciSort sorts the page's interval column by its low end, a row without
// one last.
func (r BoardRow) ciSort() string {
	if r.Score.CI95 == nil {
		return fmt.Sprint(-math.MaxFloat64)
	}
	return fmt.Sprint(r.Score.CI95.Low)
}

// rate is the row's rate of deed, 0 when none earned it.
func (r BoardRow) rate(deed string) Rate {
	for _, d := range r.Deeds {
		if d.Name == deed {
			return d
		}
	}
	return Rate{Name: deed, CI95: wilson(0, r.Episodes)}
}

// setting says the row's scenario, clock and strictness.
func (r BoardRow) setting() string {
	s := fmt.Sprintf("%d turns", r.MaxTurns)
	if r.Strict {
		s += ", strict"
	}
	if r.Scenario != "" {
		s += ", scenario " + sim.Printable(r.Scenario)
	}
	if l := r.LLM; l != nil {
		s += fmt.Sprintf(", %s, history %d, temperature %g", l.Template, l.History, l.Temperature)
	}
	if r.Engine != sim.Fingerprint() {
		s += ", engine " + engineText(r.Engine)
	}
	return s
}

// write prints the board as a text table.
func (b *Board) write(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"#", "agent", "rules", "setting", "episodes", "mean", "95% CI", "median", "died"}
	head = append(head, b.Deeds...)
	head = append(head, "prompt tokens/ep", "completion tokens/ep")
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for i, r := range b.Rows {
		cells := []string{r.rank(i), sim.Printable(r.Agent), r.rules(), r.setting(), fmt.Sprint(r.Episodes),
			fmt.Sprintf("%.1f", r.Score.Mean), r.ciCell(), fmt.Sprintf("%.1f", r.Score.Median),
			fmt.Sprintf("%.1f%%", 100*r.Died.Rate)}
		for _, d := range b.Deeds {
			cells = append(cells, fmt.Sprintf("%.1f%%", 100*r.rate(d).Rate))
		}
		cells = append(cells, tokensPerEpisode(r.Tokens.Episodes, r.Tokens.PromptPerEpisode), tokensPerEpisode(r.Tokens.Episodes, r.Tokens.CompletionPerEpisode))
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
}

func tokensPerEpisode(n int, v float64) string {
	if n == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f", v)
}

//go:embed board.html
var boardHTML string

var boardPage = template.Must(template.New("board").Parse(boardHTML))

// boardCell is a cell of the page's table: its text, the value it sorts
// by, and its title (the interval of a rate).
type boardCell struct {
	Text, Title string
	Sort        string
}

// page writes the board as one web page: inline CSS and script, the
// table, and the board as JSON for programs.
func (b *Board) page(w io.Writer) error {
	// json.Marshal writes <, > and & as \u escapes: the JSON cannot end
	// its script element.
	data, err := json.Marshal(b)
	if err != nil {
		return err
	}
	type row struct {
		Cells []boardCell
	}
	var rows []row
	for i, r := range b.Rows {
		cells := []boardCell{
			{Text: r.rank(i), Sort: fmt.Sprint(i + 1)},
			{Text: r.Agent, Sort: r.Agent},
			{Text: r.rules(), Sort: r.rules()},
			{Text: r.setting(), Sort: r.setting(), Title: strings.Join(r.Files, ", ")},
			{Text: fmt.Sprint(r.Episodes), Sort: fmt.Sprint(r.Episodes)},
			{Text: fmt.Sprintf("%.1f", r.Score.Mean), Sort: fmt.Sprint(r.Score.Mean), Title: fmt.Sprintf("sd %.1f, min %d, max %d", r.Score.SD, r.Score.Min, r.Score.Max)},
			{Text: r.ciCell(), Sort: r.ciSort()},
			{Text: fmt.Sprintf("%.1f", r.Score.Median), Sort: fmt.Sprint(r.Score.Median)},
			{Text: fmt.Sprintf("%.1f%%", 100*r.Died.Rate), Sort: fmt.Sprint(r.Died.Rate), Title: ciTitle(r.Died)},
		}
		for _, d := range b.Deeds {
			rt := r.rate(d)
			cells = append(cells, boardCell{Text: fmt.Sprintf("%.1f%%", 100*rt.Rate), Sort: fmt.Sprint(rt.Rate), Title: ciTitle(rt)})
		}
		for _, v := range []float64{r.Tokens.PromptPerEpisode, r.Tokens.CompletionPerEpisode} {
			c := boardCell{Text: tokensPerEpisode(r.Tokens.Episodes, v), Sort: "-1"}
			if r.Tokens.Episodes > 0 {
				c.Sort = fmt.Sprint(v)
			}
			cells = append(cells, c)
		}
		rows = append(rows, row{cells})
	}
	return boardPage.Execute(w, struct {
		Board *Board
		Rows  []row
		JSON  template.JS
	}{b, rows, template.JS(data)})
}

// ciTitle is a rate's interval, for the cell's title.
func ciTitle(r Rate) string {
	return fmt.Sprintf("%d episodes; 95%% CI %.1f%% to %.1f%%", r.Episodes, 100*r.CI95.Low, 100*r.CI95.High)
}
