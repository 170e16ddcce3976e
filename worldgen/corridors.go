package worldgen

import (
	"math/bits"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// Corridor rules of §17.2–§17.4, after NetHack's makecorridors, join,
// finddpos, dodoor and dig_corridor (src/mklev.c, src/sp_lev.c).
const (
	// earlyStop: the first joining pass stops after a join at 1 in 50.
	earlyStop = 50
	// deadEnd: an extra corridor stops digging at 1 in 35 per step.
	deadEnd = 35
	// maxDigSteps: a corridor gives up after this many steps.
	maxDigSteps = 500
)

// makeCorridors joins the sorted rooms (§17.2, §17.3). g.smeq tracks which
// rooms are known to be connected the way NetHack does: a join sets both
// rooms' marks to the smaller of the two (not a full union, so some
// connected pairs still look apart and get another corridor).
func (g *Generator) makeCorridors(s *ecs.Stream, lvl *components.Level) {
	n := len(lvl.Rooms)
	for i := range n {
		g.smeq[i] = i
	}
	g.markDiggable(lvl)
	for a := 0; a < n-1; a++ {
		g.join(s, lvl, a, a+1, false)
		if s.OneIn(earlyStop) {
			break
		}
	}
	for a := 0; a < n-2; a++ {
		if g.smeq[a] != g.smeq[a+2] {
			g.join(s, lvl, a, a+2, false)
		}
	}
	for a, tried := 0, true; tried && a < n; a++ {
		tried = false
		for b := range n {
			if g.smeq[a] != g.smeq[b] {
				g.join(s, lvl, a, b, false)
				tried = true
			}
		}
	}
	// A room's mark is always that of a room it is joined to, by these
	// joins that place both their doors; so when every mark is room 0's,
	// every room is joined to it. The extra corridors change marks
	// without that, but only ever add passable cells.
	g.joined = true
	for i := range n {
		g.joined = g.joined && g.smeq[i] == g.smeq[0]
	}
	if n > 2 {
		for i := s.Rn2(n) + 4; i > 0; i-- {
			a := s.Rn2(n)
			b := s.Rn2(n - 2)
			if b >= a {
				b += 2
			}
			g.join(s, lvl, a, b, true)
		}
	}
}

// join digs a corridor from a door of room a to a door of room b. The
// walls face each other: b right of a joins a's right wall to b's left
// wall, b above joins top to bottom, b left joins left to right, else
// bottom to top. An extra corridor (nxcor) gives up before digging when
// the square outside its first door is already open, may stop short
// (a dead end, leaving only the first door), and puts doors only where
// doors are allowed.
func (g *Generator) join(s *ecs.Stream, lvl *components.Level, a, b int, nxcor bool) {
	ra, rb := lvl.Rooms[a].Interior, lvl.Rooms[b].Interior
	var from, to components.Pos
	var d components.Pos // the step from a's door out of room a
	switch {
	case rb.X0 > ra.X1:
		d = components.Pos{X: 1}
		from = findDoorPos(s, &g.scan.door, ra.X1+1, ra.Y0, ra.X1+1, ra.Y1)
		to = findDoorPos(s, &g.scan.door, rb.X0-1, rb.Y0, rb.X0-1, rb.Y1)
	case rb.Y1 < ra.Y0:
		d = components.Pos{Y: -1}
		from = findDoorPos(s, &g.scan.door, ra.X0, ra.Y0-1, ra.X1, ra.Y0-1)
		to = findDoorPos(s, &g.scan.door, rb.X0, rb.Y1+1, rb.X1, rb.Y1+1)
	case rb.X1 < ra.X0:
		d = components.Pos{X: -1}
		from = findDoorPos(s, &g.scan.door, ra.X0-1, ra.Y0, ra.X0-1, ra.Y1)
		to = findDoorPos(s, &g.scan.door, rb.X1+1, rb.Y0, rb.X1+1, rb.Y1)
	default:
		d = components.Pos{Y: 1}
		from = findDoorPos(s, &g.scan.door, ra.X0, ra.Y1+1, ra.X1, ra.Y1+1)
		to = findDoorPos(s, &g.scan.door, rb.X0, rb.Y0-1, rb.X1, rb.Y0-1)
	}
	org := components.Pos{X: from.X + d.X, Y: from.Y + d.Y}
	dst := components.Pos{X: to.X - d.X, Y: to.Y - d.Y}
	if nxcor && lvl.At(org) != components.Rock {
		return
	}
	if !nxcor || okDoor(&g.scan.door, from) {
		g.placeDoor(s, lvl, from)
	}
	if !dig(s, lvl, &g.diggable, &g.scan, org, dst, nxcor) {
		return
	}
	if !nxcor || okDoor(&g.scan.door, to) {
		g.placeDoor(s, lvl, to)
	}
	if g.smeq[a] < g.smeq[b] {
		g.smeq[b] = g.smeq[a]
	} else {
		g.smeq[a] = g.smeq[b]
	}
}

// okDoor reports whether a door may go on p, a cell of a room's wall
// ring (so a wall or a door: nothing else is ever put there), from the
// level's doors: no door on it or orthogonally next to it.
func okDoor(door *rows, p components.Pos) bool { return doorFree(door, p.Y)>>uint(p.X)&1 != 0 }

// doorFree is the set of the cells of row y (0 < y < H−1) with no door
// on them or orthogonally next to them.
func doorFree(door *rows, y int) uint64 {
	d := door[y]
	return ^(d | d<<1 | d>>1 | door[y-1] | door[y+1])
}

// findDoorPos picks a door position on the wall segment (x0, y0)–(x1, y1)
// of a room's wall ring, given the level's doors: a random cell if a
// door is allowed there, else the first allowed cell, else the first
// cell that already is a door, else the segment's first cell (first in
// the order x, then y).
func findDoorPos(s *ecs.Stream, door *rows, x0, y0, x1, y1 int) components.Pos {
	p := components.Pos{X: x0 + s.Rn2(x1-x0+1), Y: y0 + s.Rn2(y1-y0+1)}
	if okDoor(door, p) {
		return p
	}
	if y0 == y1 {
		cols := uint64(1)<<uint(x1+1) - uint64(1)<<uint(x0)
		if m := doorFree(door, y0) & cols; m != 0 {
			return components.Pos{X: bits.TrailingZeros64(m), Y: y0}
		}
		if m := door[y0] & cols; m != 0 {
			return components.Pos{X: bits.TrailingZeros64(m), Y: y0}
		}
		return components.Pos{X: x0, Y: y0}
	}
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			if doorFree(door, y)>>uint(x)&1 != 0 {
				return components.Pos{X: x, Y: y}
			}
		}
	}
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			if door[y]>>uint(x)&1 != 0 {
				return components.Pos{X: x, Y: y}
			}
		}
	}
	return components.Pos{X: x0, Y: y0}
}

