package components

import arche "github.com/mlange-42/arche/ecs"

// Terrain is the kind of a board cell (§4).
type Terrain uint8

// The terrain kinds. Secret doors remember the wall they hide in.
const (
	Rock Terrain = iota
	VWall
	HWall
	Floor
	Corridor
	Doorway
	BrokenDoor
	OpenDoor
	ClosedDoor
	LockedDoor
	SecretDoorV // a secret door in a vertical wall, drawn '|'
	SecretDoorH // a secret door in a horizontal wall, drawn '-'
	Stairs
	Lava
	numTerrain
)

// terrainInfo is the terrain table. The colours are NetHack 3.6's
// (src/drawing.c): stone grey, doors brown, lava red, and the stairs
// white so that they stand out; a secret door looks like its wall.
var terrainInfo = [numTerrain]struct {
	glyph    byte
	walkable bool
	name     string
	colour   Colour
}{
	Rock:        {' ', false, "solid rock", Gray},
	VWall:       {'|', false, "wall", Gray},
	HWall:       {'-', false, "wall", Gray},
	Floor:       {'.', true, "floor", Gray},
	Corridor:    {'#', true, "corridor", Gray},
	Doorway:     {'.', true, "doorway", Gray},
	BrokenDoor:  {'.', true, "broken door", Brown},
	OpenDoor:    {'\'', true, "open door", Brown},
	ClosedDoor:  {'+', false, "closed door", Brown},
	LockedDoor:  {'+', false, "locked door", Brown},
	SecretDoorV: {'|', false, "wall", Gray},
	SecretDoorH: {'-', false, "wall", Gray},
	Stairs:      {'>', true, "staircase down", White},
	Lava:        {'}', false, "lava", Red},
}

// Glyph is what the cell looks like when seen (a secret door looks like
// the wall it hides in).
func (t Terrain) Glyph() byte { return terrainInfo[t].glyph }

// Colour is the colour the cell is drawn in (§35.2).
func (t Terrain) Colour() Colour { return terrainInfo[t].colour }

// Walkable reports whether a creature may stand on the cell. Lava is not
// walkable: only a confused cog ever enters it, and dies (§8).
func (t Terrain) Walkable() bool { return terrainInfo[t].walkable }

// Name is a short description of the terrain.
func (t Terrain) Name() string { return terrainInfo[t].name }

// TerrainByGlyph is the first terrain kind drawn with glyph g (scenario
// maps, §19): '.' is floor, '+' a closed door, '|' a wall.
func TerrainByGlyph(g byte) (Terrain, bool) {
	for t := Rock; t < numTerrain; t++ {
		if terrainInfo[t].glyph == g {
			return t, true
		}
	}
	return 0, false
}

// IsDoor reports whether the cell is a door of any kind, a doorway or a
// secret door.
func (t Terrain) IsDoor() bool { return t >= Doorway && t <= SecretDoorH }

// IsSecretDoor reports whether the cell is an undiscovered secret door.
func (t Terrain) IsSecretDoor() bool { return t == SecretDoorV || t == SecretDoorH }

// IsWall reports whether the cell is a wall (secret doors excluded).
func (t Terrain) IsWall() bool { return t == VWall || t == HWall }

// BlocksDiagonal reports whether no one may move diagonally into or out of
// the cell: an open door (§8). Closed doors block every move anyway.
func (t Terrain) BlocksDiagonal() bool { return t == OpenDoor }

// Room is one room of a level: its interior (floor cells) and whether it
// is lit. Its wall ring is the interior grown by one.
type Room struct {
	Interior Rect
	Lit      bool
}

// Walls is the room's interior with its wall ring.
func (r Room) Walls() Rect {
	return Rect{r.Interior.X0 - 1, r.Interior.Y0 - 1, r.Interior.X1 + 1, r.Interior.Y1 + 1}
}

