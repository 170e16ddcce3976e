//go:build browsertest

// These tests run the browser cogplay (§31) in a real browser: Debian's
// headless Chromium, driven over its DevTools protocol. Run them with
// scripts/browser-tests.sh (go test -tags browsertest), which checks
// that chromium is installed. TestMain builds cogsim and the site with
// the cogsim command itself (cogsim site, cogsim run --replays, cogsim
// replay --html), serves the site from 127.0.0.1, and stops the browser
// when the tests end.
package site_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/pixels"
	"github.com/cogsim/cogsim/internal/site"
	"github.com/cogsim/cogsim/render/view"
)

// failed lists the requests the server answered with an error status.
var failed struct {
	sync.Mutex
	paths []string
}

// failures records the requests h answers with an error status.
func failures(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		if rec.status >= 400 {
			failed.Lock()
			failed.paths = append(failed.paths, r.URL.Path)
			failed.Unlock()
		}
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

var env struct {
	tmp     string
	cogsim  string // the cogsim binary
	root    string // the checkout
	site    string // cogsim site's folder
	replay  string // a replay of seed 7 by the explore agent
	srv     *httptest.Server
	browser context.Context
}

// chromium is Debian's browser (scripts/browser-tests.sh installs it).
const chromium = "/usr/bin/chromium"

func TestMain(m *testing.M) {
	code, err := setUp(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "browser tests:", err)
		code = 1
	}
	os.Exit(code)
}

func setUp(m *testing.M) (int, error) {
	if _, err := os.Stat(chromium); err != nil {
		return 1, fmt.Errorf("%v: install Debian's chromium (scripts/browser-tests.sh does)", err)
	}
	tmp, err := os.MkdirTemp("", "cogplay-browser-")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(tmp)
	env.tmp = tmp
	if env.root, err = filepath.Abs("../.."); err != nil {
		return 1, err
	}
	env.cogsim = filepath.Join(tmp, "cogsim")
	if out, err := command("go", "build", "-o", env.cogsim, "./cmd/cogsim"); err != nil {
		return 1, fmt.Errorf("go build cogsim: %v\n%s", err, out)
	}
	env.site = filepath.Join(tmp, "site")
	if out, err := command(env.cogsim, "site", env.site); err != nil {
		return 1, fmt.Errorf("cogsim site: %v\n%s", err, out)
	}
	replays := filepath.Join(tmp, "replays")
	if out, err := command(env.cogsim, "run", "--seed", "7", "--episodes", "1", "--agent", "explore", "--replays", replays); err != nil {
		return 1, fmt.Errorf("cogsim run: %v\n%s", err, out)
	}
	env.replay = filepath.Join(replays, "seed-7.jsonl")

	mux := http.NewServeMux()
	mux.Handle("/", site.Handler(env.site)) // what cogsim site --serve serves
	mux.Handle("/replays/", http.StripPrefix("/replays/", http.FileServer(http.Dir(replays))))
	env.srv = httptest.NewServer(failures(mux)) // on 127.0.0.1
	defer env.srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.UserDataDir(filepath.Join(tmp, "profile")),
		chromedp.WindowSize(1200, 1000), // the viewer (768 x 736) fits below the bar
		// WebGL in software, without a GPU.
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("allow-file-access-from-files", true),
	)
	alloc, stopAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer stopAlloc()
	browser, stopBrowser := chromedp.NewContext(alloc)
	// Cancelling the first context stops the browser's process.
	defer stopBrowser()
	if err := chromedp.Do(browser, chromedp.Navigate("about:blank")); err != nil {
		return 1, fmt.Errorf("starting %s: %v", chromium, err)
	}
	env.browser = browser
	return m.Run(), nil
}

// command runs a program in the checkout and returns its output.
func command(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = env.root
	return cmd.CombinedOutput()
}

// tab is a new tab of the browser, closed at the end of the test. Its
// ten minutes are only a safety net against a hung browser: a loaded
// machine may take minutes over a test's pages (issue 34).
func tab(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(env.browser)
	t.Cleanup(cancel)
	ctx, stop := context.WithTimeout(ctx, 10*time.Minute)
	t.Cleanup(stop)
	return ctx
}

