package worldgen

import (
	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// DrawSpecies draws, from s, a species a level of depth may be populated
// with (§9): by weight among the species rows active with the installed
// mechanics named in active (§27.5) whose gen range holds depth, in table
// order, as the level's own population is drawn. It reports false, having
// drawn nothing, when no such species exists. It allocates nothing.
func DrawSpecies(s *ecs.Stream, active []string, depth int) (components.SpeciesID, bool) {
	total := 0
	for i := range components.Species {
		if sp := &components.Species[i]; components.ActiveIn(sp.Mechanic, active) && generated(sp, depth) {
			total += sp.Weight
		}
	}
	if total == 0 {
		return 0, false
	}
	r := s.Rn2(total)
	for i := range components.Species {
		sp := &components.Species[i]
		if !components.ActiveIn(sp.Mechanic, active) || !generated(sp, depth) {
			continue
		}
		if r < sp.Weight {
			return components.SpeciesID(i), true
		}
		r -= sp.Weight
	}
	panic("worldgen: species weights changed under DrawSpecies")
}

// itemClassWeights weigh the classes of a random item (DrawItem) by how
// many of each a generated level holds on average (§10, populate): gold
// 2 + rnd(3) piles (4), food 1 + 1/2, potions rnd(2) (3/2), a weapon at
// 1 in 2, armour at 1 in 3 — in sixths.
var itemClassWeights = [...]struct {
	class  components.ItemClass
	weight int
}{
	{components.GoldClass, 24}, {components.FoodClass, 9}, {components.PotionClass, 9},
	{components.WeaponClass, 3}, {components.ArmourClass, 2},
}

// DrawItem draws, from s, an item a level of depth may hold (§10): its
// class weighed by how many of each class a generated level holds on
// average, then a kind of that class by weight among the kinds active
// with the mechanics named in active, as populate draws them; a pile of
// gold holds rnd(10·depth) + 5 pieces, anything else is one item. It
// allocates nothing.
func DrawItem(s *ecs.Stream, active []string, depth int) (components.ItemKind, int) {
	total := 0
	for _, cw := range itemClassWeights {
		total += cw.weight
	}
	r := s.Rn2(total)
	class := components.GoldClass
	for _, cw := range itemClassWeights {
		if r < cw.weight {
			class = cw.class
			break
		}
		r -= cw.weight
	}
	if class == components.GoldClass {
		return components.Gold, s.Rnd(10*depth) + 5
	}
	weight := 0
	for i := range components.ItemKinds {
		if row := &components.ItemKinds[i]; row.Class == class && components.ActiveIn(row.Mechanic, active) {
			weight += row.Weight
		}
	}
	r = s.Rn2(weight)
	for i := range components.ItemKinds {
		row := &components.ItemKinds[i]
		if row.Class != class || !components.ActiveIn(row.Mechanic, active) {
			continue
		}
		if r < row.Weight {
			return components.ItemKind(i), 1
		}
		r -= row.Weight
	}
	panic("worldgen: item weights changed under DrawItem")
}

// DrawTrap draws, from s, a trap kind uniformly among those active with
// the mechanics named in active, as populate draws a level's traps.
func DrawTrap(s *ecs.Stream, active []string) components.TrapKind {
	n := 0
	for i := range components.TrapKinds {
		if components.ActiveIn(components.TrapKinds[i].Mechanic, active) {
			n++
		}
	}
	k := s.Rn2(n)
	for i := range components.TrapKinds {
		if components.ActiveIn(components.TrapKinds[i].Mechanic, active) {
			if k == 0 {
				return components.TrapKind(i)
			}
			k--
		}
	}
	panic("worldgen: trap table changed under DrawTrap")
}
