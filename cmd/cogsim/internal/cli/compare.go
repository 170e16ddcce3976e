package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/cogsim/cogsim/sim"
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
	var sides [2]merged
	for i, f := range files {
		if err := sides[i].read(f); err != nil {
			return err
		}
		warn(out, "compare", sides[i].warnings)
		if len(sides[i].results) == 0 {
			return fmt.Errorf("no results in %s", f)
		}
	}
	a, b, err := pair(files, &sides[0], &sides[1])
	if err != nil {
		return err
	}
	c := comparePaired(files, a, b)
	c.A.Tokens, c.B.Tokens = sides[0].tokens, sides[1].tokens
	if o.json {
		js, err := json.MarshalIndent(c, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out.stdout, "%s\n", js)
		return err
	}
	c.write(out.stdout)
	return nil
}

// pair sorts both sides by seed and checks that they hold the same
// seeds, naming the first (smallest) seed one of them lacks.
func pair(files []string, a, b *merged) ([]sim.Result, []sim.Result, error) {
	sorted := func(m *merged) []sim.Result {
		rs := slices.Clone(m.results)
		slices.SortFunc(rs, func(x, y sim.Result) int { return cmp.Compare(x.Seed, y.Seed) })
		return rs
	}
	ra, rb := sorted(a), sorted(b)
	for i := 0; i < len(ra) || i < len(rb); i++ {
		var seed uint64
		var in *merged
		var lacks string
		switch {
		case i >= len(rb) || (i < len(ra) && ra[i].Seed < rb[i].Seed):
			seed, in, lacks = ra[i].Seed, a, files[1]
		case i >= len(ra) || rb[i].Seed < ra[i].Seed:
			seed, in, lacks = rb[i].Seed, b, files[0]
		default:
			continue
		}
		return nil, nil, fmt.Errorf("seed %d is in %s but not in %s: compare pairs the same seeds in both files", seed, in.where[seed], lacks)
	}
	return ra, rb, nil
}

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

// pairedT is the mean of the paired differences d, their sd and the
// 95 % Student-t interval mean ± t(n−1)·sd/√n (a point for n = 1).
func pairedT(d []float64) (mean, sd float64, ci Interval) {
	n := float64(len(d))
	for _, v := range d {
		mean += v
	}
	mean /= n
	if len(d) < 2 {
		return mean, 0, Interval{mean, mean}
	}
	ss := 0.0
	for _, v := range d {
		ss += (v - mean) * (v - mean)
	}
	sd = math.Sqrt(ss / (n - 1))
	h := tQuantile(len(d)-1) * sd / math.Sqrt(n)
	return mean, sd, Interval{mean - h, mean + h}
}

// mcnemarExact is the exact two-sided McNemar p-value of b and c
// discordant pairs: 2·P(X ≤ min(b,c)) for X ~ Binomial(b+c, ½), at most
// 1. Exact in integers for b+c ≤ 62.
func mcnemarExact(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	k := min(b, c)
	var sum, binom uint64 = 0, 1 // binom = C(n, i)
	for i := 0; i <= k; i++ {
		sum += binom
		binom = binom * uint64(n-i) / uint64(i+1)
	}
	return min(1, 2*float64(sum)/math.Ldexp(1, n))
}

// mcnemarChi2 is McNemar's χ² with continuity correction,
// (|b−c|−1)²/(b+c), and its p-value on one degree of freedom,
// P(χ²₁ > x) = erfc(√(x/2)).
func mcnemarChi2(b, c int) (x, p float64) {
	d := math.Abs(float64(b-c)) - 1
	x = d * d / float64(b+c)
	return x, math.Erfc(math.Sqrt(x / 2))
}

// exactUpTo is the largest number of discordant pairs tested exactly.
const exactUpTo = 25

// roundSig keeps four significant digits of a p-value, so the bytes do
// not hinge on the last bit and a small p stays visible.
func roundSig(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return r
}

// comparePaired compares a and b, paired by seed (same length, same
// seeds, in seed order).
func comparePaired(files []string, a, b []sim.Result) *Comparison {
	n := len(a)
	c := &Comparison{Episodes: n, A: side(files[0], a), B: side(files[1], b)}
	d := make([]float64, n)
	for i := range a {
		d[i] = float64(b[i].Score) - float64(a[i].Score)
	}
	mean, sd, ci := pairedT(d)
	c.Score.Diff, c.Score.SD = round4(mean), round4(sd)
	c.Score.CI95 = Interval{round4(ci.Low), round4(ci.High)}
	c.Score.Significant = n > 1 && (ci.Low > 0 || ci.High < 0)
	if c.Score.Significant {
		c.Significant = append(c.Significant, "score")
	}

	deedsOf := func(r sim.Result) map[string]bool {
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
			x.Test, p = "exact", mcnemarExact(x.OnlyA, x.OnlyB)
		} else {
			var chi float64
			chi, p = mcnemarChi2(x.OnlyA, x.OnlyB)
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

// side describes one file's results (checked alike by merged.read).
func side(file string, rs []sim.Result) Side {
	r := rs[0]
	s := Side{File: file, Rules: r.Rules, Agent: r.Agent, Scenario: r.Scenario, MaxTurns: r.MaxTurns, Strict: r.Strict, Engine: r.Engine}
	var mech []string
	for _, x := range r.Mechanics {
		mech = append(mech, x.Name+"@"+x.Version)
	}
	s.Mechanics = strings.Join(mech, ",")
	total := 0.0
	for _, x := range rs {
		total += float64(x.Score)
	}
	s.ScoreMean = round4(total / float64(len(rs)))
	return s
}

// write prints the comparison as text.
func (c *Comparison) write(w io.Writer) {
	for _, s := range []struct {
		label string
		Side
	}{{"A", c.A}, {"B", c.B}} {
		// The strings came from the files: shown printable (issue 34).
		rules := sim.Printable(s.Rules)
		if s.Mechanics != "" {
			rules += " (" + sim.Printable(s.Mechanics) + ")"
		}
		fmt.Fprintf(w, "%s: %s  rules: %s  agent: %s  turns: %d", s.label, sim.Printable(s.File), rules, sim.Printable(s.Agent), s.MaxTurns)
		if s.Strict {
			fmt.Fprint(w, "  strict")
		}
		if s.Scenario != "" {
			fmt.Fprintf(w, "  scenario: %s", sim.Printable(s.Scenario))
		}
		if c.A.Engine != c.B.Engine {
			fmt.Fprintf(w, "  engine: %s", engineText(s.Engine))
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
				sim.Printable(x.Name), 100*x.RateA, 100*x.RateB, 100*x.Diff, x.OnlyA, x.OnlyB, x.Test, pText(x.P))
		}
		tw.Flush()
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "end\tA\tB")
	for _, e := range c.Ends {
		fmt.Fprintf(tw, "%s\t%d\t%d\n", sim.Printable(e.Name), e.A, e.B)
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
