package components

import "strconv"

// ItemClass is the class of an item kind (§10).
type ItemClass uint8

// The item classes.
const (
	GoldClass ItemClass = iota
	FoodClass
	PotionClass
	WeaponClass
	ArmourClass
)

var classGlyph = [...]byte{GoldClass: '$', FoodClass: '%', PotionClass: '!', WeaponClass: ')', ArmourClass: '['}

var classNames = [...]string{GoldClass: "gold", FoodClass: "food", PotionClass: "potion", WeaponClass: "weapon", ArmourClass: "armour"}

// String is the class's name.
func (c ItemClass) String() string { return classNames[c] }

// Glyph is how items of the class are drawn.
func (c ItemClass) Glyph() byte { return classGlyph[c] }

// ItemKind indexes [ItemKinds].
type ItemKind uint8

// ItemInfo is one row of the item table (§10): everything about a kind.
type ItemInfo struct {
	Name   string // singular, without article
	Plural string
	// Article is "a ", "an " or "" (mass nouns such as "leather armour").
	Article string
	Class   ItemClass
	// Colour is how the kind is drawn (NetHack's src/objects.c: gold
	// HI_GOLD, food HI_ORGANIC, weapons HI_METAL).
	Colour Colour
	// Weight is how often the kind is drawn among the generated kinds of
	// its class (§10); 0: never generated.
	Weight int
	// Nutrition (food), Die and HitBonus (weapons), ArmourBonus (armour).
	Nutrition   int
	Die         int
	HitBonus    int
	ArmourBonus int
	// Potion is the potion effect, for potions: it keys the kind's
	// appearance (§10).
	Potion PotionEffect
	// What quaffing the potion does: hp += HealBase + rnd(HealDie),
	// capped at maxHp, after maxHp += MaxHPGain (when HealDie > 0);
	// confused for Confuses ticks; asleep for Sleeps ticks. QuaffMessage
	// is said when it is quaffed.
	HealBase     int
	HealDie      int
	MaxHPGain    int
	Confuses     int
	Sleeps       int
	QuaffMessage string
	// Mechanic names the mechanic that added the row (§27.5); "" for
	// the core game.
	Mechanic string
}

// PotionEffect is what quaffing a potion does (§10).
type PotionEffect uint8

// The potion effects, in the order potion kinds take appearances.
const (
	Healing PotionEffect = iota
	ExtraHealing
	Confusion
	Sleeping
	NumPotions
)

// The item table, defined once. A mechanic adds its rows with [AddItem].
var ItemKinds = append(leadingItems, []ItemInfo{
	{Name: "gold piece", Plural: "gold pieces", Article: "a ", Class: GoldClass, Colour: Yellow},
	{Name: "food ration", Plural: "food rations", Article: "a ", Class: FoodClass, Colour: Brown, Weight: 1,
		Nutrition: 800},
	{Name: "tripe ration", Plural: "tripe rations", Article: "a ", Class: FoodClass, Colour: Brown, Weight: 1,
		Nutrition: 200},
	{Name: "apple", Plural: "apples", Article: "an ", Class: FoodClass, Colour: Brown, Weight: 1,
		Nutrition: 50},
	{Name: "potion of healing", Plural: "potions of healing", Article: "a ", Class: PotionClass,
		Colour: BrightMagenta, Weight: 1, Potion: Healing,
		HealBase: 1, HealDie: 8, QuaffMessage: "You feel better."},
	{Name: "potion of extra healing", Plural: "potions of extra healing", Article: "a ", Class: PotionClass,
		Colour: BrightMagenta, Weight: 1, Potion: ExtraHealing,
		HealBase: 2, HealDie: 8, MaxHPGain: 1, QuaffMessage: "You feel much better."},
	{Name: "potion of confusion", Plural: "potions of confusion", Article: "a ", Class: PotionClass,
		Colour: BrightMagenta, Weight: 1, Potion: Confusion,
		Confuses: 10, QuaffMessage: "Huh, What?  Where am I?"},
	{Name: "potion of sleeping", Plural: "potions of sleeping", Article: "a ", Class: PotionClass,
		Colour: BrightMagenta, Weight: 1, Potion: Sleeping,
		Sleeps: 10, QuaffMessage: "You fall asleep."},
	{Name: "dagger", Plural: "daggers", Article: "a ", Class: WeaponClass, Colour: Cyan, Weight: 1,
		Die: 4, HitBonus: 1},
	{Name: "short sword", Plural: "short swords", Article: "a ", Class: WeaponClass, Colour: Cyan, Weight: 1,
		Die: 6},
	{Name: "mace", Plural: "maces", Article: "a ", Class: WeaponClass, Colour: Cyan, Weight: 1,
		Die: 6, HitBonus: 1},
	{Name: "long sword", Plural: "long swords", Article: "a ", Class: WeaponClass, Colour: Cyan, Weight: 1,
		Die: 8},
	{Name: "leather armour", Plural: "suits of leather armour", Class: ArmourClass, Colour: BrightCyan, Weight: 3,
		ArmourBonus: 2},
	{Name: "ring mail", Plural: "suits of ring mail", Class: ArmourClass, Colour: BrightCyan, Weight: 2,
		ArmourBonus: 3},
	{Name: "plate mail", Plural: "suits of plate mail", Class: ArmourClass, Colour: BrightCyan, Weight: 1,
		ArmourBonus: 6},
}...)

