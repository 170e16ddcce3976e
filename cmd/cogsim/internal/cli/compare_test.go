package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
)

// resultLine is a valid result line: seed, a score of gold plus 25 per
// deed, the deeds (known names), starved after 10 turns.
func resultLine(seed uint64, gold int, deeds ...string) string {
	var ds []string
	for i, d := range deeds {
		ds = append(ds, fmt.Sprintf(`{"name":%q,"tick":%d}`, d, i+1))
	}
	return fmt.Sprintf(`{"seed":%d,"agent":"explore","rules":"cog","mechanics":[],"engine":"`+sim.Fingerprint()+`","score":%d,"parts":{"depth":0,"xp":0,"gold":%d,"deeds":%d},"deeds":[%s],"cause":"starvation","maxDepth":1,"ticks":10,"turns":10,"unusable":0,"ignored":0,"maxTurns":55,"strict":false}`+"\n",
		seed, gold+25*len(deeds), gold, 25*len(deeds), strings.Join(ds, ","))
}

func writeLines(t *testing.T, path string, lines []string) string {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644))
	return path
}

// The paired scores of the hand-worked case: B − A = d.
//
//	d = 3, 5, −2, 7, 4, 0, 6, 1           n = 8, Σd = 24, mean 3
//	d − 3 = 0, 2, −5, 4, 1, −3, 3, −2     Σ(d − 3)² = 0+4+25+16+1+9+9+4 = 68
//	sd = √(68/7) = √9.714286 = 3.116775
//	se = sd/√8 = 1.101946; t(0.975, 7) = 2.3646 (the table)
//	half-width = 2.3646 · 1.101946 = 2.605662
//	95 % CI = 3 ± 2.605662 = 0.394338 … 5.605662: excludes 0
var pairedD = []float64{3, 5, -2, 7, 4, 0, 6, 1}

const (
	pairedMean = 3.0
	pairedSD   = 3.116775 // √(68/7)
	pairedLow  = 0.394338
	pairedHigh = 5.605662
)

func TestComparePairedT(t *testing.T) {
	mean, sd, ci := pairedT(pairedD)
	assert.InDelta(t, pairedMean, mean, 1e-12)
	assert.InDelta(t, pairedSD, sd, 1e-6)
	assert.InDelta(t, pairedLow, ci.Low, 1e-6)
	assert.InDelta(t, pairedHigh, ci.High, 1e-6)

	// The same through files: A scores 10, 20 … 80, B = A + d.
	dir := t.TempDir()
	var la, lb []string
	for i, d := range pairedD {
		la = append(la, resultLine(uint64(i+1), 10*(i+1)))
		lb = append(lb, resultLine(uint64(i+1), 10*(i+1)+int(d)))
	}
	c, a, b := compareJSON(t, dir, la, lb)
	assert.Equal(t, 8, c.Episodes)
	assert.Equal(t, 45.0, c.A.ScoreMean)
	assert.Equal(t, 48.0, c.B.ScoreMean)
	assert.Equal(t, 3.0, c.Score.Diff)
	assert.Equal(t, 3.1168, c.Score.SD)
	assert.Equal(t, Interval{0.3943, 5.6057}, c.Score.CI95)
	assert.True(t, c.Score.Significant)
	assert.Equal(t, []string{"score"}, c.Significant)
	_, text, _ := cogsim(t, "compare", a, b)
	assert.Contains(t, text, "score: A mean 45.0, B mean 48.0; B-A +3.0 (95% CI +0.4 to +5.6), sd 3.1\n")
	assert.True(t, strings.HasSuffix(text, "\ndiffers significantly at 95 %: score (B-A +3.0)\n"), text)

	// Swapped, the difference changes sign and stays significant.
	_, stdout, _ := cogsim(t, "compare", "--json", b, a)
	require.NoError(t, json.Unmarshal([]byte(stdout), &c))
	assert.Equal(t, Interval{-5.6057, -0.3943}, c.Score.CI95)
	assert.True(t, c.Score.Significant)
}

