package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
	"unsafe"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
)

// SnapshotVersion is the format of snapshots and of the save files made
// from them. Version 1 listed the core game's components field by field;
// version 2 holds every registered component and resource (§27.2);
// version 3 writes species, item kinds and trap kinds by name (§32.1).
const SnapshotVersion = 3

// Snapshot is the whole state of an episode between two turns (§24,
// §27.2): every entity with every registered component, every registered
// resource (the level grid and memory, the RNG streams, the clock, the
// run …), whoever registered it — the core game or a mechanic. A restored
// episode continues exactly as the original would. Entities keep their
// ids and generations, so references between them (the lichen holding
// the cog) survive; the spatial indices are rebuilt on restore.
type Snapshot struct {
	Version   int
	Seed      uint64
	Rules     string
	Mechanics []ecs.MechanicRef
	Agent     string
	Scenario  *Scenario
	Note      string

	Entities   arche.EntityDump
	Components []ComponentColumn
	Resources  []ResourceValue
}

// ComponentColumn is one registered component: the ids of the entities
// that have it and their values (each a value of the registered type).
type ComponentColumn struct {
	Name     string
	Entities []uint32
	Values   []any
}

// ResourceValue is one registered resource's value.
type ResourceValue struct {
	Name  string
	Value any
}

// Snapshot copies the episode's state. Take it between turns or steps.
func (s *Sim) Snapshot() *Snapshot {
	w := &s.world
	snap := &Snapshot{
		Version: SnapshotVersion, Seed: s.cfg.Seed, Rules: s.cfg.Rules, Mechanics: s.Mechanics(),
		Agent: s.cfg.Agent, Scenario: s.cfg.Scenario, Note: s.note,
		Entities: w.DumpEntities(),
	}
	alive := snap.Entities.Alive
	slices.Sort(alive)
	for _, st := range ecs.States() {
		if st.Resource {
			if st.Transient {
				continue
			}
			id := arche.ResourceTypeID(w, st.Type)
			if !w.Resources().Has(id) {
				continue
			}
			snap.Resources = append(snap.Resources, ResourceValue{Name: st.Name, Value: st.Clone(resourcePointer(w, id))})
			continue
		}
		id, ok := componentID(w, st)
		if !ok {
			continue
		}
		col := ComponentColumn{Name: st.Name}
		for _, idx := range alive {
			e := snap.Entities.Entities[idx]
			if w.Has(e, id) {
				col.Entities = append(col.Entities, idx)
				col.Values = append(col.Values, st.Clone(w.Get(e, id)))
			}
		}
		if len(col.Entities) > 0 {
			snap.Components = append(snap.Components, col)
		}
	}
	return snap
}

// componentID is st's id in w, if w has ever used the type.
func componentID(w *arche.World, st *ecs.StateType) (arche.ID, bool) {
	for _, id := range arche.ComponentIDs(w) {
		if info, ok := arche.ComponentInfo(w, id); ok && info.Type == st.Type {
			return id, true
		}
	}
	return arche.ID{}, false
}

// Restore puts the episode back in the state of snap, which must come from
// an episode of the same seed, rules and mechanics. A snapshot that
// fails its checks is refused and the episode is left as it was.
func (s *Sim) Restore(snap *Snapshot) error {
	if err := s.compatible(snap); err != nil {
		return err
	}
	if err := snap.check(); err != nil {
		return err
	}
	backup := s.Snapshot()
	if err := s.apply(snap, true); err != nil {
		if rerr := s.apply(backup, false); rerr != nil {
			panic("sim: cannot restore the state before a refused snapshot: " + rerr.Error())
		}
		return err
	}
	return nil
}

// compatible refuses a snapshot of another episode or engine.
func (s *Sim) compatible(snap *Snapshot) error {
	if snap.Version != SnapshotVersion {
		return fmt.Errorf("snapshot: format version %d, this engine reads version %d", snap.Version, SnapshotVersion)
	}
	if snap.Seed != s.cfg.Seed || snap.Rules != s.cfg.Rules {
		return fmt.Errorf("snapshot: of seed %d rules %q, but the episode is seed %d rules %q",
			snap.Seed, snap.Rules, s.cfg.Seed, s.cfg.Rules)
	}
	if !slices.Equal(snap.Mechanics, s.Mechanics()) {
		return fmt.Errorf("snapshot: made with mechanics %s, but the episode has %s", refsString(snap.Mechanics), refsString(s.Mechanics()))
	}
	return nil
}

