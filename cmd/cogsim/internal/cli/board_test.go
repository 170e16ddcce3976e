package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/eval"
)

// boardFiles writes result files for a board: explore in two shards
// (one row), random, and explore under rogue; it returns them and the
// folder.
func boardFiles(t *testing.T) (dir string, files []string) {
	t.Helper()
	dir = t.TempDir()
	for _, f := range []struct {
		name string
		args []string
	}{
		{"explore-0.jsonl", []string{"--seeds", "1-12", "--shard", "0/2"}},
		{"explore-1.jsonl", []string{"--seeds", "1-12", "--shard", "1/2"}},
		{"random.jsonl", []string{"--seeds", "1-12", "--agent", "random"}},
		{"rogue.jsonl", []string{"--seeds", "1-12", "--rules", "rogue"}},
	} {
		path := filepath.Join(dir, f.name)
		code, _, errs := cogsim(t, append(append([]string{"run", "--turns", "15"}, f.args...), "--out", path)...)
		require.Equal(t, ExitOK, code, errs)
		files = append(files, path)
	}
	return dir, files
}

// TestBoardRowsAreSummaries (§36.4): each row of cogsim board is
// summarize's summary of its files — shards of one setting merge into
// one row — ranked by mean score; the page is self-contained, carries
// the board as JSON, and the same files give the same bytes.
func TestBoardRowsAreSummaries(t *testing.T) {
	dir, files := boardFiles(t)
	page := filepath.Join(dir, "board.html")
	code, out, errs := cogsim(t, append([]string{"board", "--html", page}, files...)...)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, out, "wrote "+page+": 3 rows from 4 files")
	html, err := os.ReadFile(page)
	require.NoError(t, err)

	m := regexp.MustCompile(`(?s)<script type="application/json" id="board-data">(.*?)</script>`).FindSubmatch(html)
	require.NotNil(t, m)
	var b eval.Board
	require.NoError(t, json.Unmarshal(m[1], &b))
	require.Len(t, b.Rows, 3)
	for i := 1; i < len(b.Rows); i++ {
		assert.GreaterOrEqual(t, b.Rows[i-1].Score.Mean, b.Rows[i].Score.Mean, "best first")
	}
	want := map[string][]string{"explore cog": files[:2], "random cog": files[2:3], "explore rogue": files[3:]}
	for _, r := range b.Rows {
		fs := want[r.Agent+" "+r.Rules]
		require.NotNil(t, fs, r.Agent+" "+r.Rules)
		assert.Equal(t, fs, r.Files)
		code, js, errs := cogsim(t, append([]string{"summarize", "--json"}, fs...)...)
		require.Equal(t, ExitOK, code, errs)
		var s eval.Summary
		require.NoError(t, json.Unmarshal([]byte(js), &s))
		assert.Equal(t, s, *r.Summary, "the row is summarize's summary")
		assert.Equal(t, 15, r.MaxTurns)
	}

	// Self-contained: nothing is fetched.
	assert.NotRegexp(t, `(?i)(src|href)\s*=`, string(html))
	assert.NotContains(t, string(html), "http://")
	assert.NotContains(t, string(html), "https://")

	_, again, _ := cogsim(t, append([]string{"board", "--html", page + ".2.html"}, files...)...)
	assert.NotEmpty(t, again)
	html2, err := os.ReadFile(page + ".2.html")
	require.NoError(t, err)
	assert.Equal(t, strings.ReplaceAll(string(html), page, ""), strings.ReplaceAll(string(html2), page+".2.html", ""), "the same files give the same page")

	// The text table: a row each, best first.
	code, text, errs := cogsim(t, append([]string{"board"}, files...)...)
	require.Equal(t, ExitOK, code, errs)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	require.Len(t, lines, 4)
	assert.Regexp(t, `^#\s+agent\s+rules\s+setting\s+episodes\s+mean\s+95% CI\s+median\s+died\s`, lines[0])
	assert.Regexp(t, `^1\s+`+b.Rows[0].Agent+`\s`, lines[1])
	for i, r := range b.Rows {
		assert.Regexp(t, fmt.Sprintf(`\s%s\s+%s\s`, regexp.QuoteMeta(fmt.Sprintf("%.1f", r.Score.Median)),
			regexp.QuoteMeta(fmt.Sprintf("%.1f%%", 100*r.Died.Rate))), lines[1+i], "the died column")
	}
}

// TestBoardEscapesAndRefuses: an agent's name is text on the page, never
// markup; bad input is refused as summarize refuses it.
func TestBoardEscapesAndRefuses(t *testing.T) {
	dir, files := boardFiles(t)
	raw, err := os.ReadFile(files[2])
	require.NoError(t, err)
	evil := filepath.Join(dir, "evil.jsonl")
	require.NoError(t, os.WriteFile(evil, []byte(strings.ReplaceAll(string(raw), `"agent":"random"`, `"agent":"exec:</script><img src=x onerror=alert(1)>"`)), 0o644))
	page := filepath.Join(dir, "evil.html")
	code, _, errs := cogsim(t, "board", evil, "--html", page)
	require.Equal(t, ExitOK, code, errs)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.NotContains(t, string(html), "<img")
	assert.Equal(t, 2, strings.Count(string(html), "</script>"), "only the page's own two scripts end")

	for _, tc := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"board"}, "missing the result FILES", ExitUsage},
		{[]string{"board", files[0], "--html", filepath.Join(dir, "x.png")}, "the page's name must end in .html", ExitUsage},
		{[]string{"board", files[0], files[0]}, "seed 1 again (first at " + files[0] + " line 1)", ExitFailure},
		{[]string{"board", filepath.Join(dir, "none.jsonl")}, "no such file", ExitUsage},
	} {
		code, _, errs := cogsim(t, tc.args...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, errs)
		assert.Contains(t, errs, tc.want, tc.args)
	}
	empty := filepath.Join(dir, "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	code, _, errs = cogsim(t, "board", files[0], empty)
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, errs, "no results in "+empty)
}
