package worldgen

import (
	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// The Rogue level of §17, after NetHack's makeroguerooms (src/extralev.c),
// scaled to 48 x 18. The board is 3 x 3 cells; each holds a room or, at 1
// in 5, an intersection: a single corridor cell where corridors meet. A
// random walk over the cells (NetHack's miniwalk) picks which neighbours
// are joined: a spanning tree of all nine cells plus, at 1 in 10 per
// chance, extra joins that make loops. Each join runs from a doorway in
// the facing wall (or from the intersection) to the neighbour's, as one
// corridor with two bends (NetHack's roguejoin).
//
// Two of NetHack's touches are left out because §17 wants plain doorways
// and plain corridors: it hides 1 in 8 of these doors and 1 in 50
// corridor cells.
const (
	rogueSide = 3
	// rogueIntersection: a cell is an intersection at 1 in 5.
	rogueIntersection = 5
	// rogueLoop: the walk joins a cell to a neighbour it has already
	// reached at 1 in 10 per look.
	rogueLoop = 10
)

// The cells of the Rogue level: cell (cx, cy) is the area of columns
// rogueCols[cx] and rows rogueRows[cy] in which its room's walls lie
// (NetHack's areas of 25 columns by 6 or 7 rows, scaled). Between the
// cells run two columns and one row of rock that no room touches (the gaps
// ordinary levels keep between rooms, roomGapX and roomGapY), where the
// corridors between cells bend. As NetHack makes one row of cells differ in
// depth, the middle row is a row shallower: its rooms are 2 high, the
// others' 2 or 3.
var (
	rogueCols = [rogueSide][2]int{{2, 14}, {17, 30}, {33, 45}}
	rogueRows = [rogueSide][2]int{{1, 5}, {7, 10}, {12, 16}}
)

// rogueCell is the area of cell (cx, cy): its room's walls, or its
// intersection, lie inside.
func rogueCell(cx, cy int) components.Rect {
	return components.Rect{X0: rogueCols[cx][0], Y0: rogueRows[cy][0], X1: rogueCols[cx][1], Y1: rogueRows[cy][1]}
}

// The joins of a cell, as NetHack's doortable.
const (
	joinUp uint8 = 1 << iota
	joinDown
	joinLeft
	joinRight
)

// rogueCellPlan is what one cell holds: a room (its interior) or an
// intersection (the one-cell rectangle of its junction), and its joins.
type rogueCellPlan struct {
	room  bool
	in    components.Rect
	joins uint8
}

// rogueGrid is indexed [cx][cy], as NetHack's r[x][y].
type rogueGrid [rogueSide][rogueSide]rogueCellPlan

// buildRogue makes the terrain of the Rogue level: the cells' rooms and
// intersections, the walk, the rooms (lit by §12's rule), the corridors,
// lava, the staircase and the arrival cell. It reports whether the level
// is valid, as build does: every room's dry floor reachable from the
// arrival cell.
func (g *Generator) buildRogue(s *ecs.Stream, depth int, lvl *components.Level) bool {
	lvl.Depth = depth
	lvl.Terrain = [components.N]components.Terrain{}
	g.scan = levelRows{}
	lvl.RoomOf = [components.N]uint8{}
	lvl.Component = [components.N]uint16{}
	lvl.Rooms = lvl.Rooms[:0]
	g.oracleRoom = -1

	var grid rogueGrid
	planRogueCells(s, &grid)
	rogueWalk(s, &grid, s.Rn2(rogueSide), s.Rn2(rogueSide))
	g.free.reset()
	for cy := range rogueSide {
		for cx := range rogueSide {
			if c := &grid[cx][cy]; c.room {
				g.addRoom(lvl, c.in, lit(s, depth))
			}
		}
	}
	sortRooms(lvl)
	for cy := range rogueSide {
		for cx := range rogueSide {
			if grid[cx][cy].joins&joinDown != 0 {
				rogueCorridor(s, lvl, &g.scan, &grid, cx, cy, false)
			}
			if grid[cx][cy].joins&joinRight != 0 {
				rogueCorridor(s, lvl, &g.scan, &grid, cx, cy, true)
			}
		}
	}
	g.makeLava(s, lvl, -1)
	g.placeStairs(s, lvl)
	return roomsReachable(lvl, &g.scan)
}

// planRogueCells draws each cell's room or intersection, row by row. As
// in NetHack, an intersection may only go where a room has already been
// made or in the top-left 2 x 2 cells, which makes sure of at least one
// room. A room's interior is 2…10 wide (§17.1) and 2 up to what its cell
// holds high, at a random place in its cell; an intersection is a random
// cell of the area a room's floor could take.
func planRogueCells(s *ecs.Stream, grid *rogueGrid) {
	rooms := 0
	for cy := range rogueSide {
		for cx := range rogueSide {
			c := &grid[cx][cy]
			area := rogueCell(cx, cy)
			fw, fh := width(area)-2, height(area)-2 // the floor's room
			if s.OneIn(rogueIntersection) && (rooms > 0 || cx < 2 && cy < 2) {
				x, y := area.X0+1+s.Rn2(fw), area.Y0+1+s.Rn2(fh)
				*c = rogueCellPlan{in: components.Rect{X0: x, Y0: y, X1: x, Y1: y}}
				continue
			}
			w := minInteriorW + s.Rn2(min(fw, maxInteriorW)-minInteriorW+1)
			h := minInteriorH + s.Rn2(min(fh, maxInteriorH)-minInteriorH+1)
			x := area.X0 + 1 + s.Rn2(fw-w+1)
			y := area.Y0 + 1 + s.Rn2(fh-h+1)
			*c = rogueCellPlan{room: true, in: components.Rect{X0: x, Y0: y, X1: x + w - 1, Y1: y + h - 1}}
			rooms++
		}
	}
}

// rogueWalk is NetHack's miniwalk: from cell (x, y) step to a random
// neighbour not yet joined from here — one the walk has not reached, or,
// at 1 in rogueLoop per look, one it has — join the two and walk on from
// there. As in NetHack, a walk that returns goes on from the cell it had
// stepped to; it still reaches every cell.
func rogueWalk(s *ecs.Stream, grid *rogueGrid, x, y int) {
	for {
		var dirs [4]uint8
		q := 0
		here := grid[x][y].joins
		if x > 0 && here&joinLeft == 0 && (grid[x-1][y].joins == 0 || s.OneIn(rogueLoop)) {
			dirs[q] = joinLeft
			q++
		}
		if x < rogueSide-1 && here&joinRight == 0 && (grid[x+1][y].joins == 0 || s.OneIn(rogueLoop)) {
			dirs[q] = joinRight
			q++
		}
		if y > 0 && here&joinUp == 0 && (grid[x][y-1].joins == 0 || s.OneIn(rogueLoop)) {
			dirs[q] = joinUp
			q++
		}
		if y < rogueSide-1 && here&joinDown == 0 && (grid[x][y+1].joins == 0 || s.OneIn(rogueLoop)) {
			dirs[q] = joinDown
			q++
		}
		if q == 0 {
			return
		}
		d := dirs[s.Rn2(q)]
		grid[x][y].joins |= d
		switch d {
		case joinLeft:
			x--
			grid[x][y].joins |= joinRight
		case joinRight:
			x++
			grid[x][y].joins |= joinLeft
		case joinUp:
			y--
			grid[x][y].joins |= joinDown
		case joinDown:
			y++
			grid[x][y].joins |= joinUp
		}
		rogueWalk(s, grid, x, y)
	}
}

// rogueCorridor joins cell (cx, cy) to its neighbour on the right (right)
// or below, as NetHack's roguecorr: a room's end is a doorway at a random
// place on the facing wall, the corridor starting outside it; an
// intersection's end is its junction.
func rogueCorridor(s *ecs.Stream, lvl *components.Level, scan *levelRows, grid *rogueGrid, cx, cy int, right bool) {
	a := &grid[cx][cy]
	var b *rogueCellPlan
	if right {
		b = &grid[cx+1][cy]
	} else {
		b = &grid[cx][cy+1]
	}
	p := components.Pos{X: a.in.X0, Y: a.in.Y0} // an intersection's junction
	q := components.Pos{X: b.in.X0, Y: b.in.Y0}
	switch {
	case right && a.room:
		p = rogueDoor(lvl, scan, components.Pos{X: a.in.X1 + 1, Y: a.in.Y0 + s.Rn2(height(a.in))}, 1, 0)
	case a.room:
		p = rogueDoor(lvl, scan, components.Pos{X: a.in.X0 + s.Rn2(width(a.in)), Y: a.in.Y1 + 1}, 0, 1)
	}
	switch {
	case right && b.room:
		q = rogueDoor(lvl, scan, components.Pos{X: b.in.X0 - 1, Y: b.in.Y0 + s.Rn2(height(b.in))}, -1, 0)
	case b.room:
		q = rogueDoor(lvl, scan, components.Pos{X: b.in.X0 + s.Rn2(width(b.in)), Y: b.in.Y0 - 1}, 0, -1)
	}
	rogueJoin(s, lvl, scan, p, q, right)
}

// rogueDoor makes the wall cell door a doorway (§17: the Rogue level's
// doors are plain doorways) and returns the cell outside it, one step
// (dx, dy) away.
func rogueDoor(lvl *components.Level, scan *levelRows, door components.Pos, dx, dy int) components.Pos {
	scan.put(lvl, door.X, door.Y, components.Doorway)
	return components.Pos{X: door.X + dx, Y: door.Y + dy}
}

// rogueJoin digs NetHack's roguejoin corridor from p to q: across (or
// down) to a random middle line between them, along it, and on to q.
// p lies left of (or above) q, in the cells' gaps or their own areas, so
// the corridor never meets a room.
func rogueJoin(s *ecs.Stream, lvl *components.Level, scan *levelRows, p, q components.Pos, horizontal bool) {
	if horizontal {
		mid := p.X + s.Rn2(q.X-p.X+1)
		corridorRow(lvl, scan, p.Y, p.X, mid)
		corridorColumn(lvl, scan, mid, p.Y, q.Y)
		corridorRow(lvl, scan, q.Y, mid, q.X)
		return
	}
	mid := p.Y + s.Rn2(q.Y-p.Y+1)
	corridorColumn(lvl, scan, p.X, p.Y, mid)
	corridorRow(lvl, scan, mid, p.X, q.X)
	corridorColumn(lvl, scan, q.X, mid, q.Y)
}

// corridorRow makes the cells of row y between columns a and b corridor.
func corridorRow(lvl *components.Level, scan *levelRows, y, a, b int) {
	for x := min(a, b); x <= max(a, b); x++ {
		scan.put(lvl, x, y, components.Corridor)
	}
}

// corridorColumn makes the cells of column x between rows a and b
// corridor.
func corridorColumn(lvl *components.Level, scan *levelRows, x, a, b int) {
	for y := min(a, b); y <= max(a, b); y++ {
		scan.put(lvl, x, y, components.Corridor)
	}
}