func refsString(refs []ecs.MechanicRef) string {
	if len(refs) == 0 {
		return "none"
	}
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = r.Name + "@" + r.Version
	}
	return strings.Join(parts, ", ")
}

// check refuses a snapshot whose structure would corrupt the world: an
// entity pool that is not one, values for entities that are not alive,
// names this binary does not know.
func (snap *Snapshot) check() error {
	d := &snap.Entities
	n := len(d.Entities)
	if n < 1 || n > 1<<20 {
		return fmt.Errorf("snapshot: %d entity slots", n)
	}
	if !d.Entities[0].IsZero() {
		return errors.New("snapshot: entity slot 0 is not the reserved zero entity")
	}
	alive := make([]bool, n)
	for _, idx := range d.Alive {
		if idx == 0 || int(idx) >= n || alive[idx] || d.Entities[idx].ID() != idx {
			return fmt.Errorf("snapshot: alive entity %d is not a slot of the pool", idx)
		}
		alive[idx] = true
	}
	if int(d.Available) != n-1-len(d.Alive) {
		return fmt.Errorf("snapshot: %d free entity slots recorded, %d found", d.Available, n-1-len(d.Alive))
	}
	seen := make([]bool, n)
	next := d.Next
	for range d.Available {
		if next == 0 || int(next) >= n || alive[next] || seen[next] {
			return errors.New("snapshot: the free list of the entity pool is broken")
		}
		seen[next] = true
		next = d.Entities[next].ID()
	}
	for _, col := range snap.Components {
		st, ok := ecs.StateByName(col.Name)
		if !ok || st.Resource {
			return fmt.Errorf("snapshot: unknown component %q (made by a mechanic this binary lacks?)", col.Name)
		}
		if len(col.Entities) != len(col.Values) {
			return fmt.Errorf("snapshot: component %q has %d entities and %d values", col.Name, len(col.Entities), len(col.Values))
		}
		for i, idx := range col.Entities {
			if int(idx) >= n || !alive[idx] {
				return fmt.Errorf("snapshot: component %q on entity %d, which is not alive", col.Name, idx)
			}
			if i > 0 && idx <= col.Entities[i-1] {
				return fmt.Errorf("snapshot: component %q lists entity %d twice or out of order", col.Name, idx)
			}
		}
	}
	for _, r := range snap.Resources {
		st, ok := ecs.StateByName(r.Name)
		if !ok || !st.Resource || st.Transient {
			return fmt.Errorf("snapshot: unknown resource %q (made by a mechanic this binary lacks?)", r.Name)
		}
	}
	return nil
}

// apply replaces the world's state with snap's, rebuilds the indices and,
// with check, checks the result.
func (s *Sim) apply(snap *Snapshot, check bool) error {
	w := &s.world
	resetKeepingResources(w)
	dump := snap.Entities
	dump.Entities = slices.Clone(dump.Entities)
	dump.Alive = slices.Clone(dump.Alive)
	w.LoadEntities(&dump)

	ids := make([][]arche.ID, len(dump.Entities))
	cols := make([]arche.ID, len(snap.Components))
	for k, col := range snap.Components {
		st, _ := ecs.StateByName(col.Name)
		cols[k] = arche.TypeID(w, st.Type)
		for _, idx := range col.Entities {
			ids[idx] = append(ids[idx], cols[k])
		}
	}
	for _, idx := range dump.Alive {
		if len(ids[idx]) > 0 {
			w.Add(dump.Entities[idx], ids[idx]...)
		}
	}
	for k, col := range snap.Components {
		st, _ := ecs.StateByName(col.Name)
		for i, idx := range col.Entities {
			st.Put(w.Get(dump.Entities[idx], cols[k]), col.Values[i])
		}
	}
	for _, r := range snap.Resources {
		st, _ := ecs.StateByName(r.Name)
		id := arche.ResourceTypeID(w, st.Type)
		if !w.Resources().Has(id) {
			return fmt.Errorf("snapshot: resource %q, which this episode does not have", r.Name)
		}
		st.Put(resourcePointer(w, id), r.Value)
	}
	s.note = snap.Note
	s.env.Queue.Reset()
	s.env.Events.Reset()
	s.env.Intents.List = s.env.Intents.List[:0]
	s.env.Run.Descend = false
	if err := s.reindex(len(dump.Entities)); err != nil {
		return err
	}
	if check {
		if err := s.validate(len(dump.Entities)); err != nil {
			return err
		}
	}
	s.render()
	return nil
}

