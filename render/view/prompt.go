package view

import (
	"fmt"
	"strings"

	c "github.com/cogsim/cogsim/components"
)

// A modal is a mode of play that takes the keys while it is up: the
// prompts (an item letter, a direction, yes or no, an extended command),
// picking a cell, and the overlays (help, the inventory, the message
// log). None of them costs a tick; what they settle on is performed by
// play (Play.perform, Game.Step).
type modal interface {
	// key takes one key; it reports whether the mode is over.
	key(p *Play, k Key) (done bool)
	// prompt is the message line while the mode is up ("" for none).
	prompt() string
	// draw draws the mode's overlay, if it has one.
	draw(p *Play, g *Grid)
}

// itemAsk is "What do you want to eat? [b or ?*]": a letter of the pack
// answers; a letter of nothing says so and asks again; ? lists the items
// offered and * the whole pack; Esc gives up.
type itemAsk struct {
	b       Binding
	letters string
	note    string
	list    []string
}

func (a *itemAsk) prompt() string {
	q := fmt.Sprintf("What do you want to %s? [%s or ?*]", a.b.Verb, a.letters)
	if a.note != "" {
		return a.note + "  " + q
	}
	return q
}

func (a *itemAsk) key(p *Play, k Key) bool {
	a.note = ""
	ch, ok := k.Printable()
	switch {
	case k == KeyEscape || k == ' ' || k == KeyEnter:
		p.note = "Never mind."
		return true
	case ch == '?':
		a.list = p.game.inventoryOf(a.letters)
		return false
	case ch == '*':
		a.list = p.game.InventoryDetails()
		return false
	case ok && ch >= 'a' && ch <= 'z':
		if !p.game.has(ch) {
			a.note = "You don't have that object."
			return false
		}
		prim := a.b.Prim
		prim.Letter = ch
		if a.b.Action == AskItemAim {
			p.push(&dirAsk{prim: prim, aim: true})
			return true
		}
		p.step(prim)
		return true
	}
	a.note = "You don't have that object."
	return false
}

func (a *itemAsk) draw(p *Play, g *Grid) {
	if len(a.list) > 0 {
		listBox(g, p.MapTop(), a.list)
	}
}

// listBox draws a menu of lines at the top right from row top, over the
// map.
func listBox(g *Grid, top int, lines []string) {
	w := 0
	for _, l := range lines {
		w = max(w, len(l))
	}
	x0 := max(0, g.W-w-4)
	box(g, x0, top, g.W, min(top+len(lines)+2, g.H-1))
	for i, l := range lines {
		g.Text(x0+2, top+1+i, clip(l, g.W-x0-2), TextColour)
	}
}

// dirAsk is "In what direction?" for a direction verb (C, ^D), or,
// with aim, for where a letter-and-aim verb's item is aimed: a direction
// key, or > (down).
type dirAsk struct {
	prim c.Primitive
	aim  bool
}

func (a *dirAsk) prompt() string { return "In what direction?" }

func (a *dirAsk) key(p *Play, k Key) bool {
	prim := a.prim
	if d, ok := DirOf(k); ok {
		prim.Dir = d
		if a.aim {
			prim.Aim = c.AimDir
		}
		p.step(prim)
	} else if k == '>' && a.aim {
		prim.Aim = c.AimDown
		p.step(prim)
	} else if k == KeyEscape {
		p.note = "Never mind."
	} else {
		p.note = "What a strange direction!  Never mind."
	}
	return true
}

func (a *dirAsk) draw(*Play, *Grid) {}

// yesNo is a [yn] question whose default is no; then is told the answer.
type yesNo struct {
	q    string
	then func(p *Play, yes bool)
}

func (a *yesNo) prompt() string { return a.q }

func (a *yesNo) key(p *Play, k Key) bool {
	yes, ok := yesNoKey(k)
	if !ok {
		return false
	}
	p.pop()
	a.then(p, yes)
	return false // popped already
}

func (a *yesNo) draw(*Play, *Grid) {}

// yesNoKey reads the answer to a [yn] question whose default is no.
func yesNoKey(k Key) (yes, ok bool) {
	switch k {
	case 'y', 'Y':
		return true, true
	case 'n', 'N', KeyEscape, KeyEnter, ' ':
		return false, true
	}
	return false, false
}

