package gfx

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gomono"

	"github.com/cogsim/cogsim/render/view"
)

// FontSize is Go Mono's size in pixels: 13⅓ px makes its advance exactly
// 8 px, so character cells are whole pixels.
const FontSize = 40.0 / 3

// font is a glyph atlas: printable ASCII drawn once in white from Go
// Mono, each glyph in a padded slot, plus a white block for backgrounds.
// Every cell is then one DrawImage from the same image, which ebiten
// batches into a few draw calls.
type font struct {
	face   *text.GoTextFace
	atlas  *ebiten.Image
	cw, ch int
	glyphs [128]*ebiten.Image
	block  *ebiten.Image
}

const pad = 2

// newFont measures the font; the atlas is made by build, in the game
// loop.
func newFont() (*font, error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(gomono.TTF))
	if err != nil {
		return nil, fmt.Errorf("gfx: Go Mono: %w", err)
	}
	face := &text.GoTextFace{Source: src, Size: FontSize}
	m := face.Metrics()
	return &font{face: face, cw: int(math.Round(text.Advance("M", face))), ch: int(math.Ceil(m.HAscent + m.HDescent))}, nil
}

// build draws the atlas once.
func (f *font) build() {
	if f.atlas != nil {
		return
	}
	face := f.face
	slot := f.cw + 2*pad
	f.atlas = ebiten.NewImage(slot*96, f.ch)
	for ch := ' '; ch <= '~'; ch++ {
		x := int(ch-' ') * slot
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(x+pad), 0)
		text.Draw(f.atlas, string(ch), face, op)
		f.glyphs[ch] = f.atlas.SubImage(image.Rect(x+pad, 0, x+pad+f.cw, f.ch)).(*ebiten.Image)
	}
	x := 95 * slot
	f.block = f.atlas.SubImage(image.Rect(x+pad, 0, x+pad+f.cw, f.ch)).(*ebiten.Image)
	f.block.Fill(color.White)
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
