package script

import (
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/starlark"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/worldgen"
)

// Room interiors des.room makes: at least 1 x 1, walls inside the
// border ring.
const (
	maxRoomW = c.W - 4
	maxRoomH = c.H - 4
)

// desMap is des.map(rows, at=(x, y), lit=True): a fragment of §19's
// glyphs, 'x' leaving a cell as it was.
func desMap(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var rowsV, at starlark.Value
	lit := true
	if err := starlark.UnpackArgs(fn, args, kwargs, "rows", &rowsV, "at?", &at, "lit?", &lit); err != nil {
		return nil, err
	}
	rows, err := mapRows(rowsV)
	if err != nil {
		return nil, fmt.Errorf("%s: rows: %v", fn, err)
	}
	w := 0
	for _, r := range rows {
		w = max(w, len(r))
	}
	if len(rows) > c.H || w > c.W {
		return nil, fmt.Errorf("%s: rows: %d x %d, larger than the 48 x 18 board", fn, w, len(rows))
	}
	org := c.Pos{X: (c.W - w) / 2, Y: (c.H - len(rows)) / 2}
	if at != nil && at != starlark.None {
		if org, err = cellOf(at); err != nil {
			return nil, fmt.Errorf("%s: at: %v", fn, err)
		}
	}
	b.drawn = true
	for y, row := range rows {
		for x := 0; x < len(row); x++ {
			g := row[x]
			if g == 'x' {
				continue
			}
			p := c.Pos{X: org.X + x, Y: org.Y + y}
			if !p.In() {
				return nil, fmt.Errorf("%s: row %d col %d: (%d, %d) is off the 48 x 18 board", fn, y, x, p.X, p.Y)
			}
			if g != ' ' && (p.X == 0 || p.Y == 0 || p.X == c.W-1 || p.Y == c.H-1) {
				return nil, fmt.Errorf("%s: row %d col %d: %q on the border ring (%d, %d), which must stay rock", fn, y, x, g, p.X, p.Y)
			}
			if err := b.layGlyph(fn, p, g); err != nil {
				return nil, fmt.Errorf("%s: row %d col %d: %v", fn, y, x, err)
			}
			b.lit[p.Index()] = lit
		}
	}
	b.addRoomsIn(c.Rect{X0: org.X, Y0: org.Y, X1: org.X + w - 1, Y1: org.Y + len(rows) - 1})
	return starlark.None, nil
}

// roomFloor reports whether t is the floor of a room as §19 finds
// rooms: floor, stairs, lava.
func roomFloor(t c.Terrain) bool { return t == c.Floor || t == c.Stairs || t == c.Lava }

// addRoomsIn adds to the rooms room_cells knows each 4-connected region
// of room floor with a cell in r, as the box that bounds it, unless
// known already.
func (b *Builder) addRoomsIn(r c.Rect) {
	lvl := &b.built.Level
	var seen [c.N]bool
	var stack []int
	for y := max(r.Y0, 0); y <= min(r.Y1, c.H-1); y++ {
		for x := max(r.X0, 0); x <= min(r.X1, c.W-1); x++ {
			i := y*c.W + x
			if seen[i] || !roomFloor(lvl.Terrain[i]) {
				continue
			}
			box := c.Rect{X0: x, Y0: y, X1: x, Y1: y}
			seen[i] = true
			stack = append(stack[:0], i)
			for len(stack) > 0 {
				p := c.PosOf(stack[len(stack)-1])
				stack = stack[:len(stack)-1]
				box = c.Rect{X0: min(box.X0, p.X), Y0: min(box.Y0, p.Y), X1: max(box.X1, p.X), Y1: max(box.Y1, p.Y)}
				for _, d := range c.OrthogonalDirs {
					if q := p.Add(d); q.In() && !seen[q.Index()] && roomFloor(lvl.Terrain[q.Index()]) {
						seen[q.Index()] = true
						stack = append(stack, q.Index())
					}
				}
			}
			if !slices.Contains(b.rooms, box) {
				b.rooms = append(b.rooms, box)
			}
		}
	}
}

