package components

import (
	"slices"
	"strings"

	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// ItemClass is the class of an item kind (§10, §32.4): a row of
// [Classes].
type ItemClass uint8

// The core item classes, the first rows of [Classes].
const (
	GoldClass ItemClass = iota
	FoodClass
	PotionClass
	WeaponClass
	ArmourClass
)

// ClassInfo is one row of the class table (§32.4): everything about a
// class of items.
type ClassInfo struct {
	// Name is the class's name ("wand"); Glyph draws its items on the
	// map and in the glyph table ('/').
	Name  string
	Glyph byte
	// Colour is the class's colour: [AddItem] gives it to a row of the
	// class whose Colour is Black (no kind is drawn black on the
	// window's black ground).
	Colour Colour
	// Appearances, when set, are shuffled per episode (a seeded
	// permutation, §32.4): the class's kind k in table order takes
	// appearance perm[k], and a kind not yet identified reads "an oak
	// wand". A class has at most as many kinds as appearances.
	Appearances []string
	// Noun names an unidentified item of the class: "potion" in "a
	// smoky potion" (plural: Noun + "s").
	Noun string
	// Reads is how an unidentified item of the class reads (§39.2),
	// without its article or count: "{appearance}" and "{noun}" stand
	// for its appearance and Noun (made plural for a stack of more
	// than one): "{noun} labelled {appearance}" reads "a scroll labelled
	// ZELGO MER", "2 scrolls labelled ZELGO MER". The article is the
	// first word's ("a", "an"). "" is "{appearance} {noun}": "an oak
	// wand", "2 smoky potions".
	Reads string
	// ShowSpe: an item of the class with a Spe other than 0 reads with
	// it signed before its name, NetHack's enchantment: "a +1 dagger",
	// "-1 leather armour".
	ShowSpe bool
	// Stream is the RNG stream the permutation is drawn from; ""
	// is ecs.StreamItems. A mechanic's class takes a stream of its own,
	// so that the core game's draws stay as they were.
	Stream string
	// Stackable: identical items of the class (same kind, same Spe)
	// share an inventory slot (§5).
	Stackable bool
	// Mechanic names the mechanic that added the class; "" for the core
	// game.
	Mechanic string

	// reads is Reads split at its placeholders, made by [AddClass].
	reads []readsPart
}

// readsPart is a piece of a class's Reads: literal text, or the
// appearance or the noun.
type readsPart struct {
	text string
	what byte // 0 text, 'a' appearance, 'n' noun
}

// The placeholders of a class's Reads.
const (
	readsAppearance = "{appearance}"
	readsNoun       = "{noun}"
)

// parseReads splits a class's Reads at its placeholders; it reports
// what is wrong with one that names no appearance, names one twice, or
// has another brace.
func parseReads(reads string) ([]readsPart, string) {
	var parts []readsPart
	apps := 0
	for rest := reads; rest != ""; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			if strings.IndexByte(rest, '}') >= 0 {
				return nil, "a stray }"
			}
			parts = append(parts, readsPart{text: rest})
			break
		}
		if i > 0 {
			if strings.IndexByte(rest[:i], '}') >= 0 {
				return nil, "a stray }"
			}
			parts = append(parts, readsPart{text: rest[:i]})
			rest = rest[i:]
		}
		switch {
		case strings.HasPrefix(rest, readsAppearance):
			parts, rest = append(parts, readsPart{what: 'a'}), rest[len(readsAppearance):]
			apps++
		case strings.HasPrefix(rest, readsNoun):
			parts, rest = append(parts, readsPart{what: 'n'}), rest[len(readsNoun):]
		default:
			return nil, "an unknown {placeholder} (" + readsAppearance + " or " + readsNoun + ")"
		}
	}
	if apps != 1 {
		return nil, "not one " + readsAppearance
	}
	return parts, ""
}

// Classes is the class table. A mechanic adds its rows with [AddClass].
var Classes = []ClassInfo{
	GoldClass: {Name: "gold", Glyph: '$', Colour: Yellow},
	FoodClass: {Name: "food", Glyph: '%', Colour: Brown, Stackable: true},
	PotionClass: {Name: "potion", Glyph: '!', Colour: BrightMagenta, Appearances: Appearances[:],
		Noun: "potion", Stackable: true},
	WeaponClass: {Name: "weapon", Glyph: ')', Colour: Cyan, ShowSpe: true},
	ArmourClass: {Name: "armour", Glyph: '[', Colour: BrightCyan, ShowSpe: true},
}

// AddClass appends ci to the class table and returns its class. A
// mechanic calls it from its package init, before its kinds; it panics
// when the row names no Mechanic, its name or glyph is taken, it has
// appearances but no Noun, or the table is full.
func AddClass(ci ClassInfo) ItemClass {
	taken := false
	for i := range Classes {
		if Classes[i].Name == ci.Name || Classes[i].Glyph == ci.Glyph {
			taken = true
		}
	}
	if len(ci.Appearances) > 0 && ci.Noun == "" {
		panic("components: class " + ci.Name + " has appearances and no noun")
	}
	if len(ci.Appearances) > maxRow+1 {
		panic("components: class " + ci.Name + " has too many appearances")
	}
	if ci.Reads != "" {
		parts, bad := parseReads(ci.Reads)
		if bad != "" {
			panic("components: class " + ci.Name + ": Reads " + ci.Reads + " has " + bad)
		}
		ci.reads = parts
	}
	ci.Appearances = slices.Clone(ci.Appearances)
	return ItemClass(addRow(&Classes, ci, "class", ci.Name, ci.Mechanic, taken))
}

