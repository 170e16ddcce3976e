package eval

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cogsim/cogsim/sim/result"
)

func TestRunSummary(t *testing.T) {
	var s RunSummary
	for _, r := range []result.Result{
		{Score: 10, MaxDepth: 1, Cause: "clock"},
		{Score: 40, MaxDepth: 3, Cause: "killed by a jackal"},
		{Score: 20, MaxDepth: 2, Cause: "clock"},
		{Score: 30, MaxDepth: 2, Cause: "starvation"},
	} {
		s.Add(r)
	}
	assert.Equal(t, 4, s.Episodes())
	assert.InDelta(t, 25.0, s.MeanScore(), 1e-9)
	assert.InDelta(t, 25.0, s.MedianScore(), 1e-9)
	assert.Equal(t, []count{{"clock", 2}, {"killed by a jackal", 1}, {"starvation", 1}}, ranked(s.causes))
	var b bytes.Buffer
	s.WriteText(&b)
	assert.Equal(t, `episodes: 4
score: mean 25.0, median 25.0
max depth: mean 2.00

end                 episodes  share
clock               2         50.0%
killed by a jackal  1         25.0%
starvation          1         25.0%
`, b.String())
}

// TestRunSummaryWarns: the episodes cut short are said, and an agent
// that went away before its first reply is warned of.
func TestRunSummaryWarns(t *testing.T) {
	var s RunSummary
	assert.Zero(t, s.MeanScore())
	assert.Zero(t, s.MedianScore())
	s.Interrupted = 3
	s.Add(result.Result{Cause: "disconnected"})
	s.Add(result.Result{Cause: "disconnected", Turns: 2, Tokens: &result.Tokens{Prompt: 9, Completion: 2}})
	var b bytes.Buffer
	s.WriteText(&b)
	assert.Contains(t, b.String(), "episodes: 2\ninterrupted: 3 (cut short or held back, not written, not counted)\nwarning: in 1 episodes the agent went away before its first reply; is its command right?\n")
	assert.Contains(t, b.String(), "\ntokens: 9 prompt, 2 completion (per episode 9.0 and 2.0)\n")
}