// mapRows reads des.map's rows: a list or tuple of strings, or one
// string of lines whose first and last line are dropped when blank.
func mapRows(v starlark.Value) ([]string, error) {
	if s, ok := starlark.AsString(v); ok {
		rows := strings.Split(s, "\n")
		for i, r := range rows {
			rows[i] = strings.TrimSuffix(r, "\r")
		}
		if len(rows) > 0 && strings.TrimLeft(rows[0], " \t") == "" {
			rows = rows[1:]
		}
		if n := len(rows); n > 0 && strings.TrimLeft(rows[n-1], " \t") == "" {
			rows = rows[:n-1]
		}
		return rows, nil
	}
	seq, ok := v.(starlark.Indexable)
	if !ok {
		return nil, fmt.Errorf("want a list of strings or a string, got %s", v.Type())
	}
	if seq.Len() > c.H {
		return nil, fmt.Errorf("%d rows, at most %d", seq.Len(), c.H)
	}
	rows := make([]string, seq.Len())
	for i := range rows {
		s, ok := starlark.AsString(seq.Index(i))
		if !ok {
			return nil, fmt.Errorf("row %d is %s, not a string", i, seq.Index(i).Type())
		}
		rows[i] = s
	}
	return rows, nil
}

// layGlyph lays glyph g at cell p as §19's maps do: its terrain, or
// floor under the cog ('@'), a trap of the first kind ('^'), or the
// first active species or item kind drawn so.
func (b *Builder) layGlyph(fn string, p c.Pos, g byte) error {
	if t, ok := c.TerrainByGlyph(g); ok {
		b.set(p, t)
		return nil
	}
	switch g {
	case 'S':
		b.set(p, c.SecretDoorV)
		return nil
	case '@':
		b.set(p, c.Floor)
		return b.placeCog(fn, p)
	case '^':
		b.set(p, c.Floor)
		b.AddTrap(Trap{Kind: 0, At: p})
		return nil
	}
	if s, ok := b.speciesByGlyph(g); ok {
		b.set(p, c.Floor)
		b.AddMonster(Monster{MonsterSpawn: worldgen.MonsterSpawn{Species: s, At: p}})
		return nil
	}
	if k, ok := b.itemByGlyph(g); ok {
		b.set(p, c.Floor)
		n := 1
		if k == c.Gold {
			n = 10
		}
		b.AddItem(Item{Stack: c.Stack{Kind: k, Count: n}, At: p})
		return nil
	}
	if g < 0x20 || g >= 0x7f {
		return fmt.Errorf("unknown glyph %q: map glyphs are printable ASCII (§4)", g)
	}
	return fmt.Errorf("unknown glyph %q", g)
}

// speciesByGlyph is the first species drawn g active in the episode.
func (b *Builder) speciesByGlyph(g byte) (c.SpeciesID, bool) {
	for i := range c.Species {
		if s := &c.Species[i]; s.Glyph == g && c.ActiveIn(s.Mechanic, b.env.Mechanics) {
			return c.SpeciesID(i), true
		}
	}
	return 0, false
}

// itemByGlyph is the first item kind drawn g active in the episode.
func (b *Builder) itemByGlyph(g byte) (c.ItemKind, bool) {
	for i := range c.ItemKinds {
		if k := &c.ItemKinds[i]; k.Class.Glyph() == g && c.ActiveIn(k.Mechanic, b.env.Mechanics) {
			return c.ItemKind(i), true
		}
	}
	return 0, false
}

// desStandard is des.standard(): the cog game's own level of the depth,
// with its population.
func desStandard(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if err := starlark.UnpackArgs(fn, args, kwargs); err != nil {
		return nil, err
	}
	if b.drawn {
		return nil, fmt.Errorf("%s: must be the first drawing call of the script", fn)
	}
	if b.env.Standard == nil {
		return nil, fmt.Errorf("%s: no standard level to start from here", fn)
	}
	b.drawn, b.classesOK = true, false
	lvl := &b.built.Level
	pop := b.env.Standard(b.depth, lvl)
	lvl.Depth = b.depth
	b.built.Standard = true
	b.built.Cog = lvl.Arrival
	b.cogAt = b.callPos()
	for _, r := range lvl.Rooms {
		b.rooms = append(b.rooms, r.Interior)
		b.litRect(grow(r.Interior), r.Lit)
	}
	if pop != nil {
		for _, m := range pop.Monsters {
			b.AddMonster(Monster{MonsterSpawn: m})
		}
		for _, it := range pop.Items {
			b.AddItem(Item{Stack: c.Stack{Kind: it.Kind, Count: it.Count}, At: it.At})
		}
		for _, t := range pop.Traps {
			b.AddTrap(Trap{Kind: t.Kind, At: t.At, Hidden: true})
		}
	}
	b.stairsAt = b.callPos()
	return starlark.None, nil
}