// placeDoor makes p a door as NetHack's dosdoor (§17.4): secret at 1 in 8
// (unless p already is a door, which then stays a visible one); of the
// rest 2 in 3 are doorways; a real door is open at 1 in 5, else locked at
// 1 in 6, else closed.
func (g *Generator) placeDoor(s *ecs.Stream, lvl *components.Level, p components.Pos) {
	i := p.Index()
	secret := s.OneIn(8)
	var door components.Terrain
	switch t := lvl.Terrain[i]; {
	case secret && t == components.HWall:
		door = components.SecretDoorH
	case secret && t == components.VWall:
		door = components.SecretDoorV
	case !s.OneIn(3):
		door = components.Doorway
	case s.OneIn(5):
		door = components.OpenDoor
	case s.OneIn(6):
		door = components.LockedDoor
	default:
		door = components.ClosedDoor
	}
	g.scan.put(lvl, p.X, p.Y, door)
}

// markDiggable sets g.diggable to the cells a corridor may run through
// (see dig): with only the rooms on the board, every cell inside the
// border ring but outside the rooms' walls. It holds for the whole
// level: dig turns such cells into corridor, which may be dug again, and
// doors go only on room walls, which never were diggable.
func (g *Generator) markDiggable(lvl *components.Level) {
	const inner = uint64(1)<<(components.W-1) - 2 // columns 1 … W−2
	g.diggable = rows{}
	for y := 1; y < components.H-1; y++ {
		g.diggable[y] = inner
	}
	for _, r := range lvl.Rooms {
		w := grow(r.Interior, 1)
		cols := uint64(1)<<uint(w.X1+1) - uint64(1)<<uint(w.X0)
		for y := w.Y0; y <= w.Y1; y++ {
			g.diggable[y] &^= cols
		}
	}
}

