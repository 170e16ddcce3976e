package view

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
)

// LogSize is how many entries the message log keeps.
const LogSize = 200

// PlayHooks are what play asks of the program around it: files.
type PlayHooks struct {
	// Save writes the game (S, or the window closing) and returns where;
	// log and ticks are the message log's texts and the tick of each
	// (Play.Log), replay is the game's replay so far (nil: not recorded).
	Save func(s *sim.Sim, wizard bool, log []string, ticks []int, replay []byte) (string, error)
	// Record appends the result of a finished game that is not a wizard
	// game to the record file and returns its path.
	Record func(r sim.Result) (string, error)
	// End writes the end-of-game files beside the record: the text of
	// the end (dump) and the game's replay (nil: none); it returns what
	// it wrote, one line each.
	End func(r sim.Result, dump string, replay []byte) ([]string, error)
	// Share, when set, makes the game's run a one-file page (cogsim
	// replay --html's) and offers it (the browser downloads it); the
	// tombstone's w calls it. It returns the page's name.
	Share func(r sim.Result, replay []byte) (string, error)
	// KeepSave answers the wizard's "Do you want to keep the save file?".
	KeepSave func(keep bool) error
	// Scores is the top of the record file for the closing screen, this
	// game's line marked when it was recorded.
	Scores func() []string
	// NoSave is what S says when Save is nil (default "Saving is not
	// available.").
	NoSave string
}

// GameTitle names a game for its window and the line under the map: the
// seed, the rules, extra mechanics, the scenario.
func GameTitle(s *sim.Sim) string {
	cfg := s.Config()
	t := fmt.Sprintf("seed %d, rules %s", cfg.Seed, cfg.Rules)
	if len(cfg.Mechanics) > 0 {
		t += ", mechanics " + strings.Join(cfg.Mechanics, ",")
	}
	if cfg.Scenario != nil {
		t += ", scenario " + cfg.Scenario.Name
	}
	return t
}

// PlayOptions configure a game.
type PlayOptions struct {
	// Wizard: "Die?" is asked on death and no record is written (§22).
	Wizard bool
	// AskKeep: the game was restored in wizard mode, so it starts by
	// asking whether to keep the save file (§24).
	AskKeep bool
	// Title is shown under the map (the seed, the rules …).
	Title string
	// Log is the message log carried over from a saved game, LogTicks
	// the tick of each message (nil: a save that kept none).
	Log      []string
	LogTicks []int
	Hooks    PlayHooks
	// NumberPad: the digits move as the keypad does, and a count is
	// typed after n (NetHack's number_pad); off, digits type a count.
	NumberPad bool
	// Recording records the game as a replay (NewRecorded); nil: not
	// recorded.
	Recording *Recording
	// InPage: the game runs in a web page, whose end gives way to a new
	// game rather than exiting.
	InPage bool
	// Bind maps a key to the key whose command it performs (the options
	// file's "bind"), in play.
	Bind map[Key]Key
	// Pace is how many ticks a count, a run, travel or auto-explore
	// plays a frame; 0 (the default) is as fast as the engine goes: as
	// many as FrameBudget of the frame holds. The frame is drawn after
	// the last.
	Pace int
	// Now is the front end's clock for the pace (nil: time.Now); tests
	// set their own.
	Now func() time.Time
}

// FrameBudget is the time a frame gives a command under way at the
// engine's pace (Pace 0): about half of a 60 Hz frame, the rest left
// for drawing it.
const FrameBudget = 8 * time.Millisecond