// The item kinds the rules name.
var (
	Gold          = ItemByName("gold piece")
	FoodRation    = ItemByName("food ration")
	TripeRation   = ItemByName("tripe ration")
	Apple         = ItemByName("apple")
	PotionHealing = ItemByName("potion of healing")
	Dagger        = ItemByName("dagger")
	ShortSword    = ItemByName("short sword")
	Mace          = ItemByName("mace")
	LongSword     = ItemByName("long sword")
	LeatherArmour = ItemByName("leather armour")
	RingMail      = ItemByName("ring mail")
	PlateMail     = ItemByName("plate mail")
)

// Info returns the table row of k.
func (k ItemKind) Info() *ItemInfo { return &ItemKinds[k] }

// Glyph is how an item of kind k is drawn.
func (k ItemKind) Glyph() byte { return ItemKinds[k].Class.Glyph() }

// Stackable reports whether identical items of kind k share a stack:
// food and potions do, weapons and armour never (§5).
func (k ItemKind) Stackable() bool {
	c := ItemKinds[k].Class
	return c == FoodClass || c == PotionClass
}

// ItemByName finds an item kind by name; it panics on an unknown name.
func ItemByName(name string) ItemKind {
	k, ok := LookupItem(name)
	if !ok {
		panic("components: unknown item " + name)
	}
	return k
}

// LookupItem finds an item kind by name ("gold" is accepted for gold).
func LookupItem(name string) (ItemKind, bool) {
	if name == "gold" {
		name = "gold piece"
	}
	for i := range ItemKinds {
		if ItemKinds[i].Name == name {
			return ItemKind(i), true
		}
	}
	return 0, false
}

// ItemByGlyph is the first kind drawn with glyph g (scenario maps, §19).
func ItemByGlyph(g byte) (ItemKind, bool) {
	for i := range ItemKinds {
		if ItemKinds[i].Class.Glyph() == g {
			return ItemKind(i), true
		}
	}
	return 0, false
}

// AddItem appends row to the item table and returns its kind. A mechanic
// calls it from its package init, before any episode runs: rows are never
// added while episodes run. It panics when the row names no Mechanic, its
// name is taken, the table is full, or it is a potion: a potion's
// appearance is keyed by its [PotionEffect], of which there are
// [NumPotions].
func AddItem(row ItemInfo) ItemKind {
	if row.Class == PotionClass {
		panic("components: potion " + row.Name + " cannot be added: appearances are keyed by PotionEffect")
	}
	_, taken := LookupItem(row.Name)
	return ItemKind(addRow(&ItemKinds, row, "item", row.Name, row.Mechanic, taken))
}

// PotionKind is the item kind of the potion with effect e.
func PotionKind(e PotionEffect) ItemKind { return PotionHealing + ItemKind(e) }

// Appearances are the potion descriptions an episode permutes (§10).
var Appearances = [6]string{"pink", "ruby", "milky", "smoky", "cloudy", "dark"}

// Stack is one inventory slot: Count items of one kind (0: empty).
type Stack struct {
	Kind  ItemKind
	Count int
}

// Empty reports whether the slot holds nothing.
func (s Stack) Empty() bool { return s.Count == 0 }

// Letters are the inventory letters in order.
const Letters = "abcdefghijklmnopqrstuvwxyz"