// resetKeepingResources removes every entity from w but keeps its
// resources — the same objects, which systems hold pointers to — where
// arche's Reset would drop them.
func resetKeepingResources(w *arche.World) {
	type held struct {
		id  arche.ResID
		ptr any
	}
	var resources []held
	for _, id := range arche.ResourceIDs(w) {
		if w.Resources().Has(id) {
			resources = append(resources, held{id, w.Resources().Get(id)})
		}
	}
	w.Reset()
	for _, r := range resources {
		w.Resources().Add(r.id, r.ptr)
	}
}

// resourcePointer is the pointer behind resource id, as the registry
// reads it.
func resourcePointer(w *arche.World, id arche.ResID) unsafe.Pointer {
	return reflect.ValueOf(w.Resources().Get(id)).UnsafePointer()
}

// reindex rebuilds what is derived from the entities: the occupancy
// index, the floor-item index, the trap index and the roster. slots is
// the size of the entity pool.
func (s *Sim) reindex(slots int) error {
	e := s.env
	lvl := e.Level
	lvl.Creatures, lvl.FloorItems = c.Occupancy{}, c.ItemIndex{}
	lvl.ClearTraps()
	cog := e.Run.Cog
	if cog.IsZero() || int(cog.ID()) >= slots || !e.W.Alive(cog) || !e.Pos.Has(cog) || !e.Health.Has(cog) || !e.Inventory.Has(cog) || !e.Nutrition.Has(cog) ||
		!e.Status.Has(cog) || !e.Experience.Has(cog) || !e.Purse.Has(cog) {
		return fmt.Errorf("snapshot: run.Cog entity %d: not a whole cog", cog.ID())
	}
	put := func(p c.Pos, ent arche.Entity, g byte) error {
		if !p.In() {
			return fmt.Errorf("snapshot: a creature at (%d, %d) is off the board", p.X, p.Y)
		}
		if lvl.Creatures.Occupied(p) {
			return fmt.Errorf("snapshot: two creatures at (%d, %d)", p.X, p.Y)
		}
		lvl.Creatures.Put(p, ent, g)
		return nil
	}
	if err := put(*e.Pos.Get(cog), cog, '@'); err != nil {
		return err
	}
	var monsters, items []arche.Entity
	q := e.W.Query(arche.All())
	for q.Next() {
		ent := q.Entity()
		if e.Monster.Has(ent) {
			monsters = append(monsters, ent)
		}
		if e.Item.Has(ent) {
			items = append(items, ent)
		}
	}
	sort.Slice(monsters, func(i, j int) bool { return e.Monster.Get(monsters[i]).Serial < e.Monster.Get(monsters[j]).Serial })
	e.Roster.List = e.Roster.List[:0]
	for _, m := range monsters {
		sp := e.Monster.Get(m).Species
		if int(sp) >= len(c.Species) || !e.Pos.Has(m) || !e.Health.Has(m) || !e.Movement.Has(m) {
			return fmt.Errorf("snapshot: a monster of unknown species %d or without a position", sp)
		}
		if err := put(*e.Pos.Get(m), m, sp.Info().Glyph); err != nil {
			return err
		}
		e.Roster.List = append(e.Roster.List, m)
	}
	sort.Slice(items, func(i, j int) bool { return e.Item.Get(items[i]).Serial < e.Item.Get(items[j]).Serial })
	for _, it := range items {
		item := e.Item.Get(it)
		if int(item.Kind) >= len(c.ItemKinds) || !e.Pos.Has(it) || !e.Pos.Get(it).In() {
			return fmt.Errorf("snapshot: a floor item of unknown kind %d or off the board", item.Kind)
		}
		lvl.FloorItems.Push(*e.Pos.Get(it), item.Kind.Glyph())
	}
	for _, te := range e.Traps(nil) {
		p := *e.Pos.Get(te)
		if int(e.Trap.Get(te).Kind) >= len(c.TrapKinds) || !p.In() {
			return errors.New("snapshot: a trap of unknown kind or off the board")
		}
		lvl.PutTrap(p)
	}
	return nil
}