// state reads the page's cogplay.state() (cmd/cogplay/internal/browser).
type state struct {
	Mode        string
	Title       string
	Message     string
	Frames      int
	Seed        uint64
	Rules       string
	Tick        int
	Turn        int
	Turns       int
	Cog         *struct{ X, Y int }
	Depth       int
	Observation string
	Screen      string
}

func read(t *testing.T, ctx context.Context) state {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`globalThis.cogplay ? globalThis.cogplay.state() : "{}"`))
	require.NoError(t, err)
	var s state
	require.NoError(t, json.Unmarshal([]byte(raw), &s))
	return s
}

// await polls the page's state until ok holds (5 minutes at most: a
// safety net, far above what a loaded machine needs).
func await(t *testing.T, ctx context.Context, what string, ok func(state) bool) state {
	t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for {
		s := read(t, ctx)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("cogplay-message").textContent + " | " + document.getElementById("cogplay-status").textContent`))
			require.FailNowf(t, "timed out", "waiting for %s; the state: mode %q frames %d turn %d message %q; the page says %q", what, s.Mode, s.Frames, s.Turn, s.Message, msg)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// load opens url and waits for the first frame; it returns how long that
// took.
func load(t *testing.T, ctx context.Context, url string) (state, time.Duration) {
	t.Helper()
	begin := time.Now()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url)))
	s := await(t, ctx, "the first frame", func(s state) bool { return s.Frames > 0 })
	return s, time.Since(begin)
}

// press sends keys to the page as fast as the DevTools protocol goes:
// keyDown, char and keyUp at once for each, with the key's code and
// Windows key code as a keyboard gives them (kb.Encode). No press lasts
// a frame, so this also checks that the page reads keys from events,
// not from key states polled once a frame.
func press(t *testing.T, ctx context.Context, keys string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(keys)))
}

// screenshot is the page as shown.
func screenshot(t *testing.T, ctx context.Context) *image.RGBA {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	return pixels.RGBA(img)
}

var (
	count     = pixels.Count
	differing = pixels.Differing
)

func colours(img *image.RGBA) int { return pixels.Colours(img, img.Bounds()) }

// turnText is `cogsim replay FILE --turn K`.
func turnText(t *testing.T, file string, k int) string {
	t.Helper()
	out, err := exec.Command(env.cogsim, "replay", file, "--turn", fmt.Sprint(k)).Output()
	require.NoError(t, err)
	return strings.TrimSuffix(string(out), "\n")
}

// open is a step the cog can take from its cell: a vi-key toward a
// floor or corridor cell beside it, read from the observation's map.
func open(t *testing.T, s state) (key string, dx, dy int) {
	t.Helper()
	rows := strings.Split(s.Observation, "\n")
	for _, d := range []struct {
		key    string
		dx, dy int
	}{{"l", 1, 0}, {"h", -1, 0}, {"j", 0, 1}, {"k", 0, -1}} {
		x, y := s.Cog.X+d.dx, s.Cog.Y+d.dy
		if y >= 0 && y < c.H && x >= 0 && x < len(rows[y]) && strings.ContainsRune(".#", rune(rows[y][x])) {
			return d.key, d.dx, d.dy
		}
	}
	require.FailNow(t, "the cog is walled in", s.Observation)
	return "", 0, 0
}

func TestThePagePlaysASeedAndKeysMoveTheCog(t *testing.T) {
	ctx := tab(t)
	s, took := load(t, ctx, env.srv.URL+"/?seed=7")
	t.Logf("the first frame of the site's page came %.2fs after navigating", took.Seconds())
	assert.Equal(t, "play", s.Mode)
	assert.Equal(t, uint64(7), s.Seed)
	assert.Equal(t, "cog", s.Rules)
	assert.Equal(t, 0, s.Tick)
	require.NotNil(t, s.Cog)
	title, err := chromedp.Run(ctx, chromedp.Title())
	require.NoError(t, err)
	assert.Contains(t, title, "seed 7")

	before := screenshot(t, ctx)
	assert.Greater(t, colours(before), 40, "not blank: text in many colours and shades")
	assert.Greater(t, count(before, before.Bounds(), view.Background, 2), before.Bounds().Dx()*before.Bounds().Dy()/4, "the grid's background fills the canvas")
	assert.Greater(t, count(before, before.Bounds(), view.StatusColour, 40), 50, "the status line in white")
	assert.Greater(t, count(before, before.Bounds(), view.RGBA(c.Gray), 40), 50, "the map's walls and floor in grey")
	// The bar covers the top of the page; the grid starts below it.
	top := image.Rect(0, 0, before.Bounds().Dx(), site.BarHeight-2)
	assert.Zero(t, count(before, top, view.Background, 2), "the bar is not drawn over")

	key, dx, dy := open(t, s)
	press(t, ctx, key)
	moved := await(t, ctx, "the cog's step", func(n state) bool { return n.Tick > s.Tick })
	assert.Equal(t, s.Cog.X+dx, moved.Cog.X, "the cog stepped %s", key)
	assert.Equal(t, s.Cog.Y+dy, moved.Cog.Y, "the cog stepped %s", key)
	after := screenshot(t, ctx)
	assert.Greater(t, differing(before, after), 50, "the page shows the step")

	// An arrow key, sent with its code and key code, moves it too.
	key, dx, dy = open(t, moved)
	arrows := map[string]string{"l": kb.ArrowRight, "h": kb.ArrowLeft, "j": kb.ArrowDown, "k": kb.ArrowUp}
	press(t, ctx, arrows[key])
	again := await(t, ctx, "the arrow's step", func(n state) bool { return n.Tick > moved.Tick })
	assert.Equal(t, moved.Cog.X+dx, again.Cog.X)
	assert.Equal(t, moved.Cog.Y+dy, again.Cog.Y)
	assert.Contains(t, again.Screen, "T:2/2200", "the status line on the canvas")
}

func TestTheBrowserSavesInLocalStorage(t *testing.T) {
	ctx := tab(t)
	forgetSave(t, ctx)
	s, _ := load(t, ctx, env.srv.URL+"/?seed=3&rules=nethack")
	note, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("cogplay-note").textContent`))
	require.NoError(t, err)
	assert.Contains(t, note, "S saves in this browser")
	key, _, _ := open(t, s)
	press(t, ctx, key)
	await(t, ctx, "the step", func(n state) bool { return n.Tick == 1 })
	saveAndQuit(t, ctx)
	saved, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`localStorage.getItem("cogplay-save") !== null`))
	require.NoError(t, err)
	assert.True(t, saved, "the save is in the page's local storage")

	s, _ = load(t, ctx, env.srv.URL+"/")
	assert.Equal(t, "play", s.Mode, "the page restores the saved game")
	assert.Equal(t, 1, s.Tick)
	assert.Equal(t, "nethack", s.Rules)
	assert.Contains(t, s.Title, "restored")

	// Closing the page saves a game under way, and the browser asks first.
	prevented, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		localStorage.removeItem("cogplay-save");
		const e = new Event("beforeunload", {cancelable: true});
		dispatchEvent(e);
		return e.defaultPrevented && localStorage.getItem("cogplay-save") !== null;
	})()`))
	require.NoError(t, err)
	assert.True(t, prevented, "beforeunload saves and asks")
	forgetSave(t, ctx)
}

// forgetSave empties the page's local storage (the tabs share one
// profile, and a page closed with a game under way saves it): from a
// page that plays no game, which would be saved on leaving.
func forgetSave(t *testing.T, ctx context.Context) {
	t.Helper()
	load(t, ctx, env.srv.URL+"/?replay=/replays/seed-7.jsonl")
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(localStorage.clear(), true)`))
	require.NoError(t, err)
}

