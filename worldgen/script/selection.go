package script

import (
	"fmt"
	"math/bits"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	c "github.com/cogsim/cogsim/components"
)

// Selection is a set of board cells (§38.2), a Starlark value: `a | b`,
// `a & b` and `a - b` combine two, `len(sel)` counts its cells, `(x, y)
// in sel` asks for one, and iterating or indexing it gives its cells as
// (x, y) tuples in row-major order. It is immutable: one bit per cell,
// a row to a word.
type Selection struct {
	rows [c.H]uint64
}

var (
	_ starlark.HasBinary = (*Selection)(nil)
	_ starlark.Indexable = (*Selection)(nil)
	_ starlark.Sequence  = (*Selection)(nil)
	_ starlark.Container = (*Selection)(nil)
)

// boardColumns is the set of every column of a row.
const boardColumns = uint64(1)<<c.W - 1

// NewSelection is the selection of the cells of r on the board (r
// inclusive).
func NewSelection(r c.Rect) *Selection {
	s := new(Selection)
	x0, x1 := max(r.X0, 0), min(r.X1, c.W-1)
	if x0 > x1 {
		return s
	}
	cols := uint64(1)<<uint(x1+1) - uint64(1)<<uint(x0)
	for y := max(r.Y0, 0); y <= min(r.Y1, c.H-1); y++ {
		s.rows[y] = cols
	}
	return s
}

// Has reports whether p is in the selection.
func (s *Selection) Contains(p c.Pos) bool { return p.In() && s.rows[p.Y]>>uint(p.X)&1 != 0 }

// Add puts p (on the board) in the selection; only its maker may, before
// a script sees it.
func (s *Selection) add(p c.Pos) { s.rows[p.Y] |= 1 << uint(p.X) }

// Cells are the selection's cells in row-major order.
func (s *Selection) Cells() []c.Pos {
	var out []c.Pos
	for y := range c.H {
		for m := s.rows[y]; m != 0; m &= m - 1 {
			out = append(out, c.Pos{X: bits.TrailingZeros64(m), Y: y})
		}
	}
	return out
}

// bounds is the smallest rectangle holding the selection; ok is false
// for an empty one.
func (s *Selection) bounds() (r c.Rect, ok bool) {
	r = c.Rect{X0: c.W, Y0: c.H, X1: -1, Y1: -1}
	for y, m := range s.rows {
		if m == 0 {
			continue
		}
		r.Y0, r.Y1 = min(r.Y0, y), y
		r.X0, r.X1 = min(r.X0, bits.TrailingZeros64(m)), max(r.X1, 63-bits.LeadingZeros64(m))
	}
	return r, r.X1 >= 0
}

// String describes the selection.
func (s *Selection) String() string { return fmt.Sprintf("selection(%d cells)", s.Len()) }

// Type is "selection".
func (s *Selection) Type() string { return "selection" }

// Freeze does nothing: a selection never changes.
func (s *Selection) Freeze() {}

// Truth is whether the selection holds a cell.
func (s *Selection) Truth() starlark.Bool { return s.Len() > 0 }

// Hash hashes the cells.
func (s *Selection) Hash() (uint32, error) {
	h := uint64(14695981039346656037)
	for _, m := range s.rows {
		h = (h ^ m) * 1099511628211
	}
	return uint32(h ^ h>>32), nil
}

// Len is the number of cells.
func (s *Selection) Len() int {
	n := 0
	for _, m := range s.rows {
		n += bits.OnesCount64(m)
	}
	return n
}

// Index is the i'th cell in row-major order, as an (x, y) tuple.
func (s *Selection) Index(i int) starlark.Value {
	for y, m := range s.rows {
		if n := bits.OnesCount64(m); i >= n {
			i -= n
			continue
		}
		for ; i > 0; i-- {
			m &= m - 1
		}
		return cellValue(c.Pos{X: bits.TrailingZeros64(m), Y: y})
	}
	return starlark.None // Starlark checks i against Len first
}

// Iterate yields the cells in row-major order.
func (s *Selection) Iterate() starlark.Iterator { return &selectionIter{s: s} }

// Has reports whether v, an (x, y) pair, is a cell of the selection.
func (s *Selection) Has(v starlark.Value) (bool, error) {
	p, err := cellOf(v)
	if err != nil {
		return false, nil
	}
	return s.Contains(p), nil
}

// Binary is |, & and − of two selections.
func (s *Selection) Binary(op syntax.Token, y starlark.Value, side starlark.Side) (starlark.Value, error) {
	t, ok := y.(*Selection)
	if !ok {
		return nil, nil
	}
	a, b := s, t
	if side == starlark.Right {
		a, b = t, s
	}
	out := new(Selection)
	for i := range out.rows {
		switch op {
		case syntax.PIPE:
			out.rows[i] = a.rows[i] | b.rows[i]
		case syntax.AMP:
			out.rows[i] = a.rows[i] & b.rows[i]
		case syntax.MINUS:
			out.rows[i] = a.rows[i] &^ b.rows[i]
		default:
			return nil, nil
		}
	}
	return out, nil
}

type selectionIter struct {
	s *Selection
	y int
	m uint64
	i bool
}

func (it *selectionIter) Next(p *starlark.Value) bool {
	if !it.i {
		it.i, it.m = true, it.s.rows[0]
	}
	for it.m == 0 {
		if it.y++; it.y >= c.H {
			return false
		}
		it.m = it.s.rows[it.y]
	}
	*p = cellValue(c.Pos{X: bits.TrailingZeros64(it.m), Y: it.y})
	it.m &= it.m - 1
	return true
}

func (it *selectionIter) Done() {}

// cellValue is p as an (x, y) tuple.
func cellValue(p c.Pos) starlark.Tuple {
	return starlark.Tuple{starlark.MakeInt(p.X), starlark.MakeInt(p.Y)}
}

// cellOf reads v, an (x, y) tuple or list of two ints, as a cell on the
// board.
func cellOf(v starlark.Value) (c.Pos, error) {
	var x, y starlark.Value
	switch v := v.(type) {
	case starlark.Tuple:
		if len(v) != 2 {
			return c.Pos{}, fmt.Errorf("want (x, y), got %d values", len(v))
		}
		x, y = v[0], v[1]
	case *starlark.List:
		if v.Len() != 2 {
			return c.Pos{}, fmt.Errorf("want (x, y), got %d values", v.Len())
		}
		x, y = v.Index(0), v.Index(1)
	default:
		return c.Pos{}, fmt.Errorf("want (x, y), got %s", v.Type())
	}
	var p c.Pos
	if err := starlark.AsInt(x, &p.X); err != nil {
		return p, fmt.Errorf("x: %v", err)
	}
	if err := starlark.AsInt(y, &p.Y); err != nil {
		return p, fmt.Errorf("y: %v", err)
	}
	if !p.In() {
		return p, fmt.Errorf("(%d, %d) is off the 48 x 18 board", p.X, p.Y)
	}
	return p, nil
}