// Play is a game played by a person (§22), composed of small models:
// the Game (the episode, its log, what a person is told), the Runner
// (counts, runs, travel, auto-explore), the modal modes stacked over play
// (prompts, picking a cell, the overlays), the Tomb once the game has
// ended, and the Profiler overlay. Play itself reads the keys of play and
// lays out the screen.
type Play struct {
	Sim   *sim.Sim
	game  *Game
	opts  PlayOptions
	modes []modal
	run   Runner
	tomb  *Tomb
	prof  Profiler
	// note replaces the message line until the next key (the front
	// end's own messages: "Never mind.", a failed save).
	note  string
	saved string
	quit  bool
	// count is the count being typed.
	count counter
	// travelTo is the last travel target.
	travelTo  c.Pos
	travelSet bool
	// hover is the map cell under the mouse, if any.
	hover    c.Pos
	hovering bool
	// logBack is how many lines the log panel is scrolled back;
	// logWidth and logHeight its size when last drawn.
	logBack             int
	logWidth, logHeight int
	// cols and rows are the grid Fit chose (0: not fitted, 96 x 31);
	// lay is the layout last drawn.
	cols, rows int
	lay        layout
	// verbs are the verb table's rows active in the episode.
	verbs []*c.Verb
	m     Map
}

// NewPlay starts playing s.
func NewPlay(s *sim.Sim, o PlayOptions) *Play {
	s.State().Log.SetHistory(LogSize)
	p := &Play{Sim: s, game: newGame(s, o), opts: o}
	p.verbs = c.ActiveVerbs(s.State().Mechanics)
	if o.AskKeep {
		p.push(&yesNo{q: "Do you want to keep the save file? [yn] (n)", then: func(p *Play, yes bool) { p.keepSave(yes) }})
	}
	if s.Done() {
		p.finish()
	}
	return p
}

// Game is the game's shared model.
func (p *Play) Game() *Game { return p.game }

// Profiler is the profiler overlay's state (F3).
func (p *Play) Profiler() *Profiler { return &p.prof }

// Title is the game's title (the seed, the rules …).
func (p *Play) Title() string { return p.opts.Title }

// Wizard reports whether this is a wizard game.
func (p *Play) Wizard() bool { return p.opts.Wizard }

// Over reports whether the game has ended (the --More-- or the
// tombstone is up).
func (p *Play) Over() bool { return p.tomb != nil }

// Tomb is the end's model, nil while the game goes on.
func (p *Play) Tomb() *Tomb { return p.tomb }

// Prompt is the question being asked, or "".
func (p *Play) Prompt() string {
	if m := p.top(); m != nil {
		return m.prompt()
	}
	return ""
}

// Note is the front end's own message on the message line, or "".
func (p *Play) Note() string { return p.note }

// Saved is where the game was saved, once it has been.
func (p *Play) Saved() string { return p.saved }

func (p *Play) top() modal {
	if len(p.modes) == 0 {
		return nil
	}
	return p.modes[len(p.modes)-1]
}

func (p *Play) push(m modal) { p.modes = append(p.modes, m) }

func (p *Play) pop() {
	if len(p.modes) > 0 {
		p.modes = p.modes[:len(p.modes)-1]
	}
}

// remove takes mode m off the stack, wherever it is.
func (p *Play) remove(m modal) {
	for i := len(p.modes) - 1; i >= 0; i-- {
		if p.modes[i] == m {
			p.modes = append(p.modes[:i], p.modes[i+1:]...)
			return
		}
	}
}

// Update implements App: the frame's keys, then the mouse (hover looks,
// a click on the map travels or picks the cell), and with neither the
// next primitive of the command under way.
func (p *Play) Update(in Input) bool {
	for _, k := range in.Keys {
		if p.quit {
			break
		}
		p.Key(k)
	}
	p.hovering = false
	if in.Hover != nil {
		p.hover, p.hovering = p.mapCell(*in.Hover)
	}
	if in.Click != nil && !in.Drag && !p.quit {
		if q, ok := p.mapCell(*in.Click); ok {
			p.Click(q)
		}
	}
	if len(in.Keys) == 0 && (in.Click == nil || in.Drag) {
		p.advanceFrame()
	}
	if p.tomb != nil {
		p.tomb.frame()
	}
	p.prof.Sample(p.Sim)
	return p.quit
}

// mapCell is the board cell at grid point pt, if pt is on the map (as
// last drawn).
func (p *Play) mapCell(pt Point) (c.Pos, bool) {
	q := c.Pos{X: pt.X, Y: pt.Y - p.MapTop()}
	return q, q.In()
}

