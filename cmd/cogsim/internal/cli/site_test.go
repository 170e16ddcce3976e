package cli

import (
	"context"
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/cogsim/cogsim/internal/race"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// aReplay writes the replay of one short explore episode and returns it.
func aReplay(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	code, _, errs := cogsim(t, "run", "--seed", "4", "--episodes", "1", "--agent", "explore", "--turns", "30", "--replays", dir)
	require.Equal(t, ExitOK, code, errs)
	return filepath.Join(dir, "seed-4.jsonl")
}

func TestSiteAndPageCommandLines(t *testing.T) {
	rep := aReplay(t)
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"site"}, "missing the site's DIR"},
		{[]string{"site", "a", "b"}, `unexpected argument "b"`},
		{[]string{"site", dir, "--serve", "256.0.0.1:99999"}, "--serve:"},
		{[]string{"replay", rep, "--site", dir}, "--site needs --html"},
		{[]string{"replay", rep, "--html", "x.html", "--turn", "3"}, "--html cannot be used with --turn or --json"},
		{[]string{"replay", rep, "--html", "x.png"}, "--html x.png: the page's name must end in .html"},
		{[]string{"replay", rep, "--html", "x.html", "--site", dir}, "--site: open " + dir + "/cogplay.wasm"},
		{[]string{"replay", filepath.Join(dir, "none.jsonl"), "--html", "x.html"}, "none.jsonl"},
	} {
		code, _, errs := cogsim(t, c.args...)
		assert.Equal(t, ExitUsage, code, c.args)
		assert.Contains(t, errs, c.want, c.args)
	}
}

// TestTheSiteAndTheOneFilePage builds the browser cogplay for real (go
// build, GOOS=js), writes the site, and a replay's page from it.
func TestTheSiteAndTheOneFilePage(t *testing.T) {
	if race.Enabled {
		// One goroutine throughout, and gzip over the 10 MB program
		// takes 20 s under the detector: the plain go test runs it.
		t.Skip("no goroutines to race; go test without -race runs it")
	}
	// Run elsewhere, cogsim builds the page from its own checkout.
	t.Chdir(t.TempDir())
	site := filepath.Join(t.TempDir(), "site")
	code, out, errs := cogsim(t, "site", site)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, errs, "building the browser cogplay")
	assert.Regexp(t, `wrote .*site: index.html, cogplay.wasm \([0-9.]+ MB, [0-9.]+ MB gzipped\), wasm_exec.js`, out)
	for _, f := range []string{"index.html", "cogplay.wasm", "wasm_exec.js"} {
		assert.FileExists(t, filepath.Join(site, f))
	}

	rep := aReplay(t)
	page := filepath.Join(t.TempDir(), "seed-4.html")
	code, out, errs = cogsim(t, "replay", rep, "--verify", "--html", page, "--site", site)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, errs, "ok: ")
	assert.NotContains(t, errs, "building", "--site: nothing built")
	assert.Contains(t, out, "wrote "+page)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	m := regexp.MustCompile(`<script id="cogplay-replay"[^>]*data-name="seed-4.jsonl">([^<]*)</script>`).FindSubmatch(html)
	require.NotNil(t, m)
	embedded, err := base64.StdEncoding.DecodeString(string(m[1]))
	require.NoError(t, err)
	want, err := os.ReadFile(rep)
	require.NoError(t, err)
	assert.Equal(t, want, embedded, "the replay's bytes, as written by cogsim run")
}

func TestSiteServe(t *testing.T) {
	// A free port: listen, note it, let go.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()

	site := filepath.Join(t.TempDir(), "site")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		code, _, _ := cogsimCtx(ctx, "site", site, "--serve", addr)
		done <- code
	}()
	// It builds the browser cogplay first: minutes on a loaded machine.
	// The wait ends when the server answers or cogsim stops; ten
	// minutes is only a safety net against a hang.
	var resp *http.Response
	for deadline := time.Now().Add(10 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
		if resp, err = http.Get("http://" + addr + "/cogplay.wasm"); err == nil {
			break
		}
		select {
		case code := <-done:
			require.FailNow(t, "cogsim site --serve stopped before serving", "exit code %d: %v", code, err)
		default:
		}
		require.True(t, time.Now().Before(deadline), "not serving after 10 minutes: %v", err)
	}
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
	resp.Body.Close()
	resp, err = http.Get("http://" + addr + "/")
	require.NoError(t, err)
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	assert.Contains(t, string(body), `<script src="wasm_exec.js"></script>`)
	cancel()
	assert.Equal(t, ExitOK, <-done, "Ctrl-C stops the server")
}