func TestTheQuickStartScreenWithoutASeed(t *testing.T) {
	ctx := tab(t)
	forgetSave(t, ctx)
	s, _ := load(t, ctx, env.srv.URL+"/")
	assert.Equal(t, "start", s.Mode)
	assert.NotContains(t, s.Screen, "quit", "a page has nothing to quit to, and does not say it has")
	press(t, ctx, "\r")
	s = await(t, ctx, "the game", func(s state) bool { return s.Mode == "play" })
	assert.Equal(t, "cog", s.Rules)
}

func TestABadAddressIsNamedOnThePage(t *testing.T) {
	ctx := tab(t)
	s, _ := load(t, ctx, env.srv.URL+"/?seed=seven")
	assert.Equal(t, "start", s.Mode, "the quick-start screen instead")
	assert.Contains(t, s.Message, `seed "seven"`)
	msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("cogplay-message").textContent`))
	require.NoError(t, err)
	assert.Contains(t, msg, `seed "seven"`)

	// A replay that cannot be fetched: said, and cogplay starts without.
	s, _ = load(t, ctx, env.srv.URL+"/?replay=/replays/missing.jsonl")
	assert.Equal(t, "start", s.Mode)
	assert.Contains(t, s.Message, "replay /replays/missing.jsonl: 404 Not Found")
}

func TestAReplayFromTheAddressOpensAndSeeks(t *testing.T) {
	ctx := tab(t)
	s, _ := load(t, ctx, env.srv.URL+"/?replay=/replays/seed-7.jsonl&turn=5")
	assert.Equal(t, "replay", s.Mode)
	assert.Equal(t, 5, s.Turn)
	assert.Equal(t, turnText(t, env.replay, 5), s.Observation, "the panel holds cogsim replay --turn 5")
	for _, line := range strings.Split(s.Observation, "\n")[:18] {
		assert.Contains(t, s.Screen, strings.TrimRight(line, " "), "the panel is drawn")
	}
	shot := screenshot(t, ctx)
	assert.Greater(t, count(shot, shot.Bounds(), view.PanelText, 40), 150, "the panel's text in its colour")

	press(t, ctx, "lll")
	s = await(t, ctx, "turn 8", func(s state) bool { return s.Turn == 8 })
	assert.Equal(t, turnText(t, env.replay, 8), s.Observation)
	press(t, ctx, kb.PageDown)
	s = await(t, ctx, "turn 18", func(s state) bool { return s.Turn == 18 })
	assert.Equal(t, turnText(t, env.replay, 18), s.Observation)
	press(t, ctx, "h")
	s = await(t, ctx, "turn 17", func(s state) bool { return s.Turn == 17 })
	assert.Equal(t, turnText(t, env.replay, 17), s.Observation)
	press(t, ctx, kb.End)
	s = await(t, ctx, "the end", func(s state) bool { return s.Turn == s.Turns && s.Turns > 0 })
	assert.Equal(t, turnText(t, env.replay, s.Turns), s.Observation)
	assert.Contains(t, s.Title, "seed 7")
}

// cellCentre is where grid cell p of a cols x rows grid is drawn in the
// page: the grid at the scale that fits below the bar (view.FitScale),
// centred (render/gfx).
func cellCentre(t *testing.T, ctx context.Context, cols, rows int, p view.Point) (float64, float64) {
	t.Helper()
	size, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[innerWidth, innerHeight]`))
	require.NoError(t, err)
	w, h := size[0], size[1]
	lw, lh := cols*8, rows*16
	scale := view.FitScale(w, h-site.BarHeight, lw, lh)
	gw, gh := int(float64(lw)*scale), int(float64(lh)*scale)
	offX, offY := max(0, (w-gw)/2), site.BarHeight+max(0, (h-site.BarHeight-gh)/2)
	return float64(offX) + float64(p.X*8+4)*scale, float64(offY) + float64(p.Y*16+8)*scale
}