// Click is a click on board cell q: while a cell is picked, it picks q;
// in play it travels to q.
func (p *Play) Click(q c.Pos) {
	if p.tomb != nil {
		return
	}
	switch pk, _ := p.top().(*picker); {
	case p.Busy():
		p.run.Stop(p.game, "")
	case pk != nil:
		p.remove(pk)
		p.picked(pk.what, q)
	case p.top() == nil:
		p.note = ""
		p.travel(q)
	}
}

// Busy reports whether a count, a run, travel or auto-explore is under
// way: each frame without a key then plays its next primitive.
func (p *Play) Busy() bool { return p.run.Busy() }

// Advance plays the next primitive of the command under way (one tick)
// and reports whether one was played.
func (p *Play) Advance() bool {
	if p.tomb != nil || p.top() != nil {
		p.run.kind = autoNone
		return false
	}
	played := p.run.Advance(p.game)
	if played && p.Sim.Done() {
		p.ended()
	}
	return played
}

// advanceFrame plays the command under way for one frame: one primitive
// after another, as many as the pace allows (at least one).
func (p *Play) advanceFrame() {
	now := p.opts.Now
	if now == nil {
		now = time.Now
	}
	begin := now()
	for n := 1; p.Advance(); n++ {
		if p.opts.Pace > 0 && n >= p.opts.Pace || p.opts.Pace <= 0 && now().Sub(begin) >= FrameBudget {
			return
		}
	}
}

// Activity is what the command under way is doing, or why the last one
// stopped.
func (p *Play) Activity() string { return p.run.Activity(p.game) }

// Key handles one key press and reports whether the program should end.
// Any key stops a command under way (and does nothing else).
func (p *Play) Key(k Key) bool {
	p.note = ""
	if p.Busy() {
		p.run.Stop(p.game, "")
		return p.quit
	}
	if k == KeyF3 {
		p.prof.Toggle(p.Sim)
		return p.quit
	}
	if p.tomb != nil {
		if p.tomb.stone && k == 'w' && p.tomb.canShare() && p.tomb.frames >= GuardFrames {
			p.tomb.share()
			return p.quit
		}
		if p.tomb.key(k) {
			p.quit = true
		}
		return p.quit
	}
	if m := p.top(); m != nil {
		if m.key(p, k) {
			p.remove(m)
		}
		return p.quit
	}
	p.command(k)
	return p.quit
}

func (p *Play) command(k Key) {
	if b, ok := p.opts.Bind[k]; ok {
		k = b
	}
	if taken, note := p.count.key(k, p.opts.NumberPad); taken {
		p.note = note
		return
	}
	n := p.count.take()
	if k == KeyEscape {
		return // NetHack's Esc at the map: nothing, and no tick
	}
	if d, ok := RunOf(k); ok {
		p.run.StartRun(d)
		return
	}
	b, ok := p.binding(k)
	if !ok {
		b, ok = p.verbKey(k)
	}
	if !ok {
		p.note = fmt.Sprintf("Unknown command '%s'.  Press ? for help.", k)
		return
	}
	p.perform(b, n)
}