// overlay is a page of text over the screen (help, the inventory, the
// whole message log), its lines wrapped at the screen's width; the
// direction keys and PgUp/PgDn scroll a long one, any other key closes
// it.
type overlay struct {
	title string
	lines []string
	top   int
	// bottom: the page starts scrolled to its end (the log).
	bottom bool
	// shown are the lines as last drawn (wrapped), h the rows shown.
	shown []string
	h     int
}

func (o *overlay) prompt() string { return "" }

func (o *overlay) rows() int { return max(1, o.h) }

func (o *overlay) key(p *Play, k Key) bool {
	last := max(0, len(o.shown)-o.rows())
	switch k {
	case KeyUp, 'k':
		o.top = max(0, o.top-1)
	case KeyDown, 'j':
		o.top = min(last, o.top+1)
	case KeyPageUp, '<':
		o.top = max(0, o.top-o.rows())
	case KeyPageDown, '>':
		o.top = min(last, o.top+o.rows())
	case Ctrl('p'):
		o.top = max(0, o.top-1)
	default:
		return true
	}
	return false
}

func (o *overlay) draw(p *Play, g *Grid) {
	o.shown, o.h = o.shown[:0], g.H-4
	for _, line := range o.lines {
		o.shown = append(o.shown, wrapIndented(line, g.W-4)...)
	}
	if o.bottom {
		o.top, o.bottom = max(0, len(o.shown)-o.rows()), false
	}
	o.top = min(o.top, max(0, len(o.shown)-o.rows()))
	box(g, 0, 0, g.W, g.H)
	g.Text(2, 1, o.title, HeadColour)
	end := min(len(o.shown), o.top+o.rows())
	for i, line := range o.shown[o.top:end] {
		g.Text(2, 3+i, line, TextColour)
	}
	more := "Any other key: back."
	if len(o.shown) > o.rows() {
		more = fmt.Sprintf("Lines %d-%d of %d; up/down, PgUp/PgDn scroll; any other key: back.", o.top+1, end, len(o.shown))
		if len(more)+4 > g.W {
			more = fmt.Sprintf("%d-%d of %d; up/down scroll", o.top+1, end, len(o.shown))
		}
	}
	g.Text(2, g.H-1, more, FaintColour)
}

// wrapIndented wraps line at width, the rows after the first indented
// two more than the line is.
func wrapIndented(line string, width int) []string {
	if len(line) <= width {
		return []string{line}
	}
	indent := len(line) - len(strings.TrimLeft(line, " "))
	if indent > width/2 {
		indent = 0
	}
	first := Wrap(line, width)[0]
	out := []string{first}
	for _, r := range Wrap(strings.TrimLeft(line[len(first):], " "), width-indent-2) {
		out = append(out, strings.Repeat(" ", indent+2)+r)
	}
	return out
}

// extAsk is NetHack's extended command: "#", a verb's word, Enter.
type extAsk struct {
	buf []byte
	// words are the verbs what is typed may still become.
	words []string
}

// matches are the active verbs whose word starts with what is typed.
func (a *extAsk) matches(p *Play) []*c.Verb {
	var out []*c.Verb
	for _, v := range p.verbs {
		if strings.HasPrefix(v.Word, string(a.buf)) {
			out = append(out, v)
		}
	}
	return out
}

func (a *extAsk) prompt() string {
	if len(a.words) == 0 {
		return "# " + string(a.buf)
	}
	return "# " + string(a.buf) + "  [" + strings.Join(a.words, " ") + "]"
}

// key reads a key of the extended command: letters type (the prompt
// lists the verbs they may still become), Backspace erases, Enter
// performs the verb typed (its word or an alias, or the one verb the
// letters begin), Esc cancels.
func (a *extAsk) key(p *Play, k Key) bool {
	ch, printable := k.Printable()
	switch {
	case k == KeyEscape:
		p.note = "Never mind."
		return true
	case k == KeyBackspace:
		if len(a.buf) > 0 {
			a.buf = a.buf[:len(a.buf)-1]
		}
	case k == KeyEnter:
		p.pop()
		a.perform(p, string(a.buf))
		return false
	case printable && ch != ' ' && len(a.buf) < 32:
		if 'A' <= ch && ch <= 'Z' {
			ch |= 0x20
		}
		a.buf = append(a.buf, ch)
	}
	a.refresh(p)
	return false
}

