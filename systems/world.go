package systems

import (
	"fmt"
	"reflect"
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Res returns world w's resource of type T. A system calls it in Init for
// each resource it uses, so its dependencies read off its Init (§27.4).
// It panics, naming T, when the world has none.
func Res[T any](w *arche.World) *T {
	r := generic.NewResource[T](w)
	if tracing.Load() != nil {
		note(w, reflect.TypeFor[T]())
	}
	if !r.Has() {
		panic(fmt.Sprintf("systems: the world has no %v resource", reflect.TypeFor[T]()))
	}
	return r.Get()
}

// Death ends the run when the cog dies (§7.3, §27.6): it records the
// cause, logs a Death event and halts the tick, so that no system but the
// final ones runs after it.
type Death struct {
	run    *c.Run
	ctl    *ecs.Control
	log    *ecs.Log
	events *c.Events
	health generic.Map[c.Health]
}

// NewDeath makes the Death of world w (after the scheduler's Init has
// added its Control, as it does before any system's Init).
func NewDeath(w *arche.World) *Death {
	return &Death{run: Res[c.Run](w), ctl: Res[ecs.Control](w), log: Res[ecs.Log](w),
		events: Res[c.Events](w), health: generic.NewMap[c.Health](w)}
}

// Kill ends the run with cause (once) and halts the tick.
func (d *Death) Kill(cause string) {
	if d.run.Ended {
		return
	}
	d.run.End(cause)
	d.events.Add(c.Event{Kind: c.Death, Actor: d.run.Cog, Cause: cause, HP: d.health.Get(d.run.Cog).HP})
	d.ctl.Halt()
}

// Hurt takes dmg hit points from the cog; at 0 or less it dies ("You
// die...") of the cause the parts spell. The parts are joined only on a
// death, so a hit allocates nothing.
func (d *Death) Hurt(dmg int, cause ...string) {
	h := d.health.Get(d.run.Cog)
	h.HP -= dmg
	if h.HP <= 0 {
		d.log.Say("You die...")
		d.Kill(strings.Join(cause, ""))
	}
}

// Conditions sets the cog's timed conditions (§13: set during tick t for n
// ticks, a condition holds on t+1 … t+n) and logs a StatusSet event.
type Conditions struct {
	run    *c.Run
	clock  *c.Clock
	events *c.Events
	status generic.Map[c.Status]
}

// NewConditions makes the Conditions of world w.
func NewConditions(w *arche.World) *Conditions {
	return &Conditions{run: Res[c.Run](w), clock: Res[c.Clock](w), events: Res[c.Events](w),
		status: generic.NewMap[c.Status](w)}
}

// Set makes condition k hold on the cog for the next n ticks (longer if
// it already holds longer).
func (k *Conditions) Set(cond c.Condition, n int) {
	st := k.status.Get(k.run.Cog)
	c.Extend(st.Until(cond), k.clock.Tick, n)
	k.events.Add(c.Event{Kind: c.StatusSet, Actor: k.run.Cog, Condition: cond, Ticks: n})
}

// Monsters creates and removes monsters, keeping the roster (acting
// order) and the occupancy index in step.
type Monsters struct {
	w       *arche.World
	builder generic.Map4[c.Position, c.Health, c.Monster, c.MovementPoints]
	pos     generic.Map[c.Position]
	roster  *c.Roster
	level   *c.Level
	run     *c.Run
}

// NewMonsters makes the Monsters of world w.
func NewMonsters(w *arche.World) *Monsters {
	return &Monsters{w: w, builder: generic.NewMap4[c.Position, c.Health, c.Monster, c.MovementPoints](w),
		pos: generic.NewMap[c.Position](w), roster: Res[c.Roster](w), level: Res[c.Level](w), run: Res[c.Run](w)}
}

// Spawn creates a monster of species s with hp at p, last in the acting
// order.
func (m *Monsters) Spawn(s c.SpeciesID, p c.Pos, hp int) arche.Entity {
	e := m.builder.NewWith(&p, &c.Health{HP: hp, MaxHP: hp}, &c.Monster{Species: s, Serial: m.run.Serial()}, &c.MovementPoints{})
	m.roster.List = append(m.roster.List, e)
	m.level.Creatures.Put(p, e, s.Info().Glyph)
	return e
}

// Remove takes a monster off the board, out of the roster and out of the
// world.
func (m *Monsters) Remove(e arche.Entity) {
	m.level.Creatures.Remove(*m.pos.Get(e))
	m.roster.Remove(e)
	m.w.RemoveEntity(e)
}

// Floor places and finds the items lying on the level.
type Floor struct {
	w       *arche.World
	builder generic.Map2[c.Position, c.Item]
	filter  *generic.Filter2[c.Position, c.Item]
	item    generic.Map[c.Item]
	level   *c.Level
	run     *c.Run
}

// NewFloor returns the Floor of world w: made, and its filter
// registered, on the world's first call; the same one after, so that a
// Populate hook may call it on every level (§39.6).
func NewFloor(w *arche.World) *Floor {
	level, run := Res[c.Level](w), Res[c.Run](w)
	h := helpersOf(w)
	if h.floor == nil {
		h.floor = &Floor{w: w, builder: generic.NewMap2[c.Position, c.Item](w), filter: generic.NewFilter2[c.Position, c.Item](),
			item: generic.NewMap[c.Item](w), level: level, run: run}
		h.floor.filter.Register(w)
	}
	return h.floor
}

// Place puts count items of kind k (Spe 0) on p, on top of the pile.
func (f *Floor) Place(k c.ItemKind, count int, p c.Pos) arche.Entity {
	return f.PlaceStack(c.Stack{Kind: k, Count: count}, p)
}

// PlaceStack puts the items of st, their Spe kept, on p, on top of the
// pile.
func (f *Floor) PlaceStack(st c.Stack, p c.Pos) arche.Entity {
	it := f.builder.NewWith(&p, &c.Item{Kind: st.Kind, Count: st.Count, Serial: f.run.Serial(), Spe: st.Spe})
	f.level.FloorItems.Push(p, st.Kind.Glyph())
	return it
}

// At appends the items on p to dst, bottom of the pile first.
func (f *Floor) At(dst []arche.Entity, p c.Pos) []arche.Entity {
	n := len(dst)
	q := f.filter.Query(f.w)
	for q.Next() {
		pos, _ := q.Get()
		if *pos == p {
			dst = append(dst, q.Entity())
		}
	}
	// Insertion sort by serial: piles are tiny.
	for i := n + 1; i < len(dst); i++ {
		for j := i; j > n && f.item.Get(dst[j]).Serial < f.item.Get(dst[j-1]).Serial; j-- {
			dst[j], dst[j-1] = dst[j-1], dst[j]
		}
	}
	return dst
}

// All appends every floor item of the level to dst.
func (f *Floor) All(dst []arche.Entity) []arche.Entity {
	q := f.filter.Query(f.w)
	for q.Next() {
		dst = append(dst, q.Entity())
	}
	return dst
}

// TrapMap places and finds the level's traps. The level's trap index
// answers "none here" in O(1), which is nearly always; only a cell that
// holds a trap is looked up among the traps.
type TrapMap struct {
	w       *arche.World
	builder generic.Map2[c.Position, c.Trap]
	filter  *generic.Filter2[c.Position, c.Trap]
	level   *c.Level
}

// NewTrapMap returns the TrapMap of world w, made once per world as
// [NewFloor] is.
func NewTrapMap(w *arche.World) *TrapMap {
	level := Res[c.Level](w)
	h := helpersOf(w)
	if h.traps == nil {
		h.traps = &TrapMap{w: w, builder: generic.NewMap2[c.Position, c.Trap](w), filter: generic.NewFilter2[c.Position, c.Trap](),
			level: level}
		h.traps.filter.Register(w)
	}
	return h.traps
}

// Place puts a hidden trap of kind k on p.
func (t *TrapMap) Place(k c.TrapKind, p c.Pos) arche.Entity {
	e := t.builder.NewWith(&p, &c.Trap{Kind: k})
	t.level.PutTrap(p)
	return e
}

// At returns the trap on p, if any.
func (t *TrapMap) At(p c.Pos) (arche.Entity, bool) {
	if !t.level.HasTrap(p) {
		return arche.Entity{}, false
	}
	q := t.filter.Query(t.w)
	for q.Next() {
		pos, _ := q.Get()
		if *pos == p {
			ent := q.Entity()
			q.Close()
			return ent, true
		}
	}
	return arche.Entity{}, false
}

// Near appends the traps within Chebyshev distance 1 of p to dst, in
// board order (north-west first), never in arche's storage order.
func (t *TrapMap) Near(dst []arche.Entity, p c.Pos) []arche.Entity {
	for y := p.Y - 1; y <= p.Y+1; y++ {
		for x := p.X - 1; x <= p.X+1; x++ {
			if e, ok := t.At(c.Pos{X: x, Y: y}); ok {
				dst = append(dst, e)
			}
		}
	}
	return dst
}

// All appends every trap of the level to dst.
func (t *TrapMap) All(dst []arche.Entity) []arche.Entity {
	q := t.filter.Query(t.w)
	for q.Next() {
		dst = append(dst, q.Entity())
	}
	return dst
}
