package worldgen

import (
	"math/bits"

	c "github.com/cogsim/cogsim/components"
)

// ClassifyDoors turns a '.' in a wall line into a doorway — between two
// '-' (or doors) in a horizontal wall, or in a vertical wall between walls
// of which one at least is '|' (the other may be a corner) — and sets the
// orientation of secret doors from their wall neighbours. A doorway in the
// side wall of a room one row high cannot be told from floor: give it in
// "doors" (§19).
func ClassifyDoors(lvl *c.Level) {
	for i := 0; i < c.N; i++ {
		t := lvl.Terrain[i]
		if t != c.Floor && t != c.SecretDoorV {
			continue // only these two change
		}
		p := c.PosOf(i)
		e, w := lvl.At(p.Add(c.East)), lvl.At(p.Add(c.West))
		horizontal := (e.IsDoor() || e == c.HWall) && (w.IsDoor() || w == c.HWall)
		if t == c.SecretDoorV {
			if horizontal {
				lvl.Terrain[i] = c.SecretDoorH
			}
			continue
		}
		if horizontal {
			lvl.Terrain[i] = c.Doorway
			continue
		}
		n, s := lvl.At(p.Add(c.North)), lvl.At(p.Add(c.South))
		side := func(t c.Terrain) bool { return t.IsDoor() || t == c.VWall }
		if (side(n) || n == c.HWall) && (side(s) || s == c.HWall) && (side(n) || side(s)) {
			lvl.Terrain[i] = c.Doorway
		}
	}
}

// roomFloor marks the terrain a room's floor is made of.
var roomFloor = func() (k [256]bool) {
	k[c.Floor], k[c.Stairs], k[c.Lava] = true, true, true
	return k
}()

// FindRooms makes a room of each 4-connected region of room-floor cells
// (floor, stairs, lava) whose cells are in no room yet, numbered in the
// order of their first cell row by row, and marks their cells. It floods
// a row of cells at a time (see flood).
func FindRooms(lvl *c.Level, lit bool) {
	var floor, none rows
	for y := range floor {
		row, in := lvl.Terrain[y*c.W:(y+1)*c.W], lvl.RoomOf[y*c.W:(y+1)*c.W]
		var m uint64
		for x, t := range row {
			if roomFloor[t] && in[x] == 0 {
				m |= 1 << uint(x)
			}
		}
		floor[y] = m
	}
	for y := range floor {
		for floor[y] != 0 {
			if len(lvl.Rooms) >= 255 {
				return
			}
			var r rows
			flood(&floor, &none, c.Pos{X: bits.TrailingZeros64(floor[y]), Y: y}, &r)
			id := uint8(len(lvl.Rooms) + 1)
			rect := c.Rect{X0: c.W, Y0: c.H, X1: -1, Y1: -1}
			for ry, m := range r {
				if m == 0 {
					continue
				}
				floor[ry] &^= m
				rect.Y0, rect.Y1 = min(rect.Y0, ry), max(rect.Y1, ry)
				rect.X0, rect.X1 = min(rect.X0, bits.TrailingZeros64(m)), max(rect.X1, 63-bits.LeadingZeros64(m))
				for ; m != 0; m &= m - 1 {
					lvl.RoomOf[ry*c.W+bits.TrailingZeros64(m)] = id
				}
			}
			lvl.Rooms = append(lvl.Rooms, c.Room{Interior: rect, Lit: lit})
		}
	}
}
