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
	// numbered, one bit per column.
	var rem rows
	for y := range components.H {
		for x := range components.W {
			if lvl.Terrain[y*components.W+x] == components.Corridor {
				rem[y] |= 1 << uint(x)
			}
		}
	}
	var queue [components.N]components.Pos
	next := uint16(len(lvl.Rooms) + 1)
	for y := range components.H {
		for rem[y] != 0 {
			start := components.Pos{X: bits.TrailingZeros64(rem[y]), Y: y}
			rem[y] &^= 1 << uint(start.X)
			lvl.Component[start.Index()] = next
			q := append(queue[:0], start)
			for h := 0; h < len(q); h++ {
				p := q[h]
				window := uint64(7) << uint(p.X) >> 1 // columns x−1 … x+1
				for ny := max(p.Y-1, 0); ny <= min(p.Y+1, components.H-1); ny++ {
					for m := rem[ny] & window; m != 0; m &= m - 1 {
						n := components.Pos{X: bits.TrailingZeros64(m), Y: ny}
						rem[ny] &^= 1 << uint(n.X)
						lvl.Component[n.Index()] = next
						q = append(q, n)
					}
				}
			}
			next++
		}
	}
}

func markDoor(lvl *components.Level, p components.Pos, id uint16) {
	if p.In() && lvl.Terrain[p.Index()].IsDoor() {
		lvl.Component[p.Index()] = id
	}
}
