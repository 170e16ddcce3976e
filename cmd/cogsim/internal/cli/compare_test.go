package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/eval"
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
	var c eval.Comparison
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