// Level is the terrain of the current level and everything indexed by cell:
// the room and component ids, the cog's memory, and the spatial indices of
// creatures and floor items. It is a resource; systems read it by position.
type Level struct {
	Depth   int
	Terrain [N]Terrain
	// RoomOf is 1 + the index in Rooms of the room whose floor (interior)
	// holds the cell, 0 elsewhere (doors, walls and corridors included).
	RoomOf [N]uint8
	// Component is the room-or-corridor component of the cell (§17), 0 for
	// cells in none. A room's component holds its floor and its doors.
	Component [N]uint16
	Rooms     []Room
	Stairs    Pos
	Arrival   Pos

	// Memory: the glyph of remembered terrain (0 never seen), of the
	// remembered top item (0 none), and whether a discovered trap is shown.
	MemTerrain [N]byte
	MemItem    [N]byte
	TrapShown  [N]bool

	// SearchCount counts the searches executed next to a hidden feature on
	// the cell (§11); it is revealed when the count reaches 3.
	SearchCount [N]uint8

	// Creatures is the occupancy index: who stands on each cell.
	Creatures Occupancy
	// FloorItems counts the items lying on each cell and the glyph of the
	// top one.
	FloorItems ItemIndex

	// traps marks the cells that hold a trap, kept by the code that
	// places traps ([Level.PutTrap]), so that "is there a trap at p" is
	// O(1) and only a cell that holds one is looked up among the traps.
	traps [N]bool
	// terrainChanges counts the play-time terrain changes
	// ([Level.SetTerrain]); seen is what [Level.See] last remembered:
	// while neither the terrain nor the floor items changed since, seeing
	// the same rectangle again changes nothing.
	terrainChanges uint64
	seen           seenView
	// builds counts the levels built into this value ([Level.ClearDynamic]).
	builds uint64
	// memWrites counts the writes to the memory ([Level.MemoryVersion]).
	memWrites uint64
}

// seenView is a rectangle of the memory known to agree with the board
// after the given terrain and item changes.
type seenView struct {
	ok             bool
	rect           Rect
	terrain, items uint64
}

// At is the terrain at p; off-board cells are rock.
func (l *Level) At(p Pos) Terrain {
	if !p.In() {
		return Rock
	}
	return l.Terrain[p.Index()]
}

// RoomAt is the room whose floor holds p, or -1.
func (l *Level) RoomAt(p Pos) int {
	if !p.In() {
		return -1
	}
	return int(l.RoomOf[p.Index()]) - 1
}

// ClearDynamic forgets the memory and indices, keeping the terrain: used
// when a level is (re)built into this value.
func (l *Level) ClearDynamic() {
	l.MemTerrain = [N]byte{}
	l.MemItem = [N]byte{}
	l.TrapShown = [N]bool{}
	l.SearchCount = [N]uint8{}
	l.Creatures = Occupancy{}
	l.FloorItems = ItemIndex{}
	l.traps = [N]bool{}
	l.seen = seenView{}
	l.builds++
	l.memWrites++
}

// Replace makes l the level src was built as — its depth, terrain,
// rooms, components, stairs and arrival — with nothing on it and
// nothing remembered, as if built into l (a level built elsewhere: a
// scenario's, a script's). Its counters go on, so readers of l see a
// new level.
func (l *Level) Replace(src *Level) {
	l.Depth, l.Terrain, l.RoomOf, l.Component = src.Depth, src.Terrain, src.RoomOf, src.Component
	l.Rooms = append(l.Rooms[:0], src.Rooms...)
	l.Stairs, l.Arrival = src.Stairs, src.Arrival
	l.terrainChanges++
	l.ClearDynamic()
}

// MemoryVersion changes whenever the memory (MemTerrain, MemItem,
// TrapShown) is written through the level's setters — See,
// RememberTerrain, ShowTrap, ClearDynamic — or a writer that writes it
// directly says so ([Level.MemoryChanged]). While it stays the same, so
// does the memory: what is drawn from it need not be looked at again.
func (l *Level) MemoryVersion() uint64 { return l.memWrites }

// MemoryChanged says the memory was written directly (a scenario's
// builder, a test).
func (l *Level) MemoryChanged() { l.memWrites++ }

// Changes counts the changes of the level's terrain that memory does not
// show: a level built into this value, or a play-time [Level.SetTerrain].
// While it stays the same, a cell whose memory stays the same is drawn
// the same (a cache of what is drawn keys on it).
func (l *Level) Changes() uint64 { return l.builds<<32 + l.terrainChanges }

// SetTerrain changes the terrain of cell i during play (a door opens or
// breaks, a secret door is found). Play-time changes go through it, so
// that [Level.See] knows what it last saw may have changed; generation
// writes Terrain directly and ends with [Level.ClearDynamic].
func (l *Level) SetTerrain(i int, t Terrain) {
	l.Terrain[i] = t
	l.terrainChanges++
}

// MemoryGlyph is what the cog's map shows at cell i from memory alone, by
// the priority of §4 below the cog and the monsters: the remembered top
// item, a discovered trap, the remembered terrain, else a space.
func (l *Level) MemoryGlyph(i int) byte {
	if g := l.MemItem[i]; g != 0 {
		return g
	}
	if l.TrapShown[i] {
		return '^'
	}
	if g := l.MemTerrain[i]; g != 0 {
		return g
	}
	return ' '
}

