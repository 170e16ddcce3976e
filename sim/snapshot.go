package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/worldgen/script"
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
	// Strict, MaxTurns and TurnTicks are the episode's configuration
	// (Config's): a restored episode keeps them, for its own turns and
	// for the next episode a Reset makes of it (issue 25: a restored
	// slot of a --strict --turns 3 session played 55 lenient turns after
	// its next autoreset).
	Strict              bool
	MaxTurns, TurnTicks int
	// Goal is Config's.
	Goal string
	// Level and Dungeon are Config's scripts (§38).
	Level   *script.Script
	Dungeon *script.Dungeon
	// TickTurn, when not nil, is the command turn of tick steps under
	// way (§37.1): a snapshot taken between two tick steps of a turn
	// continues that turn.
	TickTurn *TickTurn

	Entities   arche.EntityDump
	Components []ComponentColumn
	Resources  []ResourceValue
}

// TickTurn is a command turn of tick steps under way: the ticks it has
// run (1 … turnTicks − 1) and the depth it began on.
type TickTurn struct {
	Ticks int `json:"ticks"`
	Depth int `json:"depth"`
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
		Strict: s.cfg.Strict, MaxTurns: s.cfg.MaxTurns, TurnTicks: s.cfg.TurnTicks, Goal: s.cfg.Goal,
		Level: s.cfg.Level, Dungeon: s.cfg.Dungeon,
		Entities: w.DumpEntities(),
	}
	if s.InTickTurn() {
		snap.TickTurn = &TickTurn{Ticks: s.turnTicks, Depth: s.turnDepth}
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
		id, ok := ecs.ComponentID(w, st)
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

// Restore puts the episode back in the state of snap, which must come from
// an episode of the same seed, rules and mechanics. A snapshot that
// fails its checks is refused and the episode is left as it was.
func (s *Sim) Restore(snap *Snapshot) error {
	if err := snap.fits(s.cfg, s.Mechanics()); err != nil {
		return err
	}
	if err := snap.check(); err != nil {
		return err
	}
	if err := snap.checkOwners(); err != nil {
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

// fits refuses a snapshot of another episode than one of cfg with the
// mechanics installed.
func (snap *Snapshot) fits(cfg Config, mechanics []ecs.MechanicRef) error {
	if snap.Version != SnapshotVersion {
		return fmt.Errorf("snapshot: format version %d, this engine reads version %d", snap.Version, SnapshotVersion)
	}
	if snap.Seed != cfg.Seed || snap.Rules != cfg.Rules {
		return fmt.Errorf("snapshot: of seed %d rules %q, but the episode is seed %d rules %q",
			snap.Seed, snap.Rules, cfg.Seed, cfg.Rules)
	}
	if !slices.Equal(snap.Mechanics, mechanics) {
		return fmt.Errorf("snapshot: made with mechanics %s, but the episode has %s", refsString(snap.Mechanics), refsString(mechanics))
	}
	if got, want := scriptsString(Config{Level: snap.Level, Dungeon: snap.Dungeon}.scripts()), scriptsString(cfg.scripts()); got != want {
		return fmt.Errorf("snapshot: made with scripts %s, but the episode has %s", got, want)
	}
	return nil
}

func scriptsString(refs []script.Ref) string {
	if len(refs) == 0 {
		return "none"
	}
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = fmt.Sprintf("%s (%.12s)", r.Name, r.SHA256)
	}
	return strings.Join(parts, ", ")
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
	if tt := snap.TickTurn; tt != nil {
		_, turnTicks := Config{Scenario: snap.Scenario, TurnTicks: snap.TurnTicks}.clock()
		if tt.Ticks < 1 || tt.Ticks >= turnTicks {
			return fmt.Errorf("snapshot: a tick turn of %d ticks, not 1 … %d", tt.Ticks, turnTicks-1)
		}
	}
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

// checkOwners refuses state of a mechanic the snapshot does not list
// ([ecs.Mechanic] Components and Resources): the episode would not have
// the mechanic's systems, or (for a resource) a place for it.
func (snap *Snapshot) checkOwners() error {
	names := make([]string, 0, len(snap.Components)+len(snap.Resources))
	for _, col := range snap.Components {
		names = append(names, col.Name)
	}
	for _, r := range snap.Resources {
		names = append(names, r.Name)
	}
	for _, name := range names {
		st, _ := ecs.StateByName(name)
		if st.Mechanic != "" && !slices.ContainsFunc(snap.Mechanics, func(r ecs.MechanicRef) bool { return r.Name == st.Mechanic }) {
			return fmt.Errorf("snapshot: %q is the state of mechanic %q, which the snapshot does not list", st.Name, st.Mechanic)
		}
	}
	return nil
}

// apply replaces the world's state with snap's, rebuilds the indices and,
// with check, checks the result.
func (s *Sim) apply(snap *Snapshot, check bool) error {
	w := &s.world
	s.env.epoch++
	s.memory.Forget()
	s.held = resetKeepingResources(w, s.held)
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
	s.inTurn, s.tickSteps, s.turnTicks, s.turnDepth = false, false, 0, 0
	if tt := snap.TickTurn; tt != nil {
		s.inTurn, s.tickSteps, s.turnTicks, s.turnDepth = true, true, tt.Ticks, tt.Depth
	}
	// Every registered type checks itself and rebuilds what it derives,
	// the core game's and the mechanics' alike (§32.2); then the
	// invariant checker looks at the whole.
	if check {
		if err := ecs.CheckState(w); err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
	}
	if err := ecs.RebuildState(w); err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	if check {
		if err := s.invariants.run(&s.world); err != nil {
			return err
		}
		if tt := snap.TickTurn; tt != nil && (tt.Depth != s.env.Level.Depth || s.env.Run.Ended) {
			return fmt.Errorf("snapshot: a tick turn begun at depth %d, on a level of depth %d (ended: %v)", tt.Depth, s.env.Level.Depth, s.env.Run.Ended)
		}
	}
	s.render()
	return nil
}

// heldResource is a resource of a world kept across its Reset.
type heldResource struct {
	id  arche.ResID
	ptr any
}

// resetKeepingResources removes every entity from w but keeps its
// resources — the same objects, which systems hold pointers to — where
// arche's Reset would drop them. held is scratch space, returned for
// the next call.
func resetKeepingResources(w *arche.World, held []heldResource) []heldResource {
	ids := arche.ResourceIDs(w)
	held = slices.Grow(held[:0], len(ids))
	for _, id := range ids {
		if w.Resources().Has(id) {
			held = append(held, heldResource{id, w.Resources().Get(id)})
		}
	}
	w.Reset()
	for _, r := range held {
		w.Resources().Add(r.id, r.ptr)
	}
	clear(held) // the next call overwrites them; let go of the pointers meanwhile
	return held
}

// resourcePointer is the pointer behind resource id, as the registry
// reads it.
func resourcePointer(w *arche.World, id arche.ResID) unsafe.Pointer {
	return reflect.ValueOf(w.Resources().Get(id)).UnsafePointer()
}

// invariantCheck runs the invariant checker on restored worlds, one
// checker an episode: its Init registers cached filters, which every
// later structural change of the world updates.
type invariantCheck struct {
	checker    *systems.Invariants
	violations []string
}

// run checks w.
func (ic *invariantCheck) run(w *arche.World) error {
	if ic.checker == nil {
		ic.checker = &systems.Invariants{OnViolation: func(msg string) { ic.violations = append(ic.violations, msg) }}
		ic.checker.Init(w)
	}
	ic.violations = ic.violations[:0]
	ic.checker.Update(w)
	if len(ic.violations) > 0 {
		return errors.New("snapshot: " + ic.violations[0])
	}
	return nil
}

// snapshotHeader is a snapshot's configuration, as JSON: a packed
// snapshot's header, and a JSON snapshot's fields after its format and
// version.
type snapshotHeader struct {
	Seed      uint64            `json:"seed"`
	Rules     string            `json:"rules"`
	Mechanics []ecs.MechanicRef `json:"mechanics"`
	Agent     string            `json:"agent,omitempty"`
	Scenario  *Scenario         `json:"scenario,omitempty"`
	Note      string            `json:"note,omitempty"`
	Strict    bool              `json:"strict,omitempty"`
	MaxTurns  int               `json:"maxTurns,omitempty"`
	TurnTicks int               `json:"turnTicks,omitempty"`
	Goal      string            `json:"goal,omitempty"`
	Level     *script.Script    `json:"level,omitempty"`
	Dungeon   *script.Dungeon   `json:"dungeon,omitempty"`
	TickTurn  *TickTurn         `json:"tickTurn,omitempty"`
}

// head is the snapshot's configuration.
func (snap *Snapshot) head() snapshotHeader {
	return snapshotHeader{Seed: snap.Seed, Rules: snap.Rules, Mechanics: snap.Mechanics, Agent: snap.Agent,
		Scenario: snap.Scenario, Note: snap.Note, Strict: snap.Strict, MaxTurns: snap.MaxTurns,
		TurnTicks: snap.TurnTicks, Goal: snap.Goal, Level: snap.Level, Dungeon: snap.Dungeon, TickTurn: snap.TickTurn}
}

// snapshot is a snapshot of version v with this configuration and no
// state yet.
func (h *snapshotHeader) snapshot(v int) *Snapshot {
	return &Snapshot{Version: v, Seed: h.Seed, Rules: h.Rules, Mechanics: h.Mechanics, Agent: h.Agent,
		Scenario: h.Scenario, Note: h.Note, Strict: h.Strict, MaxTurns: h.MaxTurns, TurnTicks: h.TurnTicks,
		Goal: h.Goal, Level: h.Level, Dungeon: h.Dungeon, TickTurn: h.TickTurn}
}

// snapshotJSON is the encoded form of a Snapshot.
type snapshotJSON struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	snapshotHeader
	Entities   arche.EntityDump `json:"entities"`
	Components []columnJSON     `json:"components"`
	Resources  []resourceJSON   `json:"resources"`
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
	out := snapshotJSON{Format: snapshotFormat, Version: snap.Version, snapshotHeader: snap.head(),
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
	*snap = *in.snapshot(in.Version)
	snap.Entities = in.Entities
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
	s, err := New(Config{Seed: snap.Seed, Rules: snap.Rules, Mechanics: extra, Agent: snap.Agent, Scenario: snap.Scenario,
		Strict: snap.Strict, MaxTurns: snap.MaxTurns, TurnTicks: snap.TurnTicks, Goal: snap.Goal,
		Level: snap.Level, Dungeon: snap.Dungeon})
	if err != nil {
		return nil, err
	}
	if err := s.Restore(snap); err != nil {
		return nil, err
	}
	return s, nil
}
