package worldgen

import "github.com/cogsim/cogsim/components"

// The free rectangles of NetHack's rect.c, restated for our board: a free
// rectangle is an area in which a room's walls (its interior grown by one)
// may be placed without touching the border ring and with at least
// roomGapX (side by side) or roomGapY (one above the other) rock cells
// between them and every other room's walls.

// wallArea is where room walls may lie: everything inside the border ring.
var wallArea = components.Rect{X0: 1, Y0: 1, X1: components.W - 2, Y1: components.H - 2}

func width(r components.Rect) int  { return r.X1 - r.X0 + 1 }
func height(r components.Rect) int { return r.Y1 - r.Y0 + 1 }

func intersects(a, b components.Rect) bool {
	return a.X0 <= b.X1 && b.X0 <= a.X1 && a.Y0 <= b.Y1 && b.Y0 <= a.Y1
}

func contains(outer, inner components.Rect) bool {
	return inner.X0 >= outer.X0 && inner.X1 <= outer.X1 && inner.Y0 >= outer.Y0 && inner.Y1 <= outer.Y1
}

func grow(r components.Rect, n int) components.Rect {
	return components.Rect{X0: r.X0 - n, Y0: r.Y0 - n, X1: r.X1 + n, Y1: r.Y1 + n}
}

// freeRects is the list of free rectangles, kept in a reusable buffer.
type freeRects struct {
	list, next []components.Rect
}

func (f *freeRects) reset() { f.list = append(f.list[:0], wallArea) }

// split removes the blocked rectangle (a room's walls grown by the gap)
// from the free area: every free rectangle that meets it is replaced by
// the up to four maximal pieces left of, right of, above and below it.
// Pieces too small for any room, and pieces inside another free
// rectangle, are dropped.
func (f *freeRects) split(blocked components.Rect) {
	f.next = f.next[:0]
	for _, r := range f.list {
		if !intersects(r, blocked) {
			f.next = append(f.next, r)
			continue
		}
		f.addPiece(components.Rect{X0: r.X0, Y0: r.Y0, X1: blocked.X0 - 1, Y1: r.Y1})
		f.addPiece(components.Rect{X0: blocked.X1 + 1, Y0: r.Y0, X1: r.X1, Y1: r.Y1})
		f.addPiece(components.Rect{X0: r.X0, Y0: r.Y0, X1: r.X1, Y1: blocked.Y0 - 1})
		f.addPiece(components.Rect{X0: r.X0, Y0: blocked.Y1 + 1, X1: r.X1, Y1: r.Y1})
	}
	// Keep only maximal rectangles (of equal ones, the first).
	f.list = f.list[:0]
	for i, r := range f.next {
		inside := false
		for j, o := range f.next {
			if i != j && contains(o, r) && (o != r || j < i) {
				inside = true
				break
			}
		}
		if !inside {
			f.list = append(f.list, r)
		}
	}
}

func (f *freeRects) addPiece(r components.Rect) {
	if width(r) >= minInteriorW+2 && height(r) >= minInteriorH+2 {
		f.next = append(f.next, r)
	}
}
