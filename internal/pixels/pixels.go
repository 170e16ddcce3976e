// Package pixels reads screenshots for the tests of the drawn screens:
// the window's (Xvfb) and the browser page's (headless Chromium).
package pixels

import (
	"image"
	"image/color"
	"image/draw"
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
