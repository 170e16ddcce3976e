package browser_test

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/browser"
	"github.com/cogsim/cogsim/internal/replaytest"
	_ "github.com/cogsim/cogsim/internal/tally" // a mechanic for ?mechanics
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

func TestTheQueryAsksForAGameOrAReplay(t *testing.T) {
	o, err := browser.ParseQuery("?seed=42&rules=nethack&wizard&numpad=0")
	require.NoError(t, err)
	assert.Equal(t, browser.Options{Seed: 42, SeedSet: true, Rules: "nethack", Wizard: true, Play: true}, o)

	o, err = browser.ParseQuery("replay=runs%2Fseed-7.jsonl&turn=12")
	require.NoError(t, err)
	assert.Equal(t, browser.Options{Rules: "cog", Turn: 12}, o)

	o, err = browser.ParseQuery("")
	require.NoError(t, err)
	assert.Equal(t, browser.Options{Rules: "cog"}, o, "an empty address: the quick-start screen")

	o, err = browser.ParseQuery("?seed=&rules=rogue")
	require.NoError(t, err)
	assert.True(t, o.Play)
	assert.False(t, o.SeedSet, "the form's empty seed: the quick-start screen with the rules")
}

func TestABadQueryIsNamed(t *testing.T) {
	for query, want := range map[string]string{
		"?seed=seven":               `seed "seven": a seed is a whole number`,
		"?seed=-1":                  `seed "-1"`,
		"?rules=chess":              `rules: unknown rules "chess"`,
		"?mechanics=telepathy":      `mechanics: unknown mechanic "telepathy"`,
		"?sed=4":                    `unknown key "sed" (known: seed, rules`,
		"?seed=1&seed=2":            "seed is given 2 times",
		"?wizard=maybe":             `wizard "maybe": say 1 or 0`,
		"?replay=a.jsonl&turn=x":    `turn "x"`,
		"?replay=a.jsonl&turn=-3":   `turn "-3"`,
		"?replay=a.jsonl&seed=3":    "replay cannot be used with seed",
		"?seed=3&turn=4":            "turn is for a replay",
		"?seed=%zz":                 "the page's address",
		"?rules=cog&mechanics=,,,,": "",
	} {
		_, err := browser.ParseQuery(query)
		if want == "" {
			assert.NoError(t, err, query)
			continue
		}
		if assert.Error(t, err, query) {
			assert.Contains(t, err.Error(), want, query)
		}
	}
}

func fixed() uint64 { return 99 }

// frame runs one frame of the shell with keys and draws it.
func frame(sh *browser.Shell, keys ...view.Key) *view.Grid {
	quit := sh.Update(view.Input{Keys: keys})
	if quit {
		panic("the shell never quits")
	}
	g := view.NewGrid(sh.Size())
	sh.Draw(g)
	return g
}

func TestASeedInTheQueryStartsTheGame(t *testing.T) {
	sh := browser.New("?seed=5&rules=nethack&mechanics=tally", nil, "", fixed)
	frame(sh)
	st := sh.State()
	assert.Equal(t, "play", st.Mode)
	assert.Equal(t, uint64(5), st.Seed)
	assert.Equal(t, "nethack", st.Rules)
	assert.Equal(t, "cogplay: seed 5, rules nethack, mechanics tally", st.Title)
	assert.Equal(t, 1, st.Frames)
	require.NotNil(t, st.Cog)

	cfg, err := view.HumanConfig(sim.Config{Seed: 5, Rules: "nethack", Mechanics: []string{"tally"}, Agent: "human"})
	require.NoError(t, err)
	s, err := sim.New(cfg)
	require.NoError(t, err)
	assert.Equal(t, string(s.Observe()), st.Observation, "the same game as the engine's (a person's clock: one-tick turns)")
	assert.Equal(t, s.State().CogPos().X, st.Cog.X)
	assert.Contains(t, st.Screen, "Dlvl:1")
}

func TestSavingIsOffAndSaysWhy(t *testing.T) {
	sh := browser.New("?seed=5", nil, "", fixed)
	g := frame(sh, 'S')
	assert.Contains(t, g.String(), browser.NoSave)
	assert.Equal(t, "play", sh.State().Mode, "the game goes on")
}

func TestWithoutASeedTheQuickStartScreenComesUp(t *testing.T) {
	sh := browser.New("?rules=rogue", nil, "", fixed)
	g := frame(sh)
	assert.Equal(t, "start", sh.State().Mode)
	assert.Contains(t, g.String(), "99", "the offered seed")
	assert.Equal(t, "cogplay: a new game", sh.Title())
	frame(sh, view.KeyEnter)
	st := sh.State()
	assert.Equal(t, "play", st.Mode)
	assert.Equal(t, uint64(99), st.Seed)
	assert.Equal(t, "rogue", st.Rules, "the query's rules are chosen")
}

