package components

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// The lifecycle of the core game's state (§32.2): how each type begins an
// episode, how it is checked after a restore and how what is derived
// from the entities is rebuilt. The registry ([ecs.StateType]) finds
// these methods; a mechanic's state has the same ones, and goes through
// the same calls. A check names the field it refuses, so that a damaged
// snapshot is refused instead of crashing a later tick.

// MaxStartDepth is the deepest level an episode may start on (a
// scenario's depth, §19).
const MaxStartDepth = 50

// Begin starts an episode with an empty level, keeping the room buffer
// (written out, not through Assign: a zero Level to copy from is large).
func (l *Level) Begin(*arche.World) {
	rooms := l.Rooms[:0]
	*l = Level{Rooms: rooms}
}

// Begin starts an episode with no deeds, keeping the deed buffer.
func (r *Run) Begin(*arche.World) {
	deeds := r.Deeds.List[:0]
	if deeds == nil {
		deeds = make([]Deed, 0, 16)
	}
	*r = Run{Deeds: Deeds{List: deeds}}
}

// Begin empties the list, keeping its buffer.
func (i *Intents) Begin(*arche.World) {
	if i.List == nil {
		i.List = make([]Intent, 0, 16)
	}
	i.List = i.List[:0]
}

// Begin empties the roster, keeping its buffer.
func (r *Roster) Begin(*arche.World) {
	if r.List == nil {
		r.List = make([]arche.Entity, 0, 16)
	}
	r.List = r.List[:0]
}

// Begin empties the log, keeping its buffer.
func (ev *Events) Begin(*arche.World) {
	if ev.List == nil {
		ev.List = make([]Event, 0, 64)
	}
	ev.Reset()
}

// Begin reads nutrition by §6 until a hunger mechanic's Start sets its
// own scale.
func (h *HungerScale) Begin(*arche.World) { h.StateOf = HungerStateOf }

// Rebuild empties the queue: a restored episode is between turns.
func (q *Queue) Rebuild(*arche.World) error { q.Reset(); return nil }

// Rebuild empties the log: a restored episode is between ticks.
func (ev *Events) Rebuild(*arche.World) error { ev.Reset(); return nil }

// Rebuild empties the list: a restored episode is between ticks.
func (i *Intents) Rebuild(*arche.World) error { i.List = i.List[:0]; return nil }

// Check refuses a clock out of range.
func (ck *Clock) Check(*arche.World) error {
	switch {
	case ck.TurnTicks < 1 || ck.TurnTicks > MaxQueue:
		return fmt.Errorf("clock.TurnTicks %d: out of range 1…%d", ck.TurnTicks, MaxQueue)
	case ck.MaxTurns < 1 || ck.MaxTurns > math.MaxInt32/ck.TurnTicks:
		return fmt.Errorf("clock.MaxTurns %d: out of range", ck.MaxTurns)
	case ck.Turn < 0 || ck.Turn > ck.MaxTurns:
		return fmt.Errorf("clock.Turn %d: out of range 0…%d (clock.MaxTurns)", ck.Turn, ck.MaxTurns)
	case ck.Tick < ck.Turn || ck.Tick > ck.MaxTurns*ck.TurnTicks:
		return fmt.Errorf("clock.Tick %d: out of range %d…%d", ck.Tick, ck.Turn, ck.MaxTurns*ck.TurnTicks)
	}
	return nil
}

// maxDepth is the deepest level an episode can be on at tick t: each
// tick descends at most once, from at most [MaxStartDepth].
func maxDepth(w *arche.World) int {
	if ck := resource[Clock](w); ck != nil {
		return MaxStartDepth + ck.Tick
	}
	return MaxStartDepth
}

