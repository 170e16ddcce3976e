package systems

// The helpers the core's systems and every mechanic share (§39.3): a
// random free floor cell drawn from a stream, moving a creature (a
// teleport), lighting a room and what the cog sees now. Each is written
// once, here; a mechanic uses these rather than a copy.

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// FloorCells says which cells of a room's interior [RandomFloor] may
// draw: floor with no creature on it; with Walkable any walkable
// terrain (the staircase), with Bare no item and no trap either.
type FloorCells uint8

// The kinds of cells [RandomFloor] draws.
const (
	// Walkable: any walkable terrain of a room's interior, the stairs
	// included (a teleport may land on them).
	Walkable FloorCells = 1 << iota
	// Bare: no item and no trap on the cell (where a generator lays a
	// new item).
	Bare
)

// FreeFloor reports whether cell i of lvl is room floor as which says:
// floor of a room's interior (any walkable terrain there, Walkable)
// with no creature on it (and no item or trap, Bare).
func FreeFloor(lvl *c.Level, i int, which FloorCells) bool {
	if lvl.RoomOf[i] == 0 || lvl.Creatures.OccupiedCell(i) {
		return false
	}
	if t := lvl.Terrain[i]; t != c.Floor && (which&Walkable == 0 || !t.Walkable()) {
		return false
	}
	if which&Bare != 0 {
		p := c.PosOf(i)
		return lvl.FloorItems.Count(p) == 0 && !lvl.HasTrap(p)
	}
	return true
}

// RandomFloor draws a cell uniformly among lvl's cells that are
// [FreeFloor] as which says, from rng: it counts them, then draws one
// rn2(count) in board order (one draw; none when there is no such cell,
// and ok is false).
func RandomFloor(lvl *c.Level, rng *ecs.Stream, which FloorCells) (p c.Pos, ok bool) {
	n := 0
	for i := range lvl.Terrain {
		if FreeFloor(lvl, i, which) {
			n++
		}
	}
	if n == 0 {
		return p, false
	}
	k := rng.Rn2(n)
	for i := range lvl.Terrain {
		if !FreeFloor(lvl, i, which) {
			continue
		}
		if k == 0 {
			return c.PosOf(i), true
		}
		k--
	}
	return p, false
}

// Mover moves creatures about the level: the occupancy index, the
// position and a Move event in step (§27.3).
type Mover struct {
	level  *c.Level
	events *c.Events
	pos    generic.Map[c.Position]
}

// NewMover makes the Mover of world w.
func NewMover(w *arche.World) *Mover {
	return &Mover{level: Res[c.Level](w), events: Res[c.Events](w), pos: generic.NewMap[c.Position](w)}
}

// Move puts creature e on cell to, which must be free: a Move event
// from where it stood.
func (m *Mover) Move(e arche.Entity, to c.Pos) {
	pos := m.pos.Get(e)
	from := *pos
	m.level.Creatures.Move(from, to)
	*pos = to
	m.events.Add(c.Event{Kind: c.Move, Actor: e, From: from, To: to})
}

// Teleport moves creature e to a random free room-floor cell (the
// stairs included: [Walkable]) drawn from rng ([RandomFloor]), as a
// teleportation trap does (§11). It reports false, and e stays, when
// there is none.
func (m *Mover) Teleport(e arche.Entity, rng *ecs.Stream) bool {
	to, ok := RandomFloor(m.level, rng, Walkable)
	if ok {
		m.Move(e, to)
	}
	return ok
}

// Pack finds in the cog's pack the item a letter verb names (`zap L`,
// `read L`), saying what is wrong when it cannot.
type Pack struct {
	run       *c.Run
	log       *ecs.Log
	inventory generic.Map[c.Inventory]
}

// NewPack makes the Pack of world w.
func NewPack(w *arche.World) *Pack {
	return &Pack{run: Res[c.Run](w), log: Res[ecs.Log](w), inventory: generic.NewMap[c.Inventory](w)}
}

// MsgNoObject is said for a letter that holds nothing.
const MsgNoObject = "You don't have that object."

