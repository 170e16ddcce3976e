package agents

import (
	"bytes"
	"slices"
	"strings"

	"github.com/cogsim/cogsim/components"
)

// anyPotion is what the explorer knows of a potion not yet identified
// ("a smoky potion"): its class, not its row.
var anyPotion = components.ItemInfo{Name: "potion", Plural: "potions", Class: components.PotionClass}

// itemName is a text that names an item kind in a stack's description;
// unknown: it names the class of an item not yet identified.
type itemName struct {
	text    string
	row     *components.ItemInfo
	unknown bool
}

// itemNames lists the names of the item kinds in play with mechanics
// installed (§27.5), singular and plural, "potion" for a potion not yet
// identified and the noun of an installed mechanic's class with
// appearances ("scroll") for one of its items: the texts to look for in
// a stack's description, longest first, so that a name containing
// another wins.
func itemNames(mechanics []string) []itemName {
	names := []itemName{{text: anyPotion.Name, row: &anyPotion, unknown: true}}
	for i := range components.Classes {
		ci := &components.Classes[i]
		if ci.Mechanic == "" || ci.Noun == "" || !components.ActiveIn(ci.Mechanic, mechanics) {
			continue
		}
		row := &components.ItemInfo{Name: ci.Noun, Plural: ci.Noun + "s", Class: components.ItemClass(i)}
		names = append(names, itemName{text: row.Name, row: row, unknown: true})
	}
	for i := range components.ItemKinds {
		row := &components.ItemKinds[i]
		if row.Class == components.GoldClass || !components.ActiveIn(row.Mechanic, mechanics) {
			continue
		}
		names = append(names, itemName{text: row.Name, row: row})
		if row.Plural != row.Name {
			names = append(names, itemName{text: row.Plural, row: row})
		}
	}
	slices.SortStableFunc(names, func(a, b itemName) int { return len(b.text) - len(a.text) })
	return names
}

// stack is one inventory slot as the explorer believes it: row is the
// kind's table row, anyPotion for a potion not yet identified, nil when
// the description named no kind the explorer knows.
type stack struct {
	row   *components.ItemInfo
	count int
	// spe is the enchantment the description shows ("a +1 dagger");
	// unknown says its kind is not yet identified.
	spe     int
	unknown bool
}

// is reports whether the stack holds a kind of class c.
func (s stack) is(c components.ItemClass) bool {
	return s.count > 0 && s.row != nil && s.row.Class == c
}

// nutrition is the stack's nutrition if it is food (§10); 0 for anything
// else.
func (s stack) nutrition() int {
	if !s.is(components.FoodClass) {
		return 0
	}
	return s.row.Nutrition
}

// weaponRank orders weapons by what they do for the cog: by damage die,
// then hit bonus (long sword, mace, short sword, dagger); 0 for anything
// not a weapon.
func (s stack) weaponRank() int {
	if !s.is(components.WeaponClass) {
		return 0
	}
	return s.row.Die<<8 + s.row.HitBonus
}

// armourBonus is the stack's armour bonus if it is armour (§10).
func (s stack) armourBonus() int {
	if !s.is(components.ArmourClass) {
		return 0
	}
	return s.row.ArmourBonus
}

// inventory is the explorer's picture of the pack, kept from pickup
// messages and inventory listings (§10, §15).
type inventory struct {
	slots            [26]stack
	wielded, worn    int
	identifiedPotion bool
	// names are the item names the explorer knows (itemNames).
	names []itemName
}

// reset sets the starting inventory of §5, keeping the names known (the
// core game's if none).
func (v *inventory) reset() {
	names := v.names
	if names == nil {
		names = itemNames(nil)
	}
	*v = inventory{names: names}
	v.slots[0] = stack{row: components.Dagger.Info(), count: 1}
	v.slots[1] = stack{row: components.FoodRation.Info(), count: 1}
	v.slots[2] = stack{row: components.LeatherArmour.Info(), count: 1}
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
	s.spe = speOf(desc)
	for _, n := range v.names {
		if strings.Contains(desc, n.text) {
			s.row, s.unknown = n.row, n.unknown
			break
		}
	}
	if s.row != nil && s.row.Class == components.PotionClass && s.row != &anyPotion {
		v.identifiedPotion = true
	}
	v.slots[l] = s
	if strings.Contains(desc, "(weapon in hand)") {
		v.wielded = l
	}
	if strings.Contains(desc, "(being worn)") {
		v.worn = l
	}
}

// speOf reads the enchantment a description shows before the name
// ("a +1 dagger", "-1 leather armour"): 0 for none.
func speOf(desc string) int {
	for _, w := range strings.Fields(desc) {
		if len(w) > 1 && (w[0] == '+' || w[0] == '-') && w[1] >= '0' && w[1] <= '9' {
			return atoi([]byte(strings.TrimPrefix(w, "+")))
		}
		if w != "a" && w != "an" {
			break
		}
	}
	return 0
}

// food is the letter of the food to eat next (the smallest, keeping the
// big ration for later), or -1.
func (v *inventory) food() int {
	best := -1
	for l, s := range v.slots {
		if n := s.nutrition(); n > 0 && (best < 0 || n < v.slots[best].nutrition()) {
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
		switch {
		case !s.is(components.PotionClass):
		case s.row == &anyPotion:
			if unknown < 0 {
				unknown = l
			}
		case s.row.HealDie > 0:
			return l
		}
	}
	return unknown
}

// unidentifiedPotion is the letter of a potion whose kind is unknown, or -1.
func (v *inventory) unidentifiedPotion() int {
	for l, s := range v.slots {
		if s.count > 0 && s.row == &anyPotion {
			return l
		}
	}
	return -1
}

// betterWeapon is the letter of a weapon better than the wielded one, or -1.
func (v *inventory) betterWeapon() int {
	cur, best := 0, -1
	if v.wielded >= 0 {
		cur = v.slots[v.wielded].weaponRank()
	}
	for l, s := range v.slots {
		if r := s.weaponRank(); r > cur {
			cur, best = r, l
		}
	}
	return best
}

// betterArmour is the letter of armour better than the worn one, or -1.
func (v *inventory) betterArmour() int {
	cur, best := 0, -1
	if v.worn >= 0 {
		cur = v.slots[v.worn].armourBonus()
	}
	for l, s := range v.slots {
		if b := s.armourBonus(); b > cur {
			cur, best = b, l
		}
	}
	return best
}
