package view

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/reply"
)

// LogSize is how many messages the scrolling log keeps.
const LogSize = 200

// PlayHooks are what play asks of the program around it: files.
type PlayHooks struct {
	// Save writes the game (S, or the window closing) and returns where.
	Save func(s *sim.Sim, wizard bool, log []string) (string, error)
	// Record appends the result of a finished game that is not a wizard
	// game to the record file and returns its path.
	Record func(r sim.Result) (string, error)
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
	// Log is the message log carried over from a saved game.
	Log   []string
	Hooks PlayHooks
	// NumberPad: the digits move as the keypad does, and a count is
	// typed after n (NetHack's number_pad); off, digits type a count.
	NumberPad bool
}

type playMode uint8

const (
	playing playMode = iota
	askItem
	askDir
	askDie
	askKeep
	helping
	over
	// picking: a cell is being picked for travel or look.
	picking
	// extended: a verb's word is being typed after # (§32.3).
	extended
	// askAim: a direction or > is asked for a letter-and-aim verb.
	askAim
)

// Play is a game played by a person (§22): one key, one primitive, one
// tick (sim.Step), with NetHack's prompts, the help overlay, wizard mode's
// "Die?", save and quit, and the end screen.
type Play struct {
	Sim  *sim.Sim
	opts PlayOptions
	mode playMode
	// pending is the command waiting for its item letter or direction.
	pending Binding
	prompt  string
	// note replaces the message line until the next key (the front
	// end's own messages: "Never mind.", a failed save).
	note string
	// end is the end screen's record line.
	end   string
	saved string
	// logBack is how many lines the message log is scrolled back.
	logBack int
	quit    bool
	m       Map
	// line is the buffer the status and inventory lines are formatted in.
	line []byte

	// count is the count being typed (counting: n was pressed, or a
	// digit).
	count    int
	counting bool
	// auto is the count, run, travel or auto-explore under way; stopped
	// says why the last one stopped.
	auto     auto
	stopped  string
	explorer *agents.Explore
	parser   reply.Parser
	queue    c.Queue
	// pick is what the cell being picked is for (Travel or Look), cursor
	// the cell; travelTo is the last travel target.
	pick      Action
	cursor    c.Pos
	travelTo  c.Pos
	travelSet bool
	// hover is the map cell under the mouse, if any.
	hover    c.Pos
	hovering bool
	items    itemMemory
	prof     Profiler
	// verbs are the verb table's rows active in the episode (the core's,
	// then its mechanics'); ext is the extended command being typed.
	verbs []*c.Verb
	ext   []byte
	// scores is the top of the record for the closing screen.
	scores []string
}

// NewPlay starts playing s.
func NewPlay(s *sim.Sim, o PlayOptions) *Play {
	s.State().Log.SetHistory(LogSize)
	p := &Play{Sim: s, opts: o}
	names := s.MechanicNames()
	p.verbs = c.ActiveVerbs(names)
	p.parser.SetMechanics(names)
	p.remember()
	if o.AskKeep {
		p.mode, p.prompt = askKeep, "Do you want to keep the save file? [yn] (n)"
	}
	if s.Done() {
		p.finish()
	}
	return p
}

// Profiler is the profiler overlay's state (F3).
func (p *Play) Profiler() *Profiler { return &p.prof }

// Title is the game's title (the seed, the rules …).
func (p *Play) Title() string { return p.opts.Title }

// Wizard reports whether this is a wizard game.
func (p *Play) Wizard() bool { return p.opts.Wizard }

// Over reports whether the game has ended (the end screen is up).
func (p *Play) Over() bool { return p.mode == over }

// Prompt is the question being asked, or "".
func (p *Play) Prompt() string { return p.prompt }

// Note is the front end's own message on the message line, or "".
func (p *Play) Note() string { return p.note }

// Saved is where the game was saved, once it has been.
func (p *Play) Saved() string { return p.saved }

