package sim

import (
	"encoding/json"
	"fmt"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// SnapshotVersion is the format of encoded snapshots.
const SnapshotVersion = 1

// Snapshot is the whole state of an episode between two ticks (§24): a
// restored episode continues exactly as the original would. It is plain
// data: entities are saved as their components, in acting order, and the
// spatial indices are rebuilt on restore.
type Snapshot struct {
	Version  int
	Seed     uint64
	Rules    string
	Agent    string
	Scenario *Scenario

	Level    c.Level
	Vision   c.Rect
	Cog      CogState
	Monsters []MonsterState
	Items    []ItemState
	Traps    []TrapState

	Clock      c.Clock
	Ended      bool
	Cause      string
	MaxDepth   int
	Deeds      []c.Deed
	NextSerial int
	Potions    c.Potions
	Streams    []ecs.StreamState

	LastMessage []byte
	LastTick    int
	Note        string
}

// CogState is the cog's components. StuckTo is the index in Monsters of
// the lichen holding it, or -1.
type CogState struct {
	Pos        c.Pos
	Health     c.Health
	Nutrition  c.Nutrition
	Experience c.Experience
	Purse      c.Purse
	Status     c.Status
	StuckTo    int
	Inventory  c.Inventory
}

// MonsterState is one monster's components.
type MonsterState struct {
	Pos      c.Pos
	Health   c.Health
	Monster  c.Monster
	Movement c.MovementPoints
}

// ItemState is one floor item.
type ItemState struct {
	Pos  c.Pos
	Item c.Item
}

// TrapState is one trap.
type TrapState struct {
	Pos  c.Pos
	Trap c.Trap
}

// Snapshot copies the episode's state. Take it between turns or steps.
func (s *Sim) Snapshot() *Snapshot {
	e := s.env
	cog := e.Run.Cog
	snap := &Snapshot{
		Version: SnapshotVersion, Seed: s.cfg.Seed, Rules: s.cfg.Rules, Agent: s.cfg.Agent, Scenario: s.cfg.Scenario,
		Level:  *e.Level,
		Vision: e.Vision.Rect,
		Cog: CogState{
			Pos: *e.Pos.Get(cog), Health: *e.Health.Get(cog), Nutrition: *e.Nutrition.Get(cog),
			Experience: *e.Experience.Get(cog), Purse: *e.Purse.Get(cog), Status: *e.Status.Get(cog),
			StuckTo: -1, Inventory: *e.Inventory.Get(cog),
		},
		Clock: *e.Clock, Ended: e.Run.Ended, Cause: e.Run.Cause, MaxDepth: e.Run.MaxDepth,
		Deeds: append([]c.Deed(nil), e.Run.Deeds.List...), NextSerial: e.Run.NextSerial,
		Potions: *e.Potions, Streams: e.Streams.States(), Note: s.note,
	}
	snap.Level.Rooms = append([]c.Room(nil), e.Level.Rooms...)
	snap.Level.Creatures, snap.Level.FloorItems = c.Occupancy{}, c.ItemIndex{}
	snap.Cog.Status.StuckTo = arche.Entity{}
	last, tick := e.Log.Last()
	snap.LastMessage, snap.LastTick = append([]byte(nil), last...), tick
	for i, m := range e.Roster.List {
		if m == e.Status.Get(cog).StuckTo {
			snap.Cog.StuckTo = i
		}
		snap.Monsters = append(snap.Monsters, MonsterState{
			Pos: *e.Pos.Get(m), Health: *e.Health.Get(m), Monster: *e.Monster.Get(m), Movement: *e.Movement.Get(m),
		})
	}
	for _, it := range e.FloorItems(nil) {
		snap.Items = append(snap.Items, ItemState{Pos: *e.Pos.Get(it), Item: *e.Item.Get(it)})
	}
	sortItems(snap.Items)
	for _, te := range e.Traps(nil) {
		snap.Traps = append(snap.Traps, TrapState{Pos: *e.Pos.Get(te), Trap: *e.Trap.Get(te)})
	}
	sortTraps(snap.Traps)
	return snap
}

// sortTraps orders traps by board position, so that equal states give
// equal snapshots whatever arche's storage order.
func sortTraps(traps []TrapState) {
	for i := 1; i < len(traps); i++ {
		for j := i; j > 0 && traps[j].Pos.Index() < traps[j-1].Pos.Index(); j-- {
			traps[j], traps[j-1] = traps[j-1], traps[j]
		}
	}
}

// sortItems orders floor items by serial: the order they were placed.
func sortItems(items []ItemState) {
	for i := 1; i < len(items); i++ {
		for j := i; j > 0 && items[j].Item.Serial < items[j-1].Item.Serial; j-- {
			items[j], items[j-1] = items[j-1], items[j]
		}
	}
}

// Restore puts the episode back in the state of snap, which must come from
// an episode of the same seed and rules.
func (s *Sim) Restore(snap *Snapshot) error {
	if snap.Version != SnapshotVersion {
		return fmt.Errorf("snapshot: version %d, this engine reads %d", snap.Version, SnapshotVersion)
	}
	if snap.Seed != s.cfg.Seed || snap.Rules != s.cfg.Rules {
		return fmt.Errorf("snapshot: of seed %d rules %q, but the episode is seed %d rules %q",
			snap.Seed, snap.Rules, s.cfg.Seed, s.cfg.Rules)
	}
	if err := snap.check(); err != nil {
		return err
	}
	e := s.env
	if err := e.Streams.Restore(snap.Streams); err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	e.ClearLevelEntities()
	*e.Level = snap.Level
	e.Level.Rooms = append([]c.Room(nil), snap.Level.Rooms...)
	e.Level.Creatures, e.Level.FloorItems = c.Occupancy{}, c.ItemIndex{}
	e.Vision.Rect = snap.Vision

	cog := e.Run.Cog
	*e.Pos.Get(cog) = snap.Cog.Pos
	*e.Health.Get(cog) = snap.Cog.Health
	*e.Nutrition.Get(cog) = snap.Cog.Nutrition
	*e.Experience.Get(cog) = snap.Cog.Experience
	*e.Purse.Get(cog) = snap.Cog.Purse
	*e.Status.Get(cog) = snap.Cog.Status
	*e.Inventory.Get(cog) = snap.Cog.Inventory
	e.Level.Creatures.Put(snap.Cog.Pos, cog, '@')

	for i, m := range snap.Monsters {
		ent := e.SpawnMonster(m.Monster.Species, m.Pos, m.Health.HP)
		*e.Health.Get(ent) = m.Health
		*e.Monster.Get(ent) = m.Monster
		*e.Movement.Get(ent) = m.Movement
		if i == snap.Cog.StuckTo {
			e.Status.Get(cog).StuckTo = ent
		}
	}
	for _, it := range snap.Items {
		ent := e.PlaceItem(it.Item.Kind, it.Item.Count, it.Pos)
		*e.Item.Get(ent) = it.Item
	}
	for _, t := range snap.Traps {
		ent := e.PlaceTrap(t.Trap.Kind, t.Pos)
		*e.Trap.Get(ent) = t.Trap
	}
	*e.Clock = snap.Clock
	e.Run.Ended, e.Run.Cause, e.Run.MaxDepth = snap.Ended, snap.Cause, snap.MaxDepth
	e.Run.Deeds.List = append(e.Run.Deeds.List[:0], snap.Deeds...)
	e.Run.NextSerial = snap.NextSerial
	e.Run.Descend = false
	*e.Potions = snap.Potions
	e.Queue.Reset()
	e.Log.SetLast(snap.LastMessage, snap.LastTick)
	s.note = snap.Note
	s.render()
	return nil
}

// check refuses a snapshot whose data would corrupt the episode.
func (snap *Snapshot) check() error {
	bad := func(what string, p c.Pos) error {
		return fmt.Errorf("snapshot: %s at (%d, %d) is off the board", what, p.X, p.Y)
	}
	if !snap.Cog.Pos.In() {
		return bad("the cog", snap.Cog.Pos)
	}
	seen := map[c.Pos]bool{snap.Cog.Pos: true}
	for _, m := range snap.Monsters {
		if !m.Pos.In() {
			return bad("a monster", m.Pos)
		}
		if seen[m.Pos] {
			return fmt.Errorf("snapshot: two creatures at (%d, %d)", m.Pos.X, m.Pos.Y)
		}
		if int(m.Monster.Species) >= len(c.Species) {
			return fmt.Errorf("snapshot: unknown species %d", m.Monster.Species)
		}
		seen[m.Pos] = true
	}
	for _, it := range snap.Items {
		if !it.Pos.In() {
			return bad("an item", it.Pos)
		}
		if int(it.Item.Kind) >= len(c.ItemKinds) {
			return fmt.Errorf("snapshot: unknown item kind %d", it.Item.Kind)
		}
	}
	for _, t := range snap.Traps {
		if !t.Pos.In() {
			return bad("a trap", t.Pos)
		}
		if int(t.Trap.Kind) >= len(c.TrapKinds) {
			return fmt.Errorf("snapshot: unknown trap kind %d", t.Trap.Kind)
		}
	}
	for _, r := range snap.Level.Rooms {
		if !(c.Pos{X: r.Interior.X0, Y: r.Interior.Y0}).In() || !(c.Pos{X: r.Interior.X1, Y: r.Interior.Y1}).In() {
			return fmt.Errorf("snapshot: a room off the board")
		}
	}
	if len(snap.Level.Rooms) > 255 || snap.Cog.StuckTo >= len(snap.Monsters) {
		return fmt.Errorf("snapshot: inconsistent room or monster count")
	}
	for _, sl := range snap.Cog.Inventory.Slots {
		if int(sl.Kind) >= len(c.ItemKinds) {
			return fmt.Errorf("snapshot: unknown item kind %d in the pack", sl.Kind)
		}
	}
	return nil
}

// MarshalBinary encodes the snapshot (as JSON: plain, stable, readable).
// The spatial indices and entity references are not written: they are
// rebuilt on restore.
func (snap *Snapshot) MarshalBinary() ([]byte, error) {
	return json.Marshal(snap)
}

// UnmarshalBinary decodes a snapshot encoded by MarshalBinary.
func (snap *Snapshot) UnmarshalBinary(b []byte) error {
	*snap = Snapshot{}
	if err := json.Unmarshal(b, snap); err != nil {
		return fmt.Errorf("snapshot: not a cogsim snapshot: %w", err)
	}
	if snap.Version != SnapshotVersion {
		return fmt.Errorf("snapshot: version %d, this engine reads %d", snap.Version, SnapshotVersion)
	}
	return snap.check()
}

// FromSnapshot builds an episode from a snapshot alone: its seed, rules
// and scenario make the episode, and the snapshot's state replaces it.
func FromSnapshot(snap *Snapshot) (*Sim, error) {
	s, err := New(Config{Seed: snap.Seed, Rules: snap.Rules, Agent: snap.Agent, Scenario: snap.Scenario})
	if err != nil {
		return nil, err
	}
	if err := s.Restore(snap); err != nil {
		return nil, err
	}
	return s, nil
}
