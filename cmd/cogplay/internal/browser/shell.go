package browser

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/save"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/site"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// NoSave is what S says in a browser whose page cannot keep a save
// (no local storage: a private window, a page opened from a file in
// some browsers).
const NoSave = "Saving is off: this page cannot keep a save (no local storage)."

// SavedHere is where S says the game went.
const SavedHere = "this browser's local storage (the page restores it when opened again)"

// Store is where the page keeps a saved game, one a site as NetHack
// keeps one per player, and the record of its finished games (the
// record file's JSON lines): the browser's local storage (js.go).
type Store interface {
	Load() ([]byte, bool)
	Save(data []byte) error
	Remove()
	Record() []byte
	AddRecord(line []byte) error
}

// RecordHere is where the page's record is kept, for the tombstone.
const RecordHere = "this browser's record"

// Program is the page's own program, for the one-file page of a run
// (site.WritePage); Download offers the page a file to save.
type Program struct {
	Wasm     []byte
	WasmExec []byte
	Download func(name string, data []byte) error
}

// Shell is the one app the page's canvas runs: the quick-start screen, a
// game or the replay viewer, one at a time. A replay opened by the page
// replaces what runs; a game or viewer that ends (q, or a finished game's
// last key) gives way to a new quick-start screen, since a page has no
// program to return to.
//
// The game loop (Update, Draw) and the page's calls (Open, State) come
// from different goroutines; a mutex orders them.
type Shell struct {
	mu      sync.Mutex
	opts    Options
	app     view.App
	grid    *view.Grid // the last frame drawn
	frames  int
	message string   // the page's message line: an error or a warning
	shown   view.App // the app the message is about
	random  func() uint64
	// Changed, when set, is called after a frame that changed the title
	// or the message (the page shows both). It runs on the game loop.
	Changed   func(title, message string)
	lastTitle string
	lastMsg   string
	store     Store
	program   *Program
}

// New starts the shell on what the page asks for: a game when the query
// asks for one, else the replay the page brought (embedded or fetched
// for ?replay=URL) when there is one, else the quick-start screen.
// random draws the quick-start screen's seeds. A bad query or replay is
// not fatal: the quick-start screen comes up and Message says what was
// wrong.
func New(query string, replayData []byte, replayName string, random func() uint64) *Shell {
	return NewIn(query, replayData, replayName, random, nil, nil)
}

// NewIn is New in a page with a store for saves and its own program
// (either may be nil): when the page asks for no game or replay and the
// store holds a saved game, that game is restored in place of the
// quick-start screen, and taken out of the store (NetHack's rule: a
// save is restored once; the page saves again when it is closed,
// AutoSave). A save that cannot be restored is dropped, and the message
// line says why.
func NewIn(query string, replayData []byte, replayName string, random func() uint64, store Store, program *Program) *Shell {
	sh := &Shell{random: random, store: store, program: program}
	opts, err := ParseQuery(query)
	sh.opts = opts
	switch {
	case err != nil:
		sh.message = err.Error()
	case opts.Play && opts.SeedSet:
		app, err := sh.begin(view.Choice{Seed: opts.Seed, Rules: opts.Rules, Wizard: opts.Wizard})
		if err == nil {
			sh.app = app
		} else {
			sh.message = err.Error()
		}
	case !opts.Play && replayData != nil:
		if err := sh.open(replayData, replayName, opts.Turn); err != nil {
			sh.message = err.Error()
		}
	}
	if sh.app == nil && err == nil && !opts.Play && replayData == nil && store != nil {
		app, err := sh.restore()
		if err != nil {
			sh.message = err.Error()
		}
		sh.app = app
	}
	if sh.app == nil {
		sh.app = sh.start("")
	}
	sh.shown = sh.app
	return sh
}

// start is a new quick-start screen: a random seed unless the query
// gave one, the query's rules and wizard mode. When the page's store
// holds a saved game the screen says so, and Enter goes on with it (n
// starts a new game instead), as NetHack restores a player's save.
func (sh *Shell) start(saved string) view.App {
	seed := sh.random()
	if sh.opts.SeedSet {
		seed = sh.opts.Seed
	}
	st := view.NewStart(seed, ecs.VariantNames(), sh.opts.Rules, view.OfferedMechanics(), sh.opts.Wizard, sh.begin)
	st.InPage = true
	if sh.store != nil {
		if _, ok := sh.store.Load(); ok {
			st.Note = "A game is saved in this browser: Enter goes on with it; n starts a new game, whose save will replace it."
			if saved != "" {
				st.Note = "Your game is saved in " + saved + ". Enter goes on with it; n starts a new game, whose save will replace it."
			}
			st.Resume = func() (view.App, error) {
				app, err := sh.restore()
				if err == nil && app == nil {
					err = errors.New("the saved game has gone from this browser's storage")
				}
				return app, err
			}
		}
	}
	return st
}

