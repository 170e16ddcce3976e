package agents

import (
	"bytes"
	"strings"
)

// itemKind is what the explorer knows an inventory stack to be (§10).
type itemKind uint8

const (
	kindUnknown itemKind = iota
	kindFoodRation
	kindTripe
	kindApple
	kindPotion
	kindDagger
	kindShortSword
	kindMace
	kindLongSword
	kindLeather
	kindRingMail
	kindPlate
)

// potionKnowledge is what the name of a potion stack says about it.
type potionKnowledge uint8

const (
	potionUnidentified potionKnowledge = iota
	potionHealing
	potionExtraHealing
	potionConfusion
	potionSleeping
)

// kindNames are the item names to look for in a stack's description,
// longest first where one contains another.
var kindNames = [...]struct {
	name string
	kind itemKind
}{
	{"food ration", kindFoodRation},
	{"tripe ration", kindTripe},
	{"apple", kindApple},
	{"potion", kindPotion},
	{"dagger", kindDagger},
	{"short sword", kindShortSword},
	{"mace", kindMace},
	{"long sword", kindLongSword},
	{"leather armour", kindLeather},
	{"ring mail", kindRingMail},
	{"plate mail", kindPlate},
}

// nutrition is a food kind's nutrition (§10); 0 for anything else.
func (k itemKind) nutrition() int {
	switch k {
	case kindFoodRation:
		return 800
	case kindTripe:
		return 200
	case kindApple:
		return 50
	}
	return 0
}

// weaponRank orders weapons by what they do for the cog: long sword (die
// 8) over mace (6, +1) over short sword (6) over dagger (4, +1).
func (k itemKind) weaponRank() int {
	switch k {
	case kindLongSword:
		return 4
	case kindMace:
		return 3
	case kindShortSword:
		return 2
	case kindDagger:
		return 1
	}
	return 0
}

// armourBonus is an armour kind's bonus (§10).
func (k itemKind) armourBonus() int {
	switch k {
	case kindLeather:
		return 2
	case kindRingMail:
		return 3
	case kindPlate:
		return 6
	}
	return 0
}

// stack is one inventory slot as the explorer believes it.
type stack struct {
	kind   itemKind
	count  int
	potion potionKnowledge
}

// inventory is the explorer's picture of the pack, kept from pickup
// messages and inventory listings (§10, §15).
type inventory struct {
	slots            [26]stack
	wielded, worn    int
	identifiedPotion bool
}

// reset sets the starting inventory of §5.
func (v *inventory) reset() {
	*v = inventory{}
	v.slots[0] = stack{kind: kindDagger, count: 1}
	v.slots[1] = stack{kind: kindFoodRation, count: 1}
	v.slots[2] = stack{kind: kindLeather, count: 1}
	v.wielded, v.worn = 0, 2
}

// use takes one item from the stack of letter l.
func (v *inventory) use(l int) {
	s := &v.slots[l]
	if s.count > 1 {
		s.count--
		return
	}
	*s = stack{}
	if v.wielded == l {
		v.wielded = -1
	}
	if v.worn == l {
		v.worn = -1
	}
}

// read updates the inventory from a message line: a listing of the pack
// ("a - a dagger (weapon in hand); b - …") replaces what it lists, a
// single "d - a smoky potion." updates one slot. It reports whether the
// line held a listing.
func (v *inventory) read(msg []byte) (listed bool) {
	truncated := len(msg) >= 200
	for m := range bytes.SplitSeq(msg, []byte("  ")) {
		if !isEntry(m) {
			continue
		}
		if bytes.HasSuffix(m, []byte{'.'}) {
			v.entry(m[:len(m)-1])
			continue
		}
		listed = true
		var present [26]bool
		entries := bytes.Split(m, []byte("; "))
		if truncated && &m[len(m)-1] == &msg[len(msg)-1] {
			entries = entries[:len(entries)-1]
		} else if !truncated {
			v.wielded, v.worn = -1, -1
		}
		for _, e := range entries {
			if isEntry(e) {
				present[e[0]-'a'] = true
				v.entry(e)
			}
		}
		if !truncated {
			for l := range v.slots {
				if !present[l] {
					v.slots[l] = stack{}
				}
			}
		}
	}
	return listed
}