// validate checks the restored state with the values' own rules and the
// invariant checker, so that a damaged snapshot is refused, naming the
// field, instead of crashing a later tick: every index into a table or
// the pack, every enum, the level's rooms and room ids, the depth, the
// clock, the run, the cog's state and every entity reference. slots is
// the size of the entity pool.
func (s *Sim) validate(slots int) error {
	if err := s.validateLevel(); err != nil {
		return err
	}
	if err := s.validateRun(); err != nil {
		return err
	}
	if err := s.validateCreatures(slots); err != nil {
		return err
	}
	return s.checkInvariants()
}

// validateLevel checks the level, the clock and the vision rectangle.
func (s *Sim) validateLevel() error {
	e := s.env
	lvl := e.Level
	ck := e.Clock
	switch {
	case ck.TurnTicks < 1 || ck.TurnTicks > c.MaxQueue:
		return fmt.Errorf("snapshot: clock.TurnTicks %d: out of range 1…%d", ck.TurnTicks, c.MaxQueue)
	case ck.MaxTurns < 1 || ck.MaxTurns > math.MaxInt32/ck.TurnTicks:
		return fmt.Errorf("snapshot: clock.MaxTurns %d: out of range", ck.MaxTurns)
	case ck.Turn < 0 || ck.Turn > ck.MaxTurns:
		return fmt.Errorf("snapshot: clock.Turn %d: out of range 0…%d (clock.MaxTurns)", ck.Turn, ck.MaxTurns)
	case ck.Tick < ck.Turn || ck.Tick > ck.MaxTurns*ck.TurnTicks:
		return fmt.Errorf("snapshot: clock.Tick %d: out of range %d…%d", ck.Tick, ck.Turn, ck.MaxTurns*ck.TurnTicks)
	}
	// Each tick descends at most once, from at most a scenario's depth.
	if lvl.Depth < 1 || lvl.Depth > maxScenarioDepth+ck.Tick {
		return fmt.Errorf("snapshot: level.Depth %d: out of range 1…%d", lvl.Depth, maxScenarioDepth+ck.Tick)
	}
	noStairs := c.Pos{X: -1, Y: -1} // a scenario's level may have none
	if !lvl.Stairs.In() && lvl.Stairs != noStairs {
		return fmt.Errorf("snapshot: level.Stairs (%d, %d): off the board", lvl.Stairs.X, lvl.Stairs.Y)
	}
	if !lvl.Arrival.In() {
		return fmt.Errorf("snapshot: level.Arrival (%d, %d): off the board", lvl.Arrival.X, lvl.Arrival.Y)
	}
	if len(lvl.Rooms) > math.MaxUint8 {
		return fmt.Errorf("snapshot: level.Rooms: %d rooms, at most %d", len(lvl.Rooms), math.MaxUint8)
	}
	for k, r := range lvl.Rooms {
		in, walls := r.Interior, r.Walls()
		if in.X0 > in.X1 || in.Y0 > in.Y1 || !(c.Pos{X: walls.X0, Y: walls.Y0}).In() || !(c.Pos{X: walls.X1, Y: walls.Y1}).In() {
			return fmt.Errorf("snapshot: level.Rooms[%d]: interior (%d, %d)…(%d, %d) is not a room on the board", k, in.X0, in.Y0, in.X1, in.Y1)
		}
	}
	for i := range c.N {
		p := c.PosOf(i)
		if !lvl.Terrain[i].Valid() {
			return fmt.Errorf("snapshot: level.Terrain at (%d, %d): unknown terrain %d", p.X, p.Y, lvl.Terrain[i])
		}
		if k := int(lvl.RoomOf[i]); k > len(lvl.Rooms) {
			return fmt.Errorf("snapshot: level.RoomOf at (%d, %d): room %d of %d", p.X, p.Y, k, len(lvl.Rooms))
		} else if k > 0 && !lvl.Rooms[k-1].Interior.Contains(p) {
			return fmt.Errorf("snapshot: level.RoomOf at (%d, %d): room %d, whose interior does not hold the cell", p.X, p.Y, k)
		}
	}
	r := e.Vision.Rect
	if r.X0 > r.X1 || r.Y0 > r.Y1 || !(c.Pos{X: r.X0, Y: r.Y0}).In() || !(c.Pos{X: r.X1, Y: r.Y1}).In() {
		return fmt.Errorf("snapshot: vision (%d, %d)…(%d, %d): not a rectangle on the board", r.X0, r.Y0, r.X1, r.Y1)
	}
	return nil
}

