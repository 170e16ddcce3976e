package script

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"go.starlark.net/starlark"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/worldgen"
)

// maxNumber bounds counts, hit points, gold and experience as §19's
// scenarios do.
const maxNumber = 1_000_000

// startMaxHP is the cog's maximum hit points at the episode's start
// (§5), which bounds des.cog's hp when maxHp is not given.
const startMaxHP = 16

// desCog is des.cog(at=, hp=, maxHp=, nutrition=, gold=, xpPoints=,
// inventory=, confused=, paralysed=): the cog's cell and §19's cog
// fields, checked as a scenario's.
func desCog(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var at, hp, maxHP, nutrition, gold, xp, inv starlark.Value
	confused, paralysed := 0, 0
	if err := starlark.UnpackArgs(fn, args, kwargs, "at?", &at, "hp?", &hp, "maxHp?", &maxHP,
		"nutrition?", &nutrition, "gold?", &gold, "xpPoints?", &xp, "inventory?", &inv,
		"confused?", &confused, "paralysed?", &paralysed); err != nil {
		return nil, err
	}
	f := &b.built.CogFields
	for _, field := range []struct {
		name    string
		v       starlark.Value
		lo, hi  int
		dst     **int
		message string
	}{
		{"maxHp", maxHP, 1, maxNumber, &f.MaxHP, ""},
		{"nutrition", nutrition, -1000, 100000, &f.Nutrition, ""},
		{"gold", gold, 0, maxNumber, &f.Gold, ""},
		{"xpPoints", xp, 0, maxNumber, &f.XPPoints, ""},
		{"hp", hp, 1, maxNumber, &f.HP, ""},
	} {
		if field.v == nil || field.v == starlark.None {
			continue
		}
		var n int
		if err := starlark.AsInt(field.v, &n); err != nil {
			return nil, fmt.Errorf("%s: %s: %v", fn, field.name, err)
		}
		if n < field.lo || n > field.hi {
			return nil, fmt.Errorf("%s: %s: %d is out of range %d…%d", fn, field.name, n, field.lo, field.hi)
		}
		*field.dst = &n
	}
	if f.HP != nil {
		maxHP := startMaxHP
		if f.MaxHP != nil {
			maxHP = *f.MaxHP
		}
		if *f.HP > maxHP {
			return nil, fmt.Errorf("%s: hp: %d is more than maxHp %d", fn, *f.HP, maxHP)
		}
	}
	if confused < 0 || paralysed < 0 {
		return nil, fmt.Errorf("%s: confused/paralysed: ticks must not be negative", fn)
	}
	f.Confused, f.Paralysed = confused, paralysed
	if inv != nil && inv != starlark.None {
		pack, err := b.inventory(fn, inv)
		if err != nil {
			return nil, err
		}
		f.Inventory = pack
	}
	if at != nil && at != starlark.None {
		p, err := cellOf(at)
		if err != nil {
			return nil, fmt.Errorf("%s: at: %v", fn, err)
		}
		b.drawn = true
		if err := b.placeCog(fn, p); err != nil {
			return nil, err
		}
	}
	return starlark.None, nil
}

