package systems

import (
	"strconv"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// Item effects (§10).
const (
	PotionTicks = 10 // confusion and sleeping
	GoldDeedAt  = 100
)

// Items handles the primitives on things (§10): pickup, eat, quaff, wield,
// wear, drop and inventory. A wrong letter or class says so and spends the
// tick.
type Items struct {
	env  *Env
	rng  *ecs.Stream
	pile []arche.Entity
	msg  []byte
}

// Init implements ecs.System.
func (s *Items) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.pile, s.msg = make([]arche.Entity, 0, 16), make([]byte, 0, 1024) // a full pack listed
	s.rng = s.env.Streams.Get(ecs.StreamItems)
}

// Update implements ecs.System.
func (s *Items) Update(w *arche.World) {
	a := s.env.Action
	if !a.Active {
		return
	}
	switch a.Op {
	case c.OpPickup:
		s.pickup()
	case c.OpInventory:
		s.inventory()
	case c.OpEat, c.OpQuaff, c.OpWield, c.OpWear, c.OpDrop:
		inv := s.env.Inventory.Get(s.env.Run.Cog)
		slot := inv.Slot(a.Letter)
		if slot < 0 {
			s.env.Log.Say("You don't have that object.")
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
	e := s.env
	p := e.CogPos()
	s.pile = e.ItemsAt(s.pile[:0], p)
	if len(s.pile) == 0 {
		e.Log.Say("There is nothing here to pick up.")
		return
	}
	inv := e.Inventory.Get(e.Run.Cog)
	taken := 0
	for _, it := range s.pile {
		item := *e.Item.Get(it)
		if item.Kind == c.Gold {
			purse := e.Purse.Get(e.Run.Cog)
			purse.Gold += item.Count
			s.msg = strconv.AppendInt(append(s.msg[:0], "You pick up "...), int64(item.Count), 10)
			if item.Count == 1 {
				s.msg = append(s.msg, " gold piece."...)
			} else {
				s.msg = append(s.msg, " gold pieces."...)
			}
			e.Log.SayBytes(s.msg)
			if purse.Gold >= GoldDeedAt {
				e.Run.Deeds.Earn("gold-100", e.Clock.Tick)
			}
		} else {
			slot := inv.Add(item.Kind, item.Count)
			if slot < 0 {
				e.Log.Say("You cannot carry any more.")
				break
			}
			s.sayStack(inv, slot, ".")
		}
		e.W.RemoveEntity(it)
		taken++
	}
	// Rebuild the pile index from what is left, bottom first.
	e.Level.FloorItems.Clear(p)
	for _, it := range s.pile[taken:] {
		e.Level.FloorItems.Push(p, e.Item.Get(it).Kind.Glyph())
	}
}

// sayStack says "d - a smoky potion" plus suffix for slot.
func (s *Items) sayStack(inv *c.Inventory, slot int, suffix string) {
	s.msg = s.appendStack(s.msg[:0], inv, slot)
	s.msg = append(s.msg, suffix...)
	s.env.Log.SayBytes(s.msg)
}

func (s *Items) appendStack(b []byte, inv *c.Inventory, slot int) []byte {
	st := inv.Slots[slot]
	b = append(b, c.Letters[slot], ' ', '-', ' ')
	b = s.env.Potions.AppendName(b, st.Kind, st.Count)
	switch slot {
	case inv.Wielded:
		b = append(b, " (weapon in hand)"...)
	case inv.Worn:
		b = append(b, " (being worn)"...)
	}
	return b
}

func (s *Items) inventory() {
	inv := s.env.Inventory.Get(s.env.Run.Cog)
	s.msg = s.msg[:0]
	for i := range inv.Slots {
		if inv.Slots[i].Empty() {
			continue
		}
		if len(s.msg) > 0 {
			s.msg = append(s.msg, "; "...)
		}
		s.msg = s.appendStack(s.msg, inv, i)
	}
	if len(s.msg) == 0 {
		s.env.Log.Say("You are not carrying anything.")
		return
	}
	s.env.Log.SayBytes(s.msg)
}

func (s *Items) eat(inv *c.Inventory, slot int) {
	e := s.env
	info := inv.Slots[slot].Kind.Info()
	if info.Class != c.FoodClass {
		e.Log.Say("That is a silly thing to eat.")
		return
	}
	n := e.Nutrition.Get(e.Run.Cog)
	if n.State >= c.Hungry {
		e.Run.Deeds.Earn("ate", e.Clock.Tick)
	}
	n.Value += info.Nutrition
	inv.Take(slot)
	e.Log.Say("This ", info.Name, " is delicious!")
}

func (s *Items) quaff(inv *c.Inventory, slot int) {
	e := s.env
	info := inv.Slots[slot].Kind.Info()
	if info.Class != c.PotionClass {
		e.Log.Say("That is a silly thing to drink.")
		return
	}
	inv.Take(slot)
	h := e.Health.Get(e.Run.Cog)
	st := e.Status.Get(e.Run.Cog)
	t := e.Clock.Tick
	switch info.Potion {
	case c.Healing:
		h.HP = min(h.HP+1+s.rng.Rnd(8), h.MaxHP)
		e.Log.Say("You feel better.")
	case c.ExtraHealing:
		h.MaxHP++
		h.HP = min(h.HP+2+s.rng.Rnd(8), h.MaxHP)
		e.Log.Say("You feel much better.")
	case c.Confusion:
		c.Extend(&st.ConfusedUntil, t, PotionTicks)
		e.Log.Say("Huh, What?  Where am I?")
	case c.Sleeping:
		c.Extend(&st.ParalysedUntil, t, PotionTicks)
		e.Log.Say("You fall asleep.")
	}
	if !e.Potions.Identified[info.Potion] {
		e.Potions.Identified[info.Potion] = true
		e.Run.Deeds.Earn("identified", t)
	}
}

func (s *Items) wield(inv *c.Inventory, slot int) {
	e := s.env
	switch {
	case inv.Slots[slot].Kind.Info().Class != c.WeaponClass:
		e.Log.Say("You cannot wield that.")
	case inv.Wielded == slot:
		e.Log.Say("You are already wielding that!")
	default:
		inv.Wielded = slot
		s.sayStack(inv, slot, ".")
	}
}

func (s *Items) wear(inv *c.Inventory, slot int) {
	e := s.env
	switch {
	case inv.Slots[slot].Kind.Info().Class != c.ArmourClass:
		e.Log.Say("You cannot wear that.")
	case inv.Worn == slot:
		e.Log.Say("You are already wearing that!")
	default:
		inv.Worn = slot
		e.Log.Say("You are now wearing ", inv.Slots[slot].Kind.Info().Name, ".")
	}
}

func (s *Items) drop(inv *c.Inventory, slot int) {
	e := s.env
	if inv.Worn == slot {
		e.Log.Say("You cannot drop something you are wearing.")
		return
	}
	st := inv.Slots[slot]
	s.msg = e.Potions.AppendName(append(s.msg[:0], "You drop "...), st.Kind, st.Count)
	s.msg = append(s.msg, '.')
	e.Log.SayBytes(s.msg)
	inv.Clear(slot)
	e.PlaceItem(st.Kind, st.Count, e.CogPos())
}