// grow is r grown by one cell on each side.
func grow(r c.Rect) c.Rect { return c.Rect{X0: r.X0 - 1, Y0: r.Y0 - 1, X1: r.X1 + 1, Y1: r.Y1 + 1} }

// litRect sets the lit bit of r's cells on the board.
func (b *Builder) litRect(r c.Rect, lit bool) {
	for y := max(r.Y0, 0); y <= min(r.Y1, c.H-1); y++ {
		for x := max(r.X0, 0); x <= min(r.X1, c.W-1); x++ {
			b.lit[y*c.W+x] = lit
		}
	}
}

// desRoom is des.room(w=, h=, at=(x, y), lit=True): a room of interior
// w x h inside walls, its interior's top-left at at, else at a random
// place of rock with a margin; it returns the room's index.
func desRoom(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var w, h int
	var at starlark.Value
	lit := true
	if err := starlark.UnpackArgs(fn, args, kwargs, "w", &w, "h", &h, "at?", &at, "lit?", &lit); err != nil {
		return nil, err
	}
	if w < 1 || w > maxRoomW {
		return nil, fmt.Errorf("%s: w: %d is out of range 1…%d", fn, w, maxRoomW)
	}
	if h < 1 || h > maxRoomH {
		return nil, fmt.Errorf("%s: h: %d is out of range 1…%d", fn, h, maxRoomH)
	}
	var in c.Rect
	if at != nil && at != starlark.None {
		p, err := cellOf(at)
		if err != nil {
			return nil, fmt.Errorf("%s: at: %v", fn, err)
		}
		in = c.Rect{X0: p.X, Y0: p.Y, X1: p.X + w - 1, Y1: p.Y + h - 1}
		if walls := grow(in); walls.X0 < 1 || walls.Y0 < 1 || walls.X1 > c.W-2 || walls.Y1 > c.H-2 {
			return nil, fmt.Errorf("%s: a %d x %d room at (%d, %d) has walls from (%d, %d) to (%d, %d), off the board or on its border ring", fn, w, h, p.X, p.Y, walls.X0, walls.Y0, walls.X1, walls.Y1)
		}
	} else {
		var ok bool
		if in, ok = b.freeRoom(w, h); !ok {
			return nil, fmt.Errorf("%s: no free place for a %d x %d room", fn, w, h)
		}
	}
	b.drawn = true
	b.drawRoom(in, lit)
	b.rooms = append(b.rooms, in)
	return starlark.MakeInt(len(b.rooms) - 1), nil
}

// drawRoom draws a room of interior in as the generator does: '-' along
// the top and bottom, corners included, '|' at the sides, floor inside.
func (b *Builder) drawRoom(in c.Rect, lit bool) {
	b.classesOK = false
	walls := grow(in)
	lvl := &b.built.Level
	for y := walls.Y0; y <= walls.Y1; y++ {
		for x := walls.X0; x <= walls.X1; x++ {
			t := c.Floor
			switch {
			case y == walls.Y0 || y == walls.Y1:
				t = c.HWall
			case x == walls.X0 || x == walls.X1:
				t = c.VWall
			}
			lvl.Terrain[y*c.W+x] = t
			b.lit[y*c.W+x] = lit
		}
	}
}

