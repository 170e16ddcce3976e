package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/eval"
)

// TestCompareExplains (§39.8): compare --explain on explore against
// explore with scrolls names, for each seed whose results differ, the
// first divergent tick and the cause, and groups the causes — in text
// and JSON; the same explanation comes from the built-in agent
// re-simulated, from the replays and from the trajectories; board
// --html --explain shows it on the page.
func TestCompareExplains(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	ra, rb, la, lb := filepath.Join(dir, "ra"), filepath.Join(dir, "rb"), filepath.Join(dir, "la"), filepath.Join(dir, "lb")
	code, _, errs := cogsim(t, "run", "--seeds", "1-12", "--out", a, "--replays", ra, "--log", la)
	require.Equal(t, ExitOK, code, errs)
	code, _, errs = cogsim(t, "run", "--seeds", "1-12", "--mechanics", "scrolls", "--out", b, "--replays", rb, "--log", lb)
	require.Equal(t, ExitOK, code, errs)

	code, out, errs := cogsim(t, "compare", "--explain", a, b)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "score: A mean", "the comparison first")
	assert.Contains(t, out, "12 paired seeds;")
	assert.Regexp(t, `(?m)^\d+ seeds?\s+B: the cog picked up a scroll\s+\(`, out)
	assert.Regexp(t, `(?m)^seed \d+: first divergent tick \d+ \(turn \d+, depth \d+\); cause at tick \d+: `, out)

	explained := func(args ...string) *eval.Explanation {
		t.Helper()
		code, out, errs := cogsim(t, append([]string{"compare", "--explain", "--json"}, args...)...)
		require.Equal(t, ExitOK, code, errs)
		var v struct {
			Explanation *eval.Explanation `json:"explanation"`
			Score       json.RawMessage   `json:"score"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &v))
		require.NotNil(t, v.Explanation)
		require.NotEmpty(t, v.Score, "the comparison's fields too")
		return v.Explanation
	}
	resim := explained(a, b)
	require.Positive(t, resim.Differing)
	require.Len(t, resim.Episodes, resim.Differing)
	for _, src := range [][]string{{"--replays-a", ra, "--replays-b", rb}, {"--log-a", la, "--log-b", lb}, {"--replays-a", ra, "--log-b", lb}} {
		got := explained(append(src, a, b)...)
		assert.Equal(t, resim.Episodes, got.Episodes, "%v", src)
		assert.Equal(t, resim.Causes, got.Causes, "%v", src)
		assert.NotEqual(t, resim.SourceA+resim.SourceB, got.SourceA+got.SourceB)
	}

	page := filepath.Join(dir, "board.html")
	code, _, errs = cogsim(t, "board", "--html", page, "--explain", a+","+b, a, b)
	require.Equal(t, ExitOK, code, errs)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(html), `<h2 id="explain">Why B differs from A</h2>`)
	assert.Contains(t, string(html), "B: the cog picked up a scroll")
	code, out, errs = cogsim(t, "board", "--explain", a+","+b, a, b)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "causes (the first thing one side did")

	for args, want := range map[string]string{
		"compare --replays-a " + ra + " " + a + " " + b:                              "--replays-a and --log-a go with --explain",
		"compare --explain --replays-b " + rb + " --log-b " + lb + " " + a + " " + b: "--replays-b and --log-b: give one",
		"board --explain " + a + " " + a:                                             "--explain \"" + a + "\": two result files",
		"compare --explain --replays-a " + dir + " " + a + " " + b:                   "--explain: seed",
	} {
		code, _, errs := cogsim(t, strings.Fields(args)...)
		assert.NotEqual(t, ExitOK, code, args)
		assert.Contains(t, errs, want, args)
	}
}
