package eval

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim/result"
)

// text is c as compare prints it.
func text(c *Comparison) string {
	var b bytes.Buffer
	c.WriteText(&b)
	return b.String()
}

// TestComparePairedT is stats.TestPairedT's hand-worked case through
// results: A scores 10, 20 … 80 and B = A + d for d = 3, 5, −2, 7, 4,
// 0, 6, 1 (mean 3, sd 3.116775, 95 % CI 0.394338 … 5.605662).
func TestComparePairedT(t *testing.T) {
	var a, b []result.Result
	for i, d := range []int{3, 5, -2, 7, 4, 0, 6, 1} {
		a = append(a, res(uint64(i+1), 10*(i+1), "starvation"))
		b = append(b, res(uint64(i+1), 10*(i+1)+d, "starvation"))
	}
	c, err := Compare("a.jsonl", "b.jsonl", a, b)
	require.NoError(t, err)
	assert.Equal(t, 8, c.Episodes)
	assert.Equal(t, 45.0, c.A.ScoreMean)
	assert.Equal(t, 48.0, c.B.ScoreMean)
	assert.Equal(t, 3.0, c.Score.Diff)
	assert.Equal(t, 3.1168, c.Score.SD)
	assert.Equal(t, Interval{0.3943, 5.6057}, c.Score.CI95)
	assert.True(t, c.Score.Significant)
	assert.Equal(t, []string{"score"}, c.Significant)
	assert.Equal(t, []DeedDiff{}, c.Deeds)
	assert.Equal(t, []EndCount{{"starvation", 8, 8}}, c.Ends)
	assert.Equal(t, `A: a.jsonl  rules: cog  agent: explore  turns: 55
B: b.jsonl  rules: cog  agent: explore  turns: 55
episodes: 8, paired by seed
score: A mean 45.0, B mean 48.0; B-A +3.0 (95% CI +0.4 to +5.6), sd 3.1

end         A  B
starvation  8  8

differs significantly at 95 %: score (B-A +3.0)
`, text(c))

	// Swapped, the difference changes sign and stays significant; the
	// order of the results does not matter.
	a[0], a[7] = a[7], a[0]
	c, err = Compare("b.jsonl", "a.jsonl", b, a)
	require.NoError(t, err)
	assert.Equal(t, Interval{-5.6057, -0.3943}, c.Score.CI95)
	assert.True(t, c.Score.Significant)

	// One pair has no interval.
	c, err = Compare("a.jsonl", "b.jsonl", a[:1], []result.Result{res(a[0].Seed, 0, "clock")})
	require.NoError(t, err)
	assert.False(t, c.Score.Significant)
	assert.Contains(t, text(c), "\nscore: A mean 80.0, B mean 0.0; B-A -80.0 (one pair: no interval)\n")
}

// TestCompareMcNemar: deed "found" has 1 only-A and 7 only-B pairs
// (exact: 2·9/256 = 0.0703125, not significant); deed "identified" 5
// only-A and 25 only-B pairs over 40 seeds (χ² = (|5−25|−1)²/30 =
// 361/30 = 12.0333, p = erfc(√6.01667) = 0.00052258, significant). The
// score is 25 a deed: B − A = 25·(34 − 8)/40 = 16.25 on the mean.
func TestCompareMcNemar(t *testing.T) {
	var a, b []result.Result
	for s := 1; s <= 40; s++ {
		var da, db []string
		switch {
		case s == 1:
			da = append(da, "found")
		case s <= 8:
			db = append(db, "found")
		case s <= 10:
			da, db = append(da, "found"), append(db, "found")
		}
		switch {
		case s <= 5:
			da = append(da, "identified")
		case s <= 30:
			db = append(db, "identified")
		}
		a = append(a, res(uint64(s), 7+25*len(da), "starvation", da...))
		b = append(b, res(uint64(s), 7+25*len(db), "starvation", db...))
	}
	c, err := Compare("a.jsonl", "b.jsonl", a, b)
	require.NoError(t, err)
	require.Len(t, c.Deeds, 2)
	assert.Equal(t, DeedDiff{Name: "identified", A: 5, B: 25, RateA: 0.125, RateB: 0.625, Diff: 0.5,
		OnlyA: 5, OnlyB: 25, Test: "chi2", Chi2: 12.0333, P: 0.0005226, Significant: true}, c.Deeds[0])
	assert.Equal(t, DeedDiff{Name: "found", A: 3, B: 9, RateA: 0.075, RateB: 0.225, Diff: 0.15,
		OnlyA: 1, OnlyB: 7, Test: "exact", P: 0.07031}, c.Deeds[1])
	assert.Equal(t, []string{"score", "deed identified"}, c.Significant, "score: +25 on 20 more seeds")
	out := text(c)
	assert.Contains(t, out, "\ndeed        A      B      B-A     only A  only B  test   p\n")
	assert.Contains(t, out, "\nidentified  12.5%  62.5%  +50.0%  5       25      chi2   0.0005\n")
	assert.Contains(t, out, "\nfound       7.5%   22.5%  +15.0%  1       7       exact  0.0703\n")
	assert.True(t, strings.HasSuffix(out, "\ndiffers significantly at 95 %: score (B-A +16.2); deed identified (+50.0%, p 0.0005)\n"), out)
}