func TestCompareMcNemar(t *testing.T) {
	// Exact: b = 1, c = 7, n = 8: 2·P(X ≤ 1) = 2·(C(8,0)+C(8,1))/2⁸
	// = 2·9/256 = 0.0703125, either way round.
	assert.Equal(t, 0.0703125, mcnemarExact(1, 7))
	assert.Equal(t, 0.0703125, mcnemarExact(7, 1))
	// b = 0, c = 25: 2·1/2²⁵.
	assert.Equal(t, 2.0/33554432, mcnemarExact(0, 25))
	// Balanced or none: p = 1 (2·P(X ≤ 4 | 8) = 2·163/256 > 1).
	assert.Equal(t, 1.0, mcnemarExact(4, 4))
	assert.Equal(t, 1.0, mcnemarExact(0, 0))
	// χ²: b = 10, c = 25: (|10−25|−1)²/35 = 196/35 = 5.6, and
	// P(χ²₁ > 5.6) = erfc(√2.8) = 0.017960477526078766.
	x, p := mcnemarChi2(10, 25)
	assert.InDelta(t, 5.6, x, 1e-12)
	assert.InDelta(t, 0.017960477526078766, p, 1e-15)
	// The χ²₁ survival function at its 95 % critical value 3.841459.
	assert.InDelta(t, 0.05, math.Erfc(math.Sqrt(3.841458820694124/2)), 1e-12)

	// Through files: deed "found" 1 only-A and 7 only-B pairs (exact,
	// not significant); deed "identified" 5 only-A and 25 only-B pairs
	// over 40 seeds (χ² = (|5−25|−1)²/30 = 361/30 = 12.0333,
	// p = erfc(√6.01667) = 0.00052258, significant).
	dir := t.TempDir()
	var la, lb []string
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
		la = append(la, resultLine(uint64(s), 7, da...))
		lb = append(lb, resultLine(uint64(s), 7, db...))
	}
	c, a, b := compareJSON(t, dir, la, lb)
	require.Len(t, c.Deeds, 2)
	assert.Equal(t, DeedDiff{Name: "identified", A: 5, B: 25, RateA: 0.125, RateB: 0.625, Diff: 0.5,
		OnlyA: 5, OnlyB: 25, Test: "chi2", Chi2: 12.0333, P: 0.0005226, Significant: true}, c.Deeds[0])
	assert.Equal(t, DeedDiff{Name: "found", A: 3, B: 9, RateA: 0.075, RateB: 0.225, Diff: 0.15,
		OnlyA: 1, OnlyB: 7, Test: "exact", P: 0.07031}, c.Deeds[1])
	assert.Equal(t, []string{"score", "deed identified"}, c.Significant, "score: +25 on 20 more seeds")
	_, text, _ := cogsim(t, "compare", a, b)
	assert.Contains(t, text, "\nfound       7.5%   22.5%  +15.0%  1       7       exact  0.0703\n")
	assert.Contains(t, text, "deed identified (+50.0%, p 0.0005)")
}

