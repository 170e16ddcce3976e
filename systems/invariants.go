package systems

import (
	"fmt"

	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// NameInvariants is the invariant checker's name in the tick order.
const NameInvariants = "invariants"

// Invariants checks, after every tick, what must always hold (NetHack's
// sanity_check): creatures on the board on walkable cells, one per cell,
// the occupancy index equal to the positions, 0 < hp ≤ maxHp for the
// living, the pack's stacks valid, no dangling entity references, the
// floor-item index equal to the items, the trap index equal to the traps,
// the memory of what the cog sees equal to the board, memory never
// showing a monster, and a death halting its tick (§27.6): the Death
// event is the tick's last and the cog keeps the hit points it died with.
// It is off by default (sim.Config.Invariants turns it on).
type Invariants struct {
	// OnViolation is called with each violation; nil panics, so a test
	// episode stops at the first broken invariant.
	OnViolation func(msg string)
	level       *c.Level
	clock       *c.Clock
	run         *c.Run
	vision      *c.Vision
	roster      *c.Roster
	events      *c.Events
	status      generic.Map[c.Status]
	inventory   generic.Map[c.Inventory]
	health      generic.Map[c.Health]
	creatures   *generic.Filter2[c.Position, c.Health]
	items       *generic.Filter2[c.Position, c.Item]
	traps       *generic.Filter2[c.Position, c.Trap]
	seen        [c.N]bool
	counts      [c.N]int
}

// Init implements ecs.System.
func (s *Invariants) Init(w *arche.World) {
	s.level, s.clock, s.run, s.vision = Res[c.Level](w), Res[c.Clock](w), Res[c.Run](w), Res[c.Vision](w)
	s.roster, s.events = Res[c.Roster](w), Res[c.Events](w)
	s.status, s.inventory, s.health = generic.NewMap[c.Status](w), generic.NewMap[c.Inventory](w), generic.NewMap[c.Health](w)
	s.creatures = generic.NewFilter2[c.Position, c.Health]()
	s.creatures.Register(w)
	s.items = generic.NewFilter2[c.Position, c.Item]()
	s.items.Register(w)
	s.traps = generic.NewFilter2[c.Position, c.Trap]()
	s.traps.Register(w)
}

func (s *Invariants) fail(format string, args ...any) {
	msg := fmt.Sprintf("tick %d: ", s.clock.Tick) + fmt.Sprintf(format, args...)
	if s.OnViolation == nil {
		panic("invariant violated: " + msg)
	}
	s.OnViolation(msg)
}

// Update implements ecs.System.
func (s *Invariants) Update(w *arche.World) {
	lvl := s.level
	run := s.run
	s.seen = [c.N]bool{}
	n := 0
	q := s.creatures.Query(w)
	for q.Next() {
		p, h := q.Get()
		ent := q.Entity()
		n++
		if !p.In() {
			s.fail("a creature at (%d, %d), off the board", p.X, p.Y)
			continue
		}
		i := p.Index()
		if !lvl.Terrain[i].Walkable() && !(ent == run.Cog && run.Ended) {
			s.fail("a creature on %s at (%d, %d)", lvl.Terrain[i].Name(), p.X, p.Y)
		}
		if s.seen[i] {
			s.fail("two creatures at (%d, %d)", p.X, p.Y)
		}
		s.seen[i] = true
		if at, ok := lvl.Creatures.At(*p); !ok || at != ent {
			s.fail("the occupancy index does not hold the creature at (%d, %d)", p.X, p.Y)
		}
		alive := ent != run.Cog || !run.Ended
		if alive && (h.HP <= 0 || h.HP > h.MaxHP) {
			s.fail("hp %d of %d at (%d, %d)", h.HP, h.MaxHP, p.X, p.Y)
		}
	}
	occupied := 0
	for i := 0; i < c.N; i++ {
		if lvl.Creatures.Occupied(c.PosOf(i)) {
			occupied++
			if !s.seen[i] {
				s.fail("the occupancy index holds a creature at %v that is not there", c.PosOf(i))
			}
		}
		if g := lvl.MemTerrain[i]; g != 0 && !isTerrainGlyph(g) {
			s.fail("memory shows %q at %v", g, c.PosOf(i))
		}
		if g := lvl.MemItem[i]; g != 0 && !isItemGlyph(g) {
			s.fail("item memory shows %q at %v", g, c.PosOf(i))
		}
	}
	if !run.Ended { // a death halts the tick before vision
		r := s.vision.Rect
		for y := r.Y0; y <= r.Y1; y++ {
			for x := r.X0; x <= r.X1; x++ {
				p := c.Pos{X: x, Y: y}
				i := p.Index()
				if lvl.MemTerrain[i] != lvl.Terrain[i].Glyph() || lvl.MemItem[i] != lvl.FloorItems.Top(p) {
					s.fail("the memory of the visible %v differs from the board", p)
				}
			}
		}
	}
	if occupied != n {
		s.fail("%d creatures but %d occupied cells", n, occupied)
	}
	for _, m := range s.roster.List {
		if !w.Alive(m) {
			s.fail("a dead monster in the roster")
		}
	}
	if st := s.status.Get(run.Cog); !st.StuckTo.IsZero() && !w.Alive(st.StuckTo) && st.Stuck(s.clock.Tick+1) {
		s.fail("stuck to a monster that is gone")
	}
	inv := s.inventory.Get(run.Cog)
	for i, sl := range inv.Slots {
		switch {
		case int(sl.Kind) >= len(c.ItemKinds):
			s.fail("pack slot %c holds %d of unknown kind %d", c.Letters[i], sl.Count, sl.Kind)
		case sl.Count < 0 || (sl.Count > 1 && !sl.Kind.Stackable()):
			s.fail("pack slot %c holds %d of %s", c.Letters[i], sl.Count, sl.Kind.Info().Name)
		}
	}
	for _, slot := range []int{inv.Wielded, inv.Worn} {
		if slot != c.NoSlot && (slot < 0 || slot >= 26 || inv.Slots[slot].Empty()) {
			s.fail("a wielded or worn mark on an empty slot")
		}
	}
	s.counts = [c.N]int{}
	iq := s.items.Query(w)
	for iq.Next() {
		p, it := iq.Get()
		if !p.In() || it.Count <= 0 {
			s.fail("a floor item off the board or empty")
			continue
		}
		s.counts[p.Index()]++
	}
	for i := 0; i < c.N; i++ {
		if s.counts[i] != lvl.FloorItems.Count(c.PosOf(i)) {
			s.fail("the item index counts %d at %v, the floor holds %d", lvl.FloorItems.Count(c.PosOf(i)), c.PosOf(i), s.counts[i])
		}
	}
	s.checkTraps(w)
	s.checkDeath()
}

// checkDeath checks that a death halted its tick (§7.3, §27.6): nothing
// happened after the Death event, and the cog kept the hit points it died
// with (no regeneration, no blow after "You die...").
func (s *Invariants) checkDeath() {
	for i, ev := range s.events.List {
		if ev.Kind != c.Death {
			continue
		}
		if i != len(s.events.List)-1 {
			s.fail("a %s event after the cog's death", s.events.List[i+1].Kind)
		}
		if hp := s.health.Get(s.run.Cog).HP; hp != ev.HP {
			s.fail("the cog died with %d hp and has %d at the end of the tick", ev.HP, hp)
		}
	}
}

// checkTraps compares the level's trap index with the trap entities.
func (s *Invariants) checkTraps(w *arche.World) {
	lvl := s.level
	s.counts = [c.N]int{}
	tq := s.traps.Query(w)
	for tq.Next() {
		p, _ := tq.Get()
		if !p.In() {
			s.fail("a trap off the board")
			continue
		}
		s.counts[p.Index()]++
	}
	for i := 0; i < c.N; i++ {
		if has := lvl.HasTrap(c.PosOf(i)); has != (s.counts[i] > 0) || s.counts[i] > 1 {
			s.fail("the trap index says %v at %v, the board holds %d traps", has, c.PosOf(i), s.counts[i])
		}
	}
}

func isTerrainGlyph(g byte) bool { _, ok := c.TerrainByGlyph(g); return ok }

func isItemGlyph(g byte) bool { _, ok := c.ItemByGlyph(g); return ok }
