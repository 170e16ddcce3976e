package view

import (
	"fmt"
	"strconv"
)

// Begin starts the game the quick-start screen settled on.
type Begin func(seed uint64, rules string, wizard bool) (App, error)

// Start is the quick-start screen (§22), shown when cogplay is started
// without a seed: the seed (typed, a random one offered), the rules
// variant and wizard mode; Enter starts the game, which then runs in its
// place.
type Start struct {
	seed string
	// fresh: the seed is the one offered, which the first digit typed
	// replaces.
	fresh  bool
	rules  []string
	rule   int
	wizard bool
	row    int
	begin  Begin
	app    App
	err    string
	quit   bool
	// InPage: the screen runs in a web page, which has nothing to quit
	// to (Esc and q do nothing, and are not offered).
	InPage bool
}

// The quick-start screen's rows.
const (
	startSeed = iota
	startRules
	startWizard
	startRows
)

// NewStart offers seed, the rules variants (rule first chosen) and
// wizard mode.
func NewStart(seed uint64, rules []string, rule string, wizard bool, begin Begin) *Start {
	s := &Start{seed: strconv.FormatUint(seed, 10), fresh: true, rules: rules, wizard: wizard, begin: begin}
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

// Size implements App.
func (s *Start) Size() (int, int) { return playCols, playRows }

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
		s.start()
		return
	case KeyEscape, 'q':
		s.quit = !s.InPage
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
	app, err := s.begin(seed, s.rules[s.rule], s.wizard)
	if err != nil {
		s.err = err.Error()
		return
	}
	s.app = app
}

// Draw implements App.
func (s *Start) Draw(g *Grid) {
	if s.app != nil {
		s.app.Draw(g)
		return
	}
	g.Clear()
	g.Text(4, 2, "cogplay: a new game", HeadColour)
	g.Text(4, 3, "Choose, then press Enter. Up and down pick a line.", FaintColour)
	wizard := "no"
	if s.wizard {
		wizard = "yes: \"Die?\" on death, no record written"
	}
	rules := ""
	for i, r := range s.rules {
		if i == s.rule {
			rules += "[" + r + "] "
		} else {
			rules += " " + r + "  "
		}
	}
	rows := []struct{ name, value, help string }{
		{"Seed", s.seed, "digits replace the seed offered, Backspace (the same seed is the same dungeon)"},
		{"Rules", rules, "left and right: the rules variant"},
		{"Wizard mode", wizard, "left and right, y or n"},
	}
	for i, r := range rows {
		y := 6 + 3*i
		colour := TextColour
		if i == s.row {
			g.Fill(3, y, playCols-3, y+1, CursorBack)
			colour = StatusColour
			g.Text(2, y, ">", PromptColour)
		}
		g.Text(4, y, fmt.Sprintf("%-12s %s", r.name+":", r.value), colour)
		g.Text(17, y+1, r.help, FaintColour)
	}
	if s.err != "" {
		g.Text(4, 16, s.err, WarnColour)
	}
	if s.InPage {
		g.Text(4, 18, "Enter: start", PromptColour)
	} else {
		g.Text(4, 18, "Enter: start   Esc or q: quit", PromptColour)
	}
	g.Text(4, 20, "In the game: ? help, x auto-explore, _ travel, ; look, F3 the profiler,", FaintColour)
	g.Text(4, 21, "digits and a command repeat it, Shift and a direction runs, F11 full screen.", FaintColour)
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
	return fmt.Sprintf("start: seed %s, rules %s, wizard %t\n", seed, rules, wizard)
}
