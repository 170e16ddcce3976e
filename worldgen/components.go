package worldgen

import (
	"math/bits"

	"github.com/cogsim/cogsim/components"
)

// AssignComponents computes lvl.Component from lvl.Terrain, lvl.RoomOf and
// lvl.Rooms (§17): room i's floor (its whole interior, lava and stairs
// included) and the doors, doorways and secret doors in its wall ring form
// component i + 1; each maximal 8-connected set of corridor cells forms
// one component, numbered after the rooms in board order; every other
// cell is 0.
func AssignComponents(lvl *components.Level) {
	for i := range lvl.Component {
		lvl.Component[i] = uint16(lvl.RoomOf[i])
	}
	var s levelRows
	scanRows(lvl, &s)
	assignDoorsAndCorridors(lvl, &s)
}

// assignComponents is AssignComponents for a level the Generator built,
// whose rooms' floors sortRooms numbered in lvl.Component (every other
// cell 0): it takes the doors and corridors from the scan kept while
// building it (g.scan).
func (g *Generator) assignComponents(lvl *components.Level) {
	assignDoorsAndCorridors(lvl, &g.scan)
}

// assignDoorsAndCorridors numbers, over the rooms' floors already in
// lvl.Component, the doors of each room's wall ring and the corridor
// components, from s, the scan of lvl's terrain.
func assignDoorsAndCorridors(lvl *components.Level, s *levelRows) {
	corridor, door := s.corridor, &s.door // corridor: the cells not yet numbered
	for i, r := range lvl.Rooms {
		id := uint16(i + 1)
		w := grow(r.Interior, 1)
		ring := uint64(1)<<uint(w.X1+1) - uint64(1)<<uint(w.X0) // off-board columns drop out
		sides := uint64(1)<<uint(w.X0) | uint64(1)<<uint(w.X1)
		for y := max(w.Y0, 0); y <= min(w.Y1, components.H-1); y++ {
			m := door[y] & ring
			if y != w.Y0 && y != w.Y1 {
				m &= sides
			}
			for ; m != 0; m &= m - 1 {
				lvl.Component[y*components.W+bits.TrailingZeros64(m)] = id
			}
		}
	}
	// Corridor components: each is flooded (8-connected) from its first
	// cell in board order, then taken out of what is left.
	next := uint16(len(lvl.Rooms) + 1)
	var all [components.H + 2]uint64 // board row y is all[y+1], as in flood
	copy(all[1:], corridor[:])
	for y0 := range components.H {
		for corridor[y0] != 0 {
			var c [components.H + 2]uint64
			last := flood8(&all, components.Pos{X: bits.TrailingZeros64(corridor[y0]), Y: y0}, &c)
			for y := y0; y <= last; y++ {
				for m := c[y+1]; m != 0; m &= m - 1 {
					lvl.Component[y*components.W+bits.TrailingZeros64(m)] = next
				}
				corridor[y] &^= c[y+1]
			}
			next++
		}
	}
}

// flood8 is flood for a set whose cells all allow diagonal steps (p and
// q both the set, here p), rows shifted by one as flood's: it sets r to
// the cells 8-connected to from and returns the last board row they
// reach. from must be in the set, and in its first row.
func flood8(p *[components.H + 2]uint64, from components.Pos, r *[components.H + 2]uint64) int {
	r[from.Y+1] = rowFill(p[from.Y+1], 1<<uint(from.X))
	const board = 1<<(components.H+1) - 2 // rows 1 … H
	last := from.Y + 1
	for todo := uint32(0b100<<uint(from.Y)) & board; todo != 0; {
		y := bits.TrailingZeros32(todo)
		todo &^= 1 << uint(y)
		d := r[y-1] | r[y+1]
		if seed := (d | d<<1 | d>>1) & p[y] &^ r[y]; seed != 0 {
			r[y] |= rowFill(p[y], seed)
			todo |= 0b101 << uint(y-1) & board
			last = max(last, y)
		}
	}
	return last - 1
}