// perform carries out binding b (with count n for a Perform).
func (p *Play) perform(b Binding, n int) {
	g := p.game
	switch b.Action {
	case Perform:
		if n > 1 {
			if ms := hostilesInView(g, nil); len(ms) > 0 && (b.Prim.Op == c.OpSearch || b.Prim.Op == c.OpWait) {
				// DCSS's rule: no resting with a hostile monster in view.
				p.note = fmt.Sprintf("You can't rest with %s in view.", monsterName(g, ms[0]))
				return
			}
			p.run.StartCount(b, n)
			return
		}
		p.step(b.Prim)
	case Travel:
		pk := &picker{what: Travel, cursor: p.Sim.State().CogPos()}
		if p.travelSet {
			pk.cursor = p.travelTo
		}
		p.push(pk)
	case Look:
		p.push(&picker{what: Look, cursor: p.Sim.State().CogPos()})
	case LookHere:
		p.note = g.LookHere()
	case Explore:
		p.note = p.run.StartExplore(g)
	case Profile:
		p.prof.Toggle(p.Sim)
	case Extended:
		a := &extAsk{}
		a.refresh(p)
		p.push(a)
	case AskItem, AskItemAim:
		letters := g.letters(&b)
		if letters == "" {
			p.note = "You don't have anything to " + b.Verb + "."
			if all := g.letters(&Binding{Classes: b.Classes}); all != "" {
				p.note = "You don't have anything else to " + b.Verb + "."
			}
			return
		}
		p.push(&itemAsk{b: b, letters: letters})
	case AskDir:
		p.push(&dirAsk{prim: b.Prim})
	case ShowHelp:
		p.page("cogplay: the goal, the keys, the symbols", helpLines(p.verbs, p.Sim.State().Mechanics, p.pageWidth()), "")
	case ShowDiscoveries:
		p.page("Discoveries", g.Discoveries(), "You haven't discovered anything yet...")
	case ShowSymbols:
		p.page("The symbols of the map (NetHack's /)", symbolLines(p.Sim.State().Mechanics, p.pageWidth()), "")
	case ShowInventory:
		p.page("Inventory", g.InventoryDetails(), "You are not carrying anything.")
	case ShowLog:
		p.push(&overlay{title: "Messages (oldest first; T: the tick)", lines: g.Log.Lines(p.pageWidth()), bottom: true})
	case SaveQuit:
		if p.opts.Hooks.Save == nil {
			p.save() // says why not, without asking
			return
		}
		p.push(&yesNo{q: "Really save and quit? [yn] (n)", then: func(p *Play, yes bool) {
			if yes {
				p.save()
			} else {
				p.note = "Never mind."
			}
		}})
	case ScrollLog:
		p.logBack = max(0, min(p.logBack+b.Scroll, len(p.logLines(p.logWidth))-p.logHeight))
	}
}

// page shows lines as a page over the screen, or says empty when there
// are none.
func (p *Play) page(title string, lines []string, empty string) {
	if len(lines) == 0 && empty != "" {
		p.note = empty
		return
	}
	p.push(&overlay{title: title, lines: lines})
}

// pageWidth is how wide a page's lines may run.
func (p *Play) pageWidth() int {
	cols, _ := p.Size()
	return cols - 4
}

// travel walks to q, if the cog knows a way (no tick otherwise).
func (p *Play) travel(q c.Pos) {
	p.travelTo, p.travelSet = q, true
	p.note = p.run.StartTravel(p.game, q)
}

// picked acts on the cell picked: travel there, or say what it is.
func (p *Play) picked(what Action, q c.Pos) {
	if what == Travel {
		p.travel(q)
		return
	}
	p.note = p.game.Describe(q)
}

// step performs one primitive: one tick; a primitive the cog knows does
// nothing is not sent, and the message line says why (no tick).
func (p *Play) step(prim c.Primitive) {
	p.logBack = 0
	if !p.game.Step(prim) {
		p.note = p.game.Refused()
		return
	}
	if p.Sim.Done() {
		p.ended()
	}
}

// finish ends the game: the --More-- and the tombstone (Tomb).
func (p *Play) finish() {
	p.modes = p.modes[:0]
	p.tomb = newTomb(p.game, p.opts)
}

// EndLines are the end's text (Tomb.EndLines).
func (p *Play) EndLines() []string { return p.tomb.EndLines() }

// ended is the episode's end: wizard mode asks "Die?" first.
func (p *Play) ended() {
	p.run.kind = autoNone
	p.modes = p.modes[:0]
	if p.opts.Wizard && p.Sim.Result().Cause != "clock" {
		p.push(&yesNo{q: "Die? [yn] (n)", then: func(p *Play, yes bool) {
			if yes {
				p.finish()
				return
			}
			p.game.Revive()
			p.note = "OK, so you don't die."
		}})
		return
	}
	p.finish()
}

