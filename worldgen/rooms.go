package worldgen

import (
	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// Room sizes and counts of §17.1, NetHack's scaled to 48 x 18.
const (
	maxRooms     = 12
	minInteriorW = 2
	maxInteriorW = 10
	minInteriorH = 2
	maxInteriorH = 5
	// roomTries is how often one room is tried before the level stops
	// growing (NetHack's create_room tries up to 100 times).
	roomTries = 100
	// roomGapX and roomGapY are the least numbers of rock cells between
	// two rooms' walls side by side and one above the other.
	roomGapX = 2
	roomGapY = 1
)

// oracleInterior is the forced centre room of the Oracle level (§16): 7 x 3,
// centred on (24, 9), where the Oracle stands.
var oracleInterior = components.Rect{X0: 21, Y0: 8, X1: 27, Y1: 10}

// oracleCell is where the Oracle stands.
var oracleCell = components.Pos{X: 24, Y: 9}

// lit draws whether a new room is lit: NetHack's rnd(1 + depth) < 11 and
// rn2(77) ≠ 0 (§12). The second draw only happens when the first passes.
func lit(s *ecs.Stream, depth int) bool {
	return s.Rnd(1+depth) < 11 && s.Rn2(77) != 0
}

// makeRooms fills the board with rooms (§17.1): on the Oracle level the
// centre room first, then rooms in random free rectangles until none is
// left, one fails to fit or there are maxRooms.
func (g *Generator) makeRooms(s *ecs.Stream, lvl *components.Level, oracle bool) {
	g.free.reset()
	if oracle {
		g.addRoom(lvl, oracleInterior, lit(s, lvl.Depth))
	}
	for len(lvl.Rooms) < maxRooms && len(g.free.list) > 0 {
		if !g.createRoom(s, lvl) {
			return
		}
	}
}

// createRoom tries up to roomTries times to place one random room: a
// random free rectangle, a random interior size, a random position of the
// walls inside the rectangle.
func (g *Generator) createRoom(s *ecs.Stream, lvl *components.Level) bool {
	isLit := lit(s, lvl.Depth)
	for range roomTries {
		r := g.free.list[s.Rn2(len(g.free.list))]
		w := minInteriorW + s.Rn2(maxInteriorW-minInteriorW+1)
		h := minInteriorH + s.Rn2(maxInteriorH-minInteriorH+1)
		if w+2 > width(r) || h+2 > height(r) {
			continue
		}
		x := r.X0 + 1 + s.Rn2(width(r)-(w+2)+1)
		y := r.Y0 + 1 + s.Rn2(height(r)-(h+2)+1)
		g.addRoom(lvl, components.Rect{X0: x, Y0: y, X1: x + w - 1, Y1: y + h - 1}, isLit)
		return true
	}
	return false
}

// addRoom draws a room's floor and walls, registers it and takes its walls
// plus the gap out of the free rectangles.
func (g *Generator) addRoom(lvl *components.Level, in components.Rect, isLit bool) {
	walls := grow(in, 1)
	g.scan.room(lvl, in)
	lvl.Rooms = append(lvl.Rooms, components.Room{Interior: in, Lit: isLit})
	g.free.split(components.Rect{X0: walls.X0 - roomGapX, Y0: walls.Y0 - roomGapY, X1: walls.X1 + roomGapX, Y1: walls.Y1 + roomGapY})
}

// sortRooms orders the rooms by the left edge of their interior (stable,
// as NetHack's sort_rooms) and numbers their floor cells in lvl.RoomOf
// and, as their components (see [AssignComponents]), in lvl.Component.
func sortRooms(lvl *components.Level) {
	rooms := lvl.Rooms
	for i := 1; i < len(rooms); i++ {
		r := rooms[i]
		j := i
		for ; j > 0 && rooms[j-1].Interior.X0 > r.Interior.X0; j-- {
			rooms[j] = rooms[j-1]
		}
		rooms[j] = r
	}
	for i, r := range rooms {
		in := r.Interior
		id := uint8(i + 1)
		for y := in.Y0; y <= in.Y1; y++ {
			for i := y*components.W + in.X0; i <= y*components.W+in.X1; i++ {
				lvl.RoomOf[i], lvl.Component[i] = id, uint16(id)
			}
		}
	}
}