// freeRoom draws, from des.rng, a place for a room of interior w x h:
// its walls inside the border ring and its walls grown by one all rock.
func (b *Builder) freeRoom(w, h int) (c.Rect, bool) {
	var used [c.H]uint64 // the cells that are not rock
	for i, t := range b.built.Level.Terrain {
		if t != c.Rock {
			used[i/c.W] |= 1 << uint(i%c.W)
		}
	}
	// The interior's top-left (x, y): walls x−1 … x+w, margin x−2 …
	// x+w+1 (clipped to the board), the same rows.
	var fits [c.H]uint64
	for y := 2; y+h <= c.H-2; y++ {
		var u uint64
		for yy := y - 2; yy <= min(y+h+1, c.H-1); yy++ {
			u |= used[yy]
		}
		for x := 2; x+w <= c.W-2; x++ {
			x1 := min(x+w+1, c.W-1)
			if u&(uint64(1)<<uint(x1+1)-uint64(1)<<uint(x-2)) == 0 {
				fits[y] |= 1 << uint(x)
			}
		}
	}
	p, err := b.pick(&fits)
	if err != nil {
		return c.Rect{}, false
	}
	return c.Rect{X0: p.X, Y0: p.Y, X1: p.X + w - 1, Y1: p.Y + h - 1}, true
}

// desCorridor is des.corridor(a, b): a corridor between two rooms (by
// index) or cells, with a doorway in each room's wall where it leaves.
func desCorridor(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var av, bv starlark.Value
	if err := starlark.UnpackArgs(fn, args, kwargs, "a", &av, "b", &bv); err != nil {
		return nil, err
	}
	ea, err := b.corridorEnd(av)
	if err != nil {
		return nil, fmt.Errorf("%s: a: %v", fn, err)
	}
	eb, err := b.corridorEnd(bv)
	if err != nil {
		return nil, fmt.Errorf("%s: b: %v", fn, err)
	}
	if ea.room >= 0 && ea.room == eb.room {
		return nil, fmt.Errorf("%s: a and b are the same room", fn)
	}
	b.drawn = true
	from, org := b.exit(ea, eb.area)
	to, dst := b.exit(eb, ea.area)
	path, ok := b.digPath(org, dst)
	if !ok {
		return nil, fmt.Errorf("%s: no way through rock from (%d, %d) to (%d, %d)", fn, org.X, org.Y, dst.X, dst.Y)
	}
	for _, p := range path {
		if b.at(p) == c.Rock {
			b.set(p, c.Corridor)
		}
	}
	for _, d := range [2]c.Pos{from, to} {
		if t := b.at(d); t.IsWall() {
			b.set(d, c.Doorway)
		}
	}
	return starlark.None, nil
}

// corridorEnd is one end of a corridor: a room (its interior as area)
// or a cell (area that cell alone, room −1).
type corridorEnd struct {
	room int
	area c.Rect
}

func (b *Builder) corridorEnd(v starlark.Value) (corridorEnd, error) {
	if i, ok := v.(starlark.Int); ok {
		n, ok := i.Int64()
		if !ok || n < 0 || n >= int64(len(b.rooms)) {
			return corridorEnd{}, fmt.Errorf("room %s: there are %d rooms (0…%d)", i, len(b.rooms), len(b.rooms)-1)
		}
		return corridorEnd{room: int(n), area: b.rooms[n]}, nil
	}
	p, err := cellOf(v)
	if err != nil {
		return corridorEnd{}, fmt.Errorf("want a room index or (x, y): %v", err)
	}
	return corridorEnd{room: -1, area: c.Rect{X0: p.X, Y0: p.Y, X1: p.X, Y1: p.Y}}, nil
}

// exit is where a corridor from end e toward the area other leaves it:
// for a room, a cell of the wall facing other, chosen from des.rng, and
// the cell outside it (as the generator's join picks the walls); for a
// cell, the cell itself twice.
func (b *Builder) exit(e corridorEnd, other c.Rect) (door, out c.Pos) {
	if e.room < 0 {
		p := c.Pos{X: e.area.X0, Y: e.area.Y0}
		return p, p
	}
	ra := e.area
	switch {
	case other.X0 > ra.X1:
		door = c.Pos{X: ra.X1 + 1, Y: ra.Y0 + b.rng.Rn2(ra.Y1-ra.Y0+1)}
		out = c.Pos{X: door.X + 1, Y: door.Y}
	case other.Y1 < ra.Y0:
		door = c.Pos{X: ra.X0 + b.rng.Rn2(ra.X1-ra.X0+1), Y: ra.Y0 - 1}
		out = c.Pos{X: door.X, Y: door.Y - 1}
	case other.X1 < ra.X0:
		door = c.Pos{X: ra.X0 - 1, Y: ra.Y0 + b.rng.Rn2(ra.Y1-ra.Y0+1)}
		out = c.Pos{X: door.X - 1, Y: door.Y}
	default:
		door = c.Pos{X: ra.X0 + b.rng.Rn2(ra.X1-ra.X0+1), Y: ra.Y1 + 1}
		out = c.Pos{X: door.X, Y: door.Y + 1}
	}
	return door, out
}