func TestAClickOnTheTimelineSeeks(t *testing.T) {
	ctx := tab(t)
	s, _ := load(t, ctx, env.srv.URL+"/?replay=/replays/seed-7.jsonl")
	// A turn well inside the replay, whatever its length.
	target := s.Turns * 2 / 3
	require.Greater(t, target, 5, "a replay of %d turns", s.Turns)
	x, y := cellCentre(t, ctx, 96, 46, view.TimelineCell(target, s.Turns))
	// A click as fast as the protocol goes: pressed and released at once,
	// shorter than any frame (the page reads presses from events).
	require.NoError(t, chromedp.Do(ctx, chromedp.MouseClickXY(x, y)))
	s = await(t, ctx, fmt.Sprintf("turn %d", target), func(s state) bool { return s.Turn == target })
	assert.Equal(t, turnText(t, env.replay, target), s.Observation)
}

func TestAReplayOpensFromTheFilePickerAndByDragAndDrop(t *testing.T) {
	ctx := tab(t)
	load(t, ctx, env.srv.URL+"/?seed=1")
	require.NoError(t, chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("cogplay-file"), []string{env.replay})))
	s := await(t, ctx, "the picked replay", func(s state) bool { return s.Mode == "replay" })
	assert.Equal(t, 0, s.Turn)
	assert.Equal(t, turnText(t, env.replay, 0), s.Observation)
	press(t, ctx, "l")
	s = await(t, ctx, "turn 1", func(s state) bool { return s.Turn == 1 })
	assert.Equal(t, turnText(t, env.replay, 1), s.Observation, "keys reach the canvas after the picker")

	// A file dropped on the page: what the browser hands the page when
	// a file is dropped, a DataTransfer holding a File.
	data, err := os.ReadFile(env.replay)
	require.NoError(t, err)
	drop := func(name string, body []byte) {
		t.Helper()
		js := fmt.Sprintf(`(() => {
			const dt = new DataTransfer();
			dt.items.add(new File([%s], %q));
			document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
			return true;
		})()`, jsString(body), name)
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		require.NoError(t, err)
	}
	load(t, ctx, env.srv.URL+"/?seed=2")
	drop("seed-7.jsonl", data)
	s = await(t, ctx, "the dropped replay", func(s state) bool { return s.Mode == "replay" })
	assert.Equal(t, turnText(t, env.replay, 0), s.Observation)

	// A damaged file is refused by name and the viewer stays.
	drop("broken.jsonl", []byte("{not a replay\n"))
	s = await(t, ctx, "the refusal", func(s state) bool { return strings.Contains(s.Message, "broken.jsonl") })
	assert.Equal(t, "replay", s.Mode)
	assert.Contains(t, s.Title, "seed-7.jsonl")
}

