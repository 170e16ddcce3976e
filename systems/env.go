package systems

import (
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Env is what the systems share: the episode's resources and the component
// maps, made once per world. It is itself a resource of the world, so a
// system finds everything with one lookup at Init.
type Env struct {
	W       *arche.World
	Level   *c.Level
	Clock   *c.Clock
	Run     *c.Run
	Log     *ecs.Log
	Control *ecs.Control
	Streams *ecs.Streams
	Vision  *c.Vision
	Action  *c.Action
	Intents *c.Intents
	Roster  *c.Roster
	Potions *c.Potions
	Queue   *c.Queue

	Pos        generic.Map[c.Position]
	Health     generic.Map[c.Health]
	Nutrition  generic.Map[c.Nutrition]
	Experience generic.Map[c.Experience]
	Purse      generic.Map[c.Purse]
	Status     generic.Map[c.Status]
	Inventory  generic.Map[c.Inventory]
	Monster    generic.Map[c.Monster]
	Movement   generic.Map[c.MovementPoints]
	Item       generic.Map[c.Item]
	Trap       generic.Map[c.Trap]

	cogBuilder *generic.Map8[c.Position, c.Health, c.Nutrition, c.Experience, c.Purse, c.Status, c.Inventory, c.CogTag]
	monsters   *generic.Map4[c.Position, c.Health, c.Monster, c.MovementPoints]
	items      *generic.Map2[c.Position, c.Item]
	traps      *generic.Map2[c.Position, c.Trap]
	itemFilter *generic.Filter2[c.Position, c.Item]
	trapFilter *generic.Filter2[c.Position, c.Trap]
	monFilter  *generic.Filter1[c.Monster]
}

// NewEnv makes the shared resources of an episode on w and adds the Env
// itself as a resource. The scheduler's Control must be added first
// (ecs.Scheduler.Init does; NewEnv adds one when missing).
func NewEnv(w *arche.World, streams *ecs.Streams) *Env {
	e := &Env{
		W:       w,
		Level:   &c.Level{},
		Clock:   &c.Clock{MaxTurns: 55, TurnTicks: 40},
		Run:     &c.Run{Deeds: c.Deeds{List: make([]c.Deed, 0, 16)}},
		Log:     ecs.NewLog(),
		Streams: streams,
		Vision:  &c.Vision{},
		Action:  &c.Action{},
		Intents: &c.Intents{List: make([]c.Intent, 0, 16)},
		Roster:  &c.Roster{List: make([]arche.Entity, 0, 16)},
		Potions: &c.Potions{},
		Queue:   &c.Queue{},

		Pos:        generic.NewMap[c.Position](w),
		Health:     generic.NewMap[c.Health](w),
		Nutrition:  generic.NewMap[c.Nutrition](w),
		Experience: generic.NewMap[c.Experience](w),
		Purse:      generic.NewMap[c.Purse](w),
		Status:     generic.NewMap[c.Status](w),
		Inventory:  generic.NewMap[c.Inventory](w),
		Monster:    generic.NewMap[c.Monster](w),
		Movement:   generic.NewMap[c.MovementPoints](w),
		Item:       generic.NewMap[c.Item](w),
		Trap:       generic.NewMap[c.Trap](w),
	}
	cb := generic.NewMap8[c.Position, c.Health, c.Nutrition, c.Experience, c.Purse, c.Status, c.Inventory, c.CogTag](w)
	e.cogBuilder = &cb
	mb := generic.NewMap4[c.Position, c.Health, c.Monster, c.MovementPoints](w)
	e.monsters = &mb
	ib := generic.NewMap2[c.Position, c.Item](w)
	e.items = &ib
	tb := generic.NewMap2[c.Position, c.Trap](w)
	e.traps = &tb
	e.itemFilter = generic.NewFilter2[c.Position, c.Item]()
	e.itemFilter.Register(w)
	e.trapFilter = generic.NewFilter2[c.Position, c.Trap]()
	e.trapFilter.Register(w)
	e.monFilter = generic.NewFilter1[c.Monster]()
	e.monFilter.Register(w)

	ctl := generic.NewResource[ecs.Control](w)
	if !ctl.Has() {
		ctl.Add(&ecs.Control{})
	}
	e.Control = ctl.Get()
	res := generic.NewResource[Env](w)
	res.Add(e)
	return e
}

// EnvOf returns the Env of world w. Systems call it in Init.
func EnvOf(w *arche.World) *Env {
	r := generic.NewResource[Env](w)
	return r.Get()
}

// Cog is the cog entity.
func (e *Env) Cog() arche.Entity { return e.Run.Cog }

// CogPos is the cog's position.
func (e *Env) CogPos() c.Pos { return *e.Pos.Get(e.Run.Cog) }

// NewCog creates the cog with the episode-start state (§5) at p.
func (e *Env) NewCog(p c.Pos) arche.Entity {
	inv := c.Inventory{Wielded: 0, Worn: 2}
	inv.Slots[0] = c.Stack{Kind: c.Dagger, Count: 1}
	inv.Slots[1] = c.Stack{Kind: c.FoodRation, Count: 1}
	inv.Slots[2] = c.Stack{Kind: c.LeatherArmour, Count: 1}
	cog := e.cogBuilder.NewWith(&p, &c.Health{HP: 16, MaxHP: 16}, &c.Nutrition{Value: 900, State: c.NotHungry},
		&c.Experience{Level: 1}, &c.Purse{}, &c.Status{}, &inv, &c.CogTag{})
	e.Run.Cog = cog
	e.Level.Creatures.Put(p, cog, '@')
	return cog
}

// SpawnMonster creates a monster of species s with hp at p, last in the
// acting order.
func (e *Env) SpawnMonster(s c.SpeciesID, p c.Pos, hp int) arche.Entity {
	m := e.monsters.NewWith(&p, &c.Health{HP: hp, MaxHP: hp}, &c.Monster{Species: s, Serial: e.Run.Serial()}, &c.MovementPoints{})
	e.Roster.List = append(e.Roster.List, m)
	e.Level.Creatures.Put(p, m, s.Info().Glyph)
	return m
}

// RemoveMonster removes a monster from the board, the roster and the world.
func (e *Env) RemoveMonster(m arche.Entity) {
	e.Level.Creatures.Remove(*e.Pos.Get(m))
	e.Roster.Remove(m)
	e.W.RemoveEntity(m)
}

// PlaceItem puts count items of kind k on the floor at p, on top of the
// pile.
func (e *Env) PlaceItem(k c.ItemKind, count int, p c.Pos) arche.Entity {
	it := e.items.NewWith(&p, &c.Item{Kind: k, Count: count, Serial: e.Run.Serial()})
	e.Level.FloorItems.Push(p, k.Glyph())
	return it
}

// PlaceTrap puts a hidden trap of kind k at p and records it in the
// level's trap index.
func (e *Env) PlaceTrap(k c.TrapKind, p c.Pos) arche.Entity {
	t := e.traps.NewWith(&p, &c.Trap{Kind: k})
	e.Level.PutTrap(p)
	return t
}

// ItemsAt appends the floor items on p to dst, bottom of the pile first.
func (e *Env) ItemsAt(dst []arche.Entity, p c.Pos) []arche.Entity {
	n := len(dst)
	q := e.itemFilter.Query(e.W)
	for q.Next() {
		pos, _ := q.Get()
		if *pos == p {
			dst = append(dst, q.Entity())
		}
	}
	// Insertion sort by serial: piles are tiny.
	for i := n + 1; i < len(dst); i++ {
		for j := i; j > n && e.Item.Get(dst[j]).Serial < e.Item.Get(dst[j-1]).Serial; j-- {
			dst[j], dst[j-1] = dst[j-1], dst[j]
		}
	}
	return dst
}

// FloorItems appends every floor item of the level to dst.
func (e *Env) FloorItems(dst []arche.Entity) []arche.Entity {
	q := e.itemFilter.Query(e.W)
	for q.Next() {
		dst = append(dst, q.Entity())
	}
	return dst
}

// Traps appends every trap of the level to dst.
func (e *Env) Traps(dst []arche.Entity) []arche.Entity {
	q := e.trapFilter.Query(e.W)
	for q.Next() {
		dst = append(dst, q.Entity())
	}
	return dst
}

// TrapAt returns the trap on p, if any. The level's trap index answers
// "none" in O(1), which is nearly always; only a cell that holds a trap is
// looked up among the traps.
func (e *Env) TrapAt(p c.Pos) (arche.Entity, bool) {
	if !e.Level.HasTrap(p) {
		return arche.Entity{}, false
	}
	q := e.trapFilter.Query(e.W)
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

// TrapsNear appends the traps within Chebyshev distance 1 of p to dst, in
// board order (north-west first), never in arche's storage order.
func (e *Env) TrapsNear(dst []arche.Entity, p c.Pos) []arche.Entity {
	for y := p.Y - 1; y <= p.Y+1; y++ {
		for x := p.X - 1; x <= p.X+1; x++ {
			if t, ok := e.TrapAt(c.Pos{X: x, Y: y}); ok {
				dst = append(dst, t)
			}
		}
	}
	return dst
}

// ClearLevelEntities removes every monster, floor item and trap: the
// level is being replaced. The cog stays.
func (e *Env) ClearLevelEntities() {
	e.W.Batch().RemoveEntities(e.monFilter.Filter(e.W))
	e.W.Batch().RemoveEntities(e.itemFilter.Filter(e.W))
	e.W.Batch().RemoveEntities(e.trapFilter.Filter(e.W))
	e.Level.ClearTraps()
	e.Roster.List = e.Roster.List[:0]
	e.Intents.List = e.Intents.List[:0]
}

// CogAC is the cog's armour class: 9 − the worn armour's bonus (§5).
func (e *Env) CogAC() int {
	inv := e.Inventory.Get(e.Run.Cog)
	if inv.Worn == c.NoSlot {
		return 9
	}
	return 9 - inv.Slots[inv.Worn].Kind.Info().ArmourBonus
}

// CogWeapon is the die and hit bonus of the cog's wielded weapon (unarmed:
// die 2, bonus 0).
func (e *Env) CogWeapon() (die, hitBonus int) {
	inv := e.Inventory.Get(e.Run.Cog)
	if inv.Wielded == c.NoSlot {
		return 2, 0
	}
	info := inv.Slots[inv.Wielded].Kind.Info()
	return info.Die, info.HitBonus
}

// Weak reports whether the cog is Weak or Fainting (no regeneration, −2 to
// hit, no kicking).
func (e *Env) Weak() bool {
	return e.Nutrition.Get(e.Run.Cog).State >= c.Weak
}

// KillCog ends the run with cause and halts the rest of the tick but the
// final systems (§7.3).
func (e *Env) KillCog(cause string) {
	e.Run.End(cause)
	e.Control.Halt()
}

// HurtCog takes dmg hit points from the cog; at 0 or less it dies of
// the cause the parts spell, with "You die...". The parts are joined only
// on a death, so a hit allocates nothing.
func (e *Env) HurtCog(dmg int, cause ...string) {
	h := e.Health.Get(e.Run.Cog)
	h.HP -= dmg
	if h.HP <= 0 {
		e.Log.Say("You die...")
		e.KillCog(strings.Join(cause, ""))
	}
}

// Seen reports whether p is visible this tick.
func (e *Env) Seen(p c.Pos) bool { return e.Vision.Contains(p) }
