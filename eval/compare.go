package eval

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/cogsim/cogsim/eval/stats"
	"github.com/cogsim/cogsim/sim/result"
)

// Side is one file of a comparison: what it was played under, and its
// mean score.
type Side struct {
	File      string `json:"file"`
	Rules     string `json:"rules"`
	Mechanics string `json:"mechanics"`
	Agent     string `json:"agent"`
	Scenario  string `json:"scenario"`
	MaxTurns  int    `json:"maxTurns"`
	Strict    bool   `json:"strict"`
	// Engine is the engine that played the side ("" before engines
	// were recorded): an A/B of two builds has two.
	Engine    string      `json:"engine"`
	ScoreMean float64     `json:"scoreMean"`
	Tokens    TokenTotals `json:"tokens"`
}

// DeedDiff is one deed in both files: its episodes and rates, the
// difference of the rates, the discordant pairs and the McNemar test.
type DeedDiff struct {
	Name  string  `json:"name"`
	A     int     `json:"a"`
	B     int     `json:"b"`
	RateA float64 `json:"rateA"`
	RateB float64 `json:"rateB"`
	Diff  float64 `json:"diff"`
	// OnlyA counts the seeds where only A earned it, OnlyB those where
	// only B did: the discordant pairs.
	OnlyA int `json:"onlyA"`
	OnlyB int `json:"onlyB"`
	// Test is "exact" (binomial on the discordant pairs, p = ½) up to
	// 25 of them, else "chi2" with Chi2 its statistic.
	Test        string  `json:"test"`
	Chi2        float64 `json:"chi2,omitempty"`
	P           float64 `json:"p"`
	Significant bool    `json:"significant"`
}

// EndCount is how many episodes of each file ended so.
type EndCount struct {
	Name string `json:"name"`
	A    int    `json:"a"`
	B    int    `json:"b"`
}

// Comparison is what compare prints (--json: this object).
type Comparison struct {
	Episodes int  `json:"episodes"`
	A        Side `json:"a"`
	B        Side `json:"b"`
	Score    struct {
		Diff        float64  `json:"diff"`
		SD          float64  `json:"sd"`
		CI95        Interval `json:"ci95"`
		Significant bool     `json:"significant"`
	} `json:"score"`
	Deeds []DeedDiff `json:"deeds"`
	Ends  []EndCount `json:"ends"`
	// Significant names what differs at 95 %: "score", then "deed NAME"
	// in the order of Deeds; empty for none.
	Significant []string `json:"significant"`
}

// UnpairedError is Compare's refusal of two sides that do not hold the
// same seeds: the smallest seed one of them lacks.
type UnpairedError struct {
	Seed uint64
	// Side is the side that has the seed: 0 for A, 1 for B.
	Side int
	// In names where the seed is (the file, or its line), Lacks the
	// file without it.
	In, Lacks string
}

func (e *UnpairedError) Error() string {
	return fmt.Sprintf("seed %d is in %s but not in %s: compare pairs the same seeds in both files", e.Seed, e.In, e.Lacks)
}

// exactUpTo is the largest number of discordant pairs tested exactly.
const exactUpTo = 25

// roundSig keeps four significant digits of a p-value, so the bytes do
// not hinge on the last bit and a small p stays visible.
func roundSig(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return r
}

// Compare is the paired difference B − A (§34.4) of the results a of
// fileA and b of fileB, each of one setting, paired by seed: the mean
// score with a paired Student-t interval, each deed's rates with a
// McNemar test, the ends of both, and what differs significantly at
// 95 %. Sides that do not hold the same seeds are refused with an
// *UnpairedError; so are no results, and token totals beyond an int.
func Compare(fileA, fileB string, a, b []result.Result) (*Comparison, error) {
	if len(a) == 0 || len(b) == 0 {
		return nil, errors.New("no results")
	}
	ta, err := tokenTotals(a)
	if err != nil {
		return nil, err
	}
	tb, err := tokenTotals(b)
	if err != nil {
		return nil, err
	}
	ra, rb := bySeed(a), bySeed(b)
	if err := paired(fileA, fileB, ra, rb); err != nil {
		return nil, err
	}
	c := comparePaired(fileA, fileB, ra, rb)
	c.A.Tokens, c.B.Tokens = ta, tb
	return c, nil
}