// Check refuses a depth, a staircase, an arrival, a room or a cell out of
// range.
func (l *Level) Check(w *arche.World) error {
	if top := maxDepth(w); l.Depth < 1 || l.Depth > top {
		return fmt.Errorf("level.Depth %d: out of range 1…%d", l.Depth, top)
	}
	noStairs := Pos{X: -1, Y: -1} // a scenario's level may have none
	if !l.Stairs.In() && l.Stairs != noStairs {
		return fmt.Errorf("level.Stairs (%d, %d): off the board", l.Stairs.X, l.Stairs.Y)
	}
	if !l.Arrival.In() {
		return fmt.Errorf("level.Arrival (%d, %d): off the board", l.Arrival.X, l.Arrival.Y)
	}
	if len(l.Rooms) > math.MaxUint8 {
		return fmt.Errorf("level.Rooms: %d rooms, at most %d", len(l.Rooms), math.MaxUint8)
	}
	for k, r := range l.Rooms {
		in, walls := r.Interior, r.Walls()
		if in.X0 > in.X1 || in.Y0 > in.Y1 || !(Pos{X: walls.X0, Y: walls.Y0}).In() || !(Pos{X: walls.X1, Y: walls.Y1}).In() {
			return fmt.Errorf("level.Rooms[%d]: interior (%d, %d)…(%d, %d) is not a room on the board", k, in.X0, in.Y0, in.X1, in.Y1)
		}
	}
	for i := range N {
		p := PosOf(i)
		if !l.Terrain[i].Valid() {
			return fmt.Errorf("level.Terrain at (%d, %d): unknown terrain %d", p.X, p.Y, l.Terrain[i])
		}
		if k := int(l.RoomOf[i]); k > len(l.Rooms) {
			return fmt.Errorf("level.RoomOf at (%d, %d): room %d of %d", p.X, p.Y, k, len(l.Rooms))
		} else if k > 0 && !l.Rooms[k-1].Interior.Contains(p) {
			return fmt.Errorf("level.RoomOf at (%d, %d): room %d, whose interior does not hold the cell", p.X, p.Y, k)
		}
	}
	return nil
}

// Rebuild makes the level's indices from the entities: who stands where,
// the floor items' piles (in serial order, the top one last) and the
// trap cells.
func (l *Level) Rebuild(w *arche.World) error {
	l.Creatures, l.FloorItems = Occupancy{}, ItemIndex{}
	l.ClearTraps()
	pos := generic.NewMap[Position](w)
	put := func(ent arche.Entity, g byte) error {
		p := *pos.Get(ent)
		if !p.In() {
			return fmt.Errorf("position (%d, %d) of entity %d: off the board", p.X, p.Y, ent.ID())
		}
		if l.Creatures.Occupied(p) {
			return fmt.Errorf("position (%d, %d): two creatures", p.X, p.Y)
		}
		l.Creatures.Put(p, ent, g)
		return nil
	}
	if run := resource[Run](w); run != nil && !run.Cog.IsZero() {
		if err := put(run.Cog, '@'); err != nil {
			return err
		}
	}
	mq := generic.NewFilter2[Monster, Position]().Query(w)
	for mq.Next() {
		m, _ := mq.Get()
		if err := put(mq.Entity(), m.Species.Info().Glyph); err != nil {
			mq.Close()
			return err
		}
	}
	type pile struct {
		serial int
		at     Pos
		glyph  byte
	}
	var items []pile
	iq := generic.NewFilter2[Item, Position]().Query(w)
	for iq.Next() {
		it, p := iq.Get()
		items = append(items, pile{it.Serial, *p, it.Kind.Glyph()})
	}
	sort.Slice(items, func(i, j int) bool { return items[i].serial < items[j].serial })
	for _, it := range items {
		l.FloorItems.Push(it.at, it.glyph)
	}
	tq := generic.NewFilter2[Trap, Position]().Query(w)
	for tq.Next() {
		_, p := tq.Get()
		l.PutTrap(*p)
	}
	return nil
}

// Check refuses a vision that is not a rectangle on the board.
func (v *Vision) Check(*arche.World) error {
	r := v.Rect
	if r.X0 > r.X1 || r.Y0 > r.Y1 || !(Pos{X: r.X0, Y: r.Y0}).In() || !(Pos{X: r.X1, Y: r.Y1}).In() {
		return fmt.Errorf("vision (%d, %d)…(%d, %d): not a rectangle on the board", r.X0, r.Y0, r.X1, r.Y1)
	}
	return nil
}

// Check refuses a run whose cog is not a whole cog, or whose standing
// or deeds are out of range.
func (r *Run) Check(w *arche.World) error {
	cog := r.Cog
	whole := !cog.IsZero() && ecs.InPool(w, cog) && w.Alive(cog)
	if whole {
		for _, id := range []arche.ID{arche.ComponentID[Position](w), arche.ComponentID[Health](w), arche.ComponentID[Inventory](w),
			arche.ComponentID[Nutrition](w), arche.ComponentID[Status](w), arche.ComponentID[Experience](w), arche.ComponentID[Purse](w)} {
			whole = whole && w.Has(cog, id)
		}
	}
	if !whole {
		return fmt.Errorf("run.Cog entity %d: not a whole cog", cog.ID())
	}
	depth, tick := 1, 0
	if l := resource[Level](w); l != nil {
		depth = l.Depth
	}
	if ck := resource[Clock](w); ck != nil {
		tick = ck.Tick
	}
	switch {
	case r.Ended != (r.Cause != ""):
		return fmt.Errorf("run.Ended %v with run.Cause %q: an ended run has a cause, a running one none", r.Ended, r.Cause)
	case r.MaxDepth < depth || r.MaxDepth > maxDepth(w):
		return fmt.Errorf("run.MaxDepth %d: out of range %d (level.Depth)…%d", r.MaxDepth, depth, maxDepth(w))
	case r.NextSerial < 0:
		return fmt.Errorf("run.NextSerial %d: negative", r.NextSerial)
	case r.Descend:
		return errors.New("run.Descend: set between turns")
	}
	seen := map[string]bool{}
	for k, d := range r.Deeds.List {
		if d.Name == "" || seen[d.Name] || d.Tick < 0 || d.Tick > tick {
			return fmt.Errorf("run.Deeds[%d] %q at tick %d: empty, twice, or not in ticks 0…%d", k, d.Name, d.Tick, tick)
		}
		seen[d.Name] = true
	}
	return nil
}

