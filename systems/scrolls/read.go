package scrolls

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// The reading's messages (N: read.c, wield.c, invent.c).
const (
	MsgNoObject    = systems.MsgNoObject
	MsgSilly       = "That is a silly thing to read."
	MsgDisappears  = "As you read the scroll, it disappears."
	MsgIdentify    = "This is an identify scroll."
	MsgAllKnown    = "You have already identified all of your possessions."
	MsgRestKnown   = "You have already identified all the rest of your possessions."
	MsgLit         = "A lit field surrounds you!"
	MsgMap         = "A map coalesces in your mind!"
	MsgHandsTwitch = "Your hands twitch."
	MsgSkinGlows   = "Your skin glows then fades."
)

// The enchantments' limits (N): a weapon above +5 evaporates two times
// in three; armour above +3 evaporates unless rn2(spe) is 0; from +9
// either gains its +1 only one time in spe.
const (
	WeaponSafe = 5
	ArmourSafe = 3
	HighSpe    = 9
)

// Identify's reach (N: seffects): one item, or one time in 5 rn2(5)
// items, 0 of which is every one.
const (
	IdentifyMore = 5
)

// Read performs the cog's `read L` (§39.7): it reads the tick's
// c.Action and acts when its Op is [ReadOp]. "You don't have that
// object." for an empty letter, "That is a silly thing to read." for
// what is not a scroll; else the scroll is used up ("As you read the
// scroll, it disappears."), its kind's effect happens, the kind is
// identified when the reading made it known, and the Read event is
// published. Every reading costs the tick (the input system already
// spent it).
type Read struct {
	action    *c.Action
	run       *c.Run
	clock     *c.Clock
	log       *ecs.Log
	knowledge *c.Knowledge
	events    *c.Events
	level     *c.Level
	rng       *ecs.Stream
	mover     *systems.Mover
	sight     *systems.Sight
	pack      *systems.Pack
	pos       generic.Map[c.Position]
	msg       []byte
}

// Init implements ecs.System.
func (s *Read) Init(w *arche.World) {
	s.action, s.run, s.clock, s.log = systems.Res[c.Action](w), systems.Res[c.Run](w), systems.Res[c.Clock](w), systems.Res[ecs.Log](w)
	s.knowledge, s.events, s.level = systems.Res[c.Knowledge](w), systems.Res[c.Events](w), systems.Res[c.Level](w)
	s.rng = systems.Res[ecs.Streams](w).Get(Stream)
	s.mover, s.sight, s.pack = systems.NewMover(w), systems.NewSight(w), systems.NewPack(w)
	s.pos = generic.NewMap[c.Position](w)
	s.msg = make([]byte, 0, 128)
}

// Verbs implements ecs.VerbSystem: Read runs only on a tick of read
// (§39.6).
func (*Read) Verbs() []c.Op { return []c.Op{ReadOp} }

// Update implements ecs.System.
func (s *Read) Update(w *arche.World) {
	a := s.action
	if !a.Active || a.Op != ReadOp || s.run.Ended {
		return
	}
	inv, slot, ok := s.pack.Of(a.Letter, ScrollClass, MsgSilly)
	if !ok {
		return
	}
	k, _ := kindOf(&inv.Slots[slot])
	kind := inv.Slots[slot].Kind
	inv.Take(slot)
	s.log.Say(MsgDisappears)
	var known bool
	switch k {
	case Identify:
		known = s.identify(inv, kind)
	case Light:
		known = s.light()
	case EnchantWeapon:
		known = s.enchantWeapon(inv)
	case EnchantArmour:
		known = s.enchantArmour(inv)
	case Teleportation:
		known = s.teleport()
	case MagicMapping:
		known = s.mapLevel()
	}
	if known {
		s.learn(kind)
	}
	s.events.Add(c.Event{Kind: ReadEvent, Actor: s.run.Cog, Item: kind, Hit: known})
}

// learn identifies kind k; a potion identified so earns §16's
// identified deed, as one quaffed does.
func (s *Read) learn(k c.ItemKind) {
	if s.knowledge.Identify(k) && k.Info().Class == c.PotionClass {
		s.run.Deeds.Earn("identified", s.clock.Tick)
	}
}

// identify is the scroll of identify (N: seffects SCR_IDENTIFY,
// identify_pack): "This is an identify scroll." when its kind was not
// known (it is then); then one unidentified item of the pack, or one
// time in five rn2(5) of them, 0 meaning all, each said as the pack
// lists it. cogsim has no menu: the first ones in letter order. With
// nothing left to identify: "You have already identified all of your
// possessions." ("all the rest of", when the scroll itself was the
// last unknown).
func (s *Read) identify(inv *c.Inventory, kind c.ItemKind) bool {
	learning := !s.knowledge.Known(kind)
	if learning {
		s.log.Say(MsgIdentify)
		s.learn(kind)
	}
	limit := 1
	if s.rng.Rn2(IdentifyMore) == 0 {
		limit = s.rng.Rn2(IdentifyMore)
	}
	unknown := 0
	for i := range inv.Slots {
		if !inv.Slots[i].Empty() && !s.knowledge.Known(inv.Slots[i].Kind) {
			unknown++
		}
	}
	if unknown == 0 {
		if learning {
			s.log.Say(MsgRestKnown)
		} else {
			s.log.Say(MsgAllKnown)
		}
		return true
	}
	done := 0
	for i := range inv.Slots {
		st := &inv.Slots[i]
		if st.Empty() || s.knowledge.Known(st.Kind) {
			continue
		}
		s.learn(st.Kind)
		s.msg = append(c.AppendStack(s.msg[:0], inv, s.knowledge, i), '.')
		s.log.SayBytes(s.msg)
		if done++; limit != 0 && done >= limit {
			break
		}
	}
	return true
}

