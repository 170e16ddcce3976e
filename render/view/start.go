package view

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/cogsim/cogsim/ecs"
)

// Choice is what the quick-start screen settled on.
type Choice struct {
	Seed      uint64
	Rules     string
	Mechanics []string
	Wizard    bool
}

// Begin starts the game the quick-start screen settled on.
type Begin func(Choice) (App, error)

// Mechanic is a mechanic the quick-start screen offers: its name and
// its one-line summary.
type Mechanic struct{ Name, Doc string }

// OfferedMechanics are the mechanics the quick-start screen offers:
// every registered one (§27.1) that no rules variant installs already.
func OfferedMechanics() []Mechanic {
	inVariant := map[string]bool{}
	for _, v := range ecs.Variants() {
		for _, m := range v.Mechanics {
			inVariant[m] = true
		}
	}
	var out []Mechanic
	for _, m := range ecs.Mechanics() {
		if !inVariant[m.Name] {
			out = append(out, Mechanic{Name: m.Name, Doc: m.Doc})
		}
	}
	return out
}

// Start is the quick-start screen (§22), shown when cogplay is started
// without a seed: what the game is for, then the seed (typed, a random
// one offered), the rules variant, the mechanics to add and wizard mode;
// Enter starts the game, which then runs in its place.
type Start struct {
	seed string
	// fresh: the seed is the one offered, which the first digit typed
	// replaces.
	fresh  bool
	rules  []string
	rule   int
	wizard bool
	// mechanics are the mechanics offered, on those chosen; mech is the
	// one the cursor is on.
	mechanics []Mechanic
	on        []bool
	mech      int
	row       int
	begin     Begin
	app       App
	err       string
	quit      bool
	// InPage: the screen runs in a web page, which has nothing to quit
	// to (Esc and q do nothing, and are not offered).
	InPage bool
	// Note is said above the choices (the browser: "Your game is saved
	// …"); Resume, when set, is what Enter does instead of starting a
	// new game (the page restores its saved game), and n then starts a
	// new one.
	Note   string
	Resume func() (App, error)
	// cols and rows are the grid Fit chose (0: 96 x 31).
	cols, rows int
}

// The quick-start screen's rows.
const (
	startSeed = iota
	startRules
	startMechanics
	startWizard
	startRows
)

// NewStart offers seed, the rules variants (rule first chosen), the
// mechanics that may be added and wizard mode.
func NewStart(seed uint64, rules []string, rule string, mechanics []Mechanic, wizard bool, begin Begin) *Start {
	s := &Start{seed: strconv.FormatUint(seed, 10), fresh: true, rules: rules, wizard: wizard, begin: begin,
		mechanics: mechanics, on: make([]bool, len(mechanics))}
	for i, r := range rules {
		if r == rule {
			s.rule = i
		}
	}
	return s
}

// Game is the app started, or nil while the screen is up.
func (s *Start) Game() App { return s.app }

// Choice is what the screen holds: the seed as typed, the rules, wizard.
func (s *Start) Choice() (string, string, bool) { return s.seed, s.rules[s.rule], s.wizard }

// Mechanics are the mechanics chosen.
func (s *Start) Mechanics() []string {
	var out []string
	for i, m := range s.mechanics {
		if s.on[i] {
			out = append(out, m.Name)
		}
	}
	return out
}

// Size implements App.
func (s *Start) Size() (int, int) {
	if s.app != nil {
		return s.app.Size()
	}
	if s.cols == 0 {
		return ObservationCols, 31
	}
	return s.cols, s.rows
}

// Fit implements Fitter: the play screen's fit, so that the game starts
// on the grid the screen had.
func (s *Start) Fit(w, h, cw, ch int) float64 {
	if f, ok := s.app.(Fitter); ok {
		return f.Fit(w, h, cw, ch)
	}
	if s.app != nil {
		cols, rows := s.app.Size()
		return FitScale(w, h, cols*cw, rows*ch)
	}
	var scale float64
	s.cols, s.rows, scale = PlayFit(w, h, cw, ch)
	return scale
}

// Update implements App: once the game has started it gets the input.
func (s *Start) Update(in Input) bool {
	if s.app != nil {
		return s.app.Update(in)
	}
	for i, k := range in.Keys {
		s.Key(k)
		if s.quit {
			return true
		}
		if s.app != nil {
			rest := in
			rest.Keys = in.Keys[i+1:]
			return s.app.Update(rest)
		}
	}
	return false
}

// Key handles one key of the screen.
func (s *Start) Key(k Key) {
	s.err = ""
	switch k {
	case KeyUp, 'k':
		s.row = (s.row + startRows - 1) % startRows
		return
	case KeyDown, 'j', '\t':
		s.row = (s.row + 1) % startRows
		return
	case KeyEnter:
		if s.Resume != nil {
			s.started(s.Resume())
			return
		}
		s.start()
		return
	case KeyEscape, 'q':
		s.quit = !s.InPage
		return
	}
	if k == 'n' && s.Resume != nil && s.row != startWizard {
		s.start()
		return
	}
	switch s.row {
	case startSeed:
		switch {
		case k >= '0' && k <= '9' && (len(s.seed) < 19 || s.fresh):
			if s.seed == "0" || s.fresh {
				s.seed = ""
			}
			s.seed += string(byte(k))
		case k == KeyBackspace && len(s.seed) > 0:
			s.seed = s.seed[:len(s.seed)-1]
		}
		s.fresh = false
	case startRules:
		switch k {
		case KeyLeft, 'h':
			s.rule = (s.rule + len(s.rules) - 1) % len(s.rules)
		case KeyRight, 'l', ' ':
			s.rule = (s.rule + 1) % len(s.rules)
		}
	case startMechanics:
		if len(s.mechanics) == 0 {
			return
		}
		switch k {
		case KeyLeft, 'h':
			s.mech = (s.mech + len(s.mechanics) - 1) % len(s.mechanics)
		case KeyRight, 'l':
			s.mech = (s.mech + 1) % len(s.mechanics)
		case ' ', 'x':
			s.on[s.mech] = !s.on[s.mech]
		}
	case startWizard:
		switch k {
		case KeyLeft, KeyRight, 'h', 'l', ' ':
			s.wizard = !s.wizard
		case 'y':
			s.wizard = true
		case 'n':
			s.wizard = false
		}
	}
}