// Rebuild lists the level's monsters in serial order: the order they
// were created in, which is the order they act in (§9).
func (r *Roster) Rebuild(w *arche.World) error {
	r.List = r.List[:0]
	q := generic.NewFilter1[Monster]().Query(w)
	for q.Next() {
		r.List = append(r.List, q.Entity())
	}
	monsters := generic.NewMap[Monster](w)
	sort.Slice(r.List, func(i, j int) bool { return monsters.Get(r.List[i]).Serial < monsters.Get(r.List[j]).Serial })
	return nil
}

// serialRange refuses a creation serial outside 1…run.NextSerial.
func serialRange(w *arche.World, what string, serial int, e arche.Entity) error {
	next := 0
	if r := resource[Run](w); r != nil {
		next = r.NextSerial
	}
	if serial < 1 || serial > next {
		return fmt.Errorf("%s.Serial %d of entity %d: out of range 1…%d (run.NextSerial)", what, serial, e.ID(), next)
	}
	return nil
}

// onBoard refuses an entity without a position on the board.
func onBoard(w *arche.World, what string, e arche.Entity) error {
	p, ok := w.Get(e, arche.ComponentID[Position](w)), w.Has(e, arche.ComponentID[Position](w))
	if !ok || !(*Pos)(p).In() {
		return fmt.Errorf("%s of entity %d: no position, or off the board", what, e.ID())
	}
	return nil
}

// CheckEntity refuses a monster of an unknown species, without its
// position, health or movement points, or of a serial out of range.
func (m *Monster) CheckEntity(w *arche.World, e arche.Entity) error {
	if int(m.Species) >= len(Species) {
		return fmt.Errorf("monster.Species %d of entity %d: unknown", m.Species, e.ID())
	}
	if err := inPlay(w, "monster.Species", m.Species.Info().Name, m.Species.Info().Mechanic, e); err != nil {
		return err
	}
	if !w.Has(e, arche.ComponentID[Health](w)) || !w.Has(e, arche.ComponentID[MovementPoints](w)) {
		return fmt.Errorf("monster of entity %d: without health or movement points", e.ID())
	}
	if err := onBoard(w, "monster", e); err != nil {
		return err
	}
	return serialRange(w, "monster", m.Serial, e)
}

// CheckEntity refuses actions out of range: the fastest species acts
// speed/12 times a tick, rounded up.
func (mp *MovementPoints) CheckEntity(_ *arche.World, e arche.Entity) error {
	most := 1
	for _, sp := range Species {
		most = max(most, (sp.Speed+11)/12)
	}
	if mp.Actions < 0 || mp.Actions > most {
		return fmt.Errorf("movement-points.Actions %d of entity %d: out of range 0…%d", mp.Actions, e.ID(), most)
	}
	return nil
}

// CheckEntity refuses a maximum below 1.
func (h *Health) CheckEntity(_ *arche.World, e arche.Entity) error {
	if h.MaxHP < 1 {
		return fmt.Errorf("health.MaxHP %d of entity %d: below 1", h.MaxHP, e.ID())
	}
	return nil
}

// CheckEntity refuses a floor item of an unknown kind, off the board, or
// of a serial out of range.
func (it *Item) CheckEntity(w *arche.World, e arche.Entity) error {
	if int(it.Kind) >= len(ItemKinds) {
		return fmt.Errorf("item.Kind %d of entity %d: unknown", it.Kind, e.ID())
	}
	if err := inPlay(w, "item.Kind", it.Kind.Info().Name, it.Kind.Info().Mechanic, e); err != nil {
		return err
	}
	if err := onBoard(w, "item", e); err != nil {
		return err
	}
	return serialRange(w, "item", it.Serial, e)
}

