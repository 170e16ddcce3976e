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
)

// TestSummarizeShardsEqualsOneRun: summarize of four shards, in any
// order, is the single run's summary byte for byte, text and JSON.
func TestSummarizeShardsEqualsOneRun(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	args := []string{"run", "--seeds", "1-60", "--turns", "20", "--workers", "2"}
	code, _, errs := cogsim(t, append(args, "--out", whole)...)
	require.Equal(t, ExitOK, code, errs)
	var shards []string
	for k := range 4 {
		f := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k))
		code, _, errs := cogsim(t, append(args, "--shard", fmt.Sprintf("%d/4", k), "--out", f)...)
		require.Equal(t, ExitOK, code, errs)
		shards = append(shards, f)
	}
	for _, flags := range [][]string{{"--json"}, nil} {
		code, one, errs := cogsim(t, append([]string{"summarize", whole}, flags...)...)
		require.Equal(t, ExitOK, code, errs)
		code, merged, errs := cogsim(t, append([]string{"summarize", shards[2], shards[0], shards[3], shards[1]}, flags...)...)
		require.Equal(t, ExitOK, code, errs)
		assert.Equal(t, one, merged, flags)
		_, again, _ := cogsim(t, append([]string{"summarize", whole}, flags...)...)
		assert.Equal(t, one, again, "the same input gives the same bytes")
	}
	_, js, _ := cogsim(t, "summarize", "--json", whole)
	assert.Contains(t, js, `"episodes": 60`)
	assert.Contains(t, js, `"ci95"`)
	_, text, _ := cogsim(t, "summarize", whole)
	assert.Contains(t, text, "score: mean ")
	assert.Contains(t, text, "(95% CI ")
}

func TestSummarizeRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	cog := filepath.Join(dir, "cog.jsonl")
	nh := filepath.Join(dir, "nethack.jsonl")
	code, _, errs := cogsim(t, "run", "--seeds", "1-3", "--turns", "2", "--out", cog)
	require.Equal(t, ExitOK, code, errs)
	code, _, errs = cogsim(t, "run", "--seeds", "4-5", "--turns", "2", "--rules", "nethack", "--out", nh)
	require.Equal(t, ExitOK, code, errs)
	_, _, errs = cogsim(t, "summarize", cog, cog)
	assert.Contains(t, errs, "cog.jsonl line 1: seed 1 again (first at "+cog+" line 1)")
	code, _, errs = cogsim(t, "summarize", cog, nh)
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, errs, nh+` line 1: rules "nethack `)
	raw, err := os.ReadFile(cog)
	require.NoError(t, err)
	torn := filepath.Join(dir, "torn.jsonl")
	require.NoError(t, os.WriteFile(torn, raw[:len(raw)-10], 0o644))
	_, _, errs = cogsim(t, "summarize", torn)
	assert.Contains(t, errs, torn+" line 3: torn")
	bad := filepath.Join(dir, "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte(strings.SplitAfter(string(raw), "\n")[0]+"oops\n"), 0o644))
	_, _, errs = cogsim(t, "summarize", bad)
	assert.Contains(t, errs, bad+" line 2: not a result line")
	code, _, _ = cogsim(t, "summarize")
	assert.Equal(t, ExitUsage, code)
}

// TestSummarizeDoesNotOverflow: huge scores are refused as impossible
// (a score is the sum of its parts, each bounded), and the sums are in
// float64 anyway (issue 25: two scores of 2^63−1 gave a mean of −1.0).
func TestSummarizeDoesNotOverflow(t *testing.T) {
	file := filepath.Join(t.TempDir(), "huge.jsonl")
	line := `{"seed":%d,"agent":"explore","rules":"cog","mechanics":[],"score":9223372036854775807,"parts":{"depth":0,"xp":0,"gold":0,"deeds":0},"deeds":[],"cause":"starvation","maxDepth":1,"ticks":1,"turns":1,"unusable":0,"ignored":0,"maxTurns":55,"strict":false}` + "\n"
	require.NoError(t, os.WriteFile(file, []byte(fmt.Sprintf(line, 1)+fmt.Sprintf(line, 2)), 0o644))
	code, _, errs := cogsim(t, "summarize", "--json", file)
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, errs, file+" line 1: not a result line: score: 9223372036854775807, but its parts sum to 0")
	big := strings.ReplaceAll(strings.ReplaceAll(line, `"score":9223372036854775807`, `"score":2000000000`), `"gold":0`, `"gold":1000000000`)
	big = strings.Replace(big, `"xp":0`, `"xp":1000000000`, 1)
	require.NoError(t, os.WriteFile(file, []byte(fmt.Sprintf(big, 1)+fmt.Sprintf(big, 2)), 0o644))
	code, stdout, errs := cogsim(t, "summarize", "--json", file)
	require.Equal(t, ExitOK, code, errs)
	var s eval.Summary
	require.NoError(t, json.Unmarshal([]byte(stdout), &s))
	assert.Equal(t, 2e9, s.Score.Mean)
}