// jsString is b as a JavaScript string literal.
func jsString(b []byte) string {
	q, _ := json.Marshal(string(b))
	return string(q)
}

func TestTheOneFilePageOpensWithNoServer(t *testing.T) {
	page := filepath.Join(t.TempDir(), "seed-7.html")
	out, err := command(env.cogsim, "replay", env.replay, "--html", page, "--site", env.site)
	require.NoError(t, err, string(out))
	assert.Contains(t, string(out), "wrote "+page)
	info, err := os.Stat(page)
	require.NoError(t, err)
	t.Logf("the one-file page is %.1f MB", float64(info.Size())/1e6)

	ctx := tab(t)
	s, took := load(t, ctx, "file://"+page)
	t.Logf("the first frame of the one-file page came %.2fs after navigating", took.Seconds())
	assert.Equal(t, "replay", s.Mode)
	assert.Equal(t, 0, s.Turn)
	assert.Equal(t, turnText(t, env.replay, 0), s.Observation)
	press(t, ctx, kb.PageDown)
	s = await(t, ctx, "turn 10", func(s state) bool { return s.Turn == 10 })
	assert.Equal(t, turnText(t, env.replay, 10), s.Observation)

	// The form plays a seed from the same file.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(chromedp.CSS(`#cogplay-form input[name=seed]`), "11"),
		chromedp.Submit(chromedp.CSS(`#cogplay-form`)),
	))
	s = await(t, ctx, "the game", func(s state) bool { return s.Mode == "play" && s.Frames > 0 })
	assert.Equal(t, uint64(11), s.Seed)
}