// inventory reads des.cog's inventory: a list of {"kind", "count",
// "wielded", "worn", "spe"} dicts, checked as §19's.
func (b *Builder) inventory(fn string, v starlark.Value) (*c.Inventory, error) {
	list, ok := v.(starlark.Indexable)
	if !ok {
		return nil, fmt.Errorf("%s: inventory: want a list of dicts, got %s", fn, v.Type())
	}
	if list.Len() > len(c.Inventory{}.Slots) {
		return nil, fmt.Errorf("%s: inventory: %d stacks, at most %d", fn, list.Len(), len(c.Inventory{}.Slots))
	}
	inv := &c.Inventory{Wielded: c.NoSlot, Worn: c.NoSlot}
	for i := range list.Len() {
		field := fmt.Sprintf("%s: inventory[%d]", fn, i)
		d, ok := list.Index(i).(*starlark.Dict)
		if !ok {
			return nil, fmt.Errorf("%s: want a dict, got %s", field, list.Index(i).Type())
		}
		var kind string
		count, spe := 1, 0
		var wielded, worn bool
		for _, kv := range d.Items() {
			key, _ := starlark.AsString(kv[0])
			var err error
			switch key {
			case "kind":
				var ok bool
				if kind, ok = starlark.AsString(kv[1]); !ok {
					err = fmt.Errorf("want a string, got %s", kv[1].Type())
				}
			case "count":
				err = starlark.AsInt(kv[1], &count)
			case "spe":
				err = starlark.AsInt(kv[1], &spe)
			case "wielded":
				wielded = bool(kv[1].Truth())
			case "worn":
				worn = bool(kv[1].Truth())
			default:
				err = fmt.Errorf("unknown field (kind, count, wielded, worn, spe)")
			}
			if err != nil {
				return nil, fmt.Errorf("%s.%s: %v", field, kv[0], err)
			}
		}
		k, ok := c.LookupItem(kind)
		if !ok || k == c.Gold {
			return nil, fmt.Errorf("%s.kind: unknown item %q", field, kind)
		}
		if err := b.needActive(field+".kind", "item", kind, k.Info().Mechanic); err != nil {
			return nil, err
		}
		if count < 1 || count > maxNumber {
			return nil, fmt.Errorf("%s.count: %d is out of range 1…%d", field, count, maxNumber)
		}
		if count > 1 && !k.Stackable() {
			return nil, fmt.Errorf("%s.count: %s never stacks", field, kind)
		}
		if spe < math.MinInt32 || spe > math.MaxInt32 {
			return nil, fmt.Errorf("%s.spe: %d is out of range", field, spe)
		}
		if wielded && k.Info().Class != c.WeaponClass {
			return nil, fmt.Errorf("%s.wielded: %s is not a weapon", field, kind)
		}
		if worn && k.Info().Class != c.ArmourClass {
			return nil, fmt.Errorf("%s.worn: %s is not armour", field, kind)
		}
		if wielded && inv.Wielded != c.NoSlot || worn && inv.Worn != c.NoSlot {
			return nil, fmt.Errorf("%s: inventory: at most one wielded weapon and one worn armour", fn)
		}
		inv.Slots[i] = c.Stack{Kind: k, Count: count, Spe: int32(spe)}
		if wielded {
			inv.Wielded = i
		}
		if worn {
			inv.Worn = i
		}
	}
	return inv, nil
}

// kindArgs are the kind= and glyph= arguments of des.monster, des.item
// and des.trap; at most one is given.
func kindArgs(fn, kindName string, kind, glyph starlark.Value) (name string, g byte, err error) {
	hasKind := kind != nil && kind != starlark.None
	hasGlyph := glyph != nil && glyph != starlark.None
	if hasKind && hasGlyph {
		return "", 0, fmt.Errorf("%s: give %s= or glyph=, not both", fn, kindName)
	}
	if hasKind {
		s, ok := starlark.AsString(kind)
		if !ok {
			return "", 0, fmt.Errorf("%s: %s: want a string, got %s", fn, kindName, kind.Type())
		}
		return s, 0, nil
	}
	if hasGlyph {
		if g, err = glyphArg(glyph); err != nil {
			return "", 0, fmt.Errorf("%s: glyph: %v", fn, err)
		}
	}
	return "", g, nil
}

// desMonster is des.monster(species= | glyph= | random, at= | where=,
// hp=0, asleep=False).
func desMonster(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var species, glyph, at, where starlark.Value
	hp := 0
	asleep := false
	if err := starlark.UnpackArgs(fn, args, kwargs, "species?", &species, "glyph?", &glyph, "at?", &at,
		"where?", &where, "hp?", &hp, "asleep?", &asleep); err != nil {
		return nil, err
	}
	name, g, err := kindArgs(fn, "species", species, glyph)
	if err != nil {
		return nil, err
	}
	var sp c.SpeciesID
	switch {
	case name != "":
		var ok bool
		if sp, ok = c.LookupSpecies(name); !ok {
			return nil, fmt.Errorf("%s: species %q is not a species", fn, name)
		}
		if err := b.needActive(fn, "species", name, sp.Info().Mechanic); err != nil {
			return nil, err
		}
	case g != 0:
		var ok bool
		if sp, ok = b.speciesByGlyph(g); !ok {
			return nil, fmt.Errorf("%s: glyph: no species is drawn %q", fn, g)
		}
	default:
		var ok bool
		if sp, ok = worldgen.DrawSpecies(b.rng, b.env.Mechanics, b.depth); !ok {
			return nil, fmt.Errorf("%s: no species is generated at depth %d", fn, b.depth)
		}
	}
	if hp < 0 || hp > maxNumber {
		return nil, fmt.Errorf("%s: hp: %d is out of range 0…%d", fn, hp, maxNumber)
	}
	p, err := b.place(fn, at, where, forMonster)
	if err != nil {
		return nil, err
	}
	b.drawn = true
	b.AddMonster(Monster{MonsterSpawn: worldgen.MonsterSpawn{Species: sp, At: p, HP: hp}, Asleep: asleep})
	return starlark.None, nil
}