// recorded is a replay of seed 3, twelve turns.
func recorded(t *testing.T) []byte { return replaytest.Record(t, 3, 12) }

func TestAReplayOpensAtTheQuerysTurnAndShowsItsObservation(t *testing.T) {
	data := recorded(t)
	rep, err := replay.Read(bytes.NewReader(data))
	require.NoError(t, err)
	sh := browser.New("?replay=x.jsonl&turn=4", data, "x.jsonl", fixed)
	g := frame(sh)
	st := sh.State()
	assert.Equal(t, "replay", st.Mode)
	assert.Equal(t, 4, st.Turn)
	assert.Equal(t, 12, st.Turns)
	want, err := rep.Observation(4)
	require.NoError(t, err)
	assert.Equal(t, string(want), st.Observation)
	assert.Contains(t, g.String(), strings.TrimRight(strings.Split(string(want), "\n")[19], " "), "the panel shows it")
	assert.Equal(t, "cogplay: replay x.jsonl (seed 3, cog)", st.Title)

	frame(sh, view.KeyEnd)
	assert.Equal(t, 12, sh.State().Turn)
	frame(sh, 'q')
	assert.Equal(t, "start", sh.State().Mode, "the viewer's q: the quick-start screen")
}

func TestAPlayQueryWinsOverTheEmbeddedReplay(t *testing.T) {
	sh := browser.New("?seed=8", recorded(t), "x.jsonl", fixed)
	assert.Equal(t, "play", sh.State().Mode)
	assert.Equal(t, uint64(8), sh.State().Seed)
}

func TestOpenReplacesWhatRunsAndRefusesADamagedFile(t *testing.T) {
	sh := browser.New("?seed=8", nil, "", fixed)
	frame(sh, 'l')
	require.NoError(t, sh.Open(recorded(t), "mine.jsonl"))
	g := frame(sh)
	assert.Equal(t, 46, g.H, "the viewer's grid")
	assert.Equal(t, "replay", sh.State().Mode)
	assert.Equal(t, 0, sh.State().Turn)

	err := sh.Open([]byte("{\"cogsim_replay\": 99}\n"), "bad.jsonl")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.jsonl")
	st := sh.State()
	assert.Equal(t, "replay", st.Mode, "the viewer stays")
	assert.Contains(t, st.Message, "bad.jsonl")
	assert.Contains(t, st.Title, "mine.jsonl")
}

func TestTheChangedHookSeesTitlesAndMessages(t *testing.T) {
	sh := browser.New("?seed=x", nil, "", fixed)
	var seen []string
	sh.Changed = func(title, msg string) { seen = append(seen, title+" | "+msg) }
	frame(sh)
	frame(sh)
	require.Len(t, seen, 1, "once per change")
	assert.Equal(t, `cogplay: a new game | seed "x": a seed is a whole number from 0 to 18446744073709551615`, seen[0])
	frame(sh, view.KeyEnter)
	require.Len(t, seen, 2)
	assert.Equal(t, "cogplay: seed 99, rules cog | ", seen[1], "a new app clears the message")
}

func TestAReplayFileFromCogsimRunOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	require.NoError(t, os.WriteFile(path, recorded(t), 0o644))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	sh := browser.New("", data, "r.jsonl", fixed)
	assert.Equal(t, "replay", sh.State().Mode, "a page with a replay and no query opens it")
}

func TestKeyEventsAreTheDesktopsKeys(t *testing.T) {
	for _, c := range []struct {
		e    browser.KeyEvent
		want view.Key
		ok   bool
	}{
		{browser.KeyEvent{Key: "l", Code: "KeyL"}, 'l', true},
		{browser.KeyEvent{Key: "L", Code: "KeyL", Shift: true}, 'L', true},
		{browser.KeyEvent{Key: ">", Code: "Period", Shift: true}, '>', true},
		{browser.KeyEvent{Key: " ", Code: "Space"}, ' ', true},
		{browser.KeyEvent{Key: "ArrowRight", Code: "ArrowRight"}, view.KeyRight, true},
		{browser.KeyEvent{Key: "ArrowRight", Code: "ArrowRight", Shift: true}, view.KeyShiftRight, true},
		{browser.KeyEvent{Key: "PageDown", Code: "PageDown"}, view.KeyPageDown, true},
		{browser.KeyEvent{Key: "Enter", Code: "NumpadEnter"}, view.KeyEnter, true},
		{browser.KeyEvent{Key: "7", Code: "Numpad7"}, view.KeyKP7, true},
		{browser.KeyEvent{Key: "Home", Code: "Numpad7"}, view.KeyKP7, true},
		{browser.KeyEvent{Key: "d", Code: "KeyD", Ctrl: true}, view.Ctrl('d'), true},
		{browser.KeyEvent{Key: "F3", Code: "F3"}, view.KeyF3, true},
		{browser.KeyEvent{Key: "l", Code: "KeyL", Alt: true}, 0, false},
		{browser.KeyEvent{Key: "r", Code: "KeyR", Meta: true}, 0, false},
		{browser.KeyEvent{Key: "Shift", Code: "ShiftLeft", Shift: true}, 0, false},
		{browser.KeyEvent{Key: "é", Code: "Digit2"}, 0, false},
		{browser.KeyEvent{Key: "F5", Code: "F5"}, 0, false},
		{browser.KeyEvent{Key: "1", Code: "Digit1", Ctrl: true}, 0, false},
	} {
		k, ok := browser.KeyOf(c.e)
		assert.Equal(t, c.ok, ok, "%+v", c.e)
		assert.Equal(t, c.want, k, "%+v", c.e)
	}
}

