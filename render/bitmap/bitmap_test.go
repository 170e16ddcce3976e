package bitmap

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inkBounds is the smallest rectangle holding every pixel of r with any
// ink; ok is false when r has none.
func inkBounds(img *image.RGBA, r image.Rectangle) (ink image.Rectangle, ok bool) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y).A == 0 {
				continue
			}
			p := image.Rect(x, y, x+1, y+1)
			if !ok {
				ink, ok = p, true
			} else {
				ink = ink.Union(p)
			}
		}
	}
	return ink, ok
}

func TestGlyphSheetKeepsTheCellSize(t *testing.T) {
	s, err := Draw()
	require.NoError(t, err)
	assert.Equal(t, 8, s.CW)
	assert.Equal(t, 16, s.CH)
}

func TestEveryPrintableGlyphHasInk(t *testing.T) {
	s, err := Draw()
	require.NoError(t, err)
	for c := '!'; c <= '~'; c++ {
		ink, ok := inkBounds(s.Img, s.Cell(c))
		if assert.True(t, ok, "%q has no ink", c) {
			c0 := s.Img.RGBAAt(ink.Min.X, ink.Min.Y)
			assert.True(t, c0.R == c0.A && c0.G == c0.A && c0.B == c0.A, "%q is not white", c)
		}
	}
	_, ok := inkBounds(s.Img, s.Cell(' '))
	assert.False(t, ok, "space has ink")
}

func TestWideGlyphsFitTheirCell(t *testing.T) {
	s, err := Draw()
	require.NoError(t, err)
	for _, c := range "MW" {
		r := s.Cell(c)
		slot := r.Inset(-Pad).Intersect(s.Img.Bounds())
		ink, ok := inkBounds(s.Img, slot)
		require.True(t, ok)
		assert.True(t, ink.In(r), "%q's ink %v is outside its cell %v", c, ink, r)
	}
}

func TestDescendersAndUnderscoreSitLow(t *testing.T) {
	s, err := Draw()
	require.NoError(t, err)
	a, _ := inkBounds(s.Img, s.Cell('a'))
	g, _ := inkBounds(s.Img, s.Cell('g'))
	assert.Greater(t, g.Max.Y, a.Max.Y+1, "'g' has no descender")
	u, _ := inkBounds(s.Img, s.Cell('_'))
	assert.GreaterOrEqual(t, u.Min.Y, s.CH*3/4, "'_' is not near the bottom")
}