// validateRun checks the run's standing and deeds, and the potions.
func (s *Sim) validateRun() error {
	e := s.env
	run := e.Run
	switch {
	case run.Ended != (run.Cause != ""):
		return fmt.Errorf("snapshot: run.Ended %v with run.Cause %q: an ended run has a cause, a running one none", run.Ended, run.Cause)
	case run.MaxDepth < e.Level.Depth || run.MaxDepth > maxScenarioDepth+e.Clock.Tick:
		return fmt.Errorf("snapshot: run.MaxDepth %d: out of range %d (level.Depth)…%d", run.MaxDepth, e.Level.Depth, maxScenarioDepth+e.Clock.Tick)
	case run.NextSerial < 0:
		return fmt.Errorf("snapshot: run.NextSerial %d: negative", run.NextSerial)
	case run.Descend:
		return errors.New("snapshot: run.Descend: set between turns")
	}
	seen := map[string]bool{}
	for k, d := range run.Deeds.List {
		if d.Name == "" || seen[d.Name] || d.Tick < 0 || d.Tick > e.Clock.Tick {
			return fmt.Errorf("snapshot: run.Deeds[%d] %q at tick %d: empty, twice, or not in ticks 0…%d", k, d.Name, d.Tick, e.Clock.Tick)
		}
		seen[d.Name] = true
	}
	var used [len(c.Appearances)]bool
	for k, a := range e.Potions.Appearance {
		if int(a) >= len(c.Appearances) || used[a] {
			return fmt.Errorf("snapshot: potions.Appearance[%d] %d: unknown or taken twice", k, a)
		}
		used[a] = true
	}
	return nil
}