// Inventory is the cog's pack: 26 lettered slots, a stack keeping its
// letter until used up (§5). Wielded and Worn are slot indices, -1 for none.
type Inventory struct {
	Slots   [26]Stack
	Wielded int
	Worn    int
}

// NoSlot marks no wielded weapon or worn armour.
const NoSlot = -1

// Slot returns the slot index of letter l, or -1 when l is no letter or
// the slot is empty.
func (inv *Inventory) Slot(l byte) int {
	if l < 'a' || l > 'z' {
		return -1
	}
	i := int(l - 'a')
	if inv.Slots[i].Empty() {
		return -1
	}
	return i
}

// Stacks counts the non-empty slots.
func (inv *Inventory) Stacks() int {
	n := 0
	for _, s := range inv.Slots {
		if !s.Empty() {
			n++
		}
	}
	return n
}

// Add puts count items of kind k into the pack: onto a stack of the same
// kind when the kind stacks, else into the first free letter. It returns
// the slot used, or -1 when the pack is full.
func (inv *Inventory) Add(k ItemKind, count int) int {
	if k.Stackable() {
		for i := range inv.Slots {
			if inv.Slots[i].Count > 0 && inv.Slots[i].Kind == k {
				inv.Slots[i].Count += count
				return i
			}
		}
	}
	for i := range inv.Slots {
		if inv.Slots[i].Empty() {
			inv.Slots[i] = Stack{Kind: k, Count: count}
			return i
		}
	}
	return -1
}

// Take removes one item from slot i, emptying it (and its wielded or worn
// mark) when it was the last.
func (inv *Inventory) Take(i int) {
	inv.Slots[i].Count--
	if inv.Slots[i].Count <= 0 {
		inv.Clear(i)
	}
}

// Clear empties slot i.
func (inv *Inventory) Clear(i int) {
	inv.Slots[i] = Stack{}
	if inv.Wielded == i {
		inv.Wielded = NoSlot
	}
	if inv.Worn == i {
		inv.Worn = NoSlot
	}
}

// Potions is the episode's potion knowledge: the appearance each potion
// kind has (a seeded permutation, §10) and whether it is identified.
type Potions struct {
	Appearance [NumPotions]uint8
	Identified [NumPotions]bool
}

// AppendName appends how count items of kind k read to the cog:
// "a dagger", "2 food rations", "a smoky potion", "leather armour".
func (p *Potions) AppendName(b []byte, k ItemKind, count int) []byte {
	info := k.Info()
	if info.Class == PotionClass && !p.Identified[info.Potion] {
		app := Appearances[p.Appearance[info.Potion]]
		if count == 1 {
			b = append(b, "a "...)
			b = append(b, app...)
			return append(b, " potion"...)
		}
		b = strconv.AppendInt(b, int64(count), 10)
		b = append(b, ' ')
		b = append(b, app...)
		return append(b, " potions"...)
	}
	if count == 1 {
		b = append(b, info.Article...)
		return append(b, info.Name...)
	}
	b = strconv.AppendInt(b, int64(count), 10)
	b = append(b, ' ')
	return append(b, info.Plural...)
}

// AppendStack appends how slot reads in the inventory (§15): its letter,
// the stack's name as the cog knows it, and whether it is wielded or
// worn: "a - a dagger (weapon in hand)", "d - 2 smoky potions",
// "c - leather armour (being worn)".
func AppendStack(b []byte, inv *Inventory, p *Potions, slot int) []byte {
	st := inv.Slots[slot]
	b = append(b, Letters[slot], ' ', '-', ' ')
	b = p.AppendName(b, st.Kind, st.Count)
	switch slot {
	case inv.Wielded:
		b = append(b, " (weapon in hand)"...)
	case inv.Worn:
		b = append(b, " (being worn)"...)
	}
	return b
}

// AppendInventory appends the inventory line (§15), every stack in letter
// order joined by "; ": "a - a dagger (weapon in hand); b - a food
// ration; c - leather armour (being worn)". An empty pack appends nothing.
func AppendInventory(b []byte, inv *Inventory, p *Potions) []byte {
	first := true
	for i := range inv.Slots {
		if inv.Slots[i].Empty() {
			continue
		}
		if !first {
			b = append(b, "; "...)
		}
		first = false
		b = AppendStack(b, inv, p, i)
	}
	return b
}
