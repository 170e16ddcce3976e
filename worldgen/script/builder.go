package script

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/worldgen"
)

// builderKey is the thread-local key of a build's Builder.
const builderKey = "cogsim.level"

// Builder is one build of a level script: the level as drawn so far,
// what stands and lies on it, and des.rng's stream. The des functions
// work on it, and so may a mechanic's ([Define]).
type Builder struct {
	script *Script
	env    Env
	depth  int
	rng    *ecs.Stream
	thread *starlark.Thread
	built  *Built

	// lit is each cell's lit bit, from what drew it last (§38.2): a
	// room found on the level is lit when a cell of its floor is.
	lit [c.N]bool
	// drawn says a drawing call came already (des.standard() must be
	// the first).
	drawn bool
	// cogPlaced says the cog's cell is set (by '@', des.cog(at=) or the
	// standard level's arrival); cogAt is the call that set it.
	cogPlaced bool
	cogAt     syntax.Position
	// rooms are the rooms room_cells knows: the standard level's, then
	// des.room's, by index.
	rooms []c.Rect
	// monsterAt, itemAt and trapAt are the calls that made each monster,
	// item and trap; stairsAt the last that drew a staircase.
	monsterAt, itemAt, trapAt []syntax.Position
	stairsAt                  syntax.Position
	// monsters and traps are the cells that hold a monster, a trap.
	monsters, traps [c.H]uint64
	// walkable and floor are terrainClasses' sets while classesOK.
	walkable, floor [c.H]uint64
	classesOK       bool
	tooMany         bool
}

func newBuilder(s *Script, seed uint64, depth int, env Env, dst *Built) *Builder {
	b := &Builder{script: s, env: env, depth: depth, built: dst}
	b.rng = ecs.NewStream(seed, "level/"+s.SHA256[:16]+"/"+strconv.Itoa(depth))
	b.built.Level.Depth = depth
	b.built.Level.Stairs = c.Pos{X: -1, Y: -1}
	b.built.Goal = "stairs"
	return b
}

// Rng is des.rng's stream: every random draw of the build.
func (b *Builder) Rng() *ecs.Stream { return b.rng }

// Depth is the depth of the level being built.
func (b *Builder) Depth() int { return b.depth }

// Mechanics names the installed mechanics.
func (b *Builder) Mechanics() []string { return b.env.Mechanics }

// Level is the level being built. Rooms, doorways and components are
// found when the script ends; a function that draws sets Terrain.
func (b *Builder) Level() *c.Level {
	b.classesOK = false // the caller may draw
	return &b.built.Level
}

// SetLit sets the lit bit of cell p (see [Builder.Level]).
func (b *Builder) SetLit(p c.Pos, lit bool) { b.lit[p.Index()] = lit }

// Cell reads v, an (x, y) tuple or list of two ints, as a cell on the
// board.
func (b *Builder) Cell(v starlark.Value) (c.Pos, error) { return cellOf(v) }

// AddMonster adds a monster; the checks at the end of the build refuse
// it on a cell one cannot stand on or that holds another.
func (b *Builder) AddMonster(m Monster) {
	b.built.Monsters = append(b.built.Monsters, m)
	if m.At.In() {
		b.monsters[m.At.Y] |= 1 << uint(m.At.X)
	}
	b.monsterAt = append(b.monsterAt, b.callPos())
}

// AddItem adds an item stack lying on a cell.
func (b *Builder) AddItem(it Item) {
	b.built.Items = append(b.built.Items, it)
	b.itemAt = append(b.itemAt, b.callPos())
}

// AddTrap adds a trap.
func (b *Builder) AddTrap(t Trap) {
	b.built.Traps = append(b.built.Traps, t)
	if t.At.In() {
		b.traps[t.At.Y] |= 1 << uint(t.At.X)
	}
	b.trapAt = append(b.trapAt, b.callPos())
}

// RandomCell is a cell of sel drawn from des.rng; it fails on an empty
// selection.
func (b *Builder) RandomCell(sel *Selection) (c.Pos, error) {
	cells := sel.rows
	return b.pick(&cells)
}

// callPos is the position in the script of the call being made.
func (b *Builder) callPos() syntax.Position {
	if b.thread == nil || b.thread.CallStackDepth() < 2 {
		return syntax.Position{}
	}
	return b.thread.CallFrame(1).Pos
}

// at is the terrain of p.
func (b *Builder) at(p c.Pos) c.Terrain { return b.built.Level.At(p) }

// set makes p terrain t.
func (b *Builder) set(p c.Pos, t c.Terrain) {
	if b.classesOK { // one cell: its bits follow
		bit := uint64(1) << uint(p.X)
		b.walkable[p.Y] = b.walkable[p.Y]&^bit | walkableKinds[t]<<uint(p.X)
		b.floor[p.Y] = b.floor[p.Y]&^bit | floorKinds[t]<<uint(p.X)
	}
	b.built.Level.Terrain[p.Index()] = t
	if t == c.Stairs {
		b.stairsAt = b.callPos()
	}
}

