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

// FindRooms makes a room of each 4-connected region of room-floor cells
// (floor, stairs, lava) and marks their cells.
func FindRooms(lvl *c.Level, lit bool) {
	isFloor := func(t c.Terrain) bool { return t == c.Floor || t == c.Stairs || t == c.Lava }
	var buf [c.N]int16
	stack := buf[:0]
	for i := 0; i < c.N; i++ {
		if !isFloor(lvl.Terrain[i]) || lvl.RoomOf[i] != 0 || len(lvl.Rooms) >= 255 {
			continue
		}
		id := uint8(len(lvl.Rooms) + 1)
		r := c.Rect{X0: c.W, Y0: c.H, X1: -1, Y1: -1}
		stack = append(stack[:0], int16(i))
		lvl.RoomOf[i] = id
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p := c.PosOf(int(j))
			r.X0, r.Y0, r.X1, r.Y1 = min(r.X0, p.X), min(r.Y0, p.Y), max(r.X1, p.X), max(r.Y1, p.Y)
			for _, d := range c.OrthogonalDirs {
				q := p.Add(d)
				if q.In() && isFloor(lvl.Terrain[q.Index()]) && lvl.RoomOf[q.Index()] == 0 {
					lvl.RoomOf[q.Index()] = id
					stack = append(stack, int16(q.Index()))
				}
			}
		}
		lvl.Rooms = append(lvl.Rooms, c.Room{Interior: r, Lit: lit})
	}
}