func (s *Start) start() {
	seed, err := strconv.ParseUint(s.seed, 10, 64)
	if err != nil {
		s.err = "The seed is a number: type its digits."
		return
	}
	s.started(s.begin(Choice{Seed: seed, Rules: s.rules[s.rule], Mechanics: s.Mechanics(), Wizard: s.wizard}))
}

func (s *Start) started(app App, err error) {
	if err != nil {
		s.err = err.Error()
		return
	}
	s.app = app
}

// GoalLines say what a game is for, for the quick-start screen and the
// help: the clock, the deeds, the score (§13, §16).
func GoalLines() []string {
	return []string{
		"The goal: go down as deep as you can and earn deeds before the clock runs out or you die.",
		"The clock is 2200 ticks (an agent's 55 turns of 40): every key that acts is one tick.",
		"Score = 50 x (deepest level - 1) + experience + gold + 25 per deed. The deeds: reach",
		"levels 2, 3, 5, 8 and 12; the first kill; experience levels 3 and 5; eat when Hungry;",
		"the first potion identified; the first hidden thing found; 100 gold; consult the Oracle",
		"(C and a direction, 50 gold; she says where the stairs are); and live to the end.",
	}
}

// Draw implements App.
func (s *Start) Draw(g *Grid) {
	if s.app != nil {
		s.app.Draw(g)
		return
	}
	g.Clear()
	w := g.W - 4
	y := 1
	text := func(x int, line string, col color.RGBA) {
		for _, row := range Wrap(line, g.W-x-1) {
			g.Text(x, y, row, col)
			y++
		}
	}
	g.Text(2, y, "cogplay: a new game of cogsim", HeadColour)
	y += 2
	for _, line := range Wrap(strings.Join(GoalLines(), " "), w) {
		g.Text(2, y, line, TextColour)
		y++
	}
	y++
	if s.Note != "" {
		for _, line := range Wrap(s.Note, w) {
			g.Text(2, y, line, PromptColour)
			y++
		}
		y++
	}
	wizard := "no"
	if s.wizard {
		wizard = "yes: \"Die?\" on death, no record written"
	}
	var rules []string
	for i, r := range s.rules {
		if i == s.rule {
			rules = append(rules, "["+r+"]")
		} else {
			rules = append(rules, r)
		}
	}
	mechs, mechHelp := "none offered", "no mechanics are built in"
	if len(s.mechanics) > 0 {
		var names []string
		for i, m := range s.mechanics {
			name := m.Name
			if s.on[i] {
				name = "+" + name
			}
			if i == s.mech && s.row == startMechanics {
				name = ">" + name + "<"
			}
			names = append(names, name)
		}
		mechs = strings.Join(names, " ")
		m := s.mechanics[s.mech]
		mechHelp = "left/right pick, space adds (+): " + m.Name + ": " + m.Doc
	}
	rows := []struct{ name, value, help string }{
		{"Seed", s.seed, "digits replace the seed offered, Backspace (the same seed is the same dungeon)"},
		{"Rules", strings.Join(rules, " "), "left and right: the rules variant"},
		{"Mechanics", mechs, mechHelp},
		{"Wizard mode", wizard, "left and right, y or n"},
	}
	for i, r := range rows {
		if i == s.row {
			g.Fill(1, y, g.W-1, y+1, CursorBack)
			g.Text(0, y, ">", PromptColour)
		}
		colour := TextColour
		if i == s.row {
			colour = StatusColour
		}
		g.Text(2, y, clip(fmt.Sprintf("%-12s %s", r.name+":", r.value), g.W-3), colour)
		y++
		text(4, r.help, FaintColour)
		y++
	}
	if s.err != "" {
		text(2, s.err, WarnColour)
	}
	keys := "Enter: start   up/down: a line   Esc or q: quit"
	if s.Resume != nil {
		keys = "Enter: go on with the saved game   n: a new game instead   up/down: a line"
	}
	if s.InPage && s.Resume == nil {
		keys = "Enter: start   up/down: a line"
	}
	text(2, keys, PromptColour)
	y++
	text(2, "In the game: ? help and the symbols, x auto-explore, _ travel, ; look, digits and a command repeat it, Shift and a direction runs, F11 full screen.", FaintColour)
}

// Close implements App.
func (s *Start) Close() {
	if s.app != nil {
		s.app.Close()
	}
}

// Summary implements App.
func (s *Start) Summary() string {
	if s.app != nil {
		return s.app.Summary()
	}
	seed, rules, wizard := s.Choice()
	line := fmt.Sprintf("start: seed %s, rules %s, wizard %t\n", seed, rules, wizard)
	if m := s.Mechanics(); len(m) > 0 {
		line += "mechanics: " + strings.Join(slices.Clone(m), ",") + "\n"
	}
	return line
}
