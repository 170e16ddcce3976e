package worldgen

import (
	"testing"

	"github.com/cogsim/cogsim/components"
	"github.com/stretchr/testify/assert"
)

// testMechanic adds rows to the global tables at init, as a mechanic
// package would. Every other test generates with no Mechanics, so the rows
// are never in play there.
const testMechanic = "worldgen-test"

var (
	testBlob = components.AddSpecies(components.SpeciesInfo{Name: "worldgen test blob", Glyph: 'b',
		Level: 1, Speed: 3, AC: 8, Die: 2, XP: 2, Weight: 40, MinDepth: 2, MaxDepth: 4, Verb: "bites!",
		Mechanic: testMechanic})
	testCake = components.AddItem(components.ItemInfo{Name: "worldgen test cake", Plural: "worldgen test cakes",
		Article: "a ", Class: components.FoodClass, Weight: 3, Nutrition: 10, Mechanic: testMechanic})
	testNet = components.AddTrap(components.TrapInfo{Name: "worldgen test net", Article: "a ",
		TrappedTicks: 1, Message: "A net falls on you!", Mechanic: testMechanic})
)

// spawnCounts generates depths 1…6 of many seeds with mechanics installed
// and counts the test rows spawned, by depth for the species.
func spawnCounts(mechanics []string) (blobs [7]int, cakes, nets int) {
	g := Generator{Mechanics: mechanics}
	var lvl components.Level
	for seed := range uint64(200) {
		for depth := 1; depth <= 6; depth++ {
			pop := g.Generate(seed, depth, &lvl)
			for _, m := range pop.Monsters {
				if m.Species == testBlob {
					blobs[depth]++
				}
			}
			for _, it := range pop.Items {
				if it.Kind == testCake {
					cakes++
				}
			}
			for _, tr := range pop.Traps {
				if tr.Kind == testNet {
					nets++
				}
			}
		}
	}
	return blobs, cakes, nets
}

func TestAnInactiveMechanicsRowsAreNeverSpawned(t *testing.T) {
	for _, mechanics := range [][]string{nil, {"some other mechanic"}} {
		blobs, cakes, nets := spawnCounts(mechanics)
		assert.Equal(t, [7]int{}, blobs, "mechanics %v", mechanics)
		assert.Zero(t, cakes, "mechanics %v", mechanics)
		assert.Zero(t, nets, "mechanics %v", mechanics)
	}
}

func TestAnActiveMechanicsRowsAreSpawnedInTheirWindow(t *testing.T) {
	blobs, cakes, nets := spawnCounts([]string{"some other mechanic", testMechanic})
	for depth := 1; depth <= 6; depth++ {
		if depth >= 2 && depth <= 4 {
			assert.Positive(t, blobs[depth], "a blob at depth %d", depth)
		} else {
			assert.Zero(t, blobs[depth], "no blob at depth %d", depth)
		}
	}
	assert.Positive(t, cakes)
	assert.Positive(t, nets)
}

func TestChangingTheMechanicsRederivesTheLists(t *testing.T) {
	var g Generator
	assert.NotContains(t, g.spawnable().species, testBlob)
	g.Mechanics = []string{testMechanic}
	assert.Contains(t, g.spawnable().species, testBlob)
	assert.Contains(t, g.spawnable().food.kinds, testCake)
	assert.Contains(t, g.spawnable().traps, testNet)
	g.Mechanics = nil
	assert.NotContains(t, g.spawnable().traps, testNet)
	assert.Equal(t, 6, g.spawnable().armour.total, "leather 3, ring mail 2, plate 1")
}