// desItem is des.item(kind= | glyph= | random, at= | where=, count=1,
// spe=(as generated)).
func desItem(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var kind, glyph, at, where, countV, speV starlark.Value
	if err := starlark.UnpackArgs(fn, args, kwargs, "kind?", &kind, "glyph?", &glyph, "at?", &at,
		"where?", &where, "count?", &countV, "spe?", &speV); err != nil {
		return nil, err
	}
	spe, drawSpe := 0, speV == nil || speV == starlark.None
	if !drawSpe {
		if err := starlark.AsInt(speV, &spe); err != nil {
			return nil, fmt.Errorf("%s: spe: %v", fn, err)
		}
	}
	name, g, err := kindArgs(fn, "kind", kind, glyph)
	if err != nil {
		return nil, err
	}
	var k c.ItemKind
	count := 1
	switch {
	case name != "":
		var ok bool
		if k, ok = c.LookupItem(name); !ok {
			return nil, fmt.Errorf("%s: kind %q is not an item kind", fn, name)
		}
		if err := b.needActive(fn, "item", name, k.Info().Mechanic); err != nil {
			return nil, err
		}
	case g != 0:
		var ok bool
		if k, ok = b.itemByGlyph(g); !ok {
			return nil, fmt.Errorf("%s: glyph: no item kind is drawn %q", fn, g)
		}
	default:
		k, count = worldgen.DrawItem(b.rng, b.env.Mechanics, b.depth)
	}
	if countV != nil && countV != starlark.None {
		if err := starlark.AsInt(countV, &count); err != nil {
			return nil, fmt.Errorf("%s: count: %v", fn, err)
		}
		if count < 1 || count > maxNumber {
			return nil, fmt.Errorf("%s: count: %d is out of range 1…%d", fn, count, maxNumber)
		}
		if count > 1 && k != c.Gold && !k.Stackable() {
			return nil, fmt.Errorf("%s: count: %s never stacks (an item for each)", fn, k.Info().Name)
		}
	}
	if spe < math.MinInt32 || spe > math.MaxInt32 {
		return nil, fmt.Errorf("%s: spe: %d is out of range", fn, spe)
	}
	p, err := b.place(fn, at, where, forItem)
	if err != nil {
		return nil, err
	}
	b.drawn = true
	st := c.Stack{Kind: k, Count: count, Spe: int32(spe)}
	if drawSpe {
		// As the generator makes the kind (a wand's charges, §39.5);
		// a kind without a Spe of its own draws nothing.
		st.Spe = c.GeneratedSpe(k, b.rng)
	}
	b.AddItem(Item{Stack: st, At: p})
	return starlark.None, nil
}

// desTrap is des.trap(kind= | random, at= | where=, hidden=False).
func desTrap(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var kind, at, where starlark.Value
	hidden := false
	if err := starlark.UnpackArgs(fn, args, kwargs, "kind?", &kind, "at?", &at, "where?", &where, "hidden?", &hidden); err != nil {
		return nil, err
	}
	name, _, err := kindArgs(fn, "kind", kind, nil)
	if err != nil {
		return nil, err
	}
	var k c.TrapKind
	if name != "" {
		var ok bool
		if k, ok = c.LookupTrap(name); !ok {
			return nil, fmt.Errorf("%s: kind %q is not a trap", fn, name)
		}
		if err := b.needActive(fn, "trap", name, k.Info().Mechanic); err != nil {
			return nil, err
		}
	} else {
		k = worldgen.DrawTrap(b.rng, b.env.Mechanics)
	}
	p, err := b.place(fn, at, where, forTrap)
	if err != nil {
		return nil, err
	}
	b.drawn = true
	b.AddTrap(Trap{Kind: k, At: p, Hidden: hidden})
	return starlark.None, nil
}

// goals are des.flags' goals besides a deed: the stairs, or none.
var goals = []string{"stairs", "none"}

// goalDeeds are the deeds a goal may name: the deed table's (§16,
// §39.1) but "full-clock", which only ends an episode.
func goalDeeds() []string {
	return slices.DeleteFunc(c.DeedNames(), func(d string) bool { return d == "full-clock" })
}

