//go:build browsertest

// The leaderboard page (§36.4) in a real browser: Debian's headless
// Chromium, driven over its DevTools protocol as internal/site's browser
// tests drive cogplay. Run it with scripts/browser-tests.sh (go test
// -tags browsertest), which checks that chromium is installed.
package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chromium is Debian's browser (scripts/browser-tests.sh installs it).
const chromium = "/usr/bin/chromium"

// TestBoardPageInTheBrowser: the page cogsim board writes loads from a
// file with nothing fetched, its table reads back as the board's rows —
// summarize's figures, the deed rates, the tokens — and a click on a
// column sorts by it.
func TestBoardPageInTheBrowser(t *testing.T) {
	_, err := os.Stat(chromium)
	require.NoError(t, err, "install Debian's chromium (scripts/browser-tests.sh does)")
	dir, files := boardFiles(t)
	// An LLM agent's results: random's, with token counts.
	raw, err := os.ReadFile(files[2])
	require.NoError(t, err)
	llmFile := filepath.Join(dir, "llm.jsonl")
	withTokens := strings.ReplaceAll(string(raw), `"agent":"random"`, `"agent":"llm:tiny"`)
	withTokens = strings.ReplaceAll(withTokens, "}\n", `,"tokens":{"prompt":4000,"completion":25}}`+"\n")
	require.NoError(t, os.WriteFile(llmFile, []byte(withTokens), 0o644))
	files = append(files, llmFile)
	page := filepath.Join(dir, "board.html")
	code, _, errs := cogsim(t, append([]string{"board", "--html", page}, files...)...)
	require.Equal(t, ExitOK, code, errs)
	b, _, err := readBoard(files)
	require.NoError(t, err)
	require.Len(t, b.Rows, 4)

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.Flag("disable-component-update", true),
	)
	alloc, stopAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer stopAlloc()
	browser, stopBrowser := chromedp.NewContext(alloc)
	defer stopBrowser() // stops the browser's process
	ctx, cancel := context.WithTimeout(browser, 2*time.Minute)
	defer cancel()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("file://"+page)))

	table := func() [][]string {
		t.Helper()
		rows, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("#board tbody tr")).map(tr => Array.from(tr.cells).map(td => td.textContent))`))
		require.NoError(t, err)
		return rows
	}
	head, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#board thead th")).map(th => th.textContent)`))
	require.NoError(t, err)
	wantHead := append([]string{"#", "agent", "rules", "setting", "episodes", "mean", "95% CI", "median", "died"}, b.Deeds...)
	wantHead = append(wantHead, "prompt tokens/ep", "completion tokens/ep")
	assert.Equal(t, wantHead, head)

	rows := table()
	require.Len(t, rows, len(b.Rows))
	for i, r := range b.Rows {
		want := []string{fmt.Sprint(i + 1), r.Agent, r.RulesText(), r.Setting(), fmt.Sprint(r.Episodes),
			fmt.Sprintf("%.1f", r.Score.Mean), fmt.Sprintf("%.1f to %.1f", r.Score.CI95.Low, r.Score.CI95.High),
			fmt.Sprintf("%.1f", r.Score.Median), fmt.Sprintf("%.1f%%", 100*r.Died.Rate)}
		for _, d := range b.Deeds {
			want = append(want, fmt.Sprintf("%.1f%%", 100*r.DeedRate(d).Rate))
		}
		if r.Agent == "llm:tiny" {
			want = append(want, "4000.0", "25.0")
		} else {
			want = append(want, "—", "—")
		}
		assert.Equal(t, want, rows[i], "row %d", i+1)
	}

	// Nothing was fetched: the page is all there is.
	fetched, err := chromedp.Run(ctx, chromedp.Evaluate[int](`performance.getEntriesByType("resource").length`))
	require.NoError(t, err)
	assert.Zero(t, fetched)

	// Sorting: by agent (A to Z), then by mean (highest first), then
	// again (lowest first).
	click := func(col string) {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`Array.from(document.querySelectorAll("#board thead th")).find(th => th.textContent === `+fmt.Sprintf("%q", col)+`).click() || true`))
		require.NoError(t, err)
	}
	column := func(i int) []string {
		var out []string
		for _, r := range table() {
			out = append(out, r[i])
		}
		return out
	}
	click("agent")
	agents := column(1)
	assert.True(t, slices.IsSorted(agents), "sorted by agent: %v", agents)
	assert.Equal(t, []string{"explore", "explore", "llm:tiny", "random"}, agents)
	click("mean")
	assert.Equal(t, []string{"1", "2", "3", "4"}, column(0), "highest mean first: the board's order")
	click("mean")
	// llm:tiny's results are random's: a tie, kept in the board's order.
	assert.Equal(t, []string{"3", "4", "2", "1"}, column(0), "then lowest first")
	click("prompt tokens/ep")
	assert.Equal(t, "llm:tiny", column(1)[0], "most tokens first")
}