// light is the scroll of light (N: litroom): "A lit field surrounds
// you!"; standing in a room, the room is lit for good and seen at once
// (cogsim lights rooms, not cells: in a corridor or a doorway nothing
// stays lit). Known.
func (s *Read) light() bool {
	s.log.Say(MsgLit)
	if room := s.level.RoomAt(*s.pos.Get(s.run.Cog)); room >= 0 {
		systems.LightRoom(s.level, room)
		s.sight.Look()
	}
	return true
}

// teleport is the scroll of teleportation (N: scrolltele): the cog
// goes to a random free room-floor cell, as by a teleportation trap,
// and looks. Known when it landed 4 cells or more away (the squared
// distance 16) or where it no longer sees where it stood (N: teleds).
func (s *Read) teleport() bool {
	from := *s.pos.Get(s.run.Cog)
	if !s.mover.Teleport(s.run.Cog, s.rng) {
		return false
	}
	s.sight.Look()
	to := *s.pos.Get(s.run.Cog)
	dx, dy := to.X-from.X, to.Y-from.Y
	return dx*dx+dy*dy >= 16 || !s.sight.Sees(from)
}

// mapLevel is the scroll of magic mapping (N: do_mapping): "A map
// coalesces in your mind!"; every cell of the level but solid rock is
// remembered as it looks — a secret door as its wall — and items and
// traps stay as remembered. Known.
func (s *Read) mapLevel() bool {
	s.log.Say(MsgMap)
	lvl := s.level
	for i, t := range lvl.Terrain {
		if t != c.Rock && lvl.MemTerrain[i] != t.Glyph() {
			lvl.RememberTerrain(i, t.Glyph())
		}
	}
	return true
}

// enchantWeapon is the scroll of enchant weapon (N: chwepon): with no
// weapon in hand, "Your hands twitch." and the kind stays unknown.
// Else +1 (from +9 only one time in spe; none: "violently … for a
// while"); above +5 the weapon evaporates two times in three ("Your
// dagger violently glows blue for a while and then evaporates."); else
// "Your dagger glows blue for a moment." and the kind is known when it
// gained; past +5 it may "suddenly vibrate unexpectedly" (1 in 7).
func (s *Read) enchantWeapon(inv *c.Inventory) bool {
	if inv.Wielded == c.NoSlot {
		s.log.Say(MsgHandsTwitch)
		return false
	}
	st := &inv.Slots[inv.Wielded]
	amount := int32(1)
	if st.Spe >= HighSpe && s.rng.Rn2(int(st.Spe)) != 0 {
		amount = 0
	}
	if st.Spe > WeaponSafe && s.rng.Rn2(3) != 0 {
		s.say("Your ", st.Kind, " violently glows blue for a while and then evaporates.")
		inv.Clear(inv.Wielded)
		return false
	}
	if amount == 0 {
		s.say("Your ", st.Kind, " violently glows blue for a while.")
	} else {
		s.say("Your ", st.Kind, " glows blue for a moment.")
	}
	st.Spe += amount
	if st.Spe > WeaponSafe && s.rng.Rn2(7) == 0 {
		s.say("Your ", st.Kind, " suddenly vibrates unexpectedly.")
	}
	return amount > 0
}

// enchantArmour is the scroll of enchant armour (N: seffects
// SCR_ENCHANT_ARMOR): with no armour worn, "Your skin glows then
// fades." and the kind stays unknown. Above +3 the armour evaporates
// unless rn2(spe) is 0 ("Your leather armour violently glows silver for
// a while, then evaporates."); else +1 (from +9 only one time in spe;
// none: "violently"), "Your leather armour glows silver for a moment.",
// and the kind is known when it gained; past +3 it may "suddenly
// vibrate unexpectedly" (1 in 7).
func (s *Read) enchantArmour(inv *c.Inventory) bool {
	if inv.Worn == c.NoSlot {
		s.log.Say(MsgSkinGlows)
		return false
	}
	st := &inv.Slots[inv.Worn]
	if st.Spe > ArmourSafe && s.rng.Rn2(int(st.Spe)) != 0 {
		s.say("Your ", st.Kind, " violently glows silver for a while, then evaporates.")
		inv.Clear(inv.Worn)
		return false
	}
	amount := int32(1)
	if st.Spe >= HighSpe && s.rng.Rn2(int(st.Spe)) != 0 {
		amount = 0
	}
	if amount == 0 {
		s.say("Your ", st.Kind, " violently glows silver for a moment.")
	} else {
		s.say("Your ", st.Kind, " glows silver for a moment.")
	}
	st.Spe += amount
	if st.Spe > ArmourSafe && s.rng.Rn2(7) == 0 {
		s.say("Your ", st.Kind, " suddenly vibrates unexpectedly.")
	}
	return amount > 0
}

// say says before, the name of kind k (without its enchantment, as
// NetHack's xname), then after.
func (s *Read) say(before string, k c.ItemKind, after string) {
	s.msg = append(s.msg[:0], before...)
	s.msg = s.knowledge.AppendBareName(s.msg, k, 0)
	s.msg = append(s.msg, after...)
	s.log.SayBytes(s.msg)
}