// desFlags is des.flags(unreachable=False, goal="stairs").
func desFlags(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	unreachable := b.built.Unreachable
	goal := b.built.Goal
	if err := starlark.UnpackArgs(fn, args, kwargs, "unreachable?", &unreachable, "goal?", &goal); err != nil {
		return nil, err
	}
	if deeds := goalDeeds(); !slices.Contains(goals, goal) && !slices.Contains(deeds, goal) {
		return nil, fmt.Errorf("%s: goal: %q is not \"stairs\", \"none\" or a deed (%v)", fn, goal, deeds)
	}
	b.built.Unreachable, b.built.Goal = unreachable, goal
	return starlark.None, nil
}

// desRegion is des.region(x1, y1, x2, y2): the cells of the rectangle,
// inclusive, clipped to the board.
func desRegion(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x1, y1, x2, y2 int
	if err := starlark.UnpackArgs(fn, args, kwargs, "x1", &x1, "y1", &y1, "x2", &x2, "y2", &y2); err != nil {
		return nil, err
	}
	return NewSelection(c.Rect{X0: min(x1, x2), Y0: min(y1, y2), X1: max(x1, x2), Y1: max(y1, y2)}), nil
}

// desFloor is des.floor(): the floor and corridor cells, now.
func desFloor(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if err := starlark.UnpackArgs(fn, args, kwargs); err != nil {
		return nil, err
	}
	_, floor := b.terrainClasses()
	return &Selection{rows: *floor}, nil
}

// desRoomCells is des.room_cells(i): room i's interior floor cells.
func desRoomCells(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var i int
	if err := starlark.UnpackArgs(fn, args, kwargs, "i", &i); err != nil {
		return nil, err
	}
	if i < 0 || i >= len(b.rooms) {
		return nil, fmt.Errorf("%s: room %d: there are %d rooms", fn, i, len(b.rooms))
	}
	s := NewSelection(b.rooms[i])
	_, floor := b.terrainClasses()
	for y := range s.rows {
		s.rows[y] &= floor[y]
	}
	return s, nil
}

// desRandomCell is des.random_cell(sel): a cell of sel drawn from
// des.rng, as (x, y).
func desRandomCell(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var sel *Selection
	if err := starlark.UnpackArgs(fn, args, kwargs, "sel", &sel); err != nil {
		return nil, err
	}
	p, err := b.RandomCell(sel)
	if err != nil {
		return nil, fmt.Errorf("%s: an empty selection", fn)
	}
	return cellValue(p), nil
}

// rngRn2 is des.rng.rn2(n): uniform on 0 … n−1.
func rngRn2(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	n, err := rngBound(fn, args, kwargs)
	if err != nil {
		return nil, err
	}
	return starlark.MakeInt(b.rng.Rn2(n)), nil
}

// rngRnd is des.rng.rnd(n): uniform on 1 … n.
func rngRnd(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	n, err := rngBound(fn, args, kwargs)
	if err != nil {
		return nil, err
	}
	return starlark.MakeInt(b.rng.Rnd(n)), nil
}

func rngBound(fn string, args starlark.Tuple, kwargs []starlark.Tuple) (int, error) {
	var n int
	if err := starlark.UnpackArgs(fn, args, kwargs, "n", &n); err != nil {
		return 0, err
	}
	if n < 1 {
		return 0, fmt.Errorf("%s: n: %d, must be at least 1", fn, n)
	}
	return n, nil
}

// rngChoice is des.rng.choice(seq): an element of seq drawn uniformly.
func rngChoice(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var seq starlark.Value
	if err := starlark.UnpackArgs(fn, args, kwargs, "seq", &seq); err != nil {
		return nil, err
	}
	x, ok := seq.(starlark.Indexable)
	if !ok {
		return nil, fmt.Errorf("%s: seq: want a list, tuple, string or selection, got %s", fn, seq.Type())
	}
	if x.Len() == 0 {
		return nil, fmt.Errorf("%s: seq: empty", fn)
	}
	return x.Index(b.rng.Rn2(x.Len())), nil
}

// rngShuffle is des.rng.shuffle(list): list in a uniformly random order,
// in place.
func rngShuffle(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var list *starlark.List
	if err := starlark.UnpackArgs(fn, args, kwargs, "list", &list); err != nil {
		return nil, err
	}
	var err error
	b.rng.Shuffle(list.Len(), func(i, j int) {
		x, y := list.Index(i), list.Index(j)
		err = errors.Join(err, list.SetIndex(i, y), list.SetIndex(j, x))
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", fn, err)
	}
	return starlark.None, nil
}