func TestTheKeyQueueKeepsOrderAndEmpties(t *testing.T) {
	var q browser.Keys
	assert.True(t, q.Push(browser.KeyEvent{Key: "l", Code: "KeyL"}))
	assert.False(t, q.Push(browser.KeyEvent{Key: "F5", Code: "F5"}), "the browser's own key")
	assert.True(t, q.Push(browser.KeyEvent{Key: "PageDown", Code: "PageDown"}))
	assert.True(t, q.Push(browser.KeyEvent{Key: "h", Code: "KeyH"}))
	assert.Equal(t, []view.Key{'l', view.KeyPageDown, 'h'}, q.Take())
	assert.Empty(t, q.Take())
}

func TestSayShowsAMessageUntilTheAppChanges(t *testing.T) {
	sh := browser.New("", nil, "", fixed)
	sh.Say("replay x.jsonl: 404 Not Found")
	frame(sh)
	assert.Equal(t, "replay x.jsonl: 404 Not Found", sh.State().Message)
	frame(sh, view.KeyEnter)
	assert.Empty(t, sh.State().Message, "the game it started is another app")
}

func TestTheClickQueueScalesToScreenPixels(t *testing.T) {
	var q browser.Clicks
	q.Push(10.5, 20, 2)
	q.Push(3, 4, 1)
	assert.Equal(t, []image.Point{{21, 40}, {3, 4}}, q.Take())
	assert.Empty(t, q.Take())
}

// TestThePagesCallsAndTheGameLoopMayInterleave: in the browser the page's
// callbacks (state, open, key and click events) run on other goroutines
// than the game loop; go test -race checks the locking.
func TestThePagesCallsAndTheGameLoopMayInterleave(t *testing.T) {
	sh := browser.New("?seed=4", nil, "", fixed)
	data := recorded(t)
	var keys browser.Keys
	var clicks browser.Clicks
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 50; i++ {
			_ = sh.State()
			keys.Push(browser.KeyEvent{Key: ".", Code: "Period"})
			clicks.Push(1, 2, 1)
			if i%10 == 0 {
				assert.NoError(t, sh.Open(data, "r.jsonl"))
			}
		}
	}()
	for i := 0; i < 50; i++ {
		sh.Update(view.Input{Keys: keys.Take()})
		_ = clicks.Take()
		g := view.NewGrid(sh.Size())
		sh.Draw(g)
	}
	<-done
	assert.Equal(t, "replay", sh.State().Mode)
}

// memStore is a page's local storage in memory.
type memStore struct {
	data   []byte
	ok     bool
	record []byte
}

func (m *memStore) Record() []byte { return m.record }
func (m *memStore) AddRecord(line []byte) error {
	m.record = append(append(m.record, line...), '\n')
	return nil
}

func (m *memStore) Load() ([]byte, bool) { return m.data, m.ok }
func (m *memStore) Save(data []byte) error {
	m.data, m.ok = append([]byte(nil), data...), true
	return nil
}
func (m *memStore) Remove() { m.data, m.ok = nil, false }

