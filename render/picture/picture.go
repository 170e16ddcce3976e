// Package picture draws the cog's observation as an RGB picture (§35.5),
// for agents that read images: the message line, the map and the status
// line, one above the other and as wide as the map (§37.8: the map fills
// the picture's width), in the window's colours, with the window's Go
// Mono letters (render/bitmap). It is pure Go: the headless binary draws
// pictures without cgo or a display.
//
// A letter is drawn solid: each pixel of a cell is either the letter's
// colour (where the antialiased glyph covers at least half the pixel) or
// the cell's background, so a picture holds only the palette's colours.
package picture

import (
	"github.com/cogsim/cogsim/render/bitmap"
	"github.com/cogsim/cogsim/render/grid"
	"github.com/cogsim/cogsim/sim"

	c "github.com/cogsim/cogsim/components"
)

// The picture's layout, in character cells (docs/serve.md, "Pictures"):
// the map's width; the message wrapped over the first MessageRows rows,
// the map from MapTop, the status line wrapped over the last
// StatusRows rows.
const (
	Cols        = c.W
	MessageRows = 4
	MapTop      = MessageRows
	StatusRows  = 2
	StatusTop   = MapTop + c.H
	Rows        = StatusTop + StatusRows
)

// Painter draws pictures into a buffer it reuses. It is not safe for
// concurrent use.
type Painter struct {
	// CellW and CellH are a character cell's size in pixels.
	CellW, CellH int
	// masks[ch] is printable character ch's glyph, one byte a pixel
	// (1: ink), row after row; nil for a blank.
	masks [128][]byte
	grid  *grid.Grid
	m     grid.Map
	pix   []byte
	// drawn are the cells pix shows (valid once drawn), so that a
	// picture redraws only the cells that changed since the last.
	drawn []grid.GridCell
	valid bool
}

// New draws the glyph sheet and makes a painter.
func New() (*Painter, error) {
	sheet, err := bitmap.Draw()
	if err != nil {
		return nil, err
	}
	p := &Painter{CellW: sheet.CW, CellH: sheet.CH, grid: grid.NewGrid(Cols, Rows)}
	for ch := '!'; ch <= '~'; ch++ {
		p.masks[ch] = inkMask(sheet, ch)
	}
	p.pix = make([]byte, 3*p.Width()*p.Height())
	p.drawn = make([]grid.GridCell, Cols*Rows)
	return p, nil
}

// inkMask is character ch's glyph as a picture draws it, one byte a
// pixel (1: ink), row after row: ink where the antialiased glyph covers
// at least half the pixel. A glyph that covers no pixel that much (a
// thin stroke that falls between two pixel columns, as '|' does in Go
// Mono) is ink where it covers at least half as much as at its
// strongest, so that every printable character shows.
func inkMask(sheet *bitmap.Sheet, ch rune) []byte {
	r := sheet.Cell(ch)
	strongest := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			strongest = max(strongest, int(sheet.Img.RGBAAt(x, y).A))
		}
	}
	threshold := uint8(min(0x80, (strongest+1)/2))
	mask := make([]byte, 0, r.Dx()*r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			mask = append(mask, b2u8(threshold > 0 && sheet.Img.RGBAAt(x, y).A >= threshold))
		}
	}
	return mask
}

// Mask is printable character ch's glyph as pictures draw it: CellW·CellH
// bytes, row after row, 1 where the pixel is ink; nil for a blank.
func (p *Painter) Mask(ch byte) []byte {
	if ch >= byte(len(p.masks)) {
		return nil
	}
	return p.masks[ch]
}

func b2u8(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// Width is a picture's width in pixels: Cols cells, the map's.
func (p *Painter) Width() int { return Cols * p.CellW }

// Height is a picture's height in pixels: Rows cells.
func (p *Painter) Height() int { return Rows * p.CellH }

// Draw draws the current observation of s: Height rows of Width pixels
// of 3 bytes (red, green, blue), row after row, numpy's uint8 [H, W, 3].
// The message and status are the observation's lines (§15). The slice
// is the painter's and is overwritten by the next Draw.
func (p *Painter) Draw(s *sim.Sim) []byte {
	grid.PlayMap(&p.m, s)
	obs := s.Observe()
	msg, status := line(obs, c.H), line(obs, c.H+1)
	p.grid.Clear()
	Layout(p.grid, string(msg), &p.m, string(status))
	return p.DrawGrid(p.grid)
}

// Layout draws an observation on a grid of at least Cols x Rows as a
// picture shows it: the message wrapped at Cols over its first
// MessageRows rows (what does not fit is cut), the map m from row MapTop,
// the status line wrapped over the last StatusRows.
func Layout(g *grid.Grid, message string, m *grid.Map, status string) {
	for i, line := range grid.Wrap(message, Cols) {
		if i < MessageRows {
			g.Text(0, i, line, grid.TextColour)
		}
	}
	g.DrawMap(0, MapTop, m, false)
	for i, line := range grid.Wrap(status, Cols) {
		if i < StatusRows {
			g.Text(0, StatusTop+i, line, grid.StatusColour)
		}
	}
}

// line is line n of text, without its newline.
func line(text []byte, n int) []byte {
	for ; n > 0; n-- {
		i := 0
		for i < len(text) && text[i] != '\n' {
			i++
		}
		if i == len(text) {
			return nil
		}
		text = text[i+1:]
	}
	for i, b := range text {
		if b == '\n' {
			return text[:i]
		}
	}
	return text
}

// DrawGrid draws the top-left Cols x Rows cells of g as Draw does: each
// cell's letter in its colour on its background, the window's background
// where it has none. A grid smaller than that leaves the rest as it was.
func (p *Painter) DrawGrid(g *grid.Grid) []byte {
	cols := min(g.W, Cols)
	for gy := 0; gy < min(g.H, Rows); gy++ {
		cells := g.Cells[gy*g.W : gy*g.W+cols]
		drawn := p.drawn[gy*Cols : gy*Cols+cols]
		for gx := range cells {
			if p.valid && drawn[gx] == cells[gx] {
				continue
			}
			drawn[gx] = cells[gx]
			p.drawCell(gx, gy, cells[gx])
		}
	}
	p.valid = p.valid || (g.W >= Cols && g.H >= Rows)
	return p.pix
}

// drawCell draws one cell at column gx, row gy.
func (p *Painter) drawCell(gx, gy int, cell grid.GridCell) {
	cw, ch := p.CellW, p.CellH
	stride := 3 * p.Width()
	bg := grid.Background
	if cell.Bg.A != 0 {
		bg = cell.Bg
	}
	var mask []byte
	if cell.Ch < 128 {
		mask = p.masks[cell.Ch]
	}
	colours := [2][3]byte{{bg.R, bg.G, bg.B}, {cell.Fg.R, cell.Fg.G, cell.Fg.B}}
	off := gy*ch*stride + gx*cw*3
	first := p.pix[off : off+3*cw]
	if mask == nil {
		for x := 0; x < len(first); x += 3 {
			copy(first[x:x+3], colours[0][:])
		}
		for y := 1; y < ch; y++ {
			copy(p.pix[off+y*stride:off+y*stride+3*cw], first)
		}
		return
	}
	for y := 0; y < ch; y++ {
		row := p.pix[off+y*stride : off+y*stride+3*cw]
		for x, ink := range mask[y*cw : (y+1)*cw] {
			col := &colours[ink&1]
			px := row[3*x : 3*x+3 : 3*x+3]
			px[0], px[1], px[2] = col[0], col[1], col[2]
		}
	}
}