// diggable reports whether a corridor may run through p: rock or
// corridor inside the border ring.
func (b *Builder) diggable(p c.Pos) bool {
	if p.X < 1 || p.Y < 1 || p.X > c.W-2 || p.Y > c.H-2 {
		return false
	}
	t := b.at(p)
	return t == c.Rock || t == c.Corridor
}

// digPath is the cells of a corridor from org to dst (both included)
// through diggable cells but for its ends: an L — along the row, then
// the column, or the other way round, drawn from des.rng — when one is
// clear, else a shortest path.
func (b *Builder) digPath(org, dst c.Pos) ([]c.Pos, bool) {
	if !b.corridorEndOK(org) || !b.corridorEndOK(dst) {
		return nil, false
	}
	first := b.rng.Rn2(2)
	for k := range 2 {
		if path, ok := b.lPath(org, dst, (first+k)%2 == 0); ok {
			return path, true
		}
	}
	return b.bfsPath(org, dst)
}

// lPath is the L from org to dst, along the row first when rowFirst.
func (b *Builder) lPath(org, dst c.Pos, rowFirst bool) ([]c.Pos, bool) {
	path := make([]c.Pos, 0, abs(dst.X-org.X)+abs(dst.Y-org.Y)+1)
	p := org
	path = append(path, p)
	step := func(dx, dy int) bool {
		for p.X != dst.X && dx != 0 || p.Y != dst.Y && dy != 0 {
			p = c.Pos{X: p.X + dx, Y: p.Y + dy}
			if p != dst && !b.diggable(p) {
				return false
			}
			path = append(path, p)
		}
		return true
	}
	dx, dy := sign(dst.X-org.X), sign(dst.Y-org.Y)
	if rowFirst {
		if !step(dx, 0) || !step(0, dy) {
			return nil, false
		}
	} else if !step(0, dy) || !step(dx, 0) {
		return nil, false
	}
	return path, true
}

// corridorEndOK reports whether a corridor may end on p: a cell it may
// dig, or one can stand on, or a door.
func (b *Builder) corridorEndOK(p c.Pos) bool {
	t := b.at(p)
	return p.In() && (b.diggable(p) || t.Walkable() || t.IsDoor())
}

