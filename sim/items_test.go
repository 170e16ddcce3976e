package sim_test

import (
	"fmt"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// onItems starts with the cog at (5, 3) standing on the given items.
func onItems(t *testing.T, seed uint64, cg *sim.ScenarioCog, items ...sim.ScenarioThing) *sim.Sim {
	for i := range items {
		items[i].At = []int{5, 3}
	}
	return start(t, seed, sim.Scenario{Map: withCog(hall, 5, 3), Cog: cg, Items: items})
}

func TestTheStartingInventory(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	s.Turn("i")
	assert.Equal(t, "a - a dagger (weapon in hand); b - a food ration; c - leather armour (being worn)", message(s))
	assert.Contains(t, statusLine(s), "AC:7")
}

func TestPickupTakesEverythingGoldIntoThePurse(t *testing.T) {
	s := onItems(t, 1, nil, sim.ScenarioThing{Kind: "gold", Count: 12}, sim.ScenarioThing{Kind: "mace"},
		sim.ScenarioThing{Kind: "apple"})
	assert.Equal(t, byte('@'), glyphAt(s, 5, 3))
	s.Turn(",")
	assert.Equal(t, "You pick up 12 gold pieces.  d - a mace.  e - an apple.", message(s))
	assert.Equal(t, 12, gold(s))
	assert.Contains(t, statusLine(s), "$:12 ")
	s.Turn(",")
	assert.Equal(t, "There is nothing here to pick up.", message(s))
}

func TestIdenticalFoodAndPotionsStackWeaponsNever(t *testing.T) {
	s := onItems(t, 1, nil, sim.ScenarioThing{Kind: "food ration"}, sim.ScenarioThing{Kind: "dagger"},
		sim.ScenarioThing{Kind: "potion of healing"}, sim.ScenarioThing{Kind: "potion of healing", Count: 2})
	s.Turn(",")
	inv := inventory(s)
	assert.Equal(t, c.Stack{Kind: c.FoodRation, Count: 2}, inv.Slots[1])
	assert.Equal(t, c.Stack{Kind: c.Dagger, Count: 1}, inv.Slots[3], "a second dagger takes its own letter")
	assert.Equal(t, 3, inv.Slots[4].Count, "the potions share e")
	assert.Regexp(t, `e - 3 \w+ potions\.$`, message(s))
}

func TestAStackKeepsItsLetterUntilUsedUp(t *testing.T) {
	s := onItems(t, 1, nil, sim.ScenarioThing{Kind: "apple"}, sim.ScenarioThing{Kind: "tripe ration"})
	s.Turn(", eat d")
	assert.Equal(t, "This apple is delicious!", message(s))
	inv := inventory(s)
	assert.True(t, inv.Slots[3].Empty(), "d is free again")
	assert.Equal(t, c.TripeRation, inv.Slots[4].Kind, "e keeps its letter")
	s = onItems(t, 1, nil, sim.ScenarioThing{Kind: "mace"})
	s.Turn("drop b ,")
	assert.Equal(t, "b - a mace.  d - a food ration.", message(s), "the first free letter is taken again, bottom of the pile first")
}

func TestAFullPackLeavesTheRest(t *testing.T) {
	var stacks []sim.ScenarioStack
	for i := 0; i < 25; i++ {
		stacks = append(stacks, sim.ScenarioStack{Kind: "dagger"})
	}
	s := onItems(t, 1, &sim.ScenarioCog{Inventory: stacks}, sim.ScenarioThing{Kind: "gold", Count: 3},
		sim.ScenarioThing{Kind: "mace"}, sim.ScenarioThing{Kind: "long sword"})
	s.Turn(",")
	assert.Equal(t, "You pick up 3 gold pieces.  z - a mace.  You cannot carry any more.", message(s))
	assert.Equal(t, 26, inventory(s).Stacks())
	s.Turn("w")
	assert.Equal(t, byte(')'), glyphAt(s, 5, 3), "the long sword stays on the floor")

	// What does not fit stays, and the rest is taken whatever the
	// order: gold after it, and an item joining a stack in the pack.
	stacks[24] = sim.ScenarioStack{Kind: "apple"}
	s = onItems(t, 1, &sim.ScenarioCog{Inventory: append(stacks, sim.ScenarioStack{Kind: "apple"})},
		sim.ScenarioThing{Kind: "mace"}, sim.ScenarioThing{Kind: "short sword"}, sim.ScenarioThing{Kind: "apple"},
		sim.ScenarioThing{Kind: "gold", Count: 7})
	s.Turn(",")
	assert.Equal(t, "You cannot carry any more.  y - 2 apples.  You pick up 7 gold pieces.", message(s))
	assert.Equal(t, 7, s.State().Purse.Get(s.State().Run.Cog).Gold)
	s.Turn("w")
	assert.Equal(t, byte(')'), glyphAt(s, 5, 3), "the mace and the short sword stay on the floor")
	s.Turn("e ,")
	assert.Contains(t, message(s), "You cannot carry any more.", "both still there")
}

func TestEatingAddsNutritionAndTheAteDeedWhenHungry(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Nutrition: ptr(120)}})
	s.Turn("eat b")
	assert.Equal(t, "This food ration is delicious!", message(s))
	assert.Equal(t, 120+800-1, nutrition(s).Value)
	assert.NotContains(t, statusLine(s), "Hungry")
	require.Len(t, s.Result().Deeds, 1)
	assert.Equal(t, "ate", s.Result().Deeds[0].Name)

	s = start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	s.Turn("eat b")
	assert.Empty(t, s.Result().Deeds, "eating while Not Hungry is no deed")
}