func (a *extAsk) refresh(p *Play) {
	a.words = a.words[:0]
	for _, v := range a.matches(p) {
		a.words = append(a.words, v.Word)
	}
}

// perform performs the verb typed after "#".
func (a *extAsk) perform(p *Play, typed string) {
	if typed == "" {
		return
	}
	var v *c.Verb
	for _, x := range p.verbs {
		if x.Takes(typed) {
			v = x
			break
		}
	}
	if v == nil {
		if m := a.matches(p); len(m) == 1 {
			v = m[0]
		}
	}
	if v == nil {
		p.note = fmt.Sprintf("#%s: unknown extended command.", typed)
		return
	}
	p.perform(VerbBinding(v), 1)
}

func (a *extAsk) draw(*Play, *Grid) {}

// picker picks a cell for travel or look: the direction keys move the
// cursor (a run key eight cells), . , ; : Enter or _ pick, > the known
// staircase, Esc gives up.
type picker struct {
	what   Action
	cursor c.Pos
}

func (a *picker) prompt() string {
	if a.what == Travel {
		return "Where do you want to travel to? (move the cursor, . or , or ; to pick, < or > the stairs, Esc)"
	}
	return "Pick an object. (move the cursor, . or , or ; to pick, Esc)"
}

func (a *picker) key(p *Play, k Key) bool {
	move := func(d c.Dir, n int) {
		for i := 0; i < n; i++ {
			if q := a.cursor.Add(d); q.In() {
				a.cursor = q
			}
		}
	}
	if d, ok := DirOf(k); ok {
		move(d, 1)
		return false
	}
	if d, ok := RunOf(k); ok {
		move(d, 8)
		return false
	}
	switch k {
	case '.', ',', ';', ':', KeyEnter, '_':
		p.pop()
		p.picked(a.what, a.cursor)
	case '>':
		if q, ok := knownStairs(p.game); ok {
			p.pop()
			p.picked(a.what, q)
			return false
		}
		p.note = "You don't know where the staircase down is."
		return true
	case '<':
		p.note = "There is no staircase up: cogsim's levels are left by the stairs down."
		return true
	case KeyEscape:
		p.note = "Never mind."
		return true
	}
	return false
}

func (a *picker) draw(p *Play, g *Grid) {
	top := p.MapTop()
	g.Fill(a.cursor.X, top+a.cursor.Y, a.cursor.X+1, top+a.cursor.Y+1, CursorBack)
}

// knownStairs is the staircase down, if the cog has seen it.
func knownStairs(g *Game) (c.Pos, bool) {
	l := g.Sim.State().Level
	for i, gl := range l.MemTerrain {
		if gl == '>' {
			return c.PosOf(i), true
		}
	}
	return c.Pos{}, false
}

// counter is a count typed before a command (NetHack's): with the
// number pad off, digits; with it on, n and then digits. Backspace takes
// a digit back, Esc drops the count. It is no modal: any other key is
// the command the count applies to.
type counter struct {
	n  int
	on bool
}

// key reads k; it reports whether k was the count's, and what the
// message line says then.
func (c *counter) key(k Key, numberPad bool) (taken bool, note string) {
	digit := k >= '0' && k <= '9'
	switch {
	case numberPad && k == 'n' && !c.on:
		c.on = true
	case digit && (c.on || !numberPad):
		c.on = true
		c.n = min(c.n*10+int(k-'0'), 9999)
	case c.on && k == KeyBackspace:
		c.n /= 10
	case c.on && k == KeyEscape:
		*c = counter{}
		return true, "Never mind."
	default:
		return false, ""
	}
	note = "Count: "
	if c.n > 0 {
		note += fmt.Sprint(c.n)
	}
	return true, note
}

// take is the count typed, and clears it.
func (c *counter) take() int {
	n := c.n
	*c = counter{}
	return n
}