// validateCreatures checks the cog's and the monsters' values, floor
// items' serials, and the cog's references to other entities.
func (s *Sim) validateCreatures(slots int) error {
	e := s.env
	cog := e.Run.Cog
	inv := e.Inventory.Get(cog)
	for k, sl := range inv.Slots {
		if int(sl.Kind) >= len(c.ItemKinds) || sl.Count < 0 {
			return fmt.Errorf("snapshot: inventory.Slots[%d]: %d of unknown kind %d", k, sl.Count, sl.Kind)
		}
	}
	for _, f := range []struct {
		name string
		slot int
	}{{"Wielded", inv.Wielded}, {"Worn", inv.Worn}} {
		if f.slot != c.NoSlot && (f.slot < 0 || f.slot >= len(inv.Slots) || inv.Slots[f.slot].Empty()) {
			return fmt.Errorf("snapshot: inventory.%s %d: not a slot that holds something (or %d, none)", f.name, f.slot, c.NoSlot)
		}
	}
	if inv.Worn != c.NoSlot && inv.Slots[inv.Worn].Kind.Info().Class != c.ArmourClass {
		return fmt.Errorf("snapshot: inventory.Worn %d: not armour", inv.Worn)
	}
	if n := e.Nutrition.Get(cog); n.State > c.Fainting {
		return fmt.Errorf("snapshot: nutrition.State %d: not a hunger state", n.State)
	}
	if ex := e.Experience.Get(cog); ex.Points < 0 || ex.Level != c.XLevelFor(ex.Points) {
		return fmt.Errorf("snapshot: experience %d points at level %d: want points ≥ 0 and level %d", ex.Points, ex.Level, c.XLevelFor(max(ex.Points, 0)))
	}
	if g := e.Purse.Get(cog).Gold; g < 0 {
		return fmt.Errorf("snapshot: purse.Gold %d: negative", g)
	}
	st := e.Status.Get(cog)
	if st.ConfusedUntil < 0 || st.ParalysedUntil < 0 || st.StuckUntil < 0 || st.TrappedUntil < 0 {
		return errors.New("snapshot: status: a negative tick")
	}
	// The lichen holding the cog, or one killed this turn (the status
	// system lets go of it next tick).
	if to := st.StuckTo; !to.IsZero() && (int(to.ID()) >= slots || e.W.Alive(to) && !slices.Contains(e.Roster.List, to)) {
		return fmt.Errorf("snapshot: status.StuckTo entity %d: not a monster of the level", to.ID())
	}
	for _, m := range e.Roster.List {
		mon, mp, h := e.Monster.Get(m), e.Movement.Get(m), e.Health.Get(m)
		switch {
		case mon.Serial < 1 || mon.Serial > e.Run.NextSerial:
			return fmt.Errorf("snapshot: monster.Serial %d of entity %d: out of range 1…%d (run.NextSerial)", mon.Serial, m.ID(), e.Run.NextSerial)
		case mp.Actions < 0 || mp.Actions > maxActions:
			return fmt.Errorf("snapshot: movement-points.Actions %d of entity %d: out of range 0…%d", mp.Actions, m.ID(), maxActions)
		case h.MaxHP < 1:
			return fmt.Errorf("snapshot: health.MaxHP %d of entity %d: below 1", h.MaxHP, m.ID())
		}
	}
	for _, it := range e.FloorItems(nil) {
		if item := e.Item.Get(it); item.Serial < 1 || item.Serial > e.Run.NextSerial {
			return fmt.Errorf("snapshot: item.Serial %d of entity %d: out of range 1…%d (run.NextSerial)", item.Serial, it.ID(), e.Run.NextSerial)
		}
	}
	return nil
}

// maxActions bounds a monster's actions in a tick: the fastest species
// acts speed/12 times, rounded up.
var maxActions = func() int {
	m := 1
	for _, sp := range c.Species {
		m = max(m, (sp.Speed+11)/12)
	}
	return m
}()

// checkInvariants runs the invariant checker on the restored world.
func (s *Sim) checkInvariants() error {
	if s.checker == nil {
		// One checker an episode: its Init registers cached filters,
		// which every later structural change of the world updates.
		s.checker = &systems.Invariants{OnViolation: func(msg string) { s.violations = append(s.violations, msg) }}
		s.checker.Init(&s.world)
	}
	s.violations = s.violations[:0]
	s.checker.Update(&s.world)
	if len(s.violations) > 0 {
		return errors.New("snapshot: " + s.violations[0])
	}
	return nil
}

// snapshotJSON is the encoded form of a Snapshot.
type snapshotJSON struct {
	Format     string            `json:"format"`
	Version    int               `json:"version"`
	Seed       uint64            `json:"seed"`
	Rules      string            `json:"rules"`
	Mechanics  []ecs.MechanicRef `json:"mechanics"`
	Agent      string            `json:"agent,omitempty"`
	Scenario   *Scenario         `json:"scenario,omitempty"`
	Note       string            `json:"note,omitempty"`
	Entities   arche.EntityDump  `json:"entities"`
	Components []columnJSON      `json:"components"`
	Resources  []resourceJSON    `json:"resources"`
}

type columnJSON struct {
	Name     string            `json:"name"`
	Entities []uint32          `json:"entities"`
	Values   []json.RawMessage `json:"values"`
}

type resourceJSON struct {
	Name  string          `json:"name"`
	Value json.RawMessage `json:"value"`
}

// snapshotFormat names the encoding, so that another file is told apart.
const snapshotFormat = "cogsim-snapshot"