// begin starts a game: the quick-start screen's view.Begin.
func (sh *Shell) begin(ch view.Choice) (view.App, error) {
	// The query's mechanics, then those chosen on the quick-start screen.
	mechanics := slices.Clone(sh.opts.Mechanics)
	for _, m := range ch.Mechanics {
		if !slices.Contains(mechanics, m) {
			mechanics = append(mechanics, m)
		}
	}
	s, rec, err := view.NewRecorded(sim.Config{Seed: ch.Seed, Rules: ch.Rules, Mechanics: mechanics, Agent: "human"})
	if err != nil {
		return nil, err
	}
	return sh.play(s, view.PlayOptions{Wizard: ch.Wizard, Title: view.GameTitle(s), Recording: rec}), nil
}

// play is a person's game in the page: saved in the page's store, its
// run offered as a one-file page at the end.
func (sh *Shell) play(s *sim.Sim, o view.PlayOptions) *view.Play {
	o.NumberPad, o.InPage = sh.opts.NumberPad, true
	o.Hooks.NoSave = NoSave
	if st := sh.store; st != nil {
		o.Hooks.Save = func(s *sim.Sim, wizard bool, log []string, ticks []int, replay []byte) (string, error) {
			data, err := save.Encode(s, wizard, log, ticks, replay)
			if err == nil {
				err = st.Save(data)
			}
			return SavedHere, err
		}
		// The page's record of finished games, as the desktop's file.
		var mine *save.Entry
		o.Hooks.Record = func(r sim.Result) (string, error) {
			e := save.NewEntry(r)
			e.Player = "you"
			line, err := json.Marshal(e)
			if err == nil {
				err = st.AddRecord(line)
			}
			if err == nil {
				mine = &e
			}
			return RecordHere, err
		}
		o.Hooks.Scores = func() []string {
			return save.FormatRecord(save.ParseRecord(st.Record()), TopScores, mine)
		}
	}
	if pr := sh.program; pr != nil && pr.Download != nil && len(pr.Wasm) > 0 {
		o.Hooks.Share = func(r sim.Result, replayData []byte) (string, error) {
			name := fmt.Sprintf("cogplay-seed%d-tick%d", r.Seed, r.Ticks)
			var page bytes.Buffer
			err := site.WritePage(&page, &site.Program{Wasm: pr.Wasm, WasmExec: pr.WasmExec}, replayData, name+".jsonl")
			if err == nil {
				err = pr.Download(name+".html", page.Bytes())
			}
			return name + ".html", err
		}
	}
	return view.NewPlay(s, o)
}

// TopScores is how many lines of the record the tombstone shows.
const TopScores = 8

// restore restores the game saved in the store (nil when there is
// none) and takes it out of the store; a save that cannot be restored
// is dropped, and the error says why.
func (sh *Shell) restore() (view.App, error) {
	data, ok := sh.store.Load()
	if !ok {
		return nil, nil
	}
	sh.store.Remove()
	env, s, err := save.Decode(data)
	if err != nil {
		return nil, errors.New("The saved game cannot be restored, and is dropped: " + err.Error())
	}
	var rec *view.Recording
	if env.Replay != "" {
		rec, _ = view.ResumeRecording(s, []byte(env.Replay))
	}
	return sh.play(s, view.PlayOptions{Wizard: env.Wizard, Title: view.GameTitle(s) + ", restored", Log: env.Log, LogTicks: env.LogTicks, Recording: rec}), nil
}

// InGame reports whether a game is under way (the page warns before it
// is closed).
func (sh *Shell) InGame() bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	p, ok := sh.current().(*view.Play)
	return ok && !p.Over() && !p.Sim.Done()
}

// AutoSave saves the game under way in the store without ending it (the
// page is being closed or reloaded); the next page restores it.
func (sh *Shell) AutoSave() error {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	p, ok := sh.current().(*view.Play)
	if !ok || p.Over() || p.Sim.Done() || sh.store == nil {
		return nil
	}
	log, ticks := p.Log()
	data, err := save.Encode(p.Sim, p.Wizard(), log, ticks, p.Game().Replay())
	if err != nil {
		return err
	}
	return sh.store.Save(data)
}

// open replaces the app by the viewer of the replay in data, at the end
// of turn (clamped to the replay).
func (sh *Shell) open(data []byte, name string, turn int) error {
	if name == "" {
		name = "replay"
	}
	rep, err := replay.Read(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	v, err := view.NewViewer(rep, name)
	if err != nil {
		return err
	}
	v.InPage = true
	v.Begin = func(s *sim.Sim, rec *view.Recording, title string) view.App {
		return sh.play(s, view.PlayOptions{Title: title, Recording: rec})
	}
	v.Seek(turn)
	sh.app, sh.shown = v, v
	sh.message = ""
	if w := rep.Warning(); w != "" {
		sh.message = "warning: " + w
	}
	return nil
}

// Open shows the replay in data (a file the page was given) from its
// start. A replay that cannot be read leaves what runs as it is.
func (sh *Shell) Open(data []byte, name string) error {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	err := sh.open(data, name, 0)
	if err != nil {
		sh.message = err.Error()
	}
	return err
}

// Say puts text on the page's message line until the app changes.
func (sh *Shell) Say(text string) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.message = text
}