// Size implements App.
func (p *Play) Size() (int, int) { return playCols, playRows }

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
		p.hover, p.hovering = mapCell(*in.Hover)
	}
	if in.Click != nil && !in.Drag && !p.quit {
		if q, ok := mapCell(*in.Click); ok {
			p.Click(q)
		}
	}
	if len(in.Keys) == 0 && (in.Click == nil || in.Drag) {
		p.Advance()
	}
	p.prof.Sample(p.Sim)
	return p.quit
}

// mapCell is the board cell at grid point pt, if pt is on the map.
func mapCell(pt Point) (c.Pos, bool) {
	q := c.Pos{X: pt.X, Y: pt.Y - mapTop}
	return q, q.In()
}

// Click is a click on board cell q: while a cell is picked, it picks q;
// in play it travels to q.
func (p *Play) Click(q c.Pos) {
	switch {
	case p.Busy():
		p.stop("")
	case p.mode == picking:
		p.cursor = q
		p.picked()
	case p.mode == playing:
		p.note = ""
		p.startTravel(q)
	}
}

// Key handles one key press and reports whether the program should end.
// Any key stops a command under way (and does nothing else).
func (p *Play) Key(k Key) bool {
	p.note = ""
	if p.Busy() {
		p.stop("")
		return p.quit
	}
	if k == KeyF3 {
		p.prof.Toggle(p.Sim)
		return p.quit
	}
	switch p.mode {
	case picking:
		p.pickKey(k)
	case askKeep:
		if yes, ok := yesNo(k); ok {
			p.mode, p.prompt = playing, ""
			p.keepSave(yes)
		}
	case askDie:
		if yes, ok := yesNo(k); ok {
			p.prompt = ""
			if yes {
				p.finish()
			} else {
				p.Sim.Revive()
				p.mode, p.note = playing, "OK, so you don't die."
			}
		}
	case over:
		p.quit = true
	case helping:
		p.mode = playing
	case extended:
		p.extendedKey(k)
	case askAim:
		p.aimKey(k)
	case askItem:
		p.mode, p.prompt = playing, ""
		if ch, ok := k.Printable(); ok && ch >= 'a' && ch <= 'z' {
			prim := p.pending.Prim
			prim.Letter = ch
			if p.pending.Action == AskItemAim {
				p.askAim(prim)
			} else {
				p.step(prim)
			}
		} else {
			p.note = "Never mind."
		}
	case askDir:
		p.mode, p.prompt = playing, ""
		if d, ok := DirOf(k); ok {
			prim := p.pending.Prim
			prim.Dir = d
			p.step(prim)
		} else if k == KeyEscape {
			p.note = "Never mind."
		} else {
			p.note = "What a strange direction!  Never mind."
		}
	default:
		p.command(k)
	}
	return p.quit
}

// yesNo reads the answer to a [yn] question whose default is no.
func yesNo(k Key) (yes, ok bool) {
	switch k {
	case 'y', 'Y':
		return true, true
	case 'n', 'N', KeyEscape, KeyEnter, ' ':
		return false, true
	}
	return false, false
}