// TestTheLoadingScreenIsDarkAndNothingIsMissing: the page is dark from
// its first paint, asks for no favicon the server lacks, and gets the
// program gzipped from cogsim site --serve's handler.
func TestTheLoadingScreenIsDarkAndNothingIsMissing(t *testing.T) {
	failed.Lock()
	failed.paths = nil
	failed.Unlock()
	ctx := tab(t)
	load(t, ctx, env.srv.URL+"/?seed=4")
	bg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.documentElement).backgroundColor`))
	require.NoError(t, err)
	assert.Equal(t, "rgb(12, 12, 16)", bg, "the page is dark while it loads")
	sizes, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const e = performance.getEntriesByType("resource").find((r) => r.name.endsWith("/cogplay.wasm"));
		return e ? [e.encodedBodySize, e.decodedBodySize] : [0, 0];
	})()`))
	require.NoError(t, err)
	t.Logf("cogplay.wasm: %.1f MB sent for %.1f MB", sizes[0]/1e6, sizes[1]/1e6)
	assert.Less(t, sizes[0], sizes[1]/2, "the program is sent compressed")
	failed.Lock()
	defer failed.Unlock()
	assert.Empty(t, failed.paths, "no request failed (no favicon 404)")
}

// TestTheGridFitsTheViewport: the viewer at 1366 x 657 fits the page;
// the game's grid follows the page (view.PlayFit) and its map takes at
// least 60% of the page's width or height below the bar, on a phone too
// (issue 39, 5).
func TestTheGridFitsTheViewport(t *testing.T) {
	shots := os.Getenv("COGPLAY_SHOTS") // a folder: keep the screenshots (README)
	for _, tc := range []struct {
		name       string
		w, h       int64
		url        string
		cols, rows int // the viewer's grid; 0 for the game's, fitted
	}{
		{"viewer-1366x657", 1366, 657, "/?replay=/replays/seed-7.jsonl&turn=30", 96, 46},
		{"play-1366x768", 1366, 768, "/?seed=7", 0, 0},
		{"play-1920x950", 1920, 950, "/?seed=7", 0, 0},
		{"phone-390x844", 390, 844, "/?seed=7&touch=1", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := tab(t)
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(tc.w, tc.h)))
			s, _ := load(t, ctx, env.srv.URL+tc.url)
			if s.Mode == "play" {
				press(t, ctx, "x")
				await(t, ctx, "a few steps", func(n state) bool { return n.Tick >= 5 })
			}
			time.Sleep(300 * time.Millisecond)
			shot := screenshot(t, ctx)
			if shots != "" {
				f, err := os.Create(filepath.Join(shots, "browser-"+tc.name+".png"))
				require.NoError(t, err)
				require.NoError(t, png.Encode(f, shot))
				f.Close()
			}
			lw, lh := tc.cols*8, tc.rows*16
			scale := view.FitScale(int(tc.w), int(tc.h)-site.BarHeight, lw, lh)
			if tc.cols == 0 {
				var cols, rows int
				cols, rows, scale = view.PlayFit(int(tc.w), int(tc.h)-site.BarHeight, 8, 16)
				lw, lh = cols*8, rows*16
				m := pixels.Area(shot, view.MapBack, 1)
				w, h := float64(m.Dx())/float64(tc.w), float64(m.Dy())/float64(tc.h-site.BarHeight)
				t.Logf("%s: %d x %d cells at scale %.2f; the map %v is %.0f%% of the width, %.0f%% of the height", tc.name, cols, rows, scale, m, 100*w, 100*h)
				assert.True(t, w >= 0.6 || h >= 0.6, "the map takes 60%% of a side")
			}
			gw, gh := float64(lw)*scale, float64(lh)*scale
			assert.LessOrEqual(t, gw, float64(tc.w), "fits across")
			assert.LessOrEqual(t, gh, float64(tc.h-site.BarHeight), "fits down")
			if tc.w >= 1366 {
				assert.True(t, gw >= 0.9*float64(tc.w) || gh >= 0.9*float64(tc.h-site.BarHeight), "fills a side (scale %.2f)", scale)
			}
			// The bottom row of the grid (the keys, the footer) is drawn
			// inside the page.
			offY := site.BarHeight + int((float64(tc.h-site.BarHeight)-gh)/2)
			bottom := image.Rect(0, offY+int(gh)-int(16*scale)-1, int(tc.w), offY+int(gh))
			assert.Greater(t, count(shot, bottom, view.FaintColour, 60), 10, "the last row shows")
		})
	}
}