// Fit implements view.Fitter: the app's own fit, or its grid fitted.
func (sh *Shell) Fit(w, h, cw, ch int) float64 {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if f, ok := sh.app.(view.Fitter); ok {
		return f.Fit(w, h, cw, ch)
	}
	cols, rows := sh.app.Size()
	return view.FitScale(w, h, cols*cw, rows*ch)
}

// Size implements view.App.
func (sh *Shell) Size() (int, int) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.app.Size()
}

// Update implements view.App. It never quits: an app that does is
// replaced by a new quick-start screen.
func (sh *Shell) Update(in view.Input) bool {
	sh.mu.Lock()
	if sh.app.Update(in) {
		saved := ""
		if p, ok := sh.current().(*view.Play); ok {
			saved = p.Saved()
		}
		sh.app = sh.start(saved)
	}
	if cur := sh.current(); cur != sh.shown {
		// The message was about the app that has gone.
		sh.message, sh.shown = "", cur
	}
	sh.frames++
	title, msg, changed := sh.title(), sh.message, sh.Changed
	if title == sh.lastTitle && msg == sh.lastMsg {
		changed = nil
	}
	sh.lastTitle, sh.lastMsg = title, msg
	sh.mu.Unlock()
	if changed != nil {
		changed(title, msg)
	}
	return false
}

// Draw implements view.App.
func (sh *Shell) Draw(g *view.Grid) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.app.Draw(g)
	sh.grid = g
}

// Close implements view.App: a page that closes has nothing to save.
func (sh *Shell) Close() {}

// Summary implements view.App.
func (sh *Shell) Summary() string {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.app.Summary()
}

// Title is the page's title.
func (sh *Shell) Title() string {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.title()
}

func (sh *Shell) title() string {
	switch a := sh.current().(type) {
	case *view.Play:
		return "cogplay: " + a.Title()
	case *view.Viewer:
		return fmt.Sprintf("cogplay: replay %s (seed %d, %s)", a.Name, a.Rep.Seed, a.Rep.RulesLabel())
	}
	return "cogplay: a new game"
}

// current is the app at work: the game the quick-start screen started
// runs in its place.
func (sh *Shell) current() view.App {
	if st, ok := sh.app.(*view.Start); ok && st.Game() != nil {
		return st.Game()
	}
	if v, ok := sh.app.(*view.Viewer); ok && v.Next() != nil {
		return v.Next()
	}
	return sh.app
}

// State is what the page (and its tests) can read of the shell.
type State struct {
	// Mode is "start", "play" or "replay".
	Mode    string `json:"mode"`
	Title   string `json:"title"`
	Message string `json:"message"`
	// Frames counts the frames run so far (0: none yet).
	Frames int    `json:"frames"`
	Seed   uint64 `json:"seed"`
	Rules  string `json:"rules"`
	Tick   int    `json:"tick"`
	// Turn and Turns are the viewer's position and the replay's length.
	Turn  int `json:"turn"`
	Turns int `json:"turns"`
	// Cog is the cog's cell on its level; Depth the level.
	Cog   *Cell `json:"cog,omitempty"`
	Depth int   `json:"depth"`
	// Observation is the observation text (§15) at this point: the
	// viewer's panel shows exactly this.
	Observation string `json:"observation"`
	// Screen is the last frame drawn, as text, one line per row.
	Screen string `json:"screen"`
}

// Cell is a cell of a level.
type Cell struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// State reads the shell.
func (sh *Shell) State() State {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	st := State{Mode: "start", Title: sh.title(), Message: sh.message, Frames: sh.frames}
	if sh.grid != nil {
		st.Screen = sh.grid.String()
	}
	var s *sim.Sim
	switch a := sh.current().(type) {
	case *view.Play:
		st.Mode, s = "play", a.Sim
	case *view.Viewer:
		st.Mode, s = "replay", a.Sim()
		st.Turn, st.Turns = a.Turn(), a.Turns()
	}
	if s != nil {
		cfg := s.Config()
		e := s.State()
		p := e.CogPos()
		st.Seed, st.Rules, st.Tick = cfg.Seed, cfg.Rules, e.Clock.Tick
		st.Cog, st.Depth = &Cell{p.X, p.Y}, e.Level.Depth
		st.Observation = string(s.Observe())
	}
	return st
}

// Current is the app at work (the game a quick-start screen or the
// viewer started, once there is one).
func (sh *Shell) Current() view.App {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.current()
}
