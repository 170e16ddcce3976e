package agents

import (
	"bytes"
	"slices"
)

// The in-tree mechanics the explorer plays when they are installed
// (§39.7): it reads scrolls and prays. Without them nothing here runs,
// and its replies are the cog game's.
const (
	scrollsMechanic = "scrolls"
	prayerMechanic  = "prayer"
)

// The scroll kinds the explorer knows what to do with, by name.
const (
	scrollIdentify      = "scroll of identify"
	scrollLight         = "scroll of light"
	scrollEnchantWeapon = "scroll of enchant weapon"
	scrollEnchantArmour = "scroll of enchant armour"
	scrollTeleportation = "scroll of teleportation"
	scrollMagicMapping  = "scroll of magic mapping"
)

// The enchantments the explorer reads a scroll up to: past +5 a weapon,
// past +3 armour is likely to evaporate (the mechanic's rules).
const (
	safeWeapon = 5
	safeArmour = 3
)

// The prayer timeout as the explorer counts it (the mechanic's rules):
// first answered in trouble once the clock shows T:100; an answer puts
// it at 300…349, so the next is sure 150 ticks later; after Mitra was
// displeased it tries again 50 ticks later.
const (
	firstPrayer      = 100
	prayerAgain      = 150
	prayerDispleased = 50
)

// mechanicsKnown notes which of the mechanics it plays are installed.
func (x *Explore) mechanicsKnown(mechanics []string) {
	x.reads = slices.Contains(mechanics, scrollsMechanic)
	x.prays = slices.Contains(mechanics, prayerMechanic)
}

// inTrouble is the prayer's trouble: hp ≤ 5 or below 1/7 of the maximum.
func (x *Explore) inTrouble() bool {
	return x.st.hp <= 5 || x.st.hp*7 < x.st.maxHP
}

// readPrayer learns from the message line how a prayer went.
func (x *Explore) readPrayer(msg []byte) {
	if !x.prays {
		return
	}
	switch {
	case bytes.Contains(msg, []byte("You feel a hopeful feeling.")):
		x.prayAfter = x.st.tick + prayerAgain
	case bytes.Contains(msg, []byte("You feel that Mitra is displeased.")):
		x.prayAfter = x.st.tick + prayerDispleased
	}
}

// pray plans a prayer when the cog is in trouble and the timeout should
// allow it; it reports whether it did.
func (x *Explore) pray() bool {
	if !x.prays || !x.inTrouble() || x.st.tick < x.prayAfter {
		return false
	}
	x.p.add(prim{op: opPray})
	// Until the message says how it went: answered, most likely.
	x.prayAfter = x.st.tick + prayerAgain
	return true
}

// escape reads a known scroll of teleportation when the cog is in
// trouble with a monster next to it and no prayer or potion to help;
// it reports whether it did.
func (x *Explore) escape() bool {
	if !x.reads || !x.inTrouble() || x.hostilesWithin(1) == 0 {
		return false
	}
	if l := x.inv.named(scrollTeleportation); l >= 0 {
		x.read(l)
		x.p.cur = -1 // somewhere else on the level
		return true
	}
	return false
}

// readKnown reads, once a reply, a scroll it has identified when it
// helps: enchant armour and weapon up to the safe enchantment, magic
// mapping while the stairs are unknown, identify while the pack holds
// something unidentified, light in a dark room. Not with a monster next
// to the cog.
func (x *Explore) readKnown() {
	if !x.reads || x.st.conf || x.hostilesWithin(1) > 0 {
		return
	}
	inv := &x.inv
	switch {
	case inv.worn >= 0 && inv.slots[inv.worn].spe < safeArmour && inv.named(scrollEnchantArmour) >= 0:
		x.read(inv.named(scrollEnchantArmour))
	case inv.wielded >= 0 && inv.slots[inv.wielded].weaponRank() > 0 && inv.slots[inv.wielded].spe < safeWeapon && inv.named(scrollEnchantWeapon) >= 0:
		x.read(inv.named(scrollEnchantWeapon))
	case !x.lvl.stairsKnown() && inv.named(scrollMagicMapping) >= 0:
		x.read(inv.named(scrollMagicMapping))
	case inv.unidentified("") >= 0 && inv.named(scrollIdentify) >= 0:
		x.read(inv.named(scrollIdentify))
	case x.darkRoom() && inv.named(scrollLight) >= 0:
		x.read(inv.named(scrollLight))
	}
}

// readUnknown reads a scroll not yet identified at the end of the reply
// while no monster is in sight, to learn what it is (as it quaffs a
// potion).
func (x *Explore) readUnknown() {
	if !x.reads || x.st.conf || x.hostilesWithin(boardW) > 0 {
		return
	}
	if l := x.inv.unidentified(scrollClassNoun); l >= 0 {
		x.read(l)
	}
}

// scrollClassNoun is how the explorer tells an unidentified scroll.
const scrollClassNoun = "scroll"

// read plans `read L` and forgets what it knows of the pack, which the
// reading may change (an enchantment, an identification).
func (x *Explore) read(l int) {
	x.p.add(prim{op: opRead, letter: byte('a' + l)})
	x.inv.use(l)
	x.invDirty = true
}

// darkRoom reports whether the cog stands on the floor of a room it
// sees only around itself: most of the cells two steps away unknown.
func (x *Explore) darkRoom() bool {
	l := &x.lvl
	if l.pos < 0 || l.terr[l.pos] != '.' {
		return false
	}
	floor, unknown := 0, 0
	for d := dir(0); d < 8; d++ {
		n := step(l.pos, d)
		if n < 0 {
			continue
		}
		if l.terr[n] == '.' {
			floor++
		}
		if m := step(n, d); m >= 0 && l.terr[m] == ' ' {
			unknown++
		}
	}
	return floor == 8 && unknown >= 6
}

// stairsKnown reports whether the level's stairs are on the map.
func (l *level) stairsKnown() bool { return bytes.IndexByte(l.terr[:], '>') >= 0 }

// named is the letter of a stack of the kind called name, or -1.
func (v *inventory) named(name string) int {
	for l, s := range v.slots {
		if s.count > 0 && s.row != nil && !s.unknown && s.row.Name == name {
			return l
		}
	}
	return -1
}

// unidentified is the letter of a stack not yet identified — of the
// class whose noun is noun, or of any class for "" — or -1.
func (v *inventory) unidentified(noun string) int {
	for l, s := range v.slots {
		if s.count > 0 && s.unknown && (noun == "" || s.row.Name == noun) {
			return l
		}
	}
	return -1
}