// TestSaveAndQuitInThePageSaysSo (issue 39, 15): after S the quick-start
// screen says the game is saved in this browser, and Enter goes on with
// it.
func TestSaveAndQuitInThePageSaysSo(t *testing.T) {
	ctx := tab(t)
	forgetSave(t, ctx)
	s, _ := load(t, ctx, env.srv.URL+"/?seed=3")
	key, _, _ := open(t, s)
	press(t, ctx, key)
	await(t, ctx, "the step", func(n state) bool { return n.Tick == 1 })
	s = saveAndQuit(t, ctx)
	assert.Contains(t, strings.Join(strings.Fields(s.Screen), " "), "Your game is saved in this browser")
	press(t, ctx, "\r")
	s = await(t, ctx, "the game again", func(s state) bool { return s.Mode == "play" })
	assert.Equal(t, 1, s.Tick, "Enter goes on with the saved game")
	// Saved and quit again: a page with a game under way, keys pressed,
	// would ask before it is left.
	saveAndQuit(t, ctx)
	forgetSave(t, ctx)
}

// saveAndQuit presses S and y, and waits for the quick-start screen.
func saveAndQuit(t *testing.T, ctx context.Context) state {
	t.Helper()
	press(t, ctx, "S")
	await(t, ctx, "the question", func(s state) bool { return strings.Contains(s.Screen, "Really save and quit? [yn] (n)") })
	press(t, ctx, "y")
	return await(t, ctx, "the quick-start screen", func(s state) bool { return s.Mode == "start" })
}

// TestTouchControlsPressKeys: the page's buttons move the cog and work
// the common verbs.
func TestTouchControlsPressKeys(t *testing.T) {
	ctx := tab(t)
	s, _ := load(t, ctx, env.srv.URL+"/?seed=7&touch=1")
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.getElementById("cogplay-touch")).display`))
	require.NoError(t, err)
	assert.Equal(t, "flex", shown)
	key, dx, dy := open(t, s)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#cogplay-touch button[data-key="%s"]`, key)))))
	moved := await(t, ctx, "the tapped step", func(n state) bool { return n.Tick > s.Tick })
	assert.Equal(t, s.Cog.X+dx, moved.Cog.X)
	assert.Equal(t, s.Cog.Y+dy, moved.Cog.Y)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#cogplay-touch button[data-key="s"]`))))
	await(t, ctx, "the tapped search", func(n state) bool { return n.Tick == moved.Tick+1 })
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#cogplay-touch button[data-key="i"]`))))
	await(t, ctx, "the inventory", func(n state) bool { return strings.Contains(n.Screen, "Inventory") && n.Tick == moved.Tick+1 })
}

// TestAReplayIsTakenOverInThePage: T in the viewer plays on from there.
func TestAReplayIsTakenOverInThePage(t *testing.T) {
	ctx := tab(t)
	s, _ := load(t, ctx, env.srv.URL+"/?replay=/replays/seed-7.jsonl&turn=10")
	assert.Contains(t, s.Screen, "T play")
	press(t, ctx, "T")
	s = await(t, ctx, "the game taken over", func(s state) bool { return s.Mode == "play" })
	assert.Contains(t, s.Title, "taken over")
	key, dx, _ := open(t, s)
	press(t, ctx, key)
	moved := await(t, ctx, "a step", func(n state) bool { return n.Tick > s.Tick })
	assert.Equal(t, s.Cog.X+dx, moved.Cog.X)
}