// pick is a cell of cells drawn from des.rng (uniform, in row-major
// order), or errNoCell when there is none.
func (b *Builder) pick(cells *[c.H]uint64) (c.Pos, error) {
	n := 0
	for _, m := range cells {
		n += bits.OnesCount64(m)
	}
	if n == 0 {
		return c.Pos{}, errNoCell
	}
	k := b.rng.Rn2(n)
	for y, m := range cells {
		if c := bits.OnesCount64(m); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			m &= m - 1
		}
		return c.Pos{X: bits.TrailingZeros64(m), Y: y}, nil
	}
	panic("script: pick lost its cell")
}

// errNoCell is pick's error.
var errNoCell = errors.New("no cell to choose from")

// placing is what a random cell is chosen for: each takes the cells
// free for it.
type placing uint8

const (
	anyCell    placing = iota
	forMonster         // one can stand on it; no monster, not the cog's
	forItem            // one can stand on it
	forTrap            // floor or corridor with no trap
	forStairs          // floor or corridor with no trap, not the cog's
	forCog             // floor or corridor with no monster and no trap
)

// Terrain classes of the cells a thing may be put on.
var (
	walkableKinds = kindTable(func(t c.Terrain) bool { return t.Walkable() })
	floorKinds    = kindTable(func(t c.Terrain) bool { return t == c.Floor || t == c.Corridor })
)

// kindTable is the table of the terrain kinds for which ok holds.
func kindTable(ok func(c.Terrain) bool) (k [256]uint64) {
	for t := c.Rock; t.Valid(); t++ {
		if ok(t) {
			k[t] = 1
		}
	}
	return k
}

// terrainRows sets r to the cells of lvl whose kind is in table kinds.
func terrainRows(lvl *c.Level, kinds *[256]uint64, r *[c.H]uint64) {
	for y := range c.H {
		row := lvl.Terrain[y*c.W : (y+1)*c.W]
		var m uint64
		for x, t := range row {
			m |= kinds[t] << uint(x)
		}
		r[y] = m
	}
}

// terrainClasses are the walkable cells and the floor cells (floor and
// corridor) of the level, made again after the terrain changed.
func (b *Builder) terrainClasses() (walkable, floor *[c.H]uint64) {
	if !b.classesOK {
		terrainRows(&b.built.Level, &walkableKinds, &b.walkable)
		terrainRows(&b.built.Level, &floorKinds, &b.floor)
		b.classesOK = true
	}
	return &b.walkable, &b.floor
}

// free restricts cells to those free for what.
func (b *Builder) free(cells *[c.H]uint64, what placing) {
	if what == anyCell {
		return
	}
	walkable, r := b.terrainClasses()
	if what == forMonster || what == forItem {
		r = walkable
	}
	for y := range cells {
		m := cells[y] & r[y]
		switch what {
		case forMonster:
			m &^= b.monsters[y]
		case forTrap, forStairs:
			m &^= b.traps[y]
		case forCog:
			m &^= b.monsters[y] | b.traps[y]
		}
		cells[y] = m
	}
	if (what == forMonster || what == forStairs) && b.hasCog() {
		cog := b.built.Cog
		cells[cog.Y] &^= 1 << uint(cog.X)
	}
}

// hasCog reports whether the cog's cell is known yet: placed, or the
// standard level's arrival.
func (b *Builder) hasCog() bool { return b.cogPlaced || b.built.Standard }

// placeCog puts the cog on p, refusing a second cog.
func (b *Builder) placeCog(fn string, p c.Pos) error {
	if b.cogPlaced {
		return fmt.Errorf("%s: a second cog at (%d, %d): the cog is already at (%d, %d)", fn, p.X, p.Y, b.built.Cog.X, b.built.Cog.Y)
	}
	b.cogPlaced, b.built.Cog, b.cogAt = true, p, b.callPos()
	return nil
}

// finish places the cog if the script did not, finds the doorways,
// rooms and components, and checks the level (§38.3).
func (b *Builder) finish() error {
	lvl := &b.built.Level
	if !b.hasCog() {
		cells := [c.H]uint64{}
		for y := range cells {
			cells[y] = boardColumns
		}
		b.free(&cells, forCog)
		p, err := b.pick(&cells)
		if err != nil {
			return b.checkError(syntax.Position{}, "no floor cell for the cog (place it with '@' or des.cog(at=…))")
		}
		b.built.Cog = p
	}
	worldgen.ClassifyDoors(lvl)
	lvl.RoomOf = [c.N]uint8{}
	lvl.Rooms = lvl.Rooms[:0]
	worldgen.FindRooms(lvl, false)
	for i := range lvl.Rooms {
		lvl.Rooms[i].Lit = b.roomLit(lvl, uint8(i+1))
	}
	worldgen.AssignComponents(lvl)
	lvl.Arrival = b.built.Cog
	return b.check()
}

