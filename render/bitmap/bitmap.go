// Package bitmap rasterises Go Mono into a glyph sheet: printable ASCII
// drawn once in white, one character cell each. It is pure Go
// (golang.org/x/image), shared by the window, which uploads the sheet as
// its ebiten atlas (render/gfx), and by the headless pictures
// (render/picture), so both draw the same letters in the same cells.
package bitmap

import (
	"fmt"
	"image"
	"image/draw"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// FontSize is Go Mono's size in pixels: 13⅓ px makes its advance exactly
// 8 px, so character cells are whole pixels.
const FontSize = 40.0 / 3

// Pad is the transparent margin on each side of a glyph's slot, so that
// an atlas sampled at a cell's edge never bleeds into its neighbour.
const Pad = 2

// BlockSlot is the slot after '~': a white block, for backgrounds.
const BlockSlot = '~' + 1

// Sheet is the glyph sheet: printable ASCII in white on transparent,
// antialiased, one padded slot per character from ' ', and a white block
// in [BlockSlot]. It is drawn with x/image rather than ebiten's text/v2,
// whose shaper (go-text, a HarfBuzz port) adds about 4 MB to the browser
// build and is not needed for one monospace row.
type Sheet struct {
	Img *image.RGBA
	// CW and CH are a character cell's width and height in pixels.
	CW, CH int
}

// Draw draws Go Mono at FontSize. The cell is the advance of 'M' wide and
// the line box (ascent + descent) high; the baseline is at the ascent
// rounded down, where text/v2 put it when drawing at y = 0.
func Draw() (*Sheet, error) {
	otf, err := opentype.Parse(gomono.TTF)
	if err != nil {
		return nil, fmt.Errorf("bitmap: Go Mono: %w", err)
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: FontSize, DPI: 72, Hinting: xfont.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("bitmap: Go Mono: %w", err)
	}
	defer face.Close()
	adv, _ := face.GlyphAdvance('M')
	m := face.Metrics()
	s := &Sheet{CW: adv.Round(), CH: (m.Ascent + m.Descent).Ceil()}
	s.Img = image.NewRGBA(image.Rect(0, 0, (s.CW+2*Pad)*(BlockSlot-' '+1), s.CH))
	for c := '!'; c <= '~'; c++ {
		r := s.Cell(c)
		// Each glyph is clipped to its slot, so no ink reaches a neighbour.
		d := xfont.Drawer{Dst: s.Img.SubImage(r.Inset(-Pad)).(draw.Image), Src: image.White, Face: face,
			Dot: fixed.P(r.Min.X, m.Ascent.Floor())}
		d.DrawString(string(c))
	}
	draw.Draw(s.Img, s.Cell(BlockSlot), image.White, image.Point{}, draw.Src)
	return s, nil
}

// Cell is the rectangle of c's cell in the sheet, inside its slot.
func (s *Sheet) Cell(c rune) image.Rectangle {
	x := int(c-' ')*(s.CW+2*Pad) + Pad
	return image.Rect(x, 0, x+s.CW, s.CH)
}
