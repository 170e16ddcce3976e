package view

import (
	"fmt"
	"image/color"
	"math"
	"strings"
)

// The play screen is laid out on a grid that follows the window
// (layout.go): the message line on the top rows, the map (48 x 18) under
// it at the left, the status line and the activity row (the count,
// run, travel or auto-explore under way, why it stopped, or what the
// mouse points at) under the map, the inventory, what is in view and
// the message log around it, and the key hints and the game's title on
// the bottom row.

// logRows is how many lines PgUp and PgDn scroll the message log.
const logRows = 7

// Fit implements Fitter: the grid and scale of PlayFit.
func (p *Play) Fit(w, h, cw, ch int) float64 {
	var scale float64
	p.cols, p.rows, scale = PlayFit(w, h, cw, ch)
	if p.tomb != nil && p.tomb.stone {
		// The tombstone asks for the rows its text needs.
		if need := p.tomb.rowsNeeded(p.cols); need > p.rows {
			hc := float64(h) / float64(ch)
			scale = max(0.25, math.Floor(hc/float64(need)*20)/20)
			p.cols, p.rows = min(maxCols, max(narrowCols, int(float64(w)/float64(cw)/scale))), need
		}
	}
	return scale
}

// Size implements App: the grid Fit chose (96 x 31 until it is
// called), with the rows the tombstone's text needs once it is up.
func (p *Play) Size() (int, int) {
	cols, rows := p.cols, p.rows
	if cols == 0 {
		cols, rows = ObservationCols, 31
	}
	if p.tomb != nil && p.tomb.stone {
		rows = max(rows, p.tomb.rowsNeeded(cols))
	}
	return cols, rows
}

// MapTop is the grid row of the map's first line (the map starts at
// column 0).
func (p *Play) MapTop() int {
	cols, _ := p.Size()
	return messageRows(cols)
}

// Draw implements App: the play screen, the modes stacked over it, the
// profiler overlay, and at the end the tombstone.
func (p *Play) Draw(g *Grid) {
	g.Clear()
	if p.tomb != nil && p.tomb.stone {
		p.tomb.draw(g)
		return
	}
	status, activity := p.StatusLine(), p.ActivityLine()
	p.lay = newLayout(g.W, g.H, status, activity)
	l := &p.lay
	msgColour := TextColour
	if p.Prompt() != "" {
		msgColour = PromptColour
	}
	for i, line := range Wrap(p.Message(), g.W) {
		if i < l.msgRows {
			g.Text(0, i, line, msgColour)
		}
	}
	PlayMap(&p.m, p.Sim)
	g.DrawMap(0, l.mapTop, &p.m, false)
	cog := p.Sim.State().CogPos()
	if p.tomb == nil {
		g.Fill(cog.X, l.mapTop+cog.Y, cog.X+1, l.mapTop+cog.Y+1, CogBack)
	}
	y := p.drawStatus(g, status)
	for _, line := range Wrap(activity, l.textWidth()) {
		if activity != "" {
			g.Text(0, y, line, PromptColour)
		}
		y++
	}
	p.drawPanels(g, l.side, l.sidePanels)
	p.drawPanels(g, l.below, l.belowPans)
	hint, title := p.Footer()
	g.Text(0, l.hintRow, hint, FaintColour)
	g.Text(g.W-len(title), l.hintRow, title, FaintColour)

	for _, m := range p.modes {
		m.draw(p, g)
	}
	if p.prof.On() {
		drawProfiler(g, &p.prof, max(0, l.side.x0-2), l.mapTop-1, l.hintRow)
	}
}

// drawPanels stacks panels in r, top down: each takes the rows it needs
// while three are left for each after it; the last takes the rest.
func (p *Play) drawPanels(g *Grid, r rect, panels []panel) {
	y := r.y0
	for i, pn := range panels {
		room := r.y1 - y
		if i < len(panels)-1 {
			room = min(room-3*(len(panels)-1-i), p.panelRows(pn, r.w()))
		}
		if room <= 0 {
			continue
		}
		p.drawPanel(g, pn, rect{r.x0, y, r.x1, y + room})
		y += room + 1
	}
}

// panelRows is how many rows panel pn needs at width w.
func (p *Play) panelRows(pn panel, w int) int {
	switch pn {
	case inventoryPanel:
		n := 1
		for _, line := range p.game.InventoryDetails() {
			n += len(Wrap(line, w))
		}
		return max(n, 2)
	case inViewPanel:
		return 1 + max(1, len(p.game.InView(&p.m)))
	}
	return 1 + len(p.logLines(w))
}

