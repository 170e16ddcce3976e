package eval

import (
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/cogsim/cogsim/sim/result"
)

// RunSummary gathers the results of a run for the table printed at its
// end (§20): mean and median score, mean max depth, how episodes ended,
// and how often each deed was earned. The zero value is empty.
type RunSummary struct {
	// Interrupted counts the episodes cut short, which have no result,
	// and those held back after them (only a prefix of the seed list
	// is written); they are in none of the figures. The run sets it.
	Interrupted int
	// silent counts the episodes whose agent went away before its first
	// reply: a program that cannot run its agent (a missing script).
	silent   int
	scores   []int
	depthSum int
	causes   map[string]int
	deeds    map[string]int
	// unusable and ignored total the results' reply counts (§30).
	unusable, ignored, turns int
	// tokens total the token counts of the results that have them
	// (§36), counted.
	tokens     result.Tokens
	withTokens int
}

// Add counts r.
func (s *RunSummary) Add(r result.Result) {
	if s.causes == nil {
		s.causes, s.deeds = map[string]int{}, map[string]int{}
	}
	s.scores = append(s.scores, r.Score)
	s.depthSum += r.MaxDepth
	s.unusable += r.Unusable
	s.ignored += r.Ignored
	s.turns += r.Turns
	if r.Tokens != nil {
		s.withTokens++
		s.tokens.Prompt += r.Tokens.Prompt
		s.tokens.Completion += r.Tokens.Completion
	}
	s.causes[r.Cause]++
	if r.Cause == "disconnected" && r.Turns == 0 { // protocol.CauseDisconnected
		s.silent++
	}
	for _, d := range r.Deeds {
		s.deeds[d.Name]++
	}
}

// Episodes is how many results were added.
func (s *RunSummary) Episodes() int { return len(s.scores) }

// MeanScore is the mean score, 0 for no episodes.
func (s *RunSummary) MeanScore() float64 {
	if len(s.scores) == 0 {
		return 0
	}
	total := 0
	for _, v := range s.scores {
		total += v
	}
	return float64(total) / float64(len(s.scores))
}

// MedianScore is the median score, 0 for no episodes.
func (s *RunSummary) MedianScore() float64 {
	n := len(s.scores)
	if n == 0 {
		return 0
	}
	v := slices.Clone(s.scores)
	slices.Sort(v)
	if n%2 == 1 {
		return float64(v[n/2])
	}
	return float64(v[n/2-1]+v[n/2]) / 2
}

// WriteText prints the summary table.
func (s *RunSummary) WriteText(w io.Writer) {
	n := s.Episodes()
	fmt.Fprintf(w, "episodes: %d\n", n)
	if s.Interrupted > 0 {
		fmt.Fprintf(w, "interrupted: %d (cut short or held back, not written, not counted)\n", s.Interrupted)
	}
	if s.silent > 0 {
		fmt.Fprintf(w, "warning: in %d episodes the agent went away before its first reply; is its command right?\n", s.silent)
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "score: mean %.1f, median %.1f\n", s.MeanScore(), s.MedianScore())
	fmt.Fprintf(w, "max depth: mean %.2f\n", float64(s.depthSum)/float64(n))
	if s.unusable > 0 || s.ignored > 0 {
		fmt.Fprintf(w, "replies: %d unusable, %d ignored (of %d turns)\n", s.unusable, s.ignored, s.turns)
	}
	if s.withTokens > 0 {
		fmt.Fprintf(w, "tokens: %d prompt, %d completion (per episode %.1f and %.1f)\n", s.tokens.Prompt, s.tokens.Completion,
			float64(s.tokens.Prompt)/float64(s.withTokens), float64(s.tokens.Completion)/float64(s.withTokens))
	}
	pct := func(k int) string { return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n)) }
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "end\tepisodes\tshare")
	for _, c := range ranked(s.causes) {
		fmt.Fprintf(tw, "%s\t%d\t%s\n", c.name, c.n, pct(c.n))
	}
	tw.Flush()
	if len(s.deeds) == 0 {
		return
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "deed\tepisodes\trate")
	for _, c := range ranked(s.deeds) {
		fmt.Fprintf(tw, "%s\t%d\t%s\n", c.name, c.n, pct(c.n))
	}
	tw.Flush()
}
