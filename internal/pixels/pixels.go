// Package pixels reads screenshots for the tests of the drawn screens:
// the window's (Xvfb) and the browser page's (headless Chromium).
package pixels

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
)

// RGBA is img as an *image.RGBA (img itself when it is one).
func RGBA(img image.Image) *image.RGBA {
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

// Near reports whether p is within tol of c in each of red, green and
// blue.
func Near(p, c color.RGBA, tol int) bool {
	d := func(a, b uint8) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	return d(p.R, c.R) && d(p.G, c.G) && d(p.B, c.B)
}

// Count counts the pixels of r within tol of c.
func Count(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if Near(img.RGBAAt(x, y), c, tol) {
				n++
			}
		}
	}
	return n
}

// Colours counts the distinct colours of r.
func Colours(img *image.RGBA, r image.Rectangle) int {
	seen := map[color.RGBA]bool{}
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			seen[img.RGBAAt(x, y)] = true
		}
	}
	return len(seen)
}

// Differing counts the pixels whose colour differs between a and b, over
// what they have in common.
func Differing(a, b *image.RGBA) int {
	n := 0
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		if a.Pix[i] != b.Pix[i] || a.Pix[i+1] != b.Pix[i+1] || a.Pix[i+2] != b.Pix[i+2] {
			n++
		}
	}
	return n
}

// Area is the rectangle of img that colour c (within tol) covers: the
// rows and the columns of which more than a fifth is that colour. A
// glyph's edge, scaled, may take any colour anywhere, but never for
// long, so a panel's or the map's background stands out of the noise.
func Area(img *image.RGBA, c color.RGBA, tol int) image.Rectangle {
	b := img.Bounds()
	rows, cols := make([]int, b.Dy()), make([]int, b.Dx())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if Near(img.RGBAAt(x, y), c, tol) {
				rows[y-b.Min.Y]++
				cols[x-b.Min.X]++
			}
		}
	}
	span := func(counts []int, of int) (lo, hi int) {
		lo, hi = -1, -1
		for i, n := range counts {
			if n > of/5 {
				if lo < 0 {
					lo = i
				}
				hi = i + 1
			}
		}
		return lo, hi
	}
	x0, x1 := span(cols, b.Dy())
	y0, y1 := span(rows, b.Dx())
	return image.Rect(b.Min.X+x0, b.Min.Y+y0, b.Min.X+x1, b.Min.Y+y1)
}

// Load reads the PNG file at path.
func Load(path string) (*image.RGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, err
	}
	return RGBA(img), nil
}
