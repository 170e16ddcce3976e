package eval

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/cogsim/cogsim/eval/stats"
	"github.com/cogsim/cogsim/sim/result"
)

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

// Add counts r's tokens, if it has them; sums beyond an int are
// refused (a hand-made file).
func (t *TokenTotals) Add(r *result.Result) error {
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

// tokenTotals totals the tokens of rs.
func tokenTotals(rs []result.Result) (TokenTotals, error) {
	var t TokenTotals
	for i := range rs {
		if err := t.Add(&rs[i]); err != nil {
			return TokenTotals{}, err
		}
	}
	return t, nil
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
	LLM *result.LLMSettings `json:"llm,omitempty"`
}

// round4 keeps four decimals, so the bytes do not hinge on the last bit.
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// wilson is the Wilson interval of k in n, rounded.
func wilson(k, n int) Interval {
	low, high := stats.Wilson(k, n)
	return Interval{round4(low), round4(high)}
}

// survived are the ends that are not a death: the clock, and an agent
// that went away.
var survived = map[string]bool{"clock": true, "disconnected": true, "timeout": true, "goal": true}

// count is a name and how many episodes it applies to.
type count struct {
	name string
	n    int
}

// ranked lists m by count, most first, then by name.
func ranked(m map[string]int) []count {
	out := make([]count, 0, len(m))
	for k, v := range m {
		out = append(out, count{k, v})
	}
	slices.SortFunc(out, func(a, b count) int {
		if c := cmp.Compare(b.n, a.n); c != 0 {
			return c
		}
		return cmp.Compare(a.name, b.name)
	})
	return out
}

// rates ranks counts: most episodes first, then by name.
func rates(m map[string]int, n int) []Rate {
	out := make([]Rate, 0, len(m))
	for _, c := range ranked(m) {
		out = append(out, Rate{Name: c.name, Episodes: c.n, Rate: round4(float64(c.n) / float64(n)), CI95: wilson(c.n, n)})
	}
	return out
}

// bySeed is rs sorted by seed, a copy.
func bySeed(rs []result.Result) []result.Result {
	rs = slices.Clone(rs)
	slices.SortFunc(rs, func(a, b result.Result) int { return cmp.Compare(a.Seed, b.Seed) })
	return rs
}

// mechanicsText is the mechanics with their versions, comma-separated.
func mechanicsText(r *result.Result) string {
	var mech []string
	for _, x := range r.Mechanics {
		mech = append(mech, x.Name+"@"+x.Version)
	}
	return strings.Join(mech, ",")
}

// Summarize computes the summary of results of one setting (the first
// result's rules, agent, scenario and engine are the summary's) in
// seed order, so the order of files and lines does not matter. It
// refuses no results, and token totals beyond an int.
func Summarize(results []result.Result) (*Summary, error) {
	if len(results) == 0 {
		return nil, errors.New("no results")
	}
	tokens, err := tokenTotals(results)
	if err != nil {
		return nil, err
	}
	rs := bySeed(results)
	n := len(rs)
	s := &Summary{Episodes: n, Tokens: tokens}
	s.Rules, s.Agent, s.Scenario, s.LLM, s.Engine = rs[0].Rules, rs[0].Agent, rs[0].Scenario, rs[0].LLM, rs[0].Engine
	s.Mechanics = mechanicsText(&rs[0])
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
		h := stats.TQuantile95(n-1) * sd / math.Sqrt(float64(n))
		s.Score.SD = round4(sd)
		s.Score.CI95 = &Interval{round4(mean - h), round4(mean + h)}
	}
	s.MaxDepthMean = round4(depth / float64(n))
	s.Died = Rate{Name: "died", Episodes: died, Rate: round4(float64(died) / float64(n)), CI95: wilson(died, n)}
	s.Ends = rates(ends, n)
	s.Deeds = rates(deeds, n)
	return s, nil
}

// RulesText is the summary's rules with its mechanics, "cog" or
// "cog (yellow-mold@1)", printable.
func (s *Summary) RulesText() string {
	return rulesText(s.Rules, s.Mechanics)
}

// rulesText shows rules and mechanics as the reports do. The strings
// came from the files: shown printable (issue 34).
func rulesText(rules, mechanics string) string {
	if mechanics == "" {
		return result.Printable(rules)
	}
	return result.Printable(rules) + " (" + result.Printable(mechanics) + ")"
}

// WriteText prints the summary as text.
func (s *Summary) WriteText(w io.Writer) {
	fmt.Fprintf(w, "episodes: %d  rules: %s  agent: %s", s.Episodes, s.RulesText(), result.Printable(s.Agent))
	if s.Scenario != "" {
		fmt.Fprintf(w, "  scenario: %s", result.Printable(s.Scenario))
	}
	fmt.Fprintln(w)
	if s.LLM != nil {
		fmt.Fprintf(w, "llm: %s\n", s.LLM)
	}
	fmt.Fprintf(w, "engine: %s\n", result.EngineText(s.Engine))
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
			fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f%% to %.1f%%\n", result.Printable(r.Name), r.Episodes, 100*r.Rate, 100*r.CI95.Low, 100*r.CI95.High)
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
