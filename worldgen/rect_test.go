package worldgen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// plainSplit is split as first written: every rectangle of the new list,
// kept or cut, is checked against all the others.
func (f *freeRects) plainSplit(blocked components.Rect) {
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

// TestSplitMatchesPlainSplit blocks random rectangles, small and large,
// on and off the board, one after another until the free area is used
// up: split must keep the same list as plainSplit after every step.
func TestSplitMatchesPlainSplit(t *testing.T) {
	s := ecs.NewStream(5, "split test")
	steps := 0
	for run := range 1000 {
		var f, plain freeRects
		f.reset()
		plain.reset()
		for len(f.list) > 0 {
			w, h := 1+s.Rn2(4+run%16), 1+s.Rn2(2+run%8)
			x, y := s.Rn2(components.W+4)-2, s.Rn2(components.H+4)-2
			b := components.Rect{X0: x, Y0: y, X1: x + w - 1, Y1: y + h - 1}
			f.split(b)
			plain.plainSplit(b)
			require.Equal(t, plain.list, f.list, "run %d: blocking %v", run, b)
			steps++
		}
	}
	require.Greater(t, steps, 10000)
}