// Info returns the table row of c.
func (c ItemClass) Info() *ClassInfo { return &Classes[c] }

// String is the class's name.
func (c ItemClass) String() string { return Classes[c].Name }

// Glyph is how items of the class are drawn.
func (c ItemClass) Glyph() byte { return Classes[c].Glyph }

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
	// Spe, when set, draws a new item's Spe as the generator makes the
	// kind (a wand's charges, §33): a scenario's or a level script's
	// item that gives no spe gets it so (§39.5); nil draws nothing and
	// the item's Spe is 0.
	Spe func(rng *ecs.Stream) int32
	// Effect is what the kind does, read by the system of its class
	// (§32.4); nil for the core rows, whose effects are the fields
	// above. A potion's Effect may be a [QuaffFunc]: quaffing it runs
	// the function instead of the fields' effects.
	Effect any
	// Mechanic names the mechanic that added the row (§27.5); "" for
	// the core game.
	Mechanic string
}

// QuaffFunc is a potion's Effect (§32.4) when a mechanic brings the
// potion: the items system calls it on the cog after the potion is
// taken from the pack and the Quaff event is published, then says the
// row's QuaffMessage (if any) and identifies the kind. The function
// reads and changes the world as a system does (its own resources,
// the cog's components).
type QuaffFunc func(w *arche.World, cog arche.Entity)

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

// Stackable reports whether identical items of kind k share a stack, as
// its class says: food and potions do, weapons and armour never (§5).
func (k ItemKind) Stackable() bool { return Classes[ItemKinds[k].Class].Stackable }

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
// added while episodes run. A row may be of any class, a core one
// (potions included) or one the mechanic added with [AddClass]. It
// panics when the row names no Mechanic, its name is taken, its class is
// unknown, its class has appearances and as many kinds as appearances
// already, or the table is full. A row drawn Black takes its class's
// colour.
func AddItem(row ItemInfo) ItemKind {
	if int(row.Class) >= len(Classes) {
		panic("components: item " + row.Name + " of an unknown class")
	}
	ci := row.Class.Info()
	if n := len(ci.Appearances); n > 0 && ClassKinds(row.Class) >= n {
		panic("components: item " + row.Name + ": the " + ci.Name + " class has no appearance left")
	}
	if row.Colour == Black {
		row.Colour = ci.Colour
	}
	_, taken := LookupItem(row.Name)
	return ItemKind(addRow(&ItemKinds, row, "item", row.Name, row.Mechanic, taken))
}

// ClassKinds counts the kinds of class cl in the table.
func ClassKinds(cl ItemClass) int {
	n := 0
	for i := range ItemKinds {
		if ItemKinds[i].Class == cl {
			n++
		}
	}
	return n
}

// GeneratedSpe is the Spe a new item of kind k gets as generated, drawn
// from rng by its row's Spe (§39.5); 0, drawing nothing, for a kind
// without one.
func GeneratedSpe(k ItemKind, rng *ecs.Stream) int32 {
	if f := k.Info().Spe; f != nil {
		return f(rng)
	}
	return 0
}

// PotionKind is the item kind of the potion with effect e.
func PotionKind(e PotionEffect) ItemKind { return PotionHealing + ItemKind(e) }

// Appearances are the potion descriptions an episode permutes (§10).
var Appearances = [6]string{"pink", "ruby", "milky", "smoky", "cloudy", "dark"}

// Stack is one inventory slot: Count items of one kind (0: empty). Spe
// is NetHack's spe, a value each item carries (a wand's charges, §33);
// items with different Spe never share a stack.
type Stack struct {
	Kind  ItemKind
	Count int
	Spe   int32 `json:",omitempty"`
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

// Add puts count items of kind k (Spe 0) into the pack, as [Inventory.Put].
func (inv *Inventory) Add(k ItemKind, count int) int {
	return inv.Put(Stack{Kind: k, Count: count})
}

// Put puts st into the pack: onto a stack of the same kind and Spe when
// the kind stacks, else into the first free letter. It returns the slot
// used, or -1 when the pack is full.
func (inv *Inventory) Put(st Stack) int {
	if st.Kind.Stackable() {
		for i := range inv.Slots {
			if s := &inv.Slots[i]; s.Count > 0 && s.Kind == st.Kind && s.Spe == st.Spe {
				s.Count += st.Count
				return i
			}
		}
	}
	for i := range inv.Slots {
		if inv.Slots[i].Empty() {
			inv.Slots[i] = st
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

// AppendStack appends how slot reads in the inventory (§15): its letter,
// the stack's name as the cog knows it, and whether it is wielded or
// worn: "a - a dagger (weapon in hand)", "d - 2 smoky potions",
// "c - leather armour (being worn)".
func AppendStack(b []byte, inv *Inventory, kn *Knowledge, slot int) []byte {
	st := inv.Slots[slot]
	b = append(b, Letters[slot], ' ', '-', ' ')
	b = kn.AppendName(b, st.Kind, st.Count, st.Spe)
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
func AppendInventory(b []byte, inv *Inventory, kn *Knowledge) []byte {
	first := true
	for i := range inv.Slots {
		if inv.Slots[i].Empty() {
			continue
		}
		if !first {
			b = append(b, "; "...)
		}
		first = false
		b = AppendStack(b, inv, kn, i)
	}
	return b
}