// paired checks that a and b, in seed order, hold the same seeds.
func paired(fileA, fileB string, a, b []result.Result) error {
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(b) || (i < len(a) && a[i].Seed < b[i].Seed):
			return &UnpairedError{Seed: a[i].Seed, Side: 0, In: fileA, Lacks: fileB}
		case i >= len(a) || b[i].Seed < a[i].Seed:
			return &UnpairedError{Seed: b[i].Seed, Side: 1, In: fileB, Lacks: fileA}
		}
	}
	return nil
}

// comparePaired compares a and b, paired by seed (same length, same
// seeds, in seed order).
func comparePaired(fileA, fileB string, a, b []result.Result) *Comparison {
	n := len(a)
	c := &Comparison{Episodes: n, A: side(fileA, a), B: side(fileB, b)}
	d := make([]float64, n)
	for i := range a {
		d[i] = float64(b[i].Score) - float64(a[i].Score)
	}
	mean, sd, low, high := stats.PairedT(d)
	c.Score.Diff, c.Score.SD = round4(mean), round4(sd)
	c.Score.CI95 = Interval{round4(low), round4(high)}
	c.Score.Significant = n > 1 && (low > 0 || high < 0)
	if c.Score.Significant {
		c.Significant = append(c.Significant, "score")
	}

	deedsOf := func(r result.Result) map[string]bool {
		m := map[string]bool{}
		for _, x := range r.Deeds {
			m[x.Name] = true
		}
		return m
	}
	dd := map[string]*DeedDiff{}
	get := func(name string) *DeedDiff {
		if dd[name] == nil {
			dd[name] = &DeedDiff{Name: name}
		}
		return dd[name]
	}
	ends := map[string]*EndCount{}
	end := func(name string) *EndCount {
		if ends[name] == nil {
			ends[name] = &EndCount{Name: name}
		}
		return ends[name]
	}
	for i := range a {
		da, db := deedsOf(a[i]), deedsOf(b[i])
		for name := range da {
			x := get(name)
			x.A++
			if !db[name] {
				x.OnlyA++
			}
		}
		for name := range db {
			x := get(name)
			x.B++
			if !da[name] {
				x.OnlyB++
			}
		}
		end(a[i].Cause).A++
		end(b[i].Cause).B++
	}
	for _, x := range dd {
		x.RateA = round4(float64(x.A) / float64(n))
		x.RateB = round4(float64(x.B) / float64(n))
		x.Diff = round4(float64(x.B-x.A) / float64(n))
		var p float64
		if x.OnlyA+x.OnlyB <= exactUpTo {
			x.Test, p = "exact", stats.McNemarExact(x.OnlyA, x.OnlyB)
		} else {
			var chi float64
			chi, p = stats.McNemarChi2(x.OnlyA, x.OnlyB)
			x.Test, x.Chi2 = "chi2", round4(chi)
		}
		x.P, x.Significant = roundSig(p), p < 0.05
		c.Deeds = append(c.Deeds, *x)
	}
	// Most frequent (both files) first, then by name.
	slices.SortFunc(c.Deeds, func(x, y DeedDiff) int {
		if o := cmp.Compare(y.A+y.B, x.A+x.B); o != 0 {
			return o
		}
		return cmp.Compare(x.Name, y.Name)
	})
	for _, x := range c.Deeds {
		if x.Significant {
			c.Significant = append(c.Significant, "deed "+x.Name)
		}
	}
	for _, e := range ends {
		c.Ends = append(c.Ends, *e)
	}
	slices.SortFunc(c.Ends, func(x, y EndCount) int {
		if o := cmp.Compare(y.A+y.B, x.A+x.B); o != 0 {
			return o
		}
		return cmp.Compare(x.Name, y.Name)
	})
	if c.Deeds == nil {
		c.Deeds = []DeedDiff{}
	}
	if c.Significant == nil {
		c.Significant = []string{}
	}
	return c
}