// bfsPath is a shortest path of orthogonal steps from org to dst
// through diggable cells.
func (b *Builder) bfsPath(org, dst c.Pos) ([]c.Pos, bool) {
	var prev [c.N]int16
	for i := range prev {
		prev[i] = -1
	}
	queue := make([]int16, 0, 64)
	queue = append(queue, int16(org.Index()))
	prev[org.Index()] = int16(org.Index())
	for len(queue) > 0 {
		i := int(queue[0])
		queue = queue[1:]
		p := c.PosOf(i)
		if p == dst {
			var path []c.Pos
			for j := i; ; j = int(prev[j]) {
				path = append(path, c.PosOf(j))
				if j == org.Index() {
					break
				}
			}
			return path, true
		}
		for _, d := range c.OrthogonalDirs {
			q := p.Add(d)
			if q.In() && prev[q.Index()] < 0 && (q == dst || b.diggable(q)) {
				prev[q.Index()] = int16(i)
				queue = append(queue, int16(q.Index()))
			}
		}
	}
	return nil, false
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// desMaze is des.maze(region): a perfect maze filling region (a
// selection, by its bounding box, or (x1, y1, x2, y2)), NetHack's
// mazewalk: walls are rock, passages corridor.
func desMaze(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var region starlark.Value
	if err := starlark.UnpackArgs(fn, args, kwargs, "region", &region); err != nil {
		return nil, err
	}
	r, err := rectArg(region)
	if err != nil {
		return nil, fmt.Errorf("%s: region: %v", fn, err)
	}
	r = c.Rect{X0: max(r.X0, 1), Y0: max(r.Y0, 1), X1: min(r.X1, c.W-2), Y1: min(r.Y1, c.H-2)}
	if r.X1-r.X0 < 2 || r.Y1-r.Y0 < 2 {
		return nil, fmt.Errorf("%s: region: (%d, %d)–(%d, %d) inside the border ring is smaller than 3 x 3", fn, r.X0, r.Y0, r.X1, r.Y1)
	}
	b.drawn = true
	b.mazewalk(r)
	return starlark.None, nil
}

// rectArg reads a region: a selection's bounding box, or an (x1, y1,
// x2, y2) tuple.
func rectArg(v starlark.Value) (c.Rect, error) {
	if s, ok := v.(*Selection); ok {
		r, ok := s.bounds()
		if !ok {
			return r, fmt.Errorf("an empty selection")
		}
		return r, nil
	}
	t, ok := v.(starlark.Tuple)
	if !ok || len(t) != 4 {
		return c.Rect{}, fmt.Errorf("want a selection or (x1, y1, x2, y2), got %s", v.String())
	}
	var r [4]int
	for i := range r {
		if err := starlark.AsInt(t[i], &r[i]); err != nil {
			return c.Rect{}, err
		}
	}
	return c.Rect{X0: min(r[0], r[2]), Y0: min(r[1], r[3]), X1: max(r[0], r[2]), Y1: max(r[1], r[3])}, nil
}

// mazewalk carves a perfect maze in r (at least 3 x 3): everything rock,
// then from a random passage cell (odd offsets from r's corner) a
// randomized depth-first walk carves each unvisited neighbour two cells
// away and the wall between (NetHack's mazewalk, src/mkmaze.c).
func (b *Builder) mazewalk(r c.Rect) {
	b.classesOK = false
	lvl := &b.built.Level
	for y := r.Y0; y <= r.Y1; y++ {
		for x := r.X0; x <= r.X1; x++ {
			lvl.Terrain[y*c.W+x] = c.Rock
			b.lit[y*c.W+x] = false
		}
	}
	nx, ny := (r.X1-r.X0)/2, (r.Y1-r.Y0)/2 // passage cells per row, column
	cell := func(i, j int) c.Pos { return c.Pos{X: r.X0 + 1 + 2*i, Y: r.Y0 + 1 + 2*j} }
	var visited [c.N]bool
	start := b.rng.Rn2(nx * ny)
	stack := make([][2]int, 0, nx*ny)
	stack = append(stack, [2]int{start % nx, start / nx})
	visited[cell(start%nx, start/nx).Index()] = true
	lvl.Terrain[cell(start%nx, start/nx).Index()] = c.Corridor
	steps := [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		var open [4][2]int
		n := 0
		for _, s := range steps {
			i, j := top[0]+s[0], top[1]+s[1]
			if i >= 0 && i < nx && j >= 0 && j < ny && !visited[cell(i, j).Index()] {
				open[n] = [2]int{i, j}
				n++
			}
		}
		if n == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		next := open[b.rng.Rn2(n)]
		p, q := cell(top[0], top[1]), cell(next[0], next[1])
		visited[q.Index()] = true
		lvl.Terrain[((p.Y+q.Y)/2)*c.W+(p.X+q.X)/2] = c.Corridor
		lvl.Terrain[q.Index()] = c.Corridor
		stack = append(stack, next)
	}
}

// desTerrain is des.terrain(where, glyph): where's cells become the
// glyph's terrain.
func desTerrain(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var wv, gv starlark.Value
	if err := starlark.UnpackArgs(fn, args, kwargs, "where", &wv, "glyph", &gv); err != nil {
		return nil, err
	}
	sel, err := whereArg(wv)
	if err != nil {
		return nil, fmt.Errorf("%s: where: %v", fn, err)
	}
	t, err := terrainGlyph(gv)
	if err != nil {
		return nil, fmt.Errorf("%s: glyph: %v", fn, err)
	}
	if err := borderCheck(fn, sel, t); err != nil {
		return nil, err
	}
	b.drawn = true
	for _, p := range sel.Cells() {
		b.set(p, t)
	}
	return starlark.None, nil
}

// borderCheck refuses terrain other than rock on the border ring.
func borderCheck(fn string, sel *Selection, t c.Terrain) error {
	if t == c.Rock {
		return nil
	}
	const ends = uint64(1) | uint64(1)<<(c.W-1)
	for y, m := range sel.rows {
		if m != 0 && (y == 0 || y == c.H-1 || m&ends != 0) {
			return fmt.Errorf("%s: where: holds cells of the border ring, which must stay rock", fn)
		}
	}
	return nil
}

// desReplace is des.replace(where, from_glyph, to_glyph, chance=100):
// each cell of where of from's terrain becomes to's, each at chance
// percent drawn from des.rng (no draw at 100).
func desReplace(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var wv, fv, tv starlark.Value
	chance := 100
	if err := starlark.UnpackArgs(fn, args, kwargs, "where", &wv, "from_glyph", &fv, "to_glyph", &tv, "chance?", &chance); err != nil {
		return nil, err
	}
	sel, err := whereArg(wv)
	if err != nil {
		return nil, fmt.Errorf("%s: where: %v", fn, err)
	}
	from, err := terrainGlyph(fv)
	if err != nil {
		return nil, fmt.Errorf("%s: from_glyph: %v", fn, err)
	}
	to, err := terrainGlyph(tv)
	if err != nil {
		return nil, fmt.Errorf("%s: to_glyph: %v", fn, err)
	}
	if chance < 0 || chance > 100 {
		return nil, fmt.Errorf("%s: chance: %d is out of range 0…100", fn, chance)
	}
	if from == c.Rock { // only rock lies on the border ring
		if err := borderCheck(fn, sel, to); err != nil {
			return nil, err
		}
	}
	b.drawn = true
	for _, p := range sel.Cells() {
		if b.at(p) != from || chance == 0 || chance < 100 && b.rng.Rn2(100) >= chance {
			continue
		}
		b.set(p, to)
	}
	return starlark.None, nil
}

// doorStates are des.door's states, as §19's doors.
var doorStates = map[string]c.Terrain{
	"locked": c.LockedDoor, "closed": c.ClosedDoor, "open": c.OpenDoor,
	"broken": c.BrokenDoor, "doorway": c.Doorway, "secret": c.SecretDoorV,
}

// desDoor is des.door(at=, state="closed"): a door on a wall, floor or
// door cell.
func desDoor(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var at starlark.Value
	state := "closed"
	if err := starlark.UnpackArgs(fn, args, kwargs, "at", &at, "state?", &state); err != nil {
		return nil, err
	}
	p, err := cellOf(at)
	if err != nil {
		return nil, fmt.Errorf("%s: at: %v", fn, err)
	}
	t, ok := doorStates[state]
	if !ok {
		return nil, fmt.Errorf("%s: state: unknown door state %q (locked, closed, open, broken, doorway, secret)", fn, state)
	}
	if old := b.at(p); !old.IsDoor() && !old.IsWall() && old != c.Floor {
		return nil, fmt.Errorf("%s: at: (%d, %d) is %s, not a wall, floor or door", fn, p.X, p.Y, old.Name())
	}
	if t == c.SecretDoorV && (b.at(p.Add(c.East)) == c.HWall || b.at(p.Add(c.West)) == c.HWall) {
		t = c.SecretDoorH
	}
	b.drawn = true
	b.set(p, t)
	return starlark.None, nil
}

// desStairs is des.stairs(at= | where=): the staircase, moved from
// where it was.
func desStairs(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var at, where starlark.Value
	if err := starlark.UnpackArgs(fn, args, kwargs, "at?", &at, "where?", &where); err != nil {
		return nil, err
	}
	p, err := b.place(fn, at, where, forStairs)
	if err != nil {
		return nil, err
	}
	if p.X == 0 || p.Y == 0 || p.X == c.W-1 || p.Y == c.H-1 {
		return nil, fmt.Errorf("%s: at: (%d, %d) is on the border ring, which must stay rock", fn, p.X, p.Y)
	}
	b.drawn = true
	lvl := &b.built.Level
	for i := slices.Index(lvl.Terrain[:], c.Stairs); i >= 0; i = slices.Index(lvl.Terrain[:], c.Stairs) {
		lvl.Terrain[i] = c.Floor
	}
	b.set(p, c.Stairs)
	return starlark.None, nil
}