func (p *Play) command(k Key) {
	if p.countKey(k) {
		return
	}
	n := p.count
	p.count, p.counting = 0, false
	if d, ok := RunOf(k); ok {
		p.startRun(d)
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
	switch b.Action {
	case Perform:
		if n > 1 {
			p.startCount(b, n)
			return
		}
		p.step(b.Prim)
	case Travel:
		p.startPick(Travel)
	case Look:
		p.startPick(Look)
	case Explore:
		p.startExplore()
	case Profile:
		p.prof.Toggle(p.Sim)
	case Extended:
		p.startExtended()
	case AskItem, AskItemAim:
		letters := p.letters(&b)
		if letters == "" {
			p.note = "You don't have anything to " + b.Verb + "."
			return
		}
		p.pending, p.mode = b, askItem
		p.prompt = fmt.Sprintf("What do you want to %s? [%s or ?*]", b.Verb, letters)
	case AskDir:
		p.pending, p.mode = b, askDir
		p.prompt = "In what direction?"
	case ShowHelp:
		p.mode = helping
	case SaveQuit:
		p.save()
	case ScrollLog:
		p.logBack = max(0, min(p.logBack+b.Scroll, len(p.logLines())-logRows))
	}
}

// letters lists the inventory letters the binding's prompt offers.
func (p *Play) letters(b *Binding) string {
	e := p.Sim.State()
	inv := e.Inventory.Get(e.Run.Cog)
	var out []byte
	for i, sl := range inv.Slots {
		if !sl.Empty() && b.offers(sl.Kind.Info().Class) {
			out = append(out, c.Letters[i])
		}
	}
	return string(out)
}

// step performs one primitive: one tick.
func (p *Play) step(prim c.Primitive) {
	p.logBack = 0
	p.Sim.Step(prim)
	p.remember()
	if !p.Sim.Done() {
		return
	}
	if p.opts.Wizard && p.Sim.Result().Cause != "clock" {
		p.mode, p.prompt = askDie, "Die? [yn] (n)"
		return
	}
	p.finish()
}

// finish ends the game: the end screen, and the record unless in wizard
// mode (§22).
func (p *Play) finish() {
	p.mode, p.prompt = over, ""
	switch {
	case p.opts.Wizard:
		p.end = "Wizard mode: no record written."
	case p.opts.Hooks.Record != nil:
		path, err := p.opts.Hooks.Record(p.Sim.Result())
		if err != nil {
			p.end = "Could not write the record: " + err.Error()
		} else {
			p.end = "Score recorded in " + path
		}
	}
	if p.opts.Hooks.Scores != nil {
		p.scores = p.opts.Hooks.Scores()
	}
}

func (p *Play) save() {
	if p.opts.Hooks.Save == nil {
		p.note = cmp.Or(p.opts.Hooks.NoSave, "Saving is not available.")
		return
	}
	path, err := p.opts.Hooks.Save(p.Sim, p.opts.Wizard, p.Log())
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
	if p.quit || p.mode == over || p.mode == askDie || p.Sim.Done() {
		return
	}
	if p.mode == askKeep {
		p.keepSave(true)
	}
	p.save()
}

// Log is the message log, oldest first: the saved game's, then this
// session's.
func (p *Play) Log() []string {
	return append(append([]string(nil), p.opts.Log...), p.Sim.State().Log.History()...)
}

// Message is the message line: a prompt, the front end's note, or the
// messages of the last tick.
func (p *Play) Message() string {
	switch {
	case p.prompt != "":
		return p.prompt
	case p.note != "":
		return p.note
	}
	f := p.Sim.Frame()
	return string(f.Message)
}

// StatusLine is §15's status line with the clock in ticks, as a person
// plays it: "Dlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:12/2200".
func (p *Play) StatusLine() string {
	st := p.Sim.Frame().Status
	clock := p.Sim.State().Clock
	st.MaxTicks = clock.MaxTurns * clock.TurnTicks
	p.line = text.AppendStatus(p.line[:0], &st)
	return string(p.line)
}

// InventoryLines lists the pack as NetHack's inventory does: the gold,
// then "a - a dagger (weapon in hand)" …
func (p *Play) InventoryLines() []string {
	e := p.Sim.State()
	cog := e.Run.Cog
	var out []string
	if g := e.Purse.Get(cog).Gold; g > 0 {
		out = append(out, fmt.Sprintf("$ - %d gold piece%s", g, map[bool]string{true: "", false: "s"}[g == 1]))
	}
	inv := e.Inventory.Get(cog)
	for i := range inv.Slots {
		if !inv.Slots[i].Empty() {
			p.line = c.AppendStack(p.line[:0], inv, e.Knowledge, i)
			out = append(out, string(p.line))
		}
	}
	return out
}

// Summary implements App.
func (p *Play) Summary() string {
	e := p.Sim.State()
	pos := e.CogPos()
	s := fmt.Sprintf("status: %s\ncog: %d %d\nmessage: %s\n", p.StatusLine(), pos.X, pos.Y, p.Message())
	if p.mode == over {
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
