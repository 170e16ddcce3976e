package components

// W and H are the board size of every level: 48 columns by 18 rows (§4).
const (
	W = 48
	H = 18
	// N is the number of cells of a level.
	N = W * H
)

// Pos is a board cell; (0, 0) is the north-west corner, y grows southward.
type Pos struct{ X, Y int }

// Index is the cell's index in a level's flat arrays.
func (p Pos) Index() int { return p.Y*W + p.X }

// In reports whether p lies on the board.
func (p Pos) In() bool { return p.X >= 0 && p.X < W && p.Y >= 0 && p.Y < H }

// Add returns p stepped once in direction d.
func (p Pos) Add(d Dir) Pos { return Pos{p.X + d.DX(), p.Y + d.DY()} }

// PosOf is the inverse of [Pos.Index].
func PosOf(i int) Pos { return Pos{i % W, i / W} }

// Chebyshev is the king-move distance between two cells (§9).
func Chebyshev(a, b Pos) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	if dx > dy {
		return dx
	}
	return dy
}

// Dir is one of the eight compass directions. The numbering is the AI's
// fixed tie order (§9): e, se, s, sw, w, nw, n, ne.
type Dir uint8

// The eight directions in the AI's tie order.
const (
	East Dir = iota
	SouthEast
	South
	SouthWest
	West
	NorthWest
	North
	NorthEast
)

// Dirs lists the eight directions in the AI's tie order.
var Dirs = [8]Dir{East, SouthEast, South, SouthWest, West, NorthWest, North, NorthEast}

// OrthogonalDirs are the four directions a grid bug may step in (§9).
var OrthogonalDirs = [4]Dir{East, South, West, North}

var dirInfo = [8]struct {
	dx, dy int
	short  string
	word   string
}{
	{1, 0, "e", "east"},
	{1, 1, "se", "southeast"},
	{0, 1, "s", "south"},
	{-1, 1, "sw", "southwest"},
	{-1, 0, "w", "west"},
	{-1, -1, "nw", "northwest"},
	{0, -1, "n", "north"},
	{1, -1, "ne", "northeast"},
}

// DX is the column step of d.
func (d Dir) DX() int { return dirInfo[d].dx }

// DY is the row step of d.
func (d Dir) DY() int { return dirInfo[d].dy }

// Diagonal reports whether d changes both coordinates.
func (d Dir) Diagonal() bool { return dirInfo[d].dx != 0 && dirInfo[d].dy != 0 }

// String is the short name of d as the reply grammar writes it (§14).
func (d Dir) String() string { return dirInfo[d].short }

// Word is the compass word of d ("southeast"), used by the Oracle (§16).
func (d Dir) Word() string { return dirInfo[d].word }

// Rect is an inclusive rectangle of cells.
type Rect struct{ X0, Y0, X1, Y1 int }

// Contains reports whether p lies inside r.
func (r Rect) Contains(p Pos) bool {
	return p.X >= r.X0 && p.X <= r.X1 && p.Y >= r.Y0 && p.Y <= r.Y1
}
