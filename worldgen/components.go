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
	var queue [components.N]int16
	assignDoorsAndCorridors(lvl, &queue)
}

// assignComponents is AssignComponents for a level the Generator built,
// whose RoomOf is exactly the rooms' interiors (see sortRooms): it
// numbers the interiors row by row instead of copying every cell.
func (g *Generator) assignComponents(lvl *components.Level) {
	lvl.Component = [components.N]uint16{}
	for i, r := range lvl.Rooms {
		id := uint16(i + 1)
		in := r.Interior
		for y := in.Y0; y <= in.Y1; y++ {
			row := lvl.Component[y*components.W+in.X0 : y*components.W+in.X1+1]
			for x := range row {
				row[x] = id
			}
		}
	}
	assignDoorsAndCorridors(lvl, &g.queue)
}

// assignDoorsAndCorridors numbers, over the rooms' floors already in
// lvl.Component, the doors of each room's wall ring and the corridor
// components; queue is scratch space.
func assignDoorsAndCorridors(lvl *components.Level, queue *[components.N]int16) {
	for i, r := range lvl.Rooms {
		id := uint16(i + 1)
		w := grow(r.Interior, 1)
		for x := w.X0; x <= w.X1; x++ {
			markDoor(lvl, components.Pos{X: x, Y: w.Y0}, id)
			markDoor(lvl, components.Pos{X: x, Y: w.Y1}, id)
		}
		for y := w.Y0 + 1; y < w.Y1; y++ {
			markDoor(lvl, components.Pos{X: w.X0, Y: y}, id)
			markDoor(lvl, components.Pos{X: w.X1, Y: y}, id)
		}
	}
	// Corridor components, flooded over rem, the corridor cells not yet
	// numbered, one bit per column; rem has an empty row above and below
	// the board, so that every cell has three rows to look at.
	var rem [components.H + 2]uint64
	corridorRows((*rows)(rem[1:components.H+1]), lvl)
	next := uint16(len(lvl.Rooms) + 1)
	for y := 1; y <= components.H; y++ {
		for rem[y] != 0 {
			x := bits.TrailingZeros64(rem[y])
			rem[y] &^= 1 << uint(x)
			lvl.Component[(y-1)*components.W+x] = next
			queue[0] = int16(y<<8 | x)
			for h, n := 0, 1; h < n; h++ {
				cy, cx := int(queue[h])>>8, int(queue[h])&0xff
				window := uint64(7) << uint(cx) >> 1 // columns x−1 … x+1
				for ny := cy - 1; ny <= cy+1; ny++ {
					for m := rem[ny] & window; m != 0; m &= m - 1 {
						nx := bits.TrailingZeros64(m)
						rem[ny] &^= 1 << uint(nx)
						lvl.Component[(ny-1)*components.W+nx] = next
						queue[n] = int16(ny<<8 | nx)
						n++
					}
				}
			}
			next++
		}
	}
}

// corridorRows sets c to the corridor cells of lvl, eight cells at a step
// (see scanRows).
func corridorRows(c *rows, lvl *components.Level) {
	for y := range components.H {
		var w uint64
		row := lvl.Terrain[y*components.W : (y+1)*components.W]
		for x := 0; x < components.W; x += 8 {
			v := cells8(row[x:])
			corridor := atLeast(v, components.Corridor) &^ atLeast(v, components.Corridor+1)
			w |= gather(corridor) << uint(x)
		}
		c[y] = w
	}
}

func markDoor(lvl *components.Level, p components.Pos, id uint16) {
	if p.In() && lvl.Terrain[p.Index()].IsDoor() {
		lvl.Component[p.Index()] = id
	}
}