// TestCompareShowsEnginesAndTokens: the engines are said only when they
// differ, and the tokens when either side counts them.
func TestCompareShowsEnginesAndTokens(t *testing.T) {
	a := []result.Result{res(1, 10, "clock"), res(2, 20, "clock")}
	b := []result.Result{res(1, 10, "clock"), res(2, 20, "clock")}
	b[0].Engine, b[1].Engine = "0.3.0+abc", "0.3.0+abc"
	b[0].Tokens = &result.Tokens{Prompt: 40, Completion: 4}
	c, err := Compare("a.jsonl", "b.jsonl", a, b)
	require.NoError(t, err)
	assert.Equal(t, TokenTotals{}, c.A.Tokens)
	assert.Equal(t, TokenTotals{Episodes: 1, Prompt: 40, Completion: 4, PromptPerEpisode: 40, CompletionPerEpisode: 4}, c.B.Tokens)
	assert.True(t, strings.HasPrefix(text(c), `A: a.jsonl  rules: cog  agent: explore  turns: 55  engine: none recorded
B: b.jsonl  rules: cog  agent: explore  turns: 55  engine: 0.3.0+abc
episodes: 2, paired by seed
tokens A: none counted
tokens B: 40 prompt, 4 completion; per episode 40.0 prompt, 4.0 completion
score: A mean 15.0, B mean 15.0; B-A +0.0 (95% CI +0.0 to +0.0), sd 0.0
`), text(c))
	assert.True(t, strings.HasSuffix(text(c), "\nno significant difference at 95 %\n"))
}

// TestCompareRefusesUnpaired: the smallest seed one side lacks is
// named, with the side that has it.
func TestCompareRefusesUnpaired(t *testing.T) {
	seeds := func(ss ...uint64) []result.Result {
		var out []result.Result
		for _, s := range ss {
			out = append(out, res(s, 1, "clock"))
		}
		return out
	}
	var u *UnpairedError
	_, err := Compare("a.jsonl", "b.jsonl", seeds(1, 2, 3, 5), seeds(5, 2, 1, 4))
	require.True(t, errors.As(err, &u), err)
	assert.Equal(t, UnpairedError{Seed: 3, Side: 0, In: "a.jsonl", Lacks: "b.jsonl"}, *u)
	assert.EqualError(t, err, "seed 3 is in a.jsonl but not in b.jsonl: compare pairs the same seeds in both files")
	_, err = Compare("c.jsonl", "a.jsonl", seeds(2, 3, 5), seeds(1, 2, 3, 5))
	require.True(t, errors.As(err, &u), err)
	assert.Equal(t, UnpairedError{Seed: 1, Side: 1, In: "a.jsonl", Lacks: "c.jsonl"}, *u)
	_, err = Compare("a.jsonl", "c.jsonl", seeds(1, 2, 3), seeds(1, 2))
	require.True(t, errors.As(err, &u), err)
	assert.Equal(t, uint64(3), u.Seed)
	_, err = Compare("a.jsonl", "b.jsonl", nil, seeds(1))
	assert.Error(t, err)
}
