package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/cogsim/cogsim/sim"
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
	st := m.stats()
	if o.json {
		b, err := json.MarshalIndent(st, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out.stdout, "%s\n", b)
		return err
	}
	st.write(out.stdout)
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
	// tokens totals the results' token counts (§36).
	tokens TokenTotals
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
	_, torn, err := readResults(f, path, func(n int, r sim.Result) error {
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
		} else if setting, got, want := settingDiff(&r, m.first); setting != "" {
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
		if err := m.tokens.add(&r); err != nil {
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

// z is the normal quantile of a two-sided 95 % interval.
const z = 1.959963984540054

// Interval is a 95 % confidence interval.
type Interval struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Rate is how many episodes had something, their share and its Wilson
// interval.
type Rate struct {
	Name     string   `json:"name"`
	Episodes int      `json:"episodes"`
	Rate     float64  `json:"rate"`
	CI95     Interval `json:"ci95"`
}

// TokenTotals total the token counts of results (§36): how many
// episodes have them (an LLM agent's), the sums of their prompt and
// completion tokens, and the means per such episode.
type TokenTotals struct {
	Episodes             int     `json:"episodes"`
	Prompt               int     `json:"prompt"`
	Completion           int     `json:"completion"`
	PromptPerEpisode     float64 `json:"promptPerEpisode"`
	CompletionPerEpisode float64 `json:"completionPerEpisode"`
}

// add counts r's tokens, if it has them; sums beyond an int are
// refused (a hand-made file).
func (t *TokenTotals) add(r *sim.Result) error {
	if r.Tokens == nil {
		return nil
	}
	if t.Prompt > math.MaxInt-r.Tokens.Prompt || t.Completion > math.MaxInt-r.Tokens.Completion {
		return errors.New("the token totals pass the largest integer")
	}
	t.Episodes++
	t.Prompt += r.Tokens.Prompt
	t.Completion += r.Tokens.Completion
	t.PromptPerEpisode = round4(float64(t.Prompt) / float64(t.Episodes))
	t.CompletionPerEpisode = round4(float64(t.Completion) / float64(t.Episodes))
	return nil
}

// text says the totals on one line: "" when no result has tokens.
func (t TokenTotals) text() string {
	if t.Episodes == 0 {
		return ""
	}
	return fmt.Sprintf("%d prompt, %d completion; per episode %.1f prompt, %.1f completion", t.Prompt, t.Completion, t.PromptPerEpisode, t.CompletionPerEpisode)
}

// Summary is what summarize prints (--json: this object). Mechanics
// and Scenario are always there, "" for none.
type Summary struct {
	Episodes  int    `json:"episodes"`
	Rules     string `json:"rules"`
	Mechanics string `json:"mechanics"`
	Agent     string `json:"agent"`
	Scenario  string `json:"scenario"`
	// Engine is the engine that played the results (sim.Fingerprint):
	// "" for results written before engines were recorded.
	Engine string `json:"engine"`
	Score  struct {
		Mean float64 `json:"mean"`
		// CI95 is the mean's interval: null for one episode, which
		// measures no spread (issue 34).
		CI95   *Interval `json:"ci95"`
		SD     float64   `json:"sd"`
		Median float64   `json:"median"`
		Min    int       `json:"min"`
		Max    int       `json:"max"`
	} `json:"score"`
	MaxDepthMean float64 `json:"maxDepthMean"`
	Died         Rate    `json:"died"`
	Ends         []Rate  `json:"ends"`
	Deeds        []Rate  `json:"deeds"`
	Replies      struct {
		Turns    int `json:"turns"`
		Unusable int `json:"unusable"`
		Ignored  int `json:"ignored"`
	} `json:"replies"`
	Tokens TokenTotals `json:"tokens"`
	// LLM are the LLM agent's settings (absent for other agents).
	LLM *sim.LLMSettings `json:"llm,omitempty"`
}

// round4 keeps four decimals, so the bytes do not hinge on the last bit.
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// wilson is the Wilson score interval of k successes in n.
func wilson(k, n int) Interval {
	p, nf := float64(k)/float64(n), float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z / d * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return Interval{round4(max(0, c-h)), round4(min(1, c+h))}
}

// tQuantile is Student's t quantile for a two-sided 95 % interval with
// df degrees of freedom: a table to 30, then the Cornish–Fisher
// expansion z + (z³+z)/(4df) + (5z⁵+16z³+3z)/(96df²), within 1e-4.
func tQuantile(df int) float64 {
	table := [...]float64{0, 12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
		2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
		2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423}
	if df < len(table) {
		return table[df]
	}
	d := float64(df)
	return z + (z*z*z+z)/(4*d) + (5*math.Pow(z, 5)+16*z*z*z+3*z)/(96*d*d)
}

// survived are the ends that are not a death: the clock, and an agent
// that went away.
var survived = map[string]bool{"clock": true, "disconnected": true, "timeout": true}

// rates ranks counts: most episodes first, then by name.
func rates(m map[string]int, n int) []Rate {
	out := make([]Rate, 0, len(m))
	for _, c := range ranked(m) {
		out = append(out, Rate{Name: c.name, Episodes: c.n, Rate: round4(float64(c.n) / float64(n)), CI95: wilson(c.n, n)})
	}
	return out
}

// stats computes the summary from the results in seed order, so the
// order of files and lines does not matter.
func (m *merged) stats() *Summary {
	rs := slices.Clone(m.results)
	slices.SortFunc(rs, func(a, b sim.Result) int { return cmp.Compare(a.Seed, b.Seed) })
	n := len(rs)
	s := &Summary{Episodes: n}
	s.Rules, s.Agent, s.Scenario, s.LLM, s.Engine = rs[0].Rules, rs[0].Agent, rs[0].Scenario, rs[0].LLM, rs[0].Engine
	var mech []string
	for _, x := range rs[0].Mechanics {
		mech = append(mech, x.Name+"@"+x.Version)
	}
	s.Mechanics = strings.Join(mech, ",")
	scores := make([]int, n)
	ends, deeds := map[string]int{}, map[string]int{}
	// Sums in float64: exact below 2^53, and no int overflow however
	// large the scores a file holds (issue 25: two scores of 2^63−1
	// averaged −1.0).
	total, depth, died := 0.0, 0.0, 0
	for i, r := range rs {
		scores[i] = r.Score
		total += float64(r.Score)
		depth += float64(r.MaxDepth)
		ends[r.Cause]++
		if !survived[r.Cause] {
			died++
		}
		for _, d := range r.Deeds {
			deeds[d.Name]++
		}
		s.Replies.Turns += r.Turns
		s.Replies.Unusable += r.Unusable
		s.Replies.Ignored += r.Ignored
	}
	mean := total / float64(n)
	ss := 0.0
	for _, v := range scores {
		ss += (float64(v) - mean) * (float64(v) - mean)
	}
	sorted := slices.Clone(scores)
	slices.Sort(sorted)
	s.Score.Mean = round4(mean)
	s.Score.Min, s.Score.Max = sorted[0], sorted[n-1]
	if n%2 == 1 {
		s.Score.Median = float64(sorted[n/2])
	} else {
		s.Score.Median = (float64(sorted[n/2-1]) + float64(sorted[n/2])) / 2
	}
	if n > 1 {
		sd := math.Sqrt(ss / float64(n-1))
		h := tQuantile(n-1) * sd / math.Sqrt(float64(n))
		s.Score.SD = round4(sd)
		s.Score.CI95 = &Interval{round4(mean - h), round4(mean + h)}
	}
	s.MaxDepthMean = round4(depth / float64(n))
	s.Died = Rate{Name: "died", Episodes: died, Rate: round4(float64(died) / float64(n)), CI95: wilson(died, n)}
	s.Ends = rates(ends, n)
	s.Deeds = rates(deeds, n)
	s.Tokens = m.tokens
	return s
}

// write prints the summary as text.
func (s *Summary) write(w io.Writer) {
	// The strings came from the files: shown printable (issue 34).
	rules := sim.Printable(s.Rules)
	if s.Mechanics != "" {
		rules += " (" + sim.Printable(s.Mechanics) + ")"
	}
	fmt.Fprintf(w, "episodes: %d  rules: %s  agent: %s", s.Episodes, rules, sim.Printable(s.Agent))
	if s.Scenario != "" {
		fmt.Fprintf(w, "  scenario: %s", sim.Printable(s.Scenario))
	}
	fmt.Fprintln(w)
	if s.LLM != nil {
		fmt.Fprintf(w, "llm: %s\n", s.LLM)
	}
	fmt.Fprintf(w, "engine: %s\n", engineText(s.Engine))
	fmt.Fprintf(w, "score: mean %.1f (%s), median %.1f, sd %.1f, min %d, max %d\n",
		s.Score.Mean, s.ciText(), s.Score.Median, s.Score.SD, s.Score.Min, s.Score.Max)
	fmt.Fprintf(w, "max depth: mean %.2f\n", s.MaxDepthMean)
	fmt.Fprintf(w, "died: %s\n", s.Died.text())
	fmt.Fprintf(w, "replies: %d turns, %d unusable, %d ignored\n", s.Replies.Turns, s.Replies.Unusable, s.Replies.Ignored)
	if t := s.Tokens.text(); t != "" {
		fmt.Fprintf(w, "tokens: %s\n", t)
	}
	table := func(head string, rs []Rate) {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "%s\tepisodes\trate\t95%% CI\n", head)
		for _, r := range rs {
			fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f%% to %.1f%%\n", sim.Printable(r.Name), r.Episodes, 100*r.Rate, 100*r.CI95.Low, 100*r.CI95.High)
		}
		tw.Flush()
	}
	table("end", s.Ends)
	if len(s.Deeds) > 0 {
		table("deed", s.Deeds)
	}
}

// ciText says the mean score's interval, or that one episode has none.
func (s *Summary) ciText() string {
	if s.Score.CI95 == nil {
		return "one episode: no interval"
	}
	return fmt.Sprintf("95%% CI %.1f to %.1f", s.Score.CI95.Low, s.Score.CI95.High)
}

func (r Rate) text() string {
	return fmt.Sprintf("%d (%.1f%%, 95%% CI %.1f%% to %.1f%%)", r.Episodes, 100*r.Rate, 100*r.CI95.Low, 100*r.CI95.High)
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
