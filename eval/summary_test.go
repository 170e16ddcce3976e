package eval

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim/result"
)

// res is a result of explore under cog: seed, score, how it ended and
// its deeds, 10 turns.
func res(seed uint64, score int, cause string, deeds ...string) result.Result {
	r := result.Result{Seed: seed, Agent: "explore", Rules: "cog", Score: score, Cause: cause, MaxDepth: 1, Turns: 10, MaxTurns: 55}
	for i, d := range deeds {
		r.Deeds = append(r.Deeds, c.Deed{Name: d, Tick: i + 1})
	}
	return r
}

// fourResults are worked by hand in TestSummarize.
func fourResults() []result.Result {
	rs := []result.Result{
		res(4, 10, "clock", "descend-2"),
		res(1, 40, "killed by a jackal", "descend-2", "first-kill"),
		res(3, 20, "clock"),
		res(2, 30, "starvation"),
	}
	rs[0].MaxDepth, rs[1].MaxDepth, rs[2].MaxDepth, rs[3].MaxDepth = 1, 3, 2, 2
	rs[1].Unusable, rs[2].Ignored = 1, 2
	return rs
}

// TestSummarize is a case worked by hand: scores 10, 40, 20, 30 have
// mean 25 and Σ(x − 25)² = 225+225+25+25 = 500, so sd = √(500/3) =
// 12.9099, and with t(0.975, 3) = 3.1824 the interval is 25 ± 3.1824 ·
// 12.9099/2 = 25 ± 20.5423; the median is (20+30)/2. Two of four died
// (Wilson: 0.15 to 0.85), one of four by each of two causes (0.0456 to
// 0.6994).
func TestSummarize(t *testing.T) {
	s, err := Summarize(fourResults())
	require.NoError(t, err)
	assert.Equal(t, 4, s.Episodes)
	assert.Equal(t, 25.0, s.Score.Mean)
	assert.Equal(t, 12.9099, s.Score.SD)
	assert.Equal(t, &Interval{4.4577, 45.5423}, s.Score.CI95)
	assert.Equal(t, 25.0, s.Score.Median)
	assert.Equal(t, [2]int{10, 40}, [2]int{s.Score.Min, s.Score.Max})
	assert.Equal(t, 2.0, s.MaxDepthMean)
	assert.Equal(t, Rate{"died", 2, 0.5, Interval{0.15, 0.85}}, s.Died)
	assert.Equal(t, []Rate{{"clock", 2, 0.5, Interval{0.15, 0.85}},
		{"killed by a jackal", 1, 0.25, Interval{0.0456, 0.6994}},
		{"starvation", 1, 0.25, Interval{0.0456, 0.6994}}}, s.Ends)
	assert.Equal(t, []Rate{{"descend-2", 2, 0.5, Interval{0.15, 0.85}},
		{"first-kill", 1, 0.25, Interval{0.0456, 0.6994}}}, s.Deeds)
	assert.Equal(t, [3]int{40, 1, 2}, [3]int{s.Replies.Turns, s.Replies.Unusable, s.Replies.Ignored})

	var b bytes.Buffer
	s.WriteText(&b)
	assert.Equal(t, `episodes: 4  rules: cog  agent: explore
engine: none recorded
score: mean 25.0 (95% CI 4.5 to 45.5), median 25.0, sd 12.9, min 10, max 40
max depth: mean 2.00
died: 2 (50.0%, 95% CI 15.0% to 85.0%)
replies: 40 turns, 1 unusable, 2 ignored

end                 episodes  rate   95% CI
clock               2         50.0%  15.0% to 85.0%
killed by a jackal  1         25.0%  4.6% to 69.9%
starvation          1         25.0%  4.6% to 69.9%

deed        episodes  rate   95% CI
descend-2   2         50.0%  15.0% to 85.0%
first-kill  1         25.0%  4.6% to 69.9%
`, b.String())

	// The results' order does not matter.
	rs := fourResults()
	rs[0], rs[3] = rs[3], rs[0]
	again, err := Summarize(rs)
	require.NoError(t, err)
	assert.Equal(t, s, again)

	_, err = Summarize(nil)
	assert.Error(t, err)
}

// TestSummaryJSON: --json's field names, mechanics and scenario always
// there, llm only for an LLM agent.
func TestSummaryJSON(t *testing.T) {
	s, err := Summarize(fourResults())
	require.NoError(t, err)
	js, err := json.Marshal(s)
	require.NoError(t, err)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(js, &m))
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	assert.ElementsMatch(t, []string{"episodes", "rules", "mechanics", "agent", "scenario", "engine", "score",
		"maxDepthMean", "died", "ends", "deeds", "replies", "tokens"}, keys)
	assert.JSONEq(t, `{"mean":25,"ci95":{"low":4.4577,"high":45.5423},"sd":12.9099,"median":25,"min":10,"max":40}`, string(m["score"]))
	assert.JSONEq(t, `{"episodes":0,"prompt":0,"completion":0,"promptPerEpisode":0,"completionPerEpisode":0}`, string(m["tokens"]))
}

// TestOneEpisodeHasNoInterval (issue 34): one episode measures no
// spread.
func TestOneEpisodeHasNoInterval(t *testing.T) {
	s, err := Summarize([]result.Result{res(1, 500, "clock")})
	require.NoError(t, err)
	assert.Nil(t, s.Score.CI95)
	assert.Equal(t, 0.0, s.Score.SD)
	var b bytes.Buffer
	s.WriteText(&b)
	assert.Contains(t, b.String(), "score: mean 500.0 (one episode: no interval), median 500.0, sd 0.0, min 500, max 500\n")
}

// TestTokenTotals: the LLM agent's episodes count their tokens, the
// others none; sums beyond an int are refused.
func TestTokenTotals(t *testing.T) {
	rs := fourResults()
	rs[0].Tokens = &result.Tokens{Prompt: 100, Completion: 10}
	rs[2].Tokens = &result.Tokens{Prompt: 201, Completion: 5}
	s, err := Summarize(rs)
	require.NoError(t, err)
	assert.Equal(t, TokenTotals{Episodes: 2, Prompt: 301, Completion: 15, PromptPerEpisode: 150.5, CompletionPerEpisode: 7.5}, s.Tokens)
	var b bytes.Buffer
	s.WriteText(&b)
	assert.Contains(t, b.String(), "\ntokens: 301 prompt, 15 completion; per episode 150.5 prompt, 7.5 completion\n")

	rs[1].Tokens = &result.Tokens{Prompt: math.MaxInt - 300}
	_, err = Summarize(rs)
	assert.EqualError(t, err, "the token totals pass the largest integer")
}

// TestSummaryShowsFilesStringsPrintable (issue 34): names read from a
// file cannot write control sequences.
func TestSummaryShowsFilesStringsPrintable(t *testing.T) {
	rs := fourResults()
	for i := range rs {
		rs[i].Agent = "exec:\x1b[2J"
	}
	s, err := Summarize(rs)
	require.NoError(t, err)
	var b bytes.Buffer
	s.WriteText(&b)
	assert.Contains(t, b.String(), `agent: "exec:\x1b[2J"`)
	assert.NotContains(t, b.String(), "\x1b")
}