func TestCompareRefusesUnpaired(t *testing.T) {
	dir := t.TempDir()
	lines := func(seeds ...uint64) []string {
		var out []string
		for _, s := range seeds {
			out = append(out, resultLine(s, 1))
		}
		return out
	}
	a := writeLines(t, filepath.Join(dir, "a.jsonl"), lines(1, 2, 3, 5))
	b := writeLines(t, filepath.Join(dir, "b.jsonl"), lines(5, 2, 1, 4))
	code, stdout, errs := cogsim(t, "compare", a, b)
	assert.Equal(t, ExitFailure, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "cogsim compare: seed 3 is in "+a+" line 3 but not in "+b+": compare pairs the same seeds in both files\n", errs)
	c := writeLines(t, filepath.Join(dir, "c.jsonl"), lines(2, 3, 5))
	_, _, errs = cogsim(t, "compare", c, a)
	assert.Contains(t, errs, "seed 1 is in "+a+" line 1 but not in "+c+":")
	_, _, errs = cogsim(t, "compare", a, c)
	assert.Contains(t, errs, "seed 1 is in "+a+" line 1 but not in "+c+":")

	// Within a file, as summarize: duplicates, bad lines, mixed settings.
	dup := writeLines(t, filepath.Join(dir, "dup.jsonl"), lines(1, 2, 1))
	_, _, errs = cogsim(t, "compare", a, dup)
	assert.Contains(t, errs, dup+" line 3: seed 1 again (first at "+dup+" line 1)")
	bad := writeLines(t, filepath.Join(dir, "bad.jsonl"), append(lines(1), "oops\n"))
	_, _, errs = cogsim(t, "compare", bad, a)
	assert.Contains(t, errs, bad+" line 2: not a result line")
	mixed := writeLines(t, filepath.Join(dir, "mixed.jsonl"), append(lines(1), strings.Replace(resultLine(2, 1), `"agent":"explore"`, `"agent":"random"`, 1)))
	_, _, errs = cogsim(t, "compare", a, mixed)
	assert.Contains(t, errs, mixed+` line 2: agent "random", but `+mixed+` line 1 has "explore"`)
	empty := writeLines(t, filepath.Join(dir, "empty.jsonl"), nil)
	_, _, errs = cogsim(t, "compare", empty, a)
	assert.Contains(t, errs, "no results in "+empty)

	for _, args := range [][]string{{"compare"}, {"compare", a}, {"compare", a, b, c}, {"compare", "--bogus", a, b}} {
		code, _, errs := cogsim(t, args...)
		assert.Equal(t, ExitUsage, code, args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	}
}

// TestCompareEndToEnd is the A/B of a mechanic: two runs, one compare.
func TestCompareEndToEnd(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	args := []string{"run", "--seeds", "1-30", "--turns", "5"}
	code, _, errs := cogsim(t, append(args, "--out", a)...)
	require.Equal(t, ExitOK, code, errs)
	code, _, errs = cogsim(t, append(args, "--mechanics", "yellow-mold", "--out", b)...)
	require.Equal(t, ExitOK, code, errs)

	code, text, errs := cogsim(t, "compare", a, b)
	require.Equal(t, ExitOK, code, errs)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	assert.Equal(t, "A: "+a+"  rules: cog  agent: explore  turns: 5", lines[0])
	assert.Regexp(t, `^B: .*b\.jsonl  rules: cog \(yellow-mold@\d+\)  agent: explore  turns: 5$`, lines[1])
	assert.Equal(t, "episodes: 30, paired by seed", lines[2])
	assert.Regexp(t, `^score: A mean \d+\.\d, B mean \d+\.\d; B-A [+-]\d+\.\d \(95% CI [+-]\d+\.\d to [+-]\d+\.\d\), sd \d+\.\d$`, lines[3])
	assert.Contains(t, text, "\ndeed ")
	assert.Contains(t, text, "\nend    A   B\n")
	assert.Regexp(t, `^(no significant difference at 95 %|differs significantly at 95 %: .+)$`, lines[len(lines)-1])

	code, js, errs := cogsim(t, "compare", "--json", a, b)
	require.Equal(t, ExitOK, code, errs)
	var c Comparison
	require.NoError(t, json.Unmarshal([]byte(js), &c))
	assert.Equal(t, 30, c.Episodes)
	assert.Equal(t, "", c.A.Mechanics)
	assert.Contains(t, c.B.Mechanics, "yellow-mold@")
	assert.NotEmpty(t, c.Ends)
	total := 0
	for _, e := range c.Ends {
		total += e.B
	}
	assert.Equal(t, 30, total)

	// The same input gives the same bytes; a file against itself differs
	// in nothing.
	_, again, _ := cogsim(t, "compare", a, b)
	assert.Equal(t, text, again)
	_, jsAgain, _ := cogsim(t, "compare", "--json", a, b)
	assert.Equal(t, js, jsAgain)
	_, self, _ := cogsim(t, "compare", a, a)
	assert.True(t, strings.HasSuffix(self, "\nno significant difference at 95 %\n"), self)

	// One pair has no interval (a t interval needs two differences).
	a1, b1 := filepath.Join(dir, "a1.jsonl"), filepath.Join(dir, "b1.jsonl")
	for _, f := range []string{a1, b1} {
		code, _, errs := cogsim(t, "run", "--seeds", "2-2", "--turns", "5", "--out", f, "--agent", map[string]string{a1: "explore", b1: "wait"}[f])
		require.Equal(t, ExitOK, code, errs)
	}
	_, one, _ := cogsim(t, "compare", a1, b1)
	assert.Regexp(t, `(?m)^score: A mean \d+\.\d, B mean \d+\.\d; B-A [+-]\d+\.\d \(one pair: no interval\)$`, one)
	assert.NotContains(t, one, "CI")
}

// compareJSON writes the result lines la and lb to dir/a.jsonl and
// dir/b.jsonl and returns cogsim compare --json of them, and the files.
func compareJSON(t *testing.T, dir string, la, lb []string) (c Comparison, a, b string) {
	t.Helper()
	a = writeLines(t, filepath.Join(dir, "a.jsonl"), la)
	b = writeLines(t, filepath.Join(dir, "b.jsonl"), lb)
	code, stdout, errs := cogsim(t, "compare", "--json", a, b)
	require.Equal(t, ExitOK, code, errs)
	require.NoError(t, json.Unmarshal([]byte(stdout), &c))
	return c, a, b
}
