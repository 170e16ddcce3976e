package systems

import (
	"strconv"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// GoldDeedAt is the gold the gold-100 deed asks for (§16).
const GoldDeedAt = 100

// Items handles the primitives on things (§10): pickup, eat, quaff, wield,
// wear, drop and inventory. A wrong letter or class says so and spends the
// tick.
type Items struct {
	action     *c.Action // first: most ticks read only it
	rng        *ecs.Stream
	clock      *c.Clock
	run        *c.Run
	log        *ecs.Log
	knowledge  *c.Knowledge
	events     *c.Events
	level      *c.Level
	floor      *Floor
	conditions *Conditions
	w          *arche.World
	pos        generic.Map[c.Position]
	item       generic.Map[c.Item]
	inventory  generic.Map[c.Inventory]
	purse      generic.Map[c.Purse]
	nutrition  generic.Map[c.Nutrition]
	health     generic.Map[c.Health]
	// pile and left are room for a cell's items and those a full pack
	// leaves there.
	pile, left []arche.Entity
	msg        []byte
}

// Init implements ecs.System.
func (s *Items) Init(w *arche.World) {
	s.rng = Res[ecs.Streams](w).Get(ecs.StreamItems)
	s.clock, s.run, s.log, s.action = Res[c.Clock](w), Res[c.Run](w), Res[ecs.Log](w), Res[c.Action](w)
	s.knowledge, s.events, s.level = Res[c.Knowledge](w), Res[c.Events](w), Res[c.Level](w)
	s.floor, s.conditions, s.w = NewFloor(w), NewConditions(w), w
	s.pos, s.item, s.inventory = generic.NewMap[c.Position](w), generic.NewMap[c.Item](w), generic.NewMap[c.Inventory](w)
	s.purse, s.nutrition, s.health = generic.NewMap[c.Purse](w), generic.NewMap[c.Nutrition](w), generic.NewMap[c.Health](w)
	s.pile, s.msg = make([]arche.Entity, 0, 16), make([]byte, 0, 1024) // a full pack listed
}

// itemsVerbs are the verbs Items performs.
var itemsVerbs = []c.Op{c.OpPickup, c.OpInventory, c.OpEat, c.OpQuaff, c.OpWield, c.OpWear, c.OpDrop}

// Verbs implements ecs.VerbSystem: Items runs only on a tick of pickup, inventory, eat, quaff, wield, wear and drop (§39.6).
func (*Items) Verbs() []c.Op { return itemsVerbs }

// Update implements ecs.System.
func (s *Items) Update(w *arche.World) {
	a := s.action
	if !a.Active {
		return
	}
	switch a.Op {
	case c.OpPickup:
		s.pickup()
	case c.OpInventory:
		s.listPack()
	case c.OpEat, c.OpQuaff, c.OpWield, c.OpWear, c.OpDrop:
		inv := s.inventory.Get(s.run.Cog)
		slot := inv.Slot(a.Letter)
		if slot < 0 {
			s.log.Say("You don't have that object.")
			return
		}
		switch a.Op {
		case c.OpEat:
			s.eat(inv, slot)
		case c.OpQuaff:
			s.quaff(inv, slot)
		case c.OpWield:
			s.wield(inv, slot)
		case c.OpWear:
			s.wear(inv, slot)
		case c.OpDrop:
			s.drop(inv, slot)
		}
	}
}

func (s *Items) pickup() {
	p := *s.pos.Get(s.run.Cog)
	s.pile = s.floor.At(s.pile[:0], p)
	if len(s.pile) == 0 {
		s.log.Say("There is nothing here to pick up.")
		return
	}
	inv := s.inventory.Get(s.run.Cog)
	// A full pack leaves what does not fit and takes the rest: gold,
	// and items that join a stack already in the pack (§10).
	left, full := s.left[:0], false
	for _, it := range s.pile {
		item := *s.item.Get(it)
		if item.Kind == c.Gold {
			purse := s.purse.Get(s.run.Cog)
			purse.Gold += item.Count
			s.msg = strconv.AppendInt(append(s.msg[:0], "You pick up "...), int64(item.Count), 10)
			if item.Count == 1 {
				s.msg = append(s.msg, " gold piece."...)
			} else {
				s.msg = append(s.msg, " gold pieces."...)
			}
			s.log.SayBytes(s.msg)
			if purse.Gold >= GoldDeedAt {
				s.run.Deeds.Earn("gold-100", s.clock.Tick)
			}
		} else {
			slot := inv.Put(c.Stack{Kind: item.Kind, Count: item.Count, Spe: item.Spe})
			if slot < 0 {
				if !full {
					s.log.Say("You cannot carry any more.")
					full = true
				}
				left = append(left, it)
				continue
			}
			s.sayStack(inv, slot, ".")
		}
		s.w.RemoveEntity(it)
	}
	s.left = left
	// Rebuild the pile index from what is left, bottom first.
	s.level.FloorItems.Clear(p)
	for _, it := range left {
		s.level.FloorItems.Push(p, s.item.Get(it).Kind.Glyph())
	}
}

// sayStack says "d - a smoky potion" plus suffix for slot.
func (s *Items) sayStack(inv *c.Inventory, slot int, suffix string) {
	s.msg = c.AppendStack(s.msg[:0], inv, s.knowledge, slot)
	s.msg = append(s.msg, suffix...)
	s.log.SayBytes(s.msg)
}

// listPack says the inventory line (§15).
func (s *Items) listPack() {
	s.msg = c.AppendInventory(s.msg[:0], s.inventory.Get(s.run.Cog), s.knowledge)
	if len(s.msg) == 0 {
		s.log.Say("You are not carrying anything.")
		return
	}
	s.log.SayBytes(s.msg)
}

func (s *Items) eat(inv *c.Inventory, slot int) {
	info := inv.Slots[slot].Kind.Info()
	if info.Class != c.FoodClass {
		s.log.Say("That is a silly thing to eat.")
		return
	}
	n := s.nutrition.Get(s.run.Cog)
	if n.State >= c.Hungry {
		s.run.Deeds.Earn("ate", s.clock.Tick)
	}
	kind, before, state := inv.Slots[slot].Kind, n.Value, n.State
	n.Value += info.Nutrition
	inv.Take(slot)
	s.log.Say("This ", info.Name, " is delicious!")
	s.events.Add(c.Event{Kind: c.Meal, Actor: s.run.Cog, Item: kind, Before: before, After: n.Value, Hunger: state})
}

func (s *Items) quaff(inv *c.Inventory, slot int) {
	info := inv.Slots[slot].Kind.Info()
	if info.Class != c.PotionClass {
		s.log.Say("That is a silly thing to drink.")
		return
	}
	kind := inv.Slots[slot].Kind
	inv.Take(slot)
	s.events.Add(c.Event{Kind: c.Quaff, Actor: s.run.Cog, Item: kind})
	t := s.clock.Tick
	if q, ok := info.Effect.(c.QuaffFunc); ok {
		// A mechanic's potion does what its function does (§32.4).
		q(s.w, s.run.Cog)
	} else {
		// A core potion's effect is its row's data (§10, §27.5).
		h := s.health.Get(s.run.Cog)
		h.MaxHP += info.MaxHPGain
		if info.HealDie > 0 {
			h.HP = min(h.HP+info.HealBase+s.rng.Rnd(info.HealDie), h.MaxHP)
		}
		if info.Confuses > 0 {
			s.conditions.Set(c.Confused, info.Confuses)
		}
		if info.Sleeps > 0 {
			s.conditions.Set(c.Paralysed, info.Sleeps)
		}
	}
	if info.QuaffMessage != "" {
		s.log.Say(info.QuaffMessage)
	}
	if s.knowledge.Identify(kind) {
		s.run.Deeds.Earn("identified", t)
	}
}

func (s *Items) wield(inv *c.Inventory, slot int) {
	switch {
	case inv.Slots[slot].Kind.Info().Class != c.WeaponClass:
		s.log.Say("You cannot wield that.")
	case inv.Wielded == slot:
		s.log.Say("You are already wielding that!")
	default:
		inv.Wielded = slot
		s.sayStack(inv, slot, ".")
	}
}

func (s *Items) wear(inv *c.Inventory, slot int) {
	switch {
	case inv.Slots[slot].Kind.Info().Class != c.ArmourClass:
		s.log.Say("You cannot wear that.")
	case inv.Worn == slot:
		s.log.Say("You are already wearing that!")
	default:
		inv.Worn = slot
		s.log.Say("You are now wearing ", inv.Slots[slot].Kind.Info().Name, ".")
	}
}

func (s *Items) drop(inv *c.Inventory, slot int) {
	if inv.Worn == slot {
		s.log.Say("You cannot drop something you are wearing.")
		return
	}
	st := inv.Slots[slot]
	s.msg = s.knowledge.AppendName(append(s.msg[:0], "You drop "...), st.Kind, st.Count, st.Spe)
	s.msg = append(s.msg, '.')
	s.log.SayBytes(s.msg)
	inv.Clear(slot)
	s.floor.PlaceStack(st, *s.pos.Get(s.run.Cog))
}