// drawPanel draws panel pn in r.
func (p *Play) drawPanel(g *Grid, pn panel, r rect) {
	text := func(y int, s string, col color.RGBA) {
		if y < r.y1 {
			g.Text(r.x0, y, clip(s, r.w()), col)
		}
	}
	switch pn {
	case inventoryPanel:
		text(r.y0, "Inventory", HeadColour)
		y := r.y0 + 1
		lines := p.game.InventoryDetails()
		if len(lines) == 0 {
			text(y, "nothing", FaintColour)
		}
		for _, line := range lines {
			for _, row := range Wrap(line, r.w()) {
				text(y, row, TextColour)
				y++
			}
		}
	case inViewPanel:
		text(r.y0, "In view", HeadColour)
		seen := p.game.InView(&p.m)
		if len(seen) == 0 {
			text(r.y0+1, "nothing of note", FaintColour)
		}
		for i, e := range seen {
			y := r.y0 + 1 + i
			if y == r.y1-1 && i < len(seen)-1 {
				text(y, fmt.Sprintf("and %d more", len(seen)-i), FaintColour)
				break
			}
			if y < r.y1 {
				g.Set(r.x0, y, e.Glyph, RGBA(e.Colour))
				g.Text(r.x0+2, y, clip(e.Name, r.w()-2), TextColour)
			}
		}
	case logPanel:
		p.logWidth, p.logHeight = r.w(), r.h()-1
		lines := p.logLines(r.w())
		end := len(lines) - p.logBack
		if p.logBack > 0 {
			text(r.y0, fmt.Sprintf("Messages (%d lines back; PgDn: newer)", p.logBack), HeadColour)
		} else {
			text(r.y0, "Messages (^P: all)", HeadColour)
		}
		for i, line := range lines[max(0, end-(r.h()-1)):end] {
			text(r.y0+1+i, line, FaintColour)
		}
	}
}

// Footer is the bottom row's two parts: the key hints (with wizard mode
// said) and the game's title, cut at its start so that the two never
// overlap.
func (p *Play) Footer() (hint, title string) {
	hint = "? help  x explore  _ travel  ; look  ^P log  S save"
	if p.opts.Wizard {
		hint += "  [wizard]"
	}
	title = p.opts.Title
	cols, _ := p.Size()
	if cols < len(hint)+12 {
		hint = "? help  x explore  _ travel  S save"
	}
	if room := cols - len(hint) - 2; len(title) > room {
		title = ""
		if room > 8 {
			title = "..." + p.opts.Title[len(p.opts.Title)-(room-3):]
		}
	}
	return hint, title
}

// CogBack is the background that marks the cog's cell, so that the @ is
// found at a glance.
var CogBack = rgba(0x30, 0x40, 0x70)

// The status line's colours (NetHack's hilite_status): the hp by what is
// left of it, hunger by how bad it is.
var (
	HPGood  = rgba(0x60, 0xd0, 0x60)
	HPHurt  = rgba(0xe0, 0xd0, 0x40)
	HPLow   = rgba(0xf0, 0x50, 0x40)
	HungerC = rgba(0xe0, 0xd0, 0x40)
	WeakC   = rgba(0xf0, 0x50, 0x40)
)

// HPColour is the colour of hp out of maxHP: green above two thirds,
// yellow above one third, red below.
func HPColour(hp, maxHP int) color.RGBA {
	switch {
	case maxHP <= 0 || 3*hp > 2*maxHP:
		return HPGood
	case 3*hp > maxHP:
		return HPHurt
	}
	return HPLow
}

// drawStatus draws the status line under the map, wrapped at the
// map's width when a side panel is beside it, with the hp and the
// hunger word in their colours; it returns the row after it.
func (p *Play) drawStatus(g *Grid, line string) int {
	st := p.game.Status()
	y := p.lay.statusRow
	for _, row := range Wrap(line, p.lay.textWidth()) {
		g.Text(0, y, row, StatusColour)
		if i := strings.Index(row, "HP:"); i >= 0 {
			j := i + strings.IndexByte(row[i:]+" ", ' ')
			g.Text(i, y, row[i:j], HPColour(st.HP, st.MaxHP))
		}
		if w := st.Hunger.Word(); w != "" {
			if i := strings.LastIndex(row, w); i >= 0 {
				colour := HungerC
				if w != "Hungry" {
					colour = WeakC
				}
				g.Text(i, y, w, colour)
			}
		}
		y++
	}
	return y
}

func rgba(r, g, b uint8) color.RGBA { return color.RGBA{R: r, G: g, B: b, A: 0xff} }

// ActivityLine is the activity row: the command under way or why it
// stopped, else what the cell under the mouse is (look by hovering).
func (p *Play) ActivityLine() string {
	if a := p.Activity(); a != "" && (p.Busy() || !p.hovering) {
		return a
	}
	if p.hovering && p.tomb == nil {
		return fmt.Sprintf("(%d, %d): %s", p.hover.X, p.hover.Y, p.Describe(p.hover))
	}
	return ""
}

// logLines is the message log wrapped to width.
func (p *Play) logLines(width int) []string { return p.game.Log.Lines(width) }

// box clears a rectangle for an overlay and gives it a background.
func box(g *Grid, x0, y0, x1, y1 int) {
	g.Blank(x0, y0, x1, y1)
	g.Fill(x0, y0, x1, y1, BoxBack)
}
