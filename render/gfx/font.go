package gfx

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/cogsim/cogsim/render/bitmap"
	"github.com/cogsim/cogsim/render/view"
)

// font is a glyph atlas: the glyph sheet of render/bitmap (printable
// ASCII drawn once in white from Go Mono, each glyph in a padded slot,
// plus a white block for backgrounds) uploaded once. Every cell is then
// one DrawImage from the same image, which ebiten batches into a few
// draw calls.
type font struct {
	sheet  *bitmap.Sheet
	atlas  *ebiten.Image
	cw, ch int
	glyphs [128]*ebiten.Image
	block  *ebiten.Image
}

// newFont draws the atlas in memory; build makes it an ebiten image, in
// the game loop.
func newFont() (*font, error) {
	s, err := bitmap.Draw()
	if err != nil {
		return nil, err
	}
	return &font{sheet: s, cw: s.CW, ch: s.CH}, nil
}

// build uploads the atlas once.
func (f *font) build() {
	if f.atlas != nil {
		return
	}
	f.atlas = ebiten.NewImageFromImage(f.sheet.Img)
	for ch := '!'; ch <= '~'; ch++ {
		f.glyphs[ch] = f.atlas.SubImage(f.sheet.Cell(ch)).(*ebiten.Image)
	}
	f.block = f.atlas.SubImage(f.sheet.Cell(bitmap.BlockSlot)).(*ebiten.Image)
}

// drawGrid draws every cell of g onto dst.
func (f *font) drawGrid(dst *ebiten.Image, g *view.Grid) {
	op := &ebiten.DrawImageOptions{}
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			cell := g.At(x, y)
			px, py := float64(x*f.cw), float64(y*f.ch)
			if cell.Bg.A != 0 {
				op.GeoM.Reset()
				op.GeoM.Translate(px, py)
				op.ColorScale.Reset()
				op.ColorScale.ScaleWithColor(cell.Bg)
				dst.DrawImage(f.block, op)
			}
			if cell.Ch > ' ' && cell.Ch <= '~' {
				op.GeoM.Reset()
				op.GeoM.Translate(px, py)
				op.ColorScale.Reset()
				op.ColorScale.ScaleWithColor(cell.Fg)
				dst.DrawImage(f.glyphs[cell.Ch], op)
			}
		}
	}
}