// diggable reports whether a corridor may run through (x, y): rock or
// corridor inside the border ring, as open (see markDiggable) has it.
func diggable(open *rows, x, y int) bool {
	return uint(y) < components.H && open[y]>>uint(x)&1 != 0
}

// at reports whether (x, y), a cell on the board, is in the set. (The
// mask of x changes nothing there; it spares the check for shifts by 64
// or more.)
func (r *rows) at(x, y int) bool { return r[y]>>(uint(x)&63)&1 != 0 }

// dig digs a corridor from org to dst through rock, crossing corridors
// already there, as NetHack's dig_corridor: head along the axis with the
// larger distance (turning early at random, the nearer the two distances
// the likelier), turn toward the target when blocked, else turn away. It
// fails when it meets anything else, after maxDigSteps steps, or, for an
// extra corridor, at 1 in deadEnd per step (leaving what it dug).
//
// Every cell it stands on is diggable, so inside the border ring: the
// cells next to it are on the board, and only org needs diggable's
// bounds check.
func dig(s *ecs.Stream, lvl *components.Level, open *rows, scan *levelRows, org, dst components.Pos, nxcor bool) bool {
	var dx, dy int
	switch {
	case dst.X > org.X:
		dx = 1
	case dst.Y > org.Y:
		dy = 1
	case dst.X < org.X:
		dx = -1
	default:
		dy = -1
	}
	if nxcor && s.OneIn(deadEnd) || !diggable(open, org.X, org.Y) {
		return false
	}
	x, y := org.X, org.Y
	for steps := 1; ; steps++ {
		scan.dig(lvl, x, y)
		distX, distY := abs(x-dst.X), abs(y-dst.Y)
		if distX == 0 && distY == 0 {
			return true
		}
		// Turn early at 1 in (difference + 1), unless on the target's
		// row or column: the larger distance counts as covered.
		if distX != distY && distX != 0 && distY != 0 && s.OneIn(abs(distX-distY)+1) {
			if distX > distY {
				distX = 0
			} else {
				distY = 0
			}
		}
		// Turn toward the target along the farther axis when that way is
		// open; else go straight on; else turn toward the target along
		// the other axis; else turn away from it. (A turn the first two
		// cases find blocked is not tried again.) Only the ways taken
		// last, turning away, are not yet known to be open.
		known := true
		switch {
		case dy != 0 && distX > distY:
			if tx := towards(dst.X, x); open.at(x+tx, y) {
				dx, dy = tx, 0
			} else if !open.at(x, y+dy) {
				dx, dy, known = -tx, 0, false
			}
		case dx != 0 && distY > distX:
			if ty := towards(dst.Y, y); open.at(x, y+ty) {
				dx, dy = 0, ty
			} else if !open.at(x+dx, y) {
				dx, dy, known = 0, -ty, false
			}
		case open.at(x+dx, y+dy):
		case dx != 0:
			dx, dy = 0, towards(dst.Y, y)
			if !open.at(x, y+dy) {
				dy, known = -dy, false
			}
		default:
			dx, dy = towards(dst.X, x), 0
			if !open.at(x+dx, y) {
				dx, known = -dx, false
			}
		}
		if steps >= maxDigSteps || nxcor && s.OneIn(deadEnd) {
			return false
		}
		x, y = x+dx, y+dy
		if !known && !open.at(x, y) {
			return false
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// towards is the unit step from v toward target, 1 when they are equal
// (NetHack turns south or east then).
func towards(target, v int) int {
	if target < v {
		return -1
	}
	return 1
}
