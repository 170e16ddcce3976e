package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim/result"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResumeAndSummarizeRefuseOtherSettings (issue 25, point 4): a
// file is resumed, or merged, only by a run of its settings; each
// other setting is refused with the file, the line and both values.
func TestResumeAndSummarizeRefuseOtherSettings(t *testing.T) {
	dir := t.TempDir()
	unnamed := filepath.Join(dir, "unnamed.json")
	require.NoError(t, os.WriteFile(unnamed, []byte(strings.Replace(eyeTrap, `"name": "eye-trap", `, "", 1)), 0o644))
	base := []string{"run", "--seeds", "1-2", "--agent", "wait"}
	cases := []struct {
		name        string
		file, other []string
		resume      string
		summarize   string
	}{
		{"turns", []string{"--turns", "5"}, nil, "maxTurns 5, this run plays 55", "maxTurns 55, but "},
		{"strict", []string{"--strict", "--turns", "5"}, []string{"--turns", "5"}, "strict true, this run plays false", "strict false, but "},
		{"scenario", []string{"--scenario", unnamed}, nil, "scenario unnamed (sha256:", "scenario none, but "},
		{"mechanics", []string{"--mechanics", "wands", "--turns", "5"}, []string{"--turns", "5"}, `rules "cog wands@`, `rules "cog", but `},
		{"rules", []string{"--rules", "nethack", "--turns", "5"}, []string{"--turns", "5"}, `rules "nethack nethack-hunger@`, `rules "cog", but `},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(dir, tc.name+".jsonl")
			code, _, errs := cogsim(t, append(append(base, tc.file...), "--out", file)...)
			require.Equal(t, ExitOK, code, errs)
			before, err := os.ReadFile(file)
			require.NoError(t, err)

			code, _, errs = cogsim(t, append(append(base, tc.other...), "--out", file, "--resume")...)
			assert.Equal(t, ExitUsage, code)
			assert.Contains(t, errs, "--resume: "+file+" line 1: "+tc.resume)
			after, _ := os.ReadFile(file)
			assert.Equal(t, string(before), string(after), "the file is left as it was")

			other := filepath.Join(dir, tc.name+"-other.jsonl")
			code, _, errs = cogsim(t, append(append([]string{"run", "--seeds", "3-4", "--agent", "wait"}, tc.other...), "--out", other)...)
			require.Equal(t, ExitOK, code, errs)
			code, _, errs = cogsim(t, "summarize", file, other)
			assert.Equal(t, ExitFailure, code)
			assert.Contains(t, errs, other+" line 1: "+tc.summarize+file+" line 1 has ")

			// The same settings resume: nothing is left to do.
			code, _, errs = cogsim(t, append(append(base, tc.file...), "--out", file, "--resume")...)
			assert.Equal(t, ExitOK, code, errs)
		})
	}
}

// TestResumeAndSummarizeRefuseBadLines: null, {}, hand-made lines, a
// line out of the seed list's order and a torn line that is no result
// are refused, naming the file, the line and the field.
func TestResumeAndSummarizeRefuseBadLines(t *testing.T) {
	dir := t.TempDir()
	raw := goodResults(t, dir)
	first := strings.SplitAfter(raw, "\n")[0]
	for bad, want := range map[string]string{
		"null": "line 2: not a result line: not a JSON object: null",
		"{}":   "line 2: not a result line: seed: missing",
		`{"seed":3,"agent":"explore","rules":"cog","score":999999}`:                                      "line 2: not a result line: mechanics: missing",
		strings.Replace(strings.Replace(first, `"seed":1,`, `"seed":2,`, 1), `"score":`, `"score":9`, 1): "line 2: not a result line: score: 9",
	} {
		file := filepath.Join(dir, "bad.jsonl")
		require.NoError(t, os.WriteFile(file, []byte(first+strings.TrimSuffix(bad, "\n")+"\n"), 0o644))
		code, _, errs := cogsim(t, "run", "--seeds", "1-3", "--turns", "2", "--out", file, "--resume")
		assert.Equal(t, ExitUsage, code, bad)
		assert.Contains(t, errs, "--resume: "+file+" "+want, bad)
		code, _, errs = cogsim(t, "summarize", file)
		assert.Equal(t, ExitFailure, code, bad)
		assert.Contains(t, errs, file+" "+want, bad)
	}

	lines := strings.SplitAfter(raw, "\n")
	swapped := filepath.Join(dir, "swapped.jsonl")
	require.NoError(t, os.WriteFile(swapped, []byte(lines[1]+lines[0]), 0o644))
	code, _, errs := cogsim(t, "run", "--seeds", "1-3", "--turns", "2", "--out", swapped, "--resume")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, swapped+" line 1: seed 2, but this run's seed list has seed 1 there")

	precious := filepath.Join(dir, "precious.jsonl")
	require.NoError(t, os.WriteFile(precious, []byte(first+"precious"), 0o644))
	code, _, errs = cogsim(t, "run", "--seeds", "1-3", "--turns", "2", "--out", precious, "--resume")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, precious+" line 2: no newline at the end and not the start of a result line")
	b, _ := os.ReadFile(precious)
	assert.Equal(t, first+"precious", string(b), "not cut off")
}

// TestALongLineIsRefusedUnread: a line longer than 1 MiB is refused
// with its file and line by summarize and --resume (issue 25: summarize
// held a whole 1 GB line).
func TestALongLineIsRefusedUnread(t *testing.T) {
	dir := t.TempDir()
	raw := goodResults(t, dir)
	first := strings.SplitAfter(raw, "\n")[0]
	long := `{"seed":2,"agent":"` + strings.Repeat("x", result.MaxLine) + `"}`
	for _, tail := range []string{"\n", ""} {
		file := filepath.Join(dir, "long.jsonl")
		require.NoError(t, os.WriteFile(file, []byte(first+long+tail), 0o644))
		code, _, errs := cogsim(t, "summarize", file)
		assert.Equal(t, ExitFailure, code)
		assert.Contains(t, errs, file+" line 2: longer than 1048576 bytes (1 MiB): not a result line")
		code, _, errs = cogsim(t, "run", "--seeds", "1-3", "--turns", "2", "--out", file, "--resume")
		assert.Equal(t, ExitUsage, code)
		assert.Contains(t, errs, "--resume: "+file+" line 2: longer than 1048576 bytes")
		st, err := os.Stat(file)
		require.NoError(t, err)
		assert.Equal(t, int64(len(first+long+tail)), st.Size(), "not cut off")
	}
	// A line of exactly the bound is read (and refused for what it holds).
	file := filepath.Join(dir, "edge.jsonl")
	edge := `{"seed":2,"agent":"` + strings.Repeat("x", result.MaxLine-len(`{"seed":2,"agent":""}`)-1) + `"}` + "\n"
	require.Len(t, edge, result.MaxLine)
	require.NoError(t, os.WriteFile(file, []byte(first+edge), 0o644))
	_, _, errs := cogsim(t, "summarize", file)
	assert.Contains(t, errs, file+" line 2: not a result line: rules: missing")
}

// goodResults runs seeds 1-3 for two turns into dir/good.jsonl and
// returns the file's text.
func goodResults(t *testing.T, dir string) string {
	t.Helper()
	good := filepath.Join(dir, "good.jsonl")
	code, _, errs := cogsim(t, "run", "--seeds", "1-3", "--turns", "2", "--out", good)
	require.Equal(t, ExitOK, code, errs)
	raw, err := os.ReadFile(good)
	require.NoError(t, err)
	return string(raw)
}