// side describes one file's results (of one setting).
func side(file string, rs []result.Result) Side {
	r := rs[0]
	s := Side{File: file, Rules: r.Rules, Agent: r.Agent, Scenario: r.Scenario, MaxTurns: r.MaxTurns, Strict: r.Strict, Engine: r.Engine}
	s.Mechanics = mechanicsText(&r)
	total := 0.0
	for _, x := range rs {
		total += float64(x.Score)
	}
	s.ScoreMean = round4(total / float64(len(rs)))
	return s
}

// WriteText prints the comparison as text.
func (c *Comparison) WriteText(w io.Writer) {
	for _, s := range []struct {
		label string
		Side
	}{{"A", c.A}, {"B", c.B}} {
		// The strings came from the files: shown printable (issue 34).
		fmt.Fprintf(w, "%s: %s  rules: %s  agent: %s  turns: %d", s.label, result.Printable(s.File), rulesText(s.Rules, s.Mechanics), result.Printable(s.Agent), s.MaxTurns)
		if s.Strict {
			fmt.Fprint(w, "  strict")
		}
		if s.Scenario != "" {
			fmt.Fprintf(w, "  scenario: %s", result.Printable(s.Scenario))
		}
		if c.A.Engine != c.B.Engine {
			fmt.Fprintf(w, "  engine: %s", result.EngineText(s.Engine))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "episodes: %d, paired by seed\n", c.Episodes)
	if c.A.Tokens.Episodes+c.B.Tokens.Episodes > 0 {
		for _, s := range []struct {
			label string
			t     TokenTotals
		}{{"A", c.A.Tokens}, {"B", c.B.Tokens}} {
			text := s.t.text()
			if text == "" {
				text = "none counted"
			}
			fmt.Fprintf(w, "tokens %s: %s\n", s.label, text)
		}
	}
	if c.Episodes < 2 {
		// A t interval needs two differences at least.
		fmt.Fprintf(w, "score: A mean %.1f, B mean %.1f; B-A %+.1f (one pair: no interval)\n",
			c.A.ScoreMean, c.B.ScoreMean, c.Score.Diff)
	} else {
		fmt.Fprintf(w, "score: A mean %.1f, B mean %.1f; B-A %+.1f (95%% CI %+.1f to %+.1f), sd %.1f\n",
			c.A.ScoreMean, c.B.ScoreMean, c.Score.Diff, c.Score.CI95.Low, c.Score.CI95.High, c.Score.SD)
	}
	if len(c.Deeds) > 0 {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "deed\tA\tB\tB-A\tonly A\tonly B\ttest\tp")
		for _, x := range c.Deeds {
			fmt.Fprintf(tw, "%s\t%.1f%%\t%.1f%%\t%+.1f%%\t%d\t%d\t%s\t%s\n",
				result.Printable(x.Name), 100*x.RateA, 100*x.RateB, 100*x.Diff, x.OnlyA, x.OnlyB, x.Test, pText(x.P))
		}
		tw.Flush()
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "end\tA\tB")
	for _, e := range c.Ends {
		fmt.Fprintf(tw, "%s\t%d\t%d\n", result.Printable(e.Name), e.A, e.B)
	}
	tw.Flush()
	fmt.Fprintln(w)
	if len(c.Significant) == 0 {
		fmt.Fprintln(w, "no significant difference at 95 %")
		return
	}
	var what []string
	for _, s := range c.Significant {
		if s == "score" {
			what = append(what, fmt.Sprintf("score (B-A %+.1f)", c.Score.Diff))
		}
	}
	for _, x := range c.Deeds {
		if x.Significant {
			what = append(what, fmt.Sprintf("deed %s (%+.1f%%, p %s)", x.Name, 100*x.Diff, pText(x.P)))
		}
	}
	fmt.Fprintf(w, "differs significantly at 95 %%: %s\n", strings.Join(what, "; "))
}

// pText shows a p-value with four decimals, or as below 0.0001.
func pText(p float64) string {
	if p < 0.0001 {
		return "<0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}