func (p *Play) save() {
	h := p.opts.Hooks
	if h.Save == nil {
		p.note = cmp.Or(h.NoSave, "Saving is not available.")
		return
	}
	log, ticks := p.Log()
	path, err := h.Save(p.Sim, p.opts.Wizard, log, ticks, p.game.Replay())
	if err != nil {
		p.note = "Save failed: " + err.Error()
		return
	}
	p.saved, p.quit = path, true
}

func (p *Play) keepSave(keep bool) {
	if p.opts.Hooks.KeepSave == nil {
		return
	}
	if err := p.opts.Hooks.KeepSave(keep); err != nil {
		p.note = "Save file: " + err.Error()
	} else if keep {
		p.note = "The save file is kept."
	}
}

// Close implements App: closing the window saves a game in progress, as
// NetHack saves on a hangup.
func (p *Play) Close() {
	if p.quit || p.tomb != nil || p.Sim.Done() {
		return
	}
	for _, m := range p.modes {
		if yn, ok := m.(*yesNo); ok && strings.HasPrefix(yn.q, "Do you want to keep") {
			p.keepSave(true)
		}
	}
	p.save()
}

// Log is the message log's texts, oldest first (the saved game's, then
// this session's), and the tick of each.
func (p *Play) Log() ([]string, []int) { return p.game.Log.Texts() }

// Message is the message line: a prompt, the front end's note, or the
// messages of the last tick; once the game has ended, with NetHack's
// "--More--".
func (p *Play) Message() string {
	switch {
	case p.Prompt() != "":
		return p.Prompt()
	case p.note != "":
		return p.note
	}
	msg := string(p.Sim.Frame().Message)
	if now := p.game.TickMessages(); now != "" {
		msg = now
	}
	if p.tomb != nil && !p.tomb.stone {
		end := "You die...--More--"
		if p.Sim.Result().Cause == "clock" {
			end = "The clock has run out...--More--"
		}
		switch {
		case strings.HasSuffix(msg, "You die..."):
			return msg + "--More--"
		case msg != "":
			return msg + "  " + end
		}
		return end
	}
	return msg
}

// StatusLine is §15's status line with the clock in ticks, as a person
// plays it: "Dlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:12/2200".
func (p *Play) StatusLine() string { return p.game.StatusLine() }

// InventoryLines lists the pack as NetHack's inventory does.
func (p *Play) InventoryLines() []string { return p.game.InventoryLines() }

// Describe is what the cog knows of cell q, as look says it.
func (p *Play) Describe(q c.Pos) string { return p.game.Describe(q) }

// Cursor is the cell being picked, while one is.
func (p *Play) Cursor() (c.Pos, bool) {
	if pk, ok := p.top().(*picker); ok {
		return pk.cursor, true
	}
	return c.Pos{}, false
}

// Summary implements App.
func (p *Play) Summary() string {
	e := p.Sim.State()
	pos := e.CogPos()
	s := fmt.Sprintf("status: %s\ncog: %d %d\nmessage: %s\n", p.StatusLine(), pos.X, pos.Y, p.Message())
	if p.tomb != nil {
		r := p.Sim.Result()
		s += fmt.Sprintf("over: %s score %d\n", r.Cause, r.Score)
	}
	if p.saved != "" {
		s += "saved: " + p.saved + "\n"
	}
	if a := p.Activity(); a != "" {
		s += "activity: " + a + "\n"
	}
	if p.prof.On() {
		s += fmt.Sprintf("profiler: %d systems over %d ticks\n", len(p.prof.rows), p.prof.ticks())
	}
	return s
}

// Counting reports the count being typed.
func (p *Play) Counting() (int, bool) { return p.count.n, p.count.on }

// binding is the command of k in play: with the number pad on the digits
// move.
func (p *Play) binding(k Key) (Binding, bool) {
	if p.opts.NumberPad {
		if d, ok := numberPadDirs[k]; ok {
			return Binding{Key: k, Action: Perform, Prim: c.Primitive{Op: c.OpMove, Dir: d}, Help: "move " + d.Word()}, true
		}
	}
	return PlayBinding(k)
}