// MarshalBinary encodes the snapshot as JSON: plain, stable, readable,
// each registered type encoded by its own rules.
func (snap *Snapshot) MarshalBinary() ([]byte, error) {
	out := snapshotJSON{Format: snapshotFormat, Version: snap.Version, Seed: snap.Seed, Rules: snap.Rules,
		Mechanics: snap.Mechanics, Agent: snap.Agent, Scenario: snap.Scenario, Note: snap.Note,
		Entities: snap.Entities, Components: []columnJSON{}, Resources: []resourceJSON{}}
	for _, col := range snap.Components {
		st, ok := ecs.StateByName(col.Name)
		if !ok {
			return nil, fmt.Errorf("snapshot: unknown component %q", col.Name)
		}
		cj := columnJSON{Name: col.Name, Entities: col.Entities, Values: make([]json.RawMessage, len(col.Values))}
		for i, v := range col.Values {
			raw, err := st.Encode(v)
			if err != nil {
				return nil, fmt.Errorf("snapshot: %s: %w", col.Name, err)
			}
			cj.Values[i] = raw
		}
		out.Components = append(out.Components, cj)
	}
	for _, r := range snap.Resources {
		st, ok := ecs.StateByName(r.Name)
		if !ok {
			return nil, fmt.Errorf("snapshot: unknown resource %q", r.Name)
		}
		raw, err := st.Encode(r.Value)
		if err != nil {
			return nil, fmt.Errorf("snapshot: %s: %w", r.Name, err)
		}
		out.Resources = append(out.Resources, resourceJSON{Name: r.Name, Value: raw})
	}
	return json.Marshal(out)
}

// UnmarshalBinary decodes a snapshot encoded by MarshalBinary. It refuses
// another format or version by name, and names it can't read.
func (snap *Snapshot) UnmarshalBinary(b []byte) error {
	*snap = Snapshot{}
	var head struct {
		Format  string `json:"format"`
		Version *int   `json:"version"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return fmt.Errorf("snapshot: not a cogsim snapshot: %w", err)
	}
	if head.Version == nil {
		return errors.New("snapshot: not a cogsim snapshot: no version")
	}
	if head.Format != snapshotFormat || *head.Version != SnapshotVersion {
		return fmt.Errorf("snapshot: format version %d, this engine reads version %d (a save from an older cogsim cannot be restored)", *head.Version, SnapshotVersion)
	}
	var in snapshotJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return fmt.Errorf("snapshot: not a cogsim snapshot: %w", err)
	}
	*snap = Snapshot{Version: in.Version, Seed: in.Seed, Rules: in.Rules, Mechanics: in.Mechanics,
		Agent: in.Agent, Scenario: in.Scenario, Note: in.Note, Entities: in.Entities}
	for _, cj := range in.Components {
		st, ok := ecs.StateByName(cj.Name)
		if !ok || st.Resource {
			return fmt.Errorf("snapshot: unknown component %q (made by a mechanic this binary lacks?)", cj.Name)
		}
		col := ComponentColumn{Name: cj.Name, Entities: cj.Entities, Values: make([]any, len(cj.Values))}
		for i, raw := range cj.Values {
			v, err := st.Decode(raw)
			if err != nil {
				return fmt.Errorf("snapshot: %w", err)
			}
			col.Values[i] = v
		}
		snap.Components = append(snap.Components, col)
	}
	for _, rj := range in.Resources {
		st, ok := ecs.StateByName(rj.Name)
		if !ok || !st.Resource {
			return fmt.Errorf("snapshot: unknown resource %q (made by a mechanic this binary lacks?)", rj.Name)
		}
		v, err := st.Decode(rj.Value)
		if err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
		snap.Resources = append(snap.Resources, ResourceValue{Name: rj.Name, Value: v})
	}
	return snap.check()
}

// FromSnapshot builds an episode from a snapshot alone: its seed, rules,
// mechanics and scenario make the episode, and the snapshot's state
// replaces it. It validates the snapshot as completely as Restore does
// (the structure, every index and enum, the invariants), so a damaged
// one is refused with an error naming the field, never a panic. A
// mechanic this binary lacks is refused by name.
func FromSnapshot(snap *Snapshot) (*Sim, error) {
	extra, err := ExtraMechanics(snap.Rules, snap.Mechanics)
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	s, err := New(Config{Seed: snap.Seed, Rules: snap.Rules, Mechanics: extra, Agent: snap.Agent, Scenario: snap.Scenario})
	if err != nil {
		return nil, err
	}
	if err := s.Restore(snap); err != nil {
		return nil, err
	}
	return s, nil
}
