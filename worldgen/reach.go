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

// Byte-parallel ("SWAR") classification of terrain: eight cells at a
// time, one byte each. Every terrain kind is below 128, so adding
// 128 − k to a byte sets its top bit exactly when the kind is ≥ k, and
// no carry crosses into the next byte.
const (
	lowBytes = 0x0101010101010101
	topBits  = 0x8080808080808080
)

// atLeast marks (top bit of each byte) the cells of v of kind ≥ k.
func atLeast(v uint64, k components.Terrain) uint64 {
	return (v + (128-uint64(k))*lowBytes) & topBits
}

// gather packs the top bits of m's eight bytes into the low eight bits,
// byte i's into bit i. The products of the shifted bits with the
// multiplier's land on distinct bits, so nothing carries.
func gather(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }

// cells8 is the terrain of the eight cells from t[0], cell i in byte i.
func cells8(t []components.Terrain) uint64 {
	_ = t[7]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// levelRows are the cell sets of a level's terrain that generation and
// the reachability rule use, made by one scan (scanRows).
type levelRows struct {
	// diag holds the cells a diagonal step may enter or leave (passable,
	// not a real door).
	diag rows
	// corridor holds the corridor cells, door the doors, doorways and
	// secret doors.
	corridor, door rows
}

// passable sets p to the passable cells of the terrain s scanned: those
// a diagonal step may use and the doors (TestScanRows holds it to
// cellClass).
func (s *levelRows) passable(p *rows) {
	for y := range p {
		p[y] = s.diag[y] | s.door[y]
	}
}

// Bits of kindSets: which sets of levelRows a terrain kind is in.
const (
	inDiag uint8 = 1 << iota
	inCorridor
	inDoor
)

// kindSets is the sets of levelRows each terrain kind is in (as scanRows
// finds them).
var kindSets = func() (k [256]uint8) {
	for t := components.Rock; t <= components.Lava; t++ {
		if cellClass[t] == cellPassable {
			k[t] |= inDiag
		}
		if t == components.Corridor {
			k[t] |= inCorridor
		}
		if t.IsDoor() {
			k[t] |= inDoor
		}
	}
	return k
}()

// put makes cell (x, y) of lvl terrain t, keeping s the scan of lvl's
// terrain. (The mask of x, a column of the board, changes nothing; it
// spares the check for shifts by 64 or more, as in rows.at.)
func (s *levelRows) put(lvl *components.Level, x, y int, t components.Terrain) {
	lvl.Terrain[y*components.W+x] = t
	b, k := uint64(1)<<(uint(x)&63), kindSets[t]
	s.diag[y] = s.diag[y]&^b | b*uint64(k&inDiag)
	s.corridor[y] = s.corridor[y]&^b | b*uint64(k&inCorridor>>1)
	s.door[y] = s.door[y]&^b | b*uint64(k&inDoor>>2)
}

// dig makes the rock or corridor cell (x, y) of lvl corridor, keeping s
// the scan of lvl's terrain (such a cell is in no set but the corridor's
// two).
func (s *levelRows) dig(lvl *components.Level, x, y int) {
	lvl.Terrain[y*components.W+x] = components.Corridor
	b := uint64(1) << uint(x)
	s.diag[y] |= b
	s.corridor[y] |= b
}

// room draws a room with interior in on lvl, floor inside a ring of
// walls, keeping s the scan of lvl's terrain. Its rows are copied from
// wallRow and floorRow.
func (s *levelRows) room(lvl *components.Level, in components.Rect) {
	walls := grow(in, 1)
	ring := uint64(1)<<uint(walls.X1+1) - uint64(1)<<uint(walls.X0)
	floor := uint64(1)<<uint(in.X1+1) - uint64(1)<<uint(in.X0)
	n := walls.X1 - walls.X0 + 1
	for _, y := range [2]int{walls.Y0, walls.Y1} {
		s.diag[y] &^= ring
		s.corridor[y] &^= ring
		s.door[y] &^= ring
		copy(lvl.Terrain[y*components.W+walls.X0:][:n], wallRow[:n])
	}
	for y := in.Y0; y <= in.Y1; y++ {
		s.diag[y] = s.diag[y]&^ring | floor
		s.corridor[y] &^= ring
		s.door[y] &^= ring
		row := lvl.Terrain[y*components.W+walls.X0:][:n]
		copy(row, floorRow[:n])
		row[n-1] = components.VWall
	}
}

// wallRow is a row of horizontal wall, floorRow a vertical wall then
// floor: a room's row but for its right wall.
var wallRow, floorRow = func() (w, f [components.W]components.Terrain) {
	for x := range w {
		w[x], f[x] = components.HWall, components.Floor
	}
	f[0] = components.VWall
	return w, f
}()

// scanRows fills s from lvl's terrain, eight cells at a step. It relies
// on the order of the terrain kinds: the passable ones are Floor …
// Stairs, the real doors (no diagonal steps) OpenDoor … SecretDoorH,
// the doors of IsDoor Doorway … SecretDoorH (TestScanRows holds it to
// cellClass and IsDoor).
func scanRows(lvl *components.Level, s *levelRows) {
	for y := range components.H {
		var qw, cw, dw uint64
		row := lvl.Terrain[y*components.W : (y+1)*components.W]
		for x := 0; x < components.W; x += 8 {
			v := cells8(row[x:])
			if v == 0 {
				continue // all rock (kind 0), in none of the sets
			}
			floor, corridor := atLeast(v, components.Floor), atLeast(v, components.Corridor)
			doorway, door := atLeast(v, components.Doorway), atLeast(v, components.OpenDoor)
			stairs, lava := atLeast(v, components.Stairs), atLeast(v, components.Lava)
			qw |= gather(floor&^door|stairs&^lava) << uint(x)
			cw |= gather(corridor&^doorway) << uint(x)
			dw |= gather(doorway&^stairs) << uint(x)
		}
		s.diag[y], s.corridor[y], s.door[y] = qw, cw, dw
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
	var s levelRows
	scanRows(lvl, &s)
	var p rows
	s.passable(&p)
	// The start counts as passable even if its terrain is not.
	bit := uint64(1) << uint(from.X)
	p[from.Y] |= bit
	if cellClass[lvl.At(from)]&cellNoDiagonal == 0 {
		s.diag[from.Y] |= bit
	}
	flood(&p, &s.diag, from, r)
}

// flood sets r to the cells reachable from from, where p holds the
// passable cells (from among them) and q those diagonal steps may use
// (see levelRows). Each row takes what its neighbour rows reach (straight
// up or down into any passable cell, diagonally between q-cells) and
// fills the runs of passable cells that holds; a row that grew makes its
// neighbours to be relaxed again, until none is left (the result, the
// least fixed point, does not depend on the order). Only new seed cells
// can grow a row: a row's reach is always a union of whole runs.
func flood(p, q *rows, from components.Pos, r *rows) {
	// Board row y is row y+1 here; rows 0 and H+1 stay empty, so every
	// row has two neighbours.
	var pp, qq, rr [components.H + 2]uint64
	copy(pp[1:], p[:])
	copy(qq[1:], q[:])
	rr[from.Y+1] = rowFill(p[from.Y], 1<<uint(from.X))
	const board = 1<<(components.H+1) - 2 // rows 1 … H
	for todo := uint32(0b101<<uint(from.Y)) & board; todo != 0; {
		y := bits.TrailingZeros32(todo)
		todo &^= 1 << uint(y)
		a, b := rr[y-1], rr[y+1]
		d := a&qq[y-1] | b&qq[y+1]
		seed := ((a|b)&pp[y] | (d<<1|d>>1)&qq[y]) &^ rr[y]
		if seed != 0 {
			rr[y] |= rowFill(pp[y], seed)
			todo |= 0b101 << uint(y-1) & board
		}
	}
	copy(r[:], rr[1:])
}

// rowFill returns the runs of set bits of p that hold a bit of seed
// (seed ⊆ p): an addition carries each seed bit up through its run, and
// shifts by 1, 2, 4 … 32 carry it down through p (each step where the
// cells passed over are all in p).
func rowFill(p, seed uint64) uint64 {
	up := ((p+seed)^p)&p | seed
	down, m := seed, p
	down |= m & (down >> 1)
	m &= m >> 1
	down |= m & (down >> 2)
	m &= m >> 2
	down |= m & (down >> 4)
	m &= m >> 4
	down |= m & (down >> 8)
	m &= m >> 8
	down |= m & (down >> 16)
	m &= m >> 16
	down |= m & (down >> 32)
	return up | down
}
