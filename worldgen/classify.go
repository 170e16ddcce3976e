package worldgen

import c "github.com/cogsim/cogsim/components"

// ClassifyDoors turns a '.' in a wall line into a doorway — between two
// '-' (or doors) in a horizontal wall, or in a vertical wall between walls
// of which one at least is '|' (the other may be a corner) — and sets the
// orientation of secret doors from their wall neighbours. A doorway in the
// side wall of a room one row high cannot be told from floor: give it in
// "doors" (§19).
func ClassifyDoors(lvl *c.Level) {
	for i := 0; i < c.N; i++ {
		p := c.PosOf(i)
		is := func(d c.Dir, ts ...c.Terrain) bool {
			t := lvl.At(p.Add(d))
			if t.IsDoor() {
				return true
			}
			for _, x := range ts {
				if t == x {
					return true
				}
			}
			return false
		}
		horizontal := is(c.East, c.HWall) && is(c.West, c.HWall)
		vertical := is(c.North, c.VWall, c.HWall) && is(c.South, c.VWall, c.HWall) &&
			(is(c.North, c.VWall) || is(c.South, c.VWall))
		switch lvl.Terrain[i] {
		case c.Floor:
			if horizontal || vertical {
				lvl.Terrain[i] = c.Doorway
			}
		case c.SecretDoorV:
			if horizontal {
				lvl.Terrain[i] = c.SecretDoorH
			}
		}
	}
}

// FindRooms makes a room of each 4-connected region of room-floor cells
// (floor, stairs, lava) and marks their cells.
func FindRooms(lvl *c.Level, lit bool) {
	isFloor := func(t c.Terrain) bool { return t == c.Floor || t == c.Stairs || t == c.Lava }
	var stack []int
	for i := 0; i < c.N; i++ {
		if !isFloor(lvl.Terrain[i]) || lvl.RoomOf[i] != 0 || len(lvl.Rooms) >= 255 {
			continue
		}
		id := uint8(len(lvl.Rooms) + 1)
		r := c.Rect{X0: c.W, Y0: c.H, X1: -1, Y1: -1}
		stack = append(stack[:0], i)
		lvl.RoomOf[i] = id
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p := c.PosOf(j)
			r.X0, r.Y0, r.X1, r.Y1 = min(r.X0, p.X), min(r.Y0, p.Y), max(r.X1, p.X), max(r.Y1, p.Y)
			for _, d := range c.OrthogonalDirs {
				q := p.Add(d)
				if q.In() && isFloor(lvl.Terrain[q.Index()]) && lvl.RoomOf[q.Index()] == 0 {
					lvl.RoomOf[q.Index()] = id
					stack = append(stack, q.Index())
				}
			}
		}
		lvl.Rooms = append(lvl.Rooms, c.Room{Interior: r, Lit: lit})
	}
}
