package eval

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
)

// Board is a leaderboard (§36.4): its rows, best mean score first, and
// the deeds that any row earned, in §16's order.
type Board struct {
	Files []string   `json:"files"`
	Deeds []string   `json:"deeds"`
	Rows  []BoardRow `json:"rows"`
	// Explanation, when set, explains an A/B of two result files
	// (§39.8, board --explain): the page shows it below the table.
	Explanation *Explanation `json:"explanation,omitempty"`
}

// BoardRow is one agent under one setting: the summary of its results,
// and the files they came from.
type BoardRow struct {
	Files    []string `json:"files"`
	MaxTurns int      `json:"maxTurns"`
	Strict   bool     `json:"strict"`
	*Summary
}

// Group is the results of the files of one setting (agent, rules with
// mechanics, scenario, maxTurns, strict, an LLM's settings, engine): a
// row of a board.
type Group struct {
	Files   []string
	Results []result.Result
}

// NewBoard ranks the groups read from files: a row each, summarized,
// by mean score, best first, then by agent and rules; a row of one
// episode has no interval and is listed after the measured rows,
// unranked (issue 34). Groups without results, or whose token totals
// pass an int, are refused.
func NewBoard(files []string, groups []Group) (*Board, error) {
	b := &Board{Files: files}
	earned := map[string]bool{}
	for _, g := range groups {
		s, err := Summarize(g.Results)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", strings.Join(g.Files, ", "), err)
		}
		for _, d := range s.Deeds {
			earned[d.Name] = true
		}
		b.Rows = append(b.Rows, BoardRow{Files: g.Files, MaxTurns: g.Results[0].MaxTurns, Strict: g.Results[0].Strict, Summary: s})
	}
	for _, d := range result.DeedNames() {
		if earned[d] {
			b.Deeds = append(b.Deeds, d)
			delete(earned, d)
		}
	}
	// Results are parsed against the deed table, so every deed earned is
	// in it; were one not, it would still get its column, last.
	b.Deeds = append(b.Deeds, slices.Sorted(maps.Keys(earned))...)
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
		return cmp.Compare(x.RulesText(), y.RulesText())
	})
	return b, nil
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

// DeedRate is the row's rate of deed, 0 when none earned it.
func (r BoardRow) DeedRate(deed string) Rate {
	for _, d := range r.Deeds {
		if d.Name == deed {
			return d
		}
	}
	return Rate{Name: deed, CI95: wilson(0, r.Episodes)}
}

// Setting says the row's clock, strictness, scenario, LLM settings and,
// when it is not this build's, engine: the setting column.
func (r BoardRow) Setting() string {
	s := fmt.Sprintf("%d turns", r.MaxTurns)
	if r.Strict {
		s += ", strict"
	}
	if r.Scenario != "" {
		s += ", scenario " + result.Printable(r.Scenario)
	}
	if l := r.LLM; l != nil {
		s += fmt.Sprintf(", %s, history %d, temperature %g", l.Template, l.History, l.Temperature)
	}
	if r.Engine != sim.Fingerprint() {
		s += ", engine " + result.EngineText(r.Engine)
	}
	return s
}

// WriteText prints the board as a text table.
func (b *Board) WriteText(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := []string{"#", "agent", "rules", "setting", "episodes", "mean", "95% CI", "median", "died"}
	head = append(head, b.Deeds...)
	head = append(head, "prompt tokens/ep", "completion tokens/ep")
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for i, r := range b.Rows {
		cells := []string{r.rank(i), result.Printable(r.Agent), r.RulesText(), r.Setting(), fmt.Sprint(r.Episodes),
			fmt.Sprintf("%.1f", r.Score.Mean), r.ciCell(), fmt.Sprintf("%.1f", r.Score.Median),
			fmt.Sprintf("%.1f%%", 100*r.Died.Rate)}
		for _, d := range b.Deeds {
			cells = append(cells, fmt.Sprintf("%.1f%%", 100*r.DeedRate(d).Rate))
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

// WritePage writes the board as one self-contained web page: inline
// CSS and script (no network fetches; sortable by any column), the
// table, and the board as JSON for programs.
func (b *Board) WritePage(w io.Writer) error {
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
			{Text: r.RulesText(), Sort: r.RulesText()},
			{Text: r.Setting(), Sort: r.Setting(), Title: strings.Join(r.Files, ", ")},
			{Text: fmt.Sprint(r.Episodes), Sort: fmt.Sprint(r.Episodes)},
			{Text: fmt.Sprintf("%.1f", r.Score.Mean), Sort: fmt.Sprint(r.Score.Mean), Title: fmt.Sprintf("sd %.1f, min %d, max %d", r.Score.SD, r.Score.Min, r.Score.Max)},
			{Text: r.ciCell(), Sort: r.ciSort()},
			{Text: fmt.Sprintf("%.1f", r.Score.Median), Sort: fmt.Sprint(r.Score.Median)},
			{Text: fmt.Sprintf("%.1f%%", 100*r.Died.Rate), Sort: fmt.Sprint(r.Died.Rate), Title: ciTitle(r.Died)},
		}
		for _, d := range b.Deeds {
			rt := r.DeedRate(d)
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

// Summary is a side's tick on one line, as the page and the text show
// it (the monsters' steps counted, not listed).
func (t TickSide) Summary() string { return t.summary() }

// Count is how many seeds a cause explains.
func (g CauseCount) Count() int { return len(g.Seeds) }

// SeedList lists the cause's seeds, up to n.
func (g CauseCount) SeedList(n int) string {
	return seedList(g.Seeds, n)
}

// ciTitle is a rate's interval, for the cell's title.
func ciTitle(r Rate) string {
	return fmt.Sprintf("%d episodes; 95%% CI %.1f%% to %.1f%%", r.Episodes, 100*r.CI95.Low, 100*r.CI95.High)
}
