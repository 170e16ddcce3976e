package gfx

import (
	"fmt"
	"image"
	"image/draw"

	"github.com/hajimehoshi/ebiten/v2"
	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

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
	sheet  *glyphSheet
	atlas  *ebiten.Image
	cw, ch int
	glyphs [128]*ebiten.Image
	block  *ebiten.Image
}

// newFont draws the atlas in memory; build makes it an ebiten image, in
// the game loop.
func newFont() (*font, error) {
	s, err := drawGlyphSheet()
	if err != nil {
		return nil, err
	}
	return &font{sheet: s, cw: s.cw, ch: s.ch}, nil
}

// build uploads the atlas once.
func (f *font) build() {
	if f.atlas != nil {
		return
	}
	f.atlas = ebiten.NewImageFromImage(f.sheet.img)
	for ch := '!'; ch <= '~'; ch++ {
		f.glyphs[ch] = f.atlas.SubImage(f.sheet.cell(ch)).(*ebiten.Image)
	}
	f.block = f.atlas.SubImage(f.sheet.cell(blockSlot)).(*ebiten.Image)
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

// glyphSheet is the atlas as a plain image: printable ASCII in white on
// transparent, antialiased, one padded slot per character from ' ', and
// a white block in the slot after '~'. It is drawn with x/image rather
// than ebiten's text/v2, whose shaper (go-text, a HarfBuzz port) adds
// about 4 MB to the browser build and is not needed for one monospace
// row.
type glyphSheet struct {
	img    *image.RGBA
	cw, ch int
}

const (
	pad       = 2
	blockSlot = '~' + 1
)

// drawGlyphSheet draws Go Mono at FontSize. The cell is the advance of
// 'M' wide and the line box (ascent + descent) high; the baseline is at
// the ascent rounded down, where text/v2 put it when drawing at y = 0.
func drawGlyphSheet() (*glyphSheet, error) {
	otf, err := opentype.Parse(gomono.TTF)
	if err != nil {
		return nil, fmt.Errorf("gfx: Go Mono: %w", err)
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: FontSize, DPI: 72, Hinting: xfont.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("gfx: Go Mono: %w", err)
	}
	defer face.Close()
	adv, _ := face.GlyphAdvance('M')
	m := face.Metrics()
	s := &glyphSheet{cw: adv.Round(), ch: (m.Ascent + m.Descent).Ceil()}
	s.img = image.NewRGBA(image.Rect(0, 0, (s.cw+2*pad)*(blockSlot-' '+1), s.ch))
	for c := '!'; c <= '~'; c++ {
		r := s.cell(c)
		// Each glyph is clipped to its slot, so no ink reaches a neighbour.
		d := xfont.Drawer{Dst: s.img.SubImage(r.Inset(-pad)).(draw.Image), Src: image.White, Face: face,
			Dot: fixed.P(r.Min.X, m.Ascent.Floor())}
		d.DrawString(string(c))
	}
	draw.Draw(s.img, s.cell(blockSlot), image.White, image.Point{}, draw.Src)
	return s, nil
}

// cell is the rectangle of c's cell in the sheet, inside its slot.
func (s *glyphSheet) cell(c rune) image.Rectangle {
	x := int(c-' ')*(s.cw+2*pad) + pad
	return image.Rect(x, 0, x+s.cw, s.ch)
}
