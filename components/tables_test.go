package components

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Rows a mechanic called "test" adds at init, as a mechanic package would.
var (
	testMold = AddSpecies(SpeciesInfo{Name: "test mold", Glyph: 'P', Colour: Yellow, Level: 1, Speed: 0, AC: 9,
		Weight: 1, MinDepth: 2, MaxDepth: 8, Verb: "touches you!", Flags: Passive, Mechanic: "test"})
	testBread = AddItem(ItemInfo{Name: "test bread", Plural: "test breads", Article: "a ", Class: FoodClass,
		Colour: Brown, Weight: 1, Nutrition: 100, Mechanic: "test"})
	testTrap = AddTrap(TrapInfo{Name: "test trap", Article: "a ", Colour: Red, Die: 2,
		Message: "A test trap fires!", Mechanic: "test"})
)

func TestAnAddedSpeciesIsFoundByNameAndGlyph(t *testing.T) {
	id, ok := LookupSpecies("test mold")
	assert.True(t, ok)
	assert.Equal(t, testMold, id)
	byGlyph, ok := SpeciesByGlyph('P')
	assert.True(t, ok)
	assert.Equal(t, testMold, byGlyph)
	assert.Equal(t, "test", id.Info().Mechanic)
	assert.True(t, id.Info().Has(Passive))
	assert.Equal(t, "", Lichen.Info().Mechanic, "core rows belong to no mechanic")
	assert.Equal(t, "lichen", Lichen.Info().Name, "the core ids are unchanged")
}

func TestAnAddedItemIsFoundByNameAndGlyph(t *testing.T) {
	k, ok := LookupItem("test bread")
	assert.True(t, ok)
	assert.Equal(t, testBread, k)
	assert.Equal(t, byte('%'), k.Glyph())
	assert.Equal(t, "test", k.Info().Mechanic)
	assert.True(t, k.Stackable(), "food stacks")
	first, _ := ItemByGlyph('%')
	assert.Equal(t, FoodRation, first, "a glyph still reads as the first kind of its class")
}

func TestAnAddedTrapIsFoundByName(t *testing.T) {
	k, ok := LookupTrap("test trap")
	assert.True(t, ok)
	assert.Equal(t, testTrap, k)
	assert.Equal(t, "test", k.Info().Mechanic)
	assert.Equal(t, Red, k.Info().Colour)
}

func TestAddingARowRefusesBadRows(t *testing.T) {
	assert.Panics(t, func() { AddSpecies(SpeciesInfo{Name: "stray"}) }, "no mechanic")
	assert.Panics(t, func() { AddSpecies(SpeciesInfo{Name: "newt", Mechanic: "test"}) }, "a taken name")
	assert.Panics(t, func() { AddItem(ItemInfo{Name: "stray", Class: FoodClass}) }, "no mechanic")
	assert.Panics(t, func() { AddItem(ItemInfo{Name: "apple", Class: FoodClass, Mechanic: "test"}) }, "a taken name")
	assert.Panics(t, func() { AddItem(ItemInfo{Name: "stray", Class: ItemClass(200), Mechanic: "test"}) }, "no such class")
	assert.Panics(t, func() { AddClass(ClassInfo{Name: "stray", Glyph: '~'}) }, "a class of no mechanic")
	assert.Panics(t, func() { AddClass(ClassInfo{Name: "potion", Glyph: '~', Mechanic: "test"}) }, "a taken class name")
	assert.Panics(t, func() { AddClass(ClassInfo{Name: "stray", Glyph: '!', Mechanic: "test"}) }, "a taken glyph")
	assert.Panics(t, func() {
		AddClass(ClassInfo{Name: "stray", Glyph: '~', Appearances: []string{"x"}, Mechanic: "test"})
	}, "appearances and no noun")
	one := AddClass(ClassInfo{Name: "charm", Glyph: '~', Colour: Green, Appearances: []string{"bone"}, Noun: "charm",
		Mechanic: "test"})
	k := AddItem(ItemInfo{Name: "charm of luck", Class: one, Mechanic: "test"})
	assert.Equal(t, Green, k.Info().Colour, "a row drawn black takes its class's colour")
	assert.Equal(t, byte('~'), k.Glyph())
	assert.Panics(t, func() { AddItem(ItemInfo{Name: "charm of doom", Class: one, Mechanic: "test"}) },
		"the class has one appearance and one kind already")
	assert.Panics(t, func() { AddTrap(TrapInfo{Name: "stray"}) }, "no mechanic")
	assert.Panics(t, func() { AddTrap(TrapInfo{Name: "pit", Mechanic: "test"}) }, "a taken name")
}

func TestARowIsActiveWhenItsMechanicIsInstalled(t *testing.T) {
	assert.True(t, ActiveIn("", nil), "core rows always")
	assert.False(t, ActiveIn("test", nil))
	assert.False(t, ActiveIn("test", []string{"other"}))
	assert.True(t, ActiveIn("test", []string{"other", "test"}))
}

func TestTheCoreTablesKeepTheirDraws(t *testing.T) {
	weights := map[ItemClass][]int{}
	for _, row := range ItemKinds {
		if row.Mechanic == "" && row.Weight > 0 {
			weights[row.Class] = append(weights[row.Class], row.Weight)
		}
	}
	assert.Equal(t, []int{1, 1, 1}, weights[FoodClass], "food uniform (§10)")
	assert.Equal(t, []int{1, 1, 1, 1}, weights[PotionClass], "potions uniform")
	assert.Equal(t, []int{1, 1, 1, 1}, weights[WeaponClass], "weapons uniform")
	assert.Equal(t, []int{3, 2, 1}, weights[ArmourClass], "leather 1/2, ring mail 1/3, plate 1/6")
	assert.Nil(t, weights[GoldClass], "gold is drawn by its own rule")
	for e := Healing; e < NumPotions; e++ {
		assert.NotEmpty(t, PotionKind(e).Info().QuaffMessage)
	}
}
