package agents

import (
	"strings"
	"testing"

	"github.com/cogsim/cogsim/components"
	"github.com/stretchr/testify/assert"
)

// testMechanic's yellow mold shares the lichen's letter; added at init as
// a mechanic package would, it is in play only where the test installs it.
const testMechanic = "agents-test"

var _ = components.AddSpecies(components.SpeciesInfo{Name: "agents test mold", Glyph: 'F',
	Colour: components.Yellow, Level: 1, Speed: 0, AC: 9, Die: 4, XP: 8, Weight: 2, MinDepth: 1, MaxDepth: 11,
	Verb: "stings!", Flags: components.Passive, Mechanic: testMechanic})

// handWrittenSpeciesOf is what the explorer knew of each letter before
// the knowledge was derived from the species table.
func handWrittenSpeciesOf(g byte, depth int) species {
	deep := func(from int) int {
		if depth >= from {
			return 1
		}
		return 0
	}
	switch g {
	case ':':
		return species{level: deep(3), speed: 6, ac: 8}
	case 'd':
		return species{level: deep(3), speed: 12, ac: 7}
	case 'r':
		return species{level: deep(3), speed: 12, ac: 7}
	case 'x':
		return species{level: 0, speed: 12, ac: 9, orthogonal: true}
	case 'F':
		return species{level: 0, speed: 1, ac: 9, static: true}
	case 'k':
		return species{level: deep(3), speed: 6, ac: 10}
	case 'h':
		return species{level: 1 + deep(7), speed: 9, ac: 10}
	case 'e':
		return species{level: 2, speed: 0, ac: 9, static: true, peaceful: true}
	case 'G':
		return species{level: 1 + 2*deep(7), speed: 6, ac: 10}
	case 'i':
		return species{level: 2, speed: 12, ac: 6}
	case 'o':
		return species{level: 2, speed: 9, ac: 10}
	case 'a':
		return species{level: 2, speed: 18, ac: 3}
	case 'O':
		return species{level: 12, speed: 0, ac: 0, static: true, peaceful: true}
	}
	return species{level: 2, speed: 12, ac: 7}
}

func TestTheCoreTableGivesTheHandWrittenGuesses(t *testing.T) {
	for _, g := range []byte(":drxFkheGioaOZ@b") {
		for depth := 1; depth <= 11; depth++ {
			assert.Equal(t, handWrittenSpeciesOf(g, depth), speciesOf(g, depth, nil), "%c at depth %d", g, depth)
		}
	}
}

func TestALetterSharedWithAnActivePassiveSpeciesIsPeaceful(t *testing.T) {
	assert.False(t, speciesOf('F', 3, nil).peaceful, "a lichen alone is fought")
	assert.False(t, speciesOf('F', 3, []string{"other"}).peaceful)
	mold := speciesOf('F', 3, []string{testMechanic})
	assert.True(t, mold.peaceful, "it may be the mold")
	assert.Equal(t, 1, mold.level, "the mold's level")
	assert.Equal(t, 1, mold.speed, "the lichen comes first in the table")

	rows := []string{"", " -----", " |.@F|", " |...|", " -----"}
	obs := observe(rows, "", "Dlvl:3 $:0 HP:16(16) AC:7 Xp:1/0 T:0 Turn:0/55")
	x := NewExplore()
	reply := x.Reply(obs)
	assert.True(t, strings.HasPrefix(reply, "e"), "the core explorer fights the lichen: %s", reply)
	x = NewExplore()
	x.Know([]string{testMechanic})
	x.Reset(1)
	reply = x.Reply(obs)
	assert.False(t, strings.HasPrefix(reply, "e"), "told of the mold, it leaves the F alone: %s", reply)
	assert.NotContains(t, reply, "kick e", reply)
	var _ Knower = x
}

// testBread is the test mechanic's food.
var testBread = components.AddItem(components.ItemInfo{Name: "agents test bread", Plural: "agents test breads",
	Article: "an ", Class: components.FoodClass, Weight: 1, Nutrition: 30, Mechanic: testMechanic})

func TestTheCoreItemTableGivesTheHandWrittenKnowledge(t *testing.T) {
	var v inventory
	v.reset()
	read := func(desc string) stack {
		v.read([]byte("h - " + desc + "."))
		return v.slots[7]
	}
	for desc, n := range map[string]int{"a food ration": 800, "2 tripe rations": 200, "an apple": 50, "a mace": 0} {
		assert.Equal(t, n, read(desc).nutrition(), desc)
	}
	rank := func(desc string) int { return read(desc).weaponRank() }
	assert.Greater(t, rank("a long sword"), rank("a mace"))
	assert.Greater(t, rank("a mace"), rank("a short sword"))
	assert.Greater(t, rank("a short sword"), rank("a dagger"))
	assert.Greater(t, rank("a dagger"), rank("an apple"))
	for desc, b := range map[string]int{"leather armour": 2, "ring mail": 3, "plate mail": 6, "a dagger": 0} {
		assert.Equal(t, b, read(desc).armourBonus(), desc)
	}
	for desc, heals := range map[string]bool{
		"a potion of healing": true, "2 potions of extra healing": true,
		"a potion of confusion": false, "3 potions of sleeping": false,
	} {
		s := read(desc)
		assert.Equal(t, components.PotionClass, s.row.Class, desc)
		assert.Equal(t, heals, s.row.HealDie > 0, desc)
	}
	assert.Equal(t, &anyPotion, read("2 cloudy potions").row)
	assert.Nil(t, read("agents test bread").row, "a mechanic's item is unknown to the core explorer")

	x := NewExplore()
	x.Know([]string{testMechanic})
	x.inv.read([]byte("h - 2 agents test breads."))
	assert.Equal(t, testBread.Info(), x.inv.slots[7].row)
	assert.Equal(t, 7, x.inv.food(), "the bread is smaller than the ration")
}
