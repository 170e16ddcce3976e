package components

import (
	"testing"

	arche "github.com/mlange-42/arche/ecs"

	"github.com/stretchr/testify/assert"
)

func TestHungerStateBoundaries(t *testing.T) {
	cases := map[int]HungerState{
		1001: Satiated, 1000: NotHungry, 150: NotHungry, 149: Hungry, 50: Hungry,
		49: Weak, 1: Weak, 0: Fainting, -199: Fainting,
	}
	for n, want := range cases {
		assert.Equal(t, want, HungerStateOf(n), "nutrition %d", n)
	}
}

func TestActionsOnSpreadsSpeedOverTwelveTicks(t *testing.T) {
	assert.Equal(t, []int{0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1}, actions(9))
	assert.Equal(t, []int{1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2}, actions(18))
	assert.Equal(t, []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, actions(1))
}

func actions(speed int) []int {
	var out []int
	for t := 1; t <= 12; t++ {
		out = append(out, ActionsOn(t, speed))
	}
	return out
}

func TestInventoryStacksAndLetters(t *testing.T) {
	inv := Inventory{Wielded: NoSlot, Worn: NoSlot}
	assert.Equal(t, 0, inv.Add(Apple, 1))
	assert.Equal(t, 1, inv.Add(Dagger, 1))
	assert.Equal(t, 0, inv.Add(Apple, 2), "food stacks")
	assert.Equal(t, 2, inv.Add(Dagger, 1), "weapons never stack")
	inv.Wielded = 1
	inv.Take(1)
	assert.Equal(t, NoSlot, inv.Wielded, "using up the wielded stack unwields")
	assert.Equal(t, -1, inv.Slot('b'))
	assert.Equal(t, 1, inv.Add(PlateMail, 1), "the first free letter")
	for i := 0; i < 23; i++ {
		inv.Add(Mace, 1)
	}
	assert.Equal(t, 26, inv.Stacks())
	assert.Equal(t, -1, inv.Add(LongSword, 1), "full")
	assert.Equal(t, 0, inv.Add(Apple, 1), "but a stack still grows")
}

func TestNamesReadAsTheCogKnowsThem(t *testing.T) {
	var p Knowledge
	for e, a := range []uint8{3, 0, 1, 2} {
		p.Appearance[PotionKind(PotionEffect(e))], p.Drawn[PotionKind(PotionEffect(e))] = a, true
	}
	name := func(k ItemKind, n int) string { return string(p.AppendName(nil, k, n, 0)) }
	assert.Equal(t, "a smoky potion", name(PotionHealing, 1))
	assert.Equal(t, "2 smoky potions", name(PotionHealing, 2))
	assert.True(t, p.Identify(PotionHealing))
	assert.False(t, p.Identify(PotionHealing), "once")
	assert.Equal(t, "2 potions of healing", name(PotionHealing, 2))
	assert.Equal(t, "a pink potion", name(PotionKind(ExtraHealing), 1))
	assert.Equal(t, "an apple", name(Apple, 1))
	assert.Equal(t, "leather armour", name(LeatherArmour, 1))
	assert.Equal(t, "3 food rations", name(FoodRation, 3))
}

func TestTheInventoryLineReadsAsSection15(t *testing.T) {
	inv := Inventory{Wielded: NoSlot, Worn: NoSlot}
	var p Knowledge
	assert.Empty(t, AppendInventory(nil, &inv, &p), "an empty pack lists nothing")
	inv.Wielded = inv.Add(Dagger, 1)
	inv.Add(FoodRation, 1)
	inv.Worn = inv.Add(LeatherArmour, 1)
	assert.Equal(t, "a - a dagger (weapon in hand); b - a food ration; c - leather armour (being worn)",
		string(AppendInventory(nil, &inv, &p)))

	p.Appearance[PotionHealing], p.Drawn[PotionHealing] = 3, true
	inv.Add(PotionHealing, 2)
	inv.Take(1)
	assert.Equal(t, "d - 2 smoky potions", string(AppendStack(nil, &inv, &p, 3)))
	assert.Equal(t, "a - a dagger (weapon in hand); c - leather armour (being worn); d - 2 smoky potions",
		string(AppendInventory([]byte{}, &inv, &p)), "a used-up letter is skipped")
	assert.Equal(t, "x: c - leather armour (being worn)", string(AppendStack([]byte("x: "), &inv, &p, 2)), "appends")

	b := make([]byte, 0, 256)
	assert.Zero(t, testing.AllocsPerRun(100, func() { b = AppendInventory(b[:0], &inv, &p) }))
}

func TestTablesAreConsistent(t *testing.T) {
	for _, s := range Species {
		assert.NotZero(t, s.Glyph, s.Name)
		if s.Weight > 0 && !s.Has(Gaze) {
			assert.LessOrEqual(t, s.MinDepth, s.MaxDepth, s.Name)
			assert.NotEmpty(t, s.Verb, s.Name)
		}
	}
	for e := PotionEffect(0); e < NumPotions; e++ {
		assert.Equal(t, e, PotionKind(e).Info().Potion)
	}
	assert.Equal(t, "floating eye", FloatingEye.Info().Name)
	assert.True(t, FloatingEye.Info().Has(Gaze))
	assert.True(t, Lichen.Info().Has(Sticky))
}

func TestOccupancyMoves(t *testing.T) {
	var o Occupancy
	a, b := Pos{3, 3}, Pos{4, 3}
	e := arche.Entity{}
	assert.False(t, o.Occupied(a))
	o.Put(a, e, 'd')
	assert.True(t, o.Occupied(a))
	assert.Equal(t, byte('d'), o.Glyph(a))
	o.Move(a, b)
	assert.False(t, o.Occupied(a))
	assert.Equal(t, byte('d'), o.Glyph(b))
	o.Remove(b)
	assert.False(t, o.Occupied(b))
	assert.False(t, o.Occupied(Pos{-1, 0}), "off the board is never occupied")
}