// isEntry reports whether m starts like an inventory entry, "d - ".
func isEntry(m []byte) bool {
	return len(m) > 4 && m[0] >= 'a' && m[0] <= 'z' && string(m[1:4]) == " - "
}

// entry reads one "d - 2 smoky potions (weapon in hand)".
func (v *inventory) entry(e []byte) {
	l := int(e[0] - 'a')
	desc := string(e[4:])
	s := stack{count: 1}
	if n := atoi(e[4:]); n > 0 {
		s.count = n
	}
	for _, k := range kindNames {
		if strings.Contains(desc, k.name) {
			s.kind = k.kind
			break
		}
	}
	if s.kind == kindPotion {
		switch {
		case strings.Contains(desc, "extra healing"):
			s.potion = potionExtraHealing
		case strings.Contains(desc, "of healing"):
			s.potion = potionHealing
		case strings.Contains(desc, "confusion"):
			s.potion = potionConfusion
		case strings.Contains(desc, "sleeping"):
			s.potion = potionSleeping
		}
		if s.potion != potionUnidentified {
			v.identifiedPotion = true
		}
	}
	v.slots[l] = s
	if strings.Contains(desc, "(weapon in hand)") {
		v.wielded = l
	}
	if strings.Contains(desc, "(being worn)") {
		v.worn = l
	}
}

// food is the letter of the food to eat next (the smallest, keeping the
// big ration for later), or -1.
func (v *inventory) food() int {
	best := -1
	for l, s := range v.slots {
		if n := s.kind.nutrition(); s.count > 0 && n > 0 && (best < 0 || n < v.slots[best].kind.nutrition()) {
			best = l
		}
	}
	return best
}

// healingPotion is the letter of the potion to quaff when hurt: a known
// healing one, else an unidentified one; -1 if none.
func (v *inventory) healingPotion() int {
	unknown := -1
	for l, s := range v.slots {
		if s.count == 0 || s.kind != kindPotion {
			continue
		}
		switch s.potion {
		case potionHealing, potionExtraHealing:
			return l
		case potionUnidentified:
			if unknown < 0 {
				unknown = l
			}
		}
	}
	return unknown
}

// unidentifiedPotion is the letter of a potion whose kind is unknown, or -1.
func (v *inventory) unidentifiedPotion() int {
	for l, s := range v.slots {
		if s.count > 0 && s.kind == kindPotion && s.potion == potionUnidentified {
			return l
		}
	}
	return -1
}

// betterWeapon is the letter of a weapon better than the wielded one, or -1.
func (v *inventory) betterWeapon() int {
	cur, best := 0, -1
	if v.wielded >= 0 {
		cur = v.slots[v.wielded].kind.weaponRank()
	}
	for l, s := range v.slots {
		if r := s.kind.weaponRank(); s.count > 0 && r > cur {
			cur, best = r, l
		}
	}
	return best
}

// betterArmour is the letter of armour better than the worn one, or -1.
func (v *inventory) betterArmour() int {
	cur, best := 0, -1
	if v.worn >= 0 {
		cur = v.slots[v.worn].kind.armourBonus()
	}
	for l, s := range v.slots {
		if b := s.kind.armourBonus(); s.count > 0 && b > cur {
			cur, best = b, l
		}
	}
	return best
}

// weaponDie is the damage die of the wielded weapon (2 unarmed, §7).
func (v *inventory) weaponDie() int {
	if v.wielded < 0 {
		return 2
	}
	switch v.slots[v.wielded].kind {
	case kindLongSword:
		return 8
	case kindMace, kindShortSword:
		return 6
	case kindDagger:
		return 4
	}
	return 2
}