// TestTheBrowserSavesAndRestores: S asks and saves in the page's store;
// the next page restores the game (and its replay goes on); closing the
// page saves a game under way (issue 26).
func TestTheBrowserSavesAndRestores(t *testing.T) {
	store := &memStore{}
	sh := browser.NewIn("?seed=5", nil, "", fixed, store, nil)
	assert.True(t, sh.InGame())
	frame(sh, 'l', 'j', 'S')
	assert.Contains(t, sh.State().Screen, "Really save and quit? [yn] (n)")
	frame(sh, 'y')
	require.True(t, store.ok, "saved in the page's store")
	assert.Equal(t, "start", sh.State().Mode, "and the game has ended for this page")

	next := browser.NewIn("", nil, "", fixed, store, nil)
	st := next.State()
	assert.Equal(t, "play", st.Mode, "the next page restores it")
	assert.Equal(t, 2, st.Tick)
	assert.Contains(t, st.Title, "restored")
	assert.False(t, store.ok, "a save is restored once")

	frame(next, 's')
	require.NoError(t, next.AutoSave(), "the page closing saves the game under way")
	require.True(t, store.ok)
	again := browser.NewIn("", nil, "", fixed, store, nil)
	assert.Equal(t, 3, again.State().Tick)

	bad := &memStore{data: []byte("{not a save"), ok: true}
	sh = browser.NewIn("", nil, "", fixed, bad, nil)
	assert.Equal(t, "start", sh.State().Mode)
	assert.Contains(t, sh.State().Message, "cannot be restored")
}

// TestABrowserRunIsSharedAsAOneFilePage: the tombstone's w downloads the
// run as a one-file page whose replay verifies (issue 26).
func TestABrowserRunIsSharedAsAOneFilePage(t *testing.T) {
	var name string
	var page []byte
	prog := &browser.Program{Wasm: []byte("\x00asm fake"), WasmExec: []byte("// go"), Download: func(n string, data []byte) error {
		name, page = n, data
		return nil
	}}
	sh := browser.NewIn("?seed=5", nil, "", fixed, &memStore{}, prog)
	p := sh.Current().(*view.Play)
	for i := 0; i < 3000 && !p.Over(); i++ {
		frame(sh, 's')
	}
	require.True(t, p.Over(), "the clock ends the game")
	for i := 0; i < 2*view.GuardFrames+2; i++ {
		frame(sh)
	}
	frame(sh, ' ')
	for i := 0; i < view.GuardFrames+1; i++ {
		frame(sh)
	}
	assert.Contains(t, sh.State().Screen, "w: your run as a one-file page")
	frame(sh, 'w')
	require.NotEmpty(t, page, "downloaded")
	assert.True(t, strings.HasSuffix(name, ".html"))
	assert.Contains(t, sh.State().Screen, "Your run is the page "+name)
	rep, err := replay.Read(bytes.NewReader(p.Game().EndReplay()))
	require.NoError(t, err)
	assert.NoError(t, rep.Play(nil), "the run's replay verifies")
}

// TestSaveAndQuitSaysSoAndEnterGoesOn (issue 39, 15): after S the
// quick-start screen says where the game is and Enter restores it (n
// starts a new one); the restored log keeps its ticks.
func TestSaveAndQuitSaysSoAndEnterGoesOn(t *testing.T) {
	store := &memStore{}
	sh := browser.NewIn("?seed=5", nil, "", fixed, store, nil)
	frame(sh, 's', 's', 's', '>', 'S')
	frame(sh, 'y')
	require.True(t, store.ok)
	st := sh.State()
	require.Equal(t, "start", st.Mode)
	flat := strings.Join(strings.Fields(st.Screen), " ")
	assert.Contains(t, flat, "Your game is saved in "+browser.SavedHere)
	assert.Contains(t, flat, "Enter: go on with the saved game")
	frame(sh, view.KeyEnter)
	st = sh.State()
	assert.Equal(t, "play", st.Mode, "Enter restores the saved game, not a new one")
	assert.Equal(t, 3, st.Tick)
	assert.False(t, store.ok, "taken out of the store")
	texts, ticks := sh.Current().(*view.Play).Log()
	require.Contains(t, texts, "You can't go down here.")
	for _, tick := range ticks {
		assert.Positive(t, tick, "the restored log keeps its ticks")
	}

	frame(sh, 'S', 'y')
	frame(sh, 'n')
	st = sh.State()
	assert.Equal(t, "play", st.Mode)
	assert.Zero(t, st.Tick, "n: a new game")
}

// TestTheBrowserKeepsARecord (issue 39, 15): a finished game's result is
// kept in the page's store and the tombstone shows the record.
func TestTheBrowserKeepsARecord(t *testing.T) {
	store := &memStore{}
	sh := browser.NewIn("?seed=5", nil, "", fixed, store, nil)
	p := sh.Current().(*view.Play)
	for i := 0; i < 3000 && !p.Over(); i++ {
		frame(sh, 's')
	}
	require.True(t, p.Over())
	for i := 0; i < view.GuardFrames+1; i++ {
		frame(sh)
	}
	frame(sh, ' ')
	assert.Contains(t, string(store.record), `"cause":"starvation"`, "the record is kept in the page (searching, the cog starves at 1100)")
	screen := sh.State().Screen
	assert.Contains(t, screen, "The record (* this game):")
	assert.Contains(t, screen, "Score recorded in "+browser.RecordHere)
}
