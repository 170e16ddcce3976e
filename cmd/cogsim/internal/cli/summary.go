package cli

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
)

// summary gathers the results of a run for the table printed at its end
// (§20): mean and median score, mean max depth, how episodes ended, and
// how often each deed was earned.
type summary struct {
	// interrupted counts the episodes cut short, which have no result,
	// and those held back after them (only a prefix of the seed list
	// is written); they are in none of the figures.
	interrupted int
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
	tokens     sim.Tokens
	withTokens int
}

func (s *summary) add(r sim.Result) {
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
	if r.Cause == protocol.CauseDisconnected && r.Turns == 0 {
		s.silent++
	}
	for _, d := range r.Deeds {
		s.deeds[d.Name]++
	}
}

func (s *summary) episodes() int { return len(s.scores) }

// meanScore and medianScore are 0 for no episodes.
func (s *summary) meanScore() float64 {
	if len(s.scores) == 0 {
		return 0
	}
	total := 0
	for _, v := range s.scores {
		total += v
	}
	return float64(total) / float64(len(s.scores))
}

func (s *summary) medianScore() float64 {
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

// write prints the summary table.
func (s *summary) write(w io.Writer) {
	n := s.episodes()
	fmt.Fprintf(w, "episodes: %d\n", n)
	if s.interrupted > 0 {
		fmt.Fprintf(w, "interrupted: %d (cut short or held back, not written, not counted)\n", s.interrupted)
	}
	if s.silent > 0 {
		fmt.Fprintf(w, "warning: in %d episodes the agent went away before its first reply; is its command right?\n", s.silent)
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "score: mean %.1f, median %.1f\n", s.meanScore(), s.medianScore())
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

// progress draws a one-line progress bar on a terminal; off, it draws
// nothing.
type progress struct {
	w     io.Writer
	total int
	on    bool
	start time.Time
	last  time.Time
}

func newProgress(w io.Writer, total int, on bool) *progress {
	p := &progress{w: w, total: total, on: on, start: time.Now()}
	p.update(0)
	return p
}

// update redraws the bar for done episodes, at most ten times a second.
func (p *progress) update(done int) {
	if !p.on {
		return
	}
	now := time.Now()
	if done > 0 && done < p.total && now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	const width = 30
	fill := width * done / p.total
	bar := make([]byte, width)
	for i := range bar {
		bar[i] = '.'
		if i < fill {
			bar[i] = '#'
		}
	}
	rate := 0.0
	if el := now.Sub(p.start).Seconds(); el > 0 {
		rate = float64(done) / el
	}
	fmt.Fprintf(p.w, "\r[%s] %d/%d episodes  %.1f/s\x1b[K", bar, done, p.total, rate)
}

// clear removes the bar.
func (p *progress) clear() {
	if p.on {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