func TestWrongLettersAndClassesSpendTheTick(t *testing.T) {
	cases := map[string]string{
		"eat a":     "That is a silly thing to eat.",
		"eat q":     "You don't have that object.",
		"quaff b":   "That is a silly thing to drink.",
		"wield c":   "You cannot wield that.",
		"wear a":    "You cannot wear that.",
		"wield a":   "You are already wielding that!",
		"wear c":    "You are already wearing that!",
		"drop c":    "You cannot drop something you are wearing.",
		"drop z":    "You don't have that object.",
		"quaff x":   "You don't have that object.",
		"chat e":    "You talk to yourself.",
		"search":    "",
		"kick n":    "You kick at empty space.",
		"wait":      "",
		"pickup":    "There is nothing here to pick up.",
		"inventory": "a - a dagger (weapon in hand); b - a food ration; c - leather armour (being worn)",
	}
	for reply, want := range cases {
		s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
		s.Turn(reply)
		assert.Equal(t, want, message(s), reply)
		assert.Equal(t, 1, tick(s), reply)
	}
}

func TestWieldWearAndDrop(t *testing.T) {
	s := onItems(t, 1, nil, sim.ScenarioThing{Kind: "long sword"}, sim.ScenarioThing{Kind: "plate mail"})
	s.Turn(",")
	s.Turn("wield d")
	assert.Equal(t, "d - a long sword (weapon in hand).", message(s))
	s.Turn("wear e")
	assert.Equal(t, "You are now wearing plate mail.", message(s))
	assert.Contains(t, statusLine(s), "AC:3")
	s.Turn("drop c")
	assert.Equal(t, "You drop leather armour.", message(s), "the replaced armour stays in the pack until dropped")
	s.Turn("drop d")
	assert.Equal(t, c.NoSlot, inventory(s).Wielded, "dropping the weapon leaves the cog unarmed")
	s.Turn("i")
	assert.Equal(t, "a - a dagger; b - a food ration; e - plate mail (being worn)", message(s))
}

