package view

import (
	"fmt"

	c "github.com/cogsim/cogsim/components"
)

// countKey reads a key of a count (NetHack's): with the number pad off,
// digits; with it on, n and then digits. Backspace takes a digit back,
// Esc drops the count. It reports whether k was taken.
func (p *Play) countKey(k Key) bool {
	digit := k >= '0' && k <= '9'
	switch {
	case p.opts.NumberPad && k == 'n' && !p.counting:
		p.counting = true
	case digit && (p.counting || !p.opts.NumberPad):
		p.counting = true
		p.count = min(p.count*10+int(k-'0'), 9999)
	case p.counting && k == KeyBackspace:
		p.count /= 10
	case p.counting && k == KeyEscape:
		p.count, p.counting = 0, false
		p.note = "Never mind."
		return true
	default:
		return false
	}
	p.note = "Count: "
	if p.count > 0 {
		p.note += fmt.Sprint(p.count)
	}
	return true
}

// Counting reports the count being typed.
func (p *Play) Counting() (int, bool) { return p.count, p.counting }

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

// startPick asks for a cell, for travel or look: the cursor starts on
// the last travel target (travel) or on the cog.
func (p *Play) startPick(a Action) {
	p.mode, p.pick = picking, a
	p.cursor = p.Sim.State().CogPos()
	if a == Travel {
		if p.travelSet {
			p.cursor = p.travelTo
		}
		p.prompt = "Where do you want to travel to? (move the cursor, . or , or ; to pick, < or > the stairs, Esc)"
	} else {
		p.prompt = "Pick an object. (move the cursor, . or , or ; to pick, Esc)"
	}
}

// Cursor is the cell being picked, while one is.
func (p *Play) Cursor() (c.Pos, bool) { return p.cursor, p.mode == picking }

// pickKey moves the cursor (a direction key one cell, a run key eight),
// picks the cell, or gives up.
func (p *Play) pickKey(k Key) {
	move := func(d c.Dir, n int) {
		for i := 0; i < n; i++ {
			if q := p.cursor.Add(d); q.In() {
				p.cursor = q
			}
		}
	}
	if d, ok := DirOf(k); ok {
		move(d, 1)
		return
	}
	if d, ok := RunOf(k); ok {
		move(d, 8)
		return
	}
	switch k {
	case '.', ',', ';', ':', KeyEnter, '_':
		p.picked()
	case '>':
		if q, ok := p.knownStairs(); ok {
			p.cursor = q
			p.picked()
			return
		}
		p.mode, p.prompt = playing, ""
		p.note = "You don't know where the staircase down is."
	case '<':
		p.mode, p.prompt = playing, ""
		p.note = "There is no staircase up: cogsim's levels are left by the stairs down."
	case KeyEscape:
		p.mode, p.prompt = playing, ""
		p.note = "Never mind."
	}
}

// knownStairs is the staircase down, if the cog has seen it.
func (p *Play) knownStairs() (c.Pos, bool) {
	l := p.Sim.State().Level
	for i, g := range l.MemTerrain {
		if g == '>' {
			return c.PosOf(i), true
		}
	}
	return c.Pos{}, false
}

// picked acts on the cell picked: travel there, or say what it is.
func (p *Play) picked() {
	p.mode, p.prompt = playing, ""
	if p.pick == Travel {
		p.startTravel(p.cursor)
		return
	}
	p.note = p.Describe(p.cursor)
}