// CheckEntity refuses a trap of an unknown kind or off the board.
func (t *Trap) CheckEntity(w *arche.World, e arche.Entity) error {
	if int(t.Kind) >= len(TrapKinds) {
		return fmt.Errorf("trap.Kind %d of entity %d: unknown", t.Kind, e.ID())
	}
	if err := inPlay(w, "trap.Kind", t.Kind.Info().Name, t.Kind.Info().Mechanic, e); err != nil {
		return err
	}
	return onBoard(w, "trap", e)
}

// CheckEntity refuses a stack of an unknown kind or a negative count,
// and a wielded or worn mark on no stack (or worn on what is not
// armour).
func (inv *Inventory) CheckEntity(w *arche.World, e arche.Entity) error {
	for k, sl := range inv.Slots {
		if int(sl.Kind) >= len(ItemKinds) || sl.Count < 0 {
			return fmt.Errorf("inventory.Slots[%d]: %d of unknown kind %d", k, sl.Count, sl.Kind)
		}
		if sl.Count > 0 {
			if err := inPlay(w, fmt.Sprintf("inventory.Slots[%d].Kind", k), sl.Kind.Info().Name, sl.Kind.Info().Mechanic, e); err != nil {
				return err
			}
		}
	}
	for _, f := range []struct {
		name string
		slot int
	}{{"Wielded", inv.Wielded}, {"Worn", inv.Worn}} {
		if f.slot != NoSlot && (f.slot < 0 || f.slot >= len(inv.Slots) || inv.Slots[f.slot].Empty()) {
			return fmt.Errorf("inventory.%s %d: not a slot that holds something (or %d, none)", f.name, f.slot, NoSlot)
		}
	}
	if inv.Worn != NoSlot && inv.Slots[inv.Worn].Kind.Info().Class != ArmourClass {
		return fmt.Errorf("inventory.Worn %d: not armour", inv.Worn)
	}
	return nil
}

// CheckEntity refuses a state that is no hunger state.
func (n *Nutrition) CheckEntity(*arche.World, arche.Entity) error {
	if n.State > Fainting {
		return fmt.Errorf("nutrition.State %d: not a hunger state", n.State)
	}
	return nil
}

// CheckEntity refuses negative points or a level that does not go with
// them.
func (ex *Experience) CheckEntity(*arche.World, arche.Entity) error {
	if ex.Points < 0 || ex.Level != XLevelFor(ex.Points) {
		return fmt.Errorf("experience %d points at level %d: want points ≥ 0 and level %d", ex.Points, ex.Level, XLevelFor(max(ex.Points, 0)))
	}
	return nil
}

// CheckEntity refuses negative gold.
func (p *Purse) CheckEntity(*arche.World, arche.Entity) error {
	if p.Gold < 0 {
		return fmt.Errorf("purse.Gold %d: negative", p.Gold)
	}
	return nil
}

// CheckEntity refuses a negative tick, and a holder that is no monster:
// the lichen holding the cog is a monster of the level, or one killed
// this turn (the status system lets go of it next tick).
func (s *Status) CheckEntity(w *arche.World, _ arche.Entity) error {
	if s.ConfusedUntil < 0 || s.ParalysedUntil < 0 || s.StuckUntil < 0 || s.TrappedUntil < 0 {
		return errors.New("status: a negative tick")
	}
	if to := s.StuckTo; !to.IsZero() && (!ecs.InPool(w, to) || w.Alive(to) && !w.Has(to, arche.ComponentID[Monster](w))) {
		return fmt.Errorf("status.StuckTo entity %d: not a monster of the level", to.ID())
	}
	return nil
}

// resource is w's resource of type T, or nil when w has none.
func resource[T any](w *arche.World) *T {
	id := arche.ResourceID[T](w)
	if !w.Resources().Has(id) {
		return nil
	}
	return w.Resources().Get(id).(*T)
}

// inPlay refuses a kind of a mechanic the episode does not install
// (§27.5, §32.7): a snapshot cannot bring a wand into an episode without
// wands, any more than a scenario can.
func inPlay(w *arche.World, field, name, mechanic string, e arche.Entity) error {
	if mechanic == "" {
		return nil
	}
	var active []string
	if in := arche.GetResource[Installed](w); in != nil {
		active = in.Names
	}
	if !ActiveIn(mechanic, active) {
		return fmt.Errorf("%s %q of entity %d: a kind of the mechanic %s, which the episode does not install", field, name, e.ID(), mechanic)
	}
	return nil
}