func TestPotionEffects(t *testing.T) {
	quaff := func(kind string, cg *sim.ScenarioCog) *sim.Sim {
		if cg == nil {
			cg = &sim.ScenarioCog{}
		}
		cg.Inventory = []sim.ScenarioStack{{Kind: kind}}
		s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: cg})
		s.Turn("quaff a")
		return s
	}
	s := quaff("potion of healing", &sim.ScenarioCog{HP: ptr(3)})
	assert.Equal(t, "You feel better.", message(s))
	assert.True(t, hp(s) >= 5 && hp(s) <= 12, "hp += 1 + rnd(8): %d", hp(s))
	s = quaff("potion of healing", &sim.ScenarioCog{HP: ptr(15)})
	assert.Equal(t, 16, hp(s), "capped at maxHp")
	s = quaff("potion of extra healing", &sim.ScenarioCog{HP: ptr(16)})
	assert.Equal(t, "You feel much better.", message(s))
	assert.Equal(t, 17, maxHP(s))
	assert.Equal(t, 17, hp(s))
	s = quaff("potion of confusion", nil)
	assert.Equal(t, "Huh, What?  Where am I?", message(s))
	assert.Equal(t, 11, status(s).ConfusedUntil, "confused on ticks 2…11")
	assert.Contains(t, statusLine(s), "Conf")
	s = quaff("potion of sleeping", nil)
	assert.Equal(t, "You fall asleep.", message(s))
	s.Turn("e")
	assert.Equal(t, 12, tick(s), "asleep for ticks 2…11, the move on tick 12")
}

func TestHealingRangeOverSeeds(t *testing.T) {
	seen := map[int]bool{}
	for seed := uint64(1); seed <= 300; seed++ {
		s := start(t, seed, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{HP: ptr(1), MaxHP: ptr(30),
			Inventory: []sim.ScenarioStack{{Kind: "potion of extra healing"}}}})
		s.Turn("quaff a")
		seen[hp(s)-1] = true
	}
	assert.Len(t, seen, 8)
	for d := range seen {
		assert.True(t, d >= 3 && d <= 10, "extra healing: 2 + rnd(8), got %d", d)
	}
}

func TestAPotionReadsByAppearanceUntilOneOfItsKindIsQuaffed(t *testing.T) {
	s := onItems(t, 1, nil, sim.ScenarioThing{Kind: "potion of confusion", Count: 2})
	s.Turn(",")
	app := s.State().Knowledge.AppearanceOf(c.PotionKind(c.Confusion))
	assert.Equal(t, fmt.Sprintf("d - 2 %s potions.", app), message(s))
	s.Turn("quaff d")
	s.Turn("i")
	assert.Contains(t, message(s), "d - a potion of confusion")
	deeds := s.Result().Deeds
	require.Len(t, deeds, 1)
	assert.Equal(t, "identified", deeds[0].Name)
}

func TestAppearancesAreASeededPermutation(t *testing.T) {
	perms := map[[4]uint8]bool{}
	for seed := uint64(1); seed <= 200; seed++ {
		s := start(t, seed, sim.Scenario{Map: withCog(hall, 5, 3)})
		var a [4]uint8
		for e := range a {
			a[e] = s.State().Knowledge.Appearance[c.PotionKind(c.PotionEffect(e))]
		}
		seen := map[uint8]bool{}
		for _, x := range a {
			require.Less(t, int(x), len(c.Appearances))
			seen[x] = true
		}
		require.Len(t, seen, 4, "four kinds, four different appearances")
		perms[a] = true
		again := start(t, seed, sim.Scenario{Map: withCog(hall, 5, 3)})
		require.Equal(t, s.State().Knowledge, again.State().Knowledge, "the same seed draws the same")
	}
	assert.Greater(t, len(perms), 100, "seeds draw different permutations (360 possible)")
}

func TestGold100Deed(t *testing.T) {
	s := onItems(t, 1, &sim.ScenarioCog{Gold: ptr(90)}, sim.ScenarioThing{Kind: "gold", Count: 10})
	s.Turn(",")
	assert.Equal(t, "gold-100", s.Result().Deeds[0].Name)
}
