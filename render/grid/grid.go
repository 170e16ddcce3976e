// Package grid is the screen as monospace character cells, shared by the
// window and the pictures: the Grid the front ends draw and nothing else
// (so every screen is testable as text), the board as drawn (Map, one
// Cell a board cell), the colours they are drawn in, and the
// observation screen (§35.5) — the message line, the map and the status
// line, laid out as the top of the play screen.
//
// It is pure Go and imports no graphics library: render/view's models
// and render/gfx (ebiten) build on it, and render/picture draws the
// headless binary's pictures from it without cgo or a display.
package grid

import (
	"image/color"
	"strings"

	c "github.com/cogsim/cogsim/components"
)

// GridCell is one character cell of the window: an ASCII character in a
// colour on an optional background (Bg.A == 0: none).
type GridCell struct {
	Ch     byte
	Fg, Bg color.RGBA
}

// Grid is the whole window as monospace character cells: the front end
// draws it and nothing else, so every screen is testable as text.
type Grid struct {
	W, H  int
	Cells []GridCell
}

// NewGrid makes an empty w x h grid.
func NewGrid(w, h int) *Grid {
	g := &Grid{W: w, H: h, Cells: make([]GridCell, w*h)}
	g.Clear()
	return g
}

// Clear blanks every cell.
func (g *Grid) Clear() {
	for i := range g.Cells {
		g.Cells[i] = GridCell{Ch: ' ', Fg: TextColour}
	}
}

// At is the cell at column x, row y.
func (g *Grid) At(x, y int) GridCell { return g.Cells[y*g.W+x] }

// Set puts ch in colour fg at (x, y), keeping the background; cells off
// the grid are ignored.
func (g *Grid) Set(x, y int, ch byte, fg color.RGBA) {
	if x < 0 || y < 0 || x >= g.W || y >= g.H {
		return
	}
	cell := &g.Cells[y*g.W+x]
	cell.Ch, cell.Fg = ch, fg
}

// Text writes s from (x, y) on one row, cut at the grid's edge; bytes
// outside printable ASCII are drawn '?'. It returns the column after it.
func (g *Grid) Text(x, y int, s string, fg color.RGBA) int {
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch < ' ' || ch > '~' {
			ch = '?'
		}
		g.Set(x, y, ch, fg)
		x++
	}
	return x
}

// Fill sets the background of the cells x0 ≤ x < x1, y0 ≤ y < y1.
func (g *Grid) Fill(x0, y0, x1, y1 int, bg color.RGBA) {
	for y := max(y0, 0); y < min(y1, g.H); y++ {
		for x := max(x0, 0); x < min(x1, g.W); x++ {
			g.Cells[y*g.W+x].Bg = bg
		}
	}
}

// Blank clears the characters and backgrounds of a rectangle.
func (g *Grid) Blank(x0, y0, x1, y1 int) {
	for y := max(y0, 0); y < min(y1, g.H); y++ {
		for x := max(x0, 0); x < min(x1, g.W); x++ {
			g.Cells[y*g.W+x] = GridCell{Ch: ' ', Fg: TextColour}
		}
	}
}

// Row is the text of row y, trailing spaces kept.
func (g *Grid) Row(y int) string {
	b := make([]byte, g.W)
	for x := range b {
		b[x] = g.At(x, y).Ch
	}
	return string(b)
}

// String is the whole grid as text, one line per row, trailing spaces
// trimmed (for tests and debugging).
func (g *Grid) String() string {
	var sb strings.Builder
	for y := 0; y < g.H; y++ {
		sb.WriteString(strings.TrimRight(g.Row(y), " "))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// DrawMap draws m with its top-left corner at (x0, y0), on the board's
// background. With sight, the cells the cog sees are shaded (the full
// view shows the cog's field of view this way), and hidden features
// marked.
func (g *Grid) DrawMap(x0, y0 int, m *Map, sight bool) {
	for i, cell := range m {
		p := c.PosOf(i)
		fg := RGBA(cell.Colour)
		if cell.Dim {
			fg = Dimmed(fg)
		}
		x, y := x0+p.X, y0+p.Y
		g.Set(x, y, cell.Glyph, fg)
		bg := MapBack
		switch {
		case cell.Hidden:
			bg = HiddenBack
		case sight && cell.InSight:
			bg = SightBack
		}
		g.Fill(x, y, x+1, y+1, bg)
	}
}

// Wrap breaks s into lines of at most width bytes, at spaces where it
// can. An empty s is one empty line.
func Wrap(s string, width int) []string {
	if width <= 0 {
		return []string{s}
	}
	var out []string
	for len(s) > width {
		cut := strings.LastIndexByte(s[:width+1], ' ')
		if cut <= 0 {
			cut = width
		}
		out = append(out, strings.TrimRight(s[:cut], " "))
		s = strings.TrimLeft(s[cut:], " ")
	}
	return append(out, s)
}
