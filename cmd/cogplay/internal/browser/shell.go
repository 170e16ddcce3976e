package browser

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// NoSave is what S says in the browser, and the page says it too: a
// game cannot be saved there (§31).
const NoSave = "Saving is off in the browser: the page keeps no files."

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
}

// New starts the shell on what the page asks for: a game when the query
// asks for one, else the replay the page brought (embedded or fetched
// for ?replay=URL) when there is one, else the quick-start screen.
// random draws the quick-start screen's seeds. A bad query or replay is
// not fatal: the quick-start screen comes up and Message says what was
// wrong.
func New(query string, replayData []byte, replayName string, random func() uint64) *Shell {
	sh := &Shell{random: random}
	opts, err := ParseQuery(query)
	sh.opts = opts
	switch {
	case err != nil:
		sh.message = err.Error()
	case opts.Play && opts.SeedSet:
		app, err := sh.begin(opts.Seed, opts.Rules, opts.Wizard)
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
	if sh.app == nil {
		sh.app = sh.start()
	}
	sh.shown = sh.app
	return sh
}

// start is a new quick-start screen: a random seed unless the query
// gave one, the query's rules and wizard mode.
func (sh *Shell) start() view.App {
	seed := sh.random()
	if sh.opts.SeedSet {
		seed = sh.opts.Seed
	}
	return view.NewStart(seed, ecs.VariantNames(), sh.opts.Rules, sh.opts.Wizard, sh.begin)
}

// begin starts a game: the quick-start screen's view.Begin.
func (sh *Shell) begin(seed uint64, rules string, wizard bool) (view.App, error) {
	s, err := sim.New(sim.Config{Seed: seed, Rules: rules, Mechanics: sh.opts.Mechanics, Agent: "human"})
	if err != nil {
		return nil, err
	}
	return view.NewPlay(s, view.PlayOptions{Wizard: wizard, Title: view.GameTitle(s), NumberPad: sh.opts.NumberPad,
		Hooks: view.PlayHooks{NoSave: NoSave}}), nil
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
		sh.app = sh.start()
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