// roomLit reports whether a floor cell of room id is lit.
func (b *Builder) roomLit(lvl *c.Level, id uint8) bool {
	in := lvl.Rooms[id-1].Interior
	for y := in.Y0; y <= in.Y1; y++ {
		for i := y*c.W + in.X0; i <= y*c.W+in.X1; i++ {
			if lvl.RoomOf[i] == id && b.lit[i] {
				return true
			}
		}
	}
	return false
}

// checkError is a failed check at pos, the call that caused it.
func (b *Builder) checkError(pos syntax.Position, format string, args ...any) error {
	return posError("level script", b.script.Name, pos, fmt.Sprintf(format, args...))
}

// check is §38.3's and §19's checks of the built level.
func (b *Builder) check() error {
	lvl := &b.built.Level
	for i := 0; i < c.N; i++ {
		if y := i / c.W; y != 0 && y != c.H-1 && i%c.W == 1 {
			i += c.W - 2 // inside the ring: on to the row's last cell
		}
		if lvl.Terrain[i] != c.Rock {
			p := c.PosOf(i)
			return b.checkError(syntax.Position{}, "(%d, %d) is %s: the border ring must stay rock", p.X, p.Y, lvl.Terrain[i].Name())
		}
	}
	cog := b.built.Cog
	if t := lvl.At(cog); !t.Walkable() {
		return b.checkError(b.cogAt, "the cog's cell (%d, %d) is %s, not a cell one can stand on", cog.X, cog.Y, t.Name())
	}
	var monster, trap [c.H]uint64
	for i, m := range b.built.Monsters {
		pos := b.monsterAt[i]
		switch t := lvl.At(m.At); {
		case !t.Walkable():
			return b.checkError(pos, "the monster at (%d, %d) is on %s, not a cell one can stand on", m.At.X, m.At.Y, t.Name())
		case m.At == cog:
			return b.checkError(pos, "the monster at (%d, %d) is on the cog's cell", m.At.X, m.At.Y)
		case monster[m.At.Y]>>uint(m.At.X)&1 != 0:
			return b.checkError(pos, "(%d, %d) holds a monster already", m.At.X, m.At.Y)
		}
		monster[m.At.Y] |= 1 << uint(m.At.X)
	}
	for i, it := range b.built.Items {
		if t := lvl.At(it.At); !t.Walkable() {
			return b.checkError(b.itemAt[i], "the item at (%d, %d) is on %s, not a cell one can stand on", it.At.X, it.At.Y, t.Name())
		}
	}
	for i, tr := range b.built.Traps {
		pos := b.trapAt[i]
		switch t := lvl.At(tr.At); {
		case t == c.Stairs:
			return b.checkError(pos, "the trap at (%d, %d) is on the stairs", tr.At.X, tr.At.Y)
		case !t.Walkable() || t.IsDoor():
			return b.checkError(pos, "the trap at (%d, %d) is on %s, not floor or corridor", tr.At.X, tr.At.Y, t.Name())
		case trap[tr.At.Y]>>uint(tr.At.X)&1 != 0:
			return b.checkError(pos, "(%d, %d) holds a trap already", tr.At.X, tr.At.Y)
		}
		trap[tr.At.Y] |= 1 << uint(tr.At.X)
	}
	return b.checkStairs()
}

// checkStairs finds the one staircase and refuses it unreachable from
// the cog unless des.flags(unreachable=True).
func (b *Builder) checkStairs() error {
	lvl := &b.built.Level
	n := 0
	for i := 0; ; n++ {
		j := slices.Index(lvl.Terrain[i:], c.Stairs)
		if j < 0 {
			break
		}
		if n == 0 {
			lvl.Stairs = c.PosOf(i + j)
		}
		i += j + 1
	}
	switch {
	case n > 1:
		return b.checkError(b.stairsAt, "%d staircases: a level has one (des.stairs moves it)", n)
	case n == 0 && b.built.Unreachable:
		lvl.Stairs = c.Pos{X: -1, Y: -1}
		return nil
	case n == 0:
		return b.checkError(syntax.Position{}, "no staircase: draw '>' or call des.stairs (or des.flags(unreachable=True))")
	}
	if !b.built.Unreachable && !worldgen.Reachable(lvl, b.built.Cog, lvl.Stairs) {
		st, cog := lvl.Stairs, b.built.Cog
		return b.checkError(b.stairsAt, "the stairs at (%d, %d) cannot be reached from the cog at (%d, %d) (des.flags(unreachable=True) allows it)", st.X, st.Y, cog.X, cog.Y)
	}
	return nil
}
