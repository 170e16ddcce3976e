package view

import (
	"fmt"
	"image/color"
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/grid"
)

// The play screen, in character cells:
//
//	rows 0-1    the message line (a prompt while one is asked)
//	rows 2-19   the map (48 x 18)        | cols 51-95: the inventory
//	row 20      the status line          |
//	row 21      the activity: the count, run, travel or auto-explore
//	            under way, why it stopped, or what the mouse points at
//	rows 22-29  the message log          |
//	row 30      the key hints and the game's title
//
// Its top, rows 0-20, is the observation screen (render/grid).
const (
	playCols    = grid.ObservationCols
	playRows    = 31
	mapTop      = grid.ObservationMapTop
	invLeft     = 51
	statusRow   = mapTop + c.H
	activityRow = statusRow + 1
	logTop      = statusRow + 2
	logRows     = 7
	hintRow     = playRows - 1
)

// Draw implements App: the play screen, the modes stacked over it, the
// profiler overlay, and at the end the tombstone.
func (p *Play) Draw(g *Grid) {
	g.Clear()
	if p.tomb != nil && p.tomb.stone {
		p.tomb.draw(g)
		return
	}
	msgColour := TextColour
	if p.Prompt() != "" {
		msgColour = PromptColour
	}
	PlayMap(&p.m, p.Sim)
	grid.DrawObservation(g, p.Message(), msgColour, &p.m, p.StatusLine())
	cog := p.Sim.State().CogPos()
	if p.tomb == nil {
		g.Fill(cog.X, mapTop+cog.Y, cog.X+1, mapTop+cog.Y+1, CogBack)
	}
	p.drawStatus(g)
	if a := p.ActivityLine(); a != "" {
		g.Text(0, activityRow, a, PromptColour)
	}

	g.Text(invLeft, mapTop, "Inventory", HeadColour)
	for i, line := range p.InventoryLines() {
		g.Text(invLeft, mapTop+1+i, line, TextColour)
	}

	lines := p.logLines()
	end := len(lines) - p.logBack
	if p.logBack > 0 {
		g.Text(0, logTop, fmt.Sprintf("Messages (%d lines back; PgDn for newer, ^P all)", p.logBack), HeadColour)
	} else {
		g.Text(0, logTop, "Messages (^P: all)", HeadColour)
	}
	for i, line := range lines[max(0, end-logRows):end] {
		g.Text(0, logTop+1+i, line, FaintColour)
	}
	hint, title := p.Footer()
	g.Text(0, hintRow, hint, FaintColour)
	g.Text(playCols-len(title), hintRow, title, FaintColour)

	for _, m := range p.modes {
		m.draw(p, g)
	}
	if p.prof.On() {
		drawProfiler(g, &p.prof, invLeft-2, mapTop-1, hintRow)
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
	if room := playCols - len(hint) - 2; len(title) > room {
		title = "..." + title[len(title)-(room-3):]
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

// drawStatus draws the status line with the hp and the hunger word in
// their colours.
func (p *Play) drawStatus(g *Grid) {
	line := p.StatusLine()
	g.Text(0, statusRow, line, StatusColour)
	st := p.game.Status()
	if i := strings.Index(line, "HP:"); i >= 0 {
		j := i + strings.IndexByte(line[i:]+" ", ' ')
		g.Text(i, statusRow, line[i:j], HPColour(st.HP, st.MaxHP))
	}
	if w := st.Hunger.Word(); w != "" {
		if i := strings.LastIndex(line, w); i >= 0 {
			colour := HungerC
			if w != "Hungry" {
				colour = WeakC
			}
			g.Text(i, statusRow, w, colour)
		}
	}
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

// logLines is the message log wrapped to the log's width.
func (p *Play) logLines() []string { return p.game.Log.Lines(invLeft - 2) }

// box clears a rectangle for an overlay and gives it a background.
func box(g *Grid, x0, y0, x1, y1 int) {
	g.Blank(x0, y0, x1, y1)
	g.Fill(x0, y0, x1, y1, BoxBack)
}

// HelpLines is the help overlay's text of the core game, made from the key
// tables.
func HelpLines() []string { return helpLines(nil) }

// helpLines is the help overlay's text, with the commands of the verbs
// of the episode's mechanics.
func helpLines(verbs []*c.Verb) []string {
	var moves []string
	for _, d := range DirKeys {
		var names []string
		for _, k := range d.Keys {
			names = append(names, k.String())
		}
		moves = append(moves, fmt.Sprintf("%-10s %s", d.Dir.Word(), strings.Join(names, " ")))
	}
	out := []string{"Moves (a move into a monster attacks it):"}
	for i := 0; i < len(moves); i += 2 {
		out = append(out, fmt.Sprintf("  %-30s %s", moves[i], moves[i+1]))
	}
	out = append(out, "", "Commands:")
	for i := 0; i < len(PlayKeys); i += 2 {
		line := fmt.Sprintf("  %-6s %-38s", PlayKeys[i].Key, PlayKeys[i].Help)
		if i+1 < len(PlayKeys) {
			line += fmt.Sprintf(" %-6s %s", PlayKeys[i+1].Key, PlayKeys[i+1].Help)
		}
		out = append(out, line)
	}
	out = append(out, verbHelp(verbs)...)
	return append(out, "",
		"Counts: digits then a command (20s: twenty searches; n20s with the number pad on).",
		"Run: Shift and a direction (H J K L Y U B N, Shift+arrows). A count, a run, travel",
		"and auto-explore stop on any key, when hurt, or when a monster comes into view.",
		"One primitive is one tick; the game ends at death or when the clock runs out",
		"(tick 2200). Esc cancels a prompt. Press any key to go back.")
}
