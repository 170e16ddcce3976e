package worldgen

import (
	"math/bits"

	"github.com/cogsim/cogsim/components"
)

// Cell classes for the reachability rule of §17.6.
const (
	// cellPassable: the cog can get onto the cell: walkable terrain, or a
	// door it can open, kick open or find. Rock, walls and lava block.
	cellPassable uint8 = 1 << iota
	// cellNoDiagonal: no diagonal step goes into or out of the cell: a
	// real door, open, closed, locked or secret (secret doors are closed
	// once found). Doorways and broken doors allow diagonals (§8).
	cellNoDiagonal
)

// cellClass is the class of each terrain kind (Lava is the last kind), a
// lookup table so the flood fill stays cheap.
var cellClass = func() (c [256]uint8) {
	for t := components.Rock; t <= components.Lava; t++ {
		switch {
		case t == components.OpenDoor || t == components.ClosedDoor || t == components.LockedDoor || t.IsSecretDoor():
			c[t] = cellPassable | cellNoDiagonal
		case t.Walkable():
			c[t] = cellPassable
		}
	}
	return c
}()

// rows is a set of board cells, one bit per column in each row's word.
type rows [components.H]uint64

// has reports whether p is in the set.
func (r *rows) has(p components.Pos) bool { return r[p.Y]>>uint(p.X)&1 != 0 }

// passRows fills p with the passable cells of lvl and q with those a
// diagonal step may enter or leave (passable, not a real door).
func passRows(lvl *components.Level, p, q *rows) {
	for y := range components.H {
		var pw, qw uint64
		row := lvl.Terrain[y*components.W : (y+1)*components.W]
		for x, t := range row {
			c := cellClass[t]
			pw |= uint64(c&cellPassable) << uint(x)
			if c == cellPassable {
				qw |= 1 << uint(x)
			}
		}
		p[y], q[y] = pw, qw
	}
}

// Reachable reports whether to can be reached from from when closed doors
// may be opened, locked doors kicked and secret doors found (§17.6). Lava,
// walls and rock block; no diagonal step goes into or out of a real door.
func Reachable(lvl *components.Level, from, to components.Pos) bool {
	if !from.In() || !to.In() {
		return false
	}
	var r rows
	reachableFrom(lvl, from, &r)
	return r.has(to)
}

// reachableFrom sets r to the cells reachable from from (on the board) as
// [Reachable] has it.
func reachableFrom(lvl *components.Level, from components.Pos, r *rows) {
	var p, q rows
	passRows(lvl, &p, &q)
	// The start counts as passable even if its terrain is not.
	bit := uint64(1) << uint(from.X)
	p[from.Y] |= bit
	if cellClass[lvl.At(from)]&cellNoDiagonal == 0 {
		q[from.Y] |= bit
	}
	flood(&p, &q, from, r)
}

// flood sets r to the cells reachable from from, where p holds the
// passable cells (from among them) and q those diagonal steps may use
// (see passRows). It relaxes the rows top to bottom and back
// until nothing changes: each row takes what its neighbour rows reach
// (straight up or down into any passable cell, diagonally between
// q-cells) and fills the runs of passable cells that holds.
func flood(p, q *rows, from components.Pos, r *rows) {
	*r = rows{}
	r[from.Y] = rowFill(p[from.Y], 1<<uint(from.X))
	for changed := true; changed; {
		changed = false
		for y := 0; y < components.H; y++ {
			changed = relaxRow(p, q, r, y) || changed
		}
		for y := components.H - 1; y >= 0; y-- {
			changed = relaxRow(p, q, r, y) || changed
		}
	}
}

func relaxRow(p, q, r *rows, y int) bool {
	straight, diag := r[y], uint64(0)
	if y > 0 {
		straight |= r[y-1]
		d := r[y-1] & q[y-1]
		diag |= d<<1 | d>>1
	}
	if y < components.H-1 {
		straight |= r[y+1]
		d := r[y+1] & q[y+1]
		diag |= d<<1 | d>>1
	}
	f := rowFill(p[y], straight&p[y]|diag&q[y])
	if f == r[y] {
		return false
	}
	r[y] = f
	return true
}

// rowFill returns the runs of set bits of p that hold a bit of seed
// (seed ⊆ p): an addition carries each seed bit up through its run, and
// the same on the bit-reversed words carries it down.
func rowFill(p, seed uint64) uint64 {
	up := ((p+seed)^p)&p | seed
	rp, rs := bits.Reverse64(p), bits.Reverse64(seed)
	down := bits.Reverse64(((rp+rs)^rp)&rp | rs)
	return up | down
}