// See records that every cell of r (on the board) is seen now: its
// terrain and top item are remembered as they are (§12). Seeing again
// what it saw last, with no terrain or floor item changed since, it has
// nothing to do.
func (l *Level) See(r Rect) {
	r.X0, r.Y0 = max(r.X0, 0), max(r.Y0, 0)
	r.X1, r.Y1 = min(r.X1, W-1), min(r.Y1, H-1)
	view := seenView{ok: true, rect: r, terrain: l.terrainChanges, items: l.FloorItems.changes}
	if view == l.seen {
		return
	}
	l.seen = view
	l.memWrites++
	for y := r.Y0; y <= r.Y1; y++ {
		for i := y*W + r.X0; i <= y*W+r.X1; i++ {
			l.MemTerrain[i], l.MemItem[i] = l.Terrain[i].Glyph(), l.FloorItems.top[i]
		}
	}
}

// RememberTerrain makes the memory of cell i's terrain glyph g (a secret
// door found, §11).
func (l *Level) RememberTerrain(i int, g byte) {
	l.MemTerrain[i] = g
	l.memWrites++
}

// ShowTrap marks the trap on cell i discovered: it is drawn '^' (§11).
func (l *Level) ShowTrap(i int) {
	l.TrapShown[i] = true
	l.memWrites++
}

// PutTrap records that p holds a trap.
func (l *Level) PutTrap(p Pos) { l.traps[p.Index()] = true }

// HasTrap reports whether p holds a trap; off-board cells hold none.
func (l *Level) HasTrap(p Pos) bool { return p.In() && l.traps[p.Index()] }

// ClearTraps records that no cell holds a trap.
func (l *Level) ClearTraps() { l.traps = [N]bool{} }

// Occupancy is the spatial index of creatures (the cog, monsters and the
// Oracle): at most one per cell, with the glyph it is drawn with, so that
// "who is at (x, y)" is O(1). Every move goes through Move.
type Occupancy struct {
	entity [N]arche.Entity
	glyph  [N]byte
}

// At returns the creature on p, if any.
func (o *Occupancy) At(p Pos) (arche.Entity, bool) {
	if !p.In() {
		return arche.Entity{}, false
	}
	e := o.entity[p.Index()]
	return e, !e.IsZero()
}

// EntityAt is the creature on cell i, the zero entity where none stands.
func (o *Occupancy) EntityAt(i int) arche.Entity { return o.entity[i] }

// Glyphs is every cell's creature glyph, 0 where none stands, row after
// row: a reader that scans a region for creatures (the observation's
// map) reads it a word at a time. Read only.
func (o *Occupancy) Glyphs() *[N]byte { return &o.glyph }

// Occupied reports whether a creature stands on p.
func (o *Occupancy) Occupied(p Pos) bool { return p.In() && o.glyph[p.Index()] != 0 }

// OccupiedCell reports whether a creature stands on cell index i.
func (o *Occupancy) OccupiedCell(i int) bool { return o.glyph[i] != 0 }

// Glyph is the glyph of the creature on p, or 0.
func (o *Occupancy) Glyph(p Pos) byte { return o.glyph[p.Index()] }

// Put places a creature drawn with glyph on an empty cell.
func (o *Occupancy) Put(p Pos, e arche.Entity, glyph byte) {
	i := p.Index()
	o.entity[i], o.glyph[i] = e, glyph
}

// Remove empties p.
func (o *Occupancy) Remove(p Pos) {
	i := p.Index()
	o.entity[i], o.glyph[i] = arche.Entity{}, 0
}

// Move moves the creature on from to the empty cell to.
func (o *Occupancy) Move(from, to Pos) {
	i, j := from.Index(), to.Index()
	o.entity[j], o.glyph[j] = o.entity[i], o.glyph[i]
	o.entity[i], o.glyph[i] = arche.Entity{}, 0
}

// ItemIndex counts the floor items on each cell and keeps the glyph of the
// top one (the last placed). Item entities are the truth; the index is
// maintained by the code that places and lifts them.
type ItemIndex struct {
	count [N]uint8
	top   [N]byte
	// changes counts the changes, for [Level.See].
	changes uint64
}

// Count is the number of items on p.
func (x *ItemIndex) Count(p Pos) int { return int(x.count[p.Index()]) }

// Top is the glyph of the top item on p, or 0.
func (x *ItemIndex) Top(p Pos) byte { return x.top[p.Index()] }

// Push records an item with glyph placed on top of p.
func (x *ItemIndex) Push(p Pos, glyph byte) {
	i := p.Index()
	x.count[i]++
	x.top[i] = glyph
	x.changes++
}

// Clear records that p holds no items.
func (x *ItemIndex) Clear(p Pos) {
	i := p.Index()
	x.count[i], x.top[i] = 0, 0
	x.changes++
}

// Valid reports whether t is a terrain kind.
func (t Terrain) Valid() bool { return t < numTerrain }