// Of returns the cog's pack and the slot of letter l when it holds an
// item of class cl; else it says "You don't have that object." (an
// empty letter) or silly (an item of another class) and reports false.
func (p *Pack) Of(l byte, cl c.ItemClass, silly string) (*c.Inventory, int, bool) {
	inv := p.inventory.Get(p.run.Cog)
	slot := inv.Slot(l)
	switch {
	case slot < 0:
		p.log.Say(MsgNoObject)
		return inv, slot, false
	case inv.Slots[slot].Kind.Info().Class != cl:
		p.log.Say(silly)
		return inv, slot, false
	}
	return inv, slot, true
}

// LightRoom lights room (an index into lvl.Rooms) for the rest of the
// level's life; it reports whether the room was dark. What the cog sees
// follows at the next [Sight.Look].
func LightRoom(lvl *c.Level, room int) bool {
	r := &lvl.Rooms[room]
	if r.Lit {
		return false
	}
	r.Lit = true
	return true
}

// ViewOf is what a cog standing on p of lvl sees (§12): on the floor of a
// lit room the room with its walls and doors, else its own cell and the 8
// around it, clipped to the board.
func ViewOf(lvl *c.Level, p c.Pos) c.Rect {
	r := c.Rect{X0: p.X - 1, Y0: p.Y - 1, X1: p.X + 1, Y1: p.Y + 1}
	if room := lvl.RoomAt(p); room >= 0 && lvl.Rooms[room].Lit {
		r = lvl.Rooms[room].Walls()
	}
	r.X0, r.Y0 = max(r.X0, 0), max(r.Y0, 0)
	r.X1, r.Y1 = min(r.X1, c.W-1), min(r.Y1, c.H-1)
	return r
}

// Sight is what the cog sees now (§12): the vision system looks once a
// tick, and a system that changes what the cog sees in the middle of one
// — a teleport, a lit room, a mapped level — looks at once, so that the
// rest of the tick (what it says, what it identifies) goes by what the
// cog sees.
type Sight struct {
	level  *c.Level
	run    *c.Run
	vision *c.Vision
	pos    generic.Map[c.Position]
}

// NewSight makes the Sight of world w.
func NewSight(w *arche.World) *Sight {
	s := &Sight{}
	s.init(w)
	return s
}

func (s *Sight) init(w *arche.World) {
	s.level, s.run, s.vision = Res[c.Level](w), Res[c.Run](w), Res[c.Vision](w)
	s.pos = generic.NewMap[c.Position](w)
}

// Look makes the vision what the cog sees from where it stands
// ([ViewOf]) and remembers every cell of it.
func (s *Sight) Look() {
	r := ViewOf(s.level, *s.pos.GetUnchecked(s.run.Cog))
	s.vision.Rect = r
	s.level.See(r)
}

// Sees reports whether the cog sees cell p, as of the last look.
func (s *Sight) Sees(p c.Pos) bool { return s.vision.Contains(p) }

// helpers are a world's shared helpers that register arche filters,
// made once per world (§39.6): the floor's items and the traps. Every
// NewFloor and NewTrapMap of a world — a system's Init, a Populate hook
// on each level, the episode's own — returns the same one, so no
// filter is registered twice. A world keeps them across episodes
// (Begin keeps them); snapshots do not hold them.
type helpers struct {
	floor *Floor
	traps *TrapMap
}

// Begin implements the lifecycle of a resource (§32.2): the helpers
// belong to the world, not to an episode.
func (*helpers) Begin(*arche.World) {}

// The helpers are registered state, as every resource of a world must
// be (transient: not saved).
var _ = ecs.RegisterResource[helpers]("systems.helpers", ecs.Transient)

// helpersOf is world w's helpers, added to w when it has none (a world
// built by hand). It is not a system's declared dependency: the
// helpers read what their own Init asks for.
func helpersOf(w *arche.World) *helpers {
	r := generic.NewResource[helpers](w)
	if !r.Has() {
		r.Add(&helpers{})
	}
	return r.Get()
}
