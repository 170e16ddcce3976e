package worldgen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cogsim/cogsim/components"
)

// countTerrain counts the cells of each kind.
func countTerrain(lvl *components.Level) (n [256]int) {
	for _, t := range lvl.Terrain {
		n[t]++
	}
	return n
}

// TestDoorShares checks dosdoor's rates (§17.4) over the soak's levels: 1 in
// 8 doors secret; of the rest 2 in 3 doorways; a real door open 1 in 5,
// else locked 1 in 6. The bounds are about ten standard errors wide, and
// each rate's neighbours (1/7, 1/9, 1/2, 3/4, 1/4, 1/5) fall outside them.
func TestDoorShares(t *testing.T) {
	var n [256]int
	eachLevel(t, func(seed uint64, depth int, _ *Generator, lvl *components.Level, _ *Population) {
		if depth == Plan(seed).RogueDepth {
			return // the Rogue level has plain doorways only (§17), not dosdoor's odds
		}
		c := countTerrain(lvl)
		for k, v := range c {
			n[k] += v
		}
	})
	secret := n[components.SecretDoorH] + n[components.SecretDoorV]
	real := n[components.OpenDoor] + n[components.ClosedDoor] + n[components.LockedDoor]
	visible := n[components.Doorway] + real
	all := secret + visible
	t.Logf("doors %d: secret %d, doorways %d, open %d, closed %d, locked %d", all, secret,
		n[components.Doorway], n[components.OpenDoor], n[components.ClosedDoor], n[components.LockedDoor])
	tol := 1.0
	if testing.Short() {
		tol = 2
	}
	assert.InDelta(t, 1.0/8, ratio(secret, all), 0.01*tol, "secret share")
	assert.InDelta(t, 2.0/3, ratio(n[components.Doorway], visible), 0.015*tol, "doorway share of visible doors")
	assert.InDelta(t, 1.0/5, ratio(n[components.OpenDoor], real), 0.025*tol, "open share of real doors")
	assert.InDelta(t, 1.0/6, ratio(n[components.LockedDoor], n[components.LockedDoor]+n[components.ClosedDoor]), 0.025*tol, "locked share of shut doors")
}

// TestLitShare checks §12's rule: lit iff rnd(1 + depth) < 11 and
// rn2(77) ≠ 0, so 76/77 of the rooms at depths 1…9, (10/11)·(76/77) at
// depth 10 and (10/13)·(76/77) at depth 12.
func TestLitShare(t *testing.T) {
	var lit, rooms [soakDepths + 1]int
	eachLevel(t, func(_ uint64, depth int, _ *Generator, lvl *components.Level, _ *Population) {
		for _, r := range lvl.Rooms {
			rooms[depth]++
			if r.Lit {
				lit[depth]++
			}
		}
	})
	tol := 1.0
	if testing.Short() {
		tol = 2
	}
	assert.InDelta(t, 76.0/77, ratio(lit[1], rooms[1]), 0.01*tol, "depth 1")
	assert.InDelta(t, 76.0/77, ratio(lit[9], rooms[9]), 0.01*tol, "depth 9")
	assert.InDelta(t, 10.0/11*76/77, ratio(lit[10], rooms[10]), 0.02*tol, "depth 10")
	assert.InDelta(t, 10.0/13*76/77, ratio(lit[12], rooms[12]), 0.03*tol, "depth 12")
}

// chiSquare is Pearson's statistic of observed counts against expected
// weights.
func chiSquare(observed []int, weights []float64) float64 {
	total, wsum := 0, 0.0
	for i := range observed {
		total += observed[i]
		wsum += weights[i]
	}
	x := 0.0
	for i := range observed {
		e := float64(total) * weights[i] / wsum
		x += (float64(observed[i]) - e) * (float64(observed[i]) - e) / e
	}
	return x
}

// TestSpeciesFrequencies: at a depth each species is drawn in proportion
// to its weight among those generated there (§9). The limits are the
// chi-square 0.1% points for the degrees of freedom.
func TestSpeciesFrequencies(t *testing.T) {
	for _, tc := range []struct {
		depth int
		limit float64 // chi-square 0.999 quantile, df = species − 1
	}{{1, 20.5}, {4, 31.3}, {7, 40.8}} {
		counts := make([]int, len(components.Species))
		var g Generator
		var lvl components.Level
		for seed := range 4 * soakSeeds() {
			pop := g.Generate(seed, tc.depth, &lvl)
			for _, m := range pop.Monsters {
				if m.Species == components.Oracle {
					continue
				}
				counts[m.Species]++
			}
		}
		var obs []int
		var w []float64
		var names []string
		for i := range components.Species {
			sp := &components.Species[i]
			if !generated(sp, tc.depth) || !components.ActiveIn(sp.Mechanic, nil) {
				assert.Zero(t, counts[i], "%s at depth %d", sp.Name, tc.depth)
				continue
			}
			obs = append(obs, counts[i])
			w = append(w, float64(sp.Weight))
			names = append(names, fmt.Sprintf("%s %d", sp.Name, counts[i]))
		}
		x := chiSquare(obs, w)
		t.Logf("depth %d: chi2 %.1f (df %d): %s", tc.depth, x, len(obs)-1, strings.Join(names, ", "))
		assert.Less(t, x, tc.limit, "depth %d species not proportional to weight", tc.depth)
	}
}

// TestItemFrequencies: food kinds and potion kinds uniform, weapons
// uniform, armour 3:2:1 (§10); a weapon on half the levels, an armour on a
// third, a second food on half, two potions on half.
func TestItemFrequencies(t *testing.T) {
	kinds := make([]int, len(components.ItemKinds))
	var levels, weaponLevels, armourLevels, twoFood, twoPotions, gold, goldPiles int
	eachLevel(t, func(_ uint64, depth int, _ *Generator, _ *components.Level, pop *Population) {
		levels++
		var class [5]int
		for _, it := range pop.Items {
			kinds[it.Kind]++
			class[it.Kind.Info().Class]++
			if it.Kind == components.Gold && depth == 1 {
				gold += it.Count
				goldPiles++
			}
		}
		if class[components.WeaponClass] > 0 {
			weaponLevels++
		}
		if class[components.ArmourClass] > 0 {
			armourLevels++
		}
		if class[components.FoodClass] == 2 {
			twoFood++
		}
		if class[components.PotionClass] == 2 {
			twoPotions++
		}
	})
	pick := func(ks ...components.ItemKind) []int {
		var o []int
		for _, k := range ks {
			o = append(o, kinds[k])
		}
		return o
	}
	const limit3, limit4 = 13.8, 16.3 // chi-square 0.999, df 2 and 3
	food := pick(components.FoodRation, components.TripeRation, components.Apple)
	assert.Less(t, chiSquare(food, []float64{1, 1, 1}), limit3, "food kinds")
	weapons := pick(components.Dagger, components.ShortSword, components.Mace, components.LongSword)
	assert.Less(t, chiSquare(weapons, []float64{1, 1, 1, 1}), limit4, "weapon kinds")
	potions := pick(components.PotionKind(0), components.PotionKind(1), components.PotionKind(2), components.PotionKind(3))
	assert.Less(t, chiSquare(potions, []float64{1, 1, 1, 1}), limit4, "potion kinds")
	armour := pick(components.LeatherArmour, components.RingMail, components.PlateMail)
	assert.Less(t, chiSquare(armour, []float64{3, 2, 1}), limit3, "armour kinds %v", armour)
	assert.InDelta(t, 0.5, ratio(weaponLevels, levels), 0.03, "weapon chance")
	assert.InDelta(t, 1.0/3, ratio(armourLevels, levels), 0.03, "armour chance")
	assert.InDelta(t, 0.5, ratio(twoFood, levels), 0.03, "second food chance")
	assert.InDelta(t, 0.5, ratio(twoPotions, levels), 0.03, "rnd(2) potions")
	assert.InDelta(t, 10.5, float64(gold)/float64(goldPiles), 0.5, "gold per pile at depth 1: rnd(10)+5")
}

func ratio(a, b int) float64 { return float64(a) / float64(b) }

// deadEnds counts corridor cells with exactly one passable cell (floor,
// corridor, stairs or a door of any kind) among their eight neighbours.
func deadEnds(lvl *components.Level) int {
	n := 0
	for i, t := range lvl.Terrain {
		if t != components.Corridor {
			continue
		}
		open := 0
		for _, d := range components.Dirs {
			if cellClass[lvl.At(components.PosOf(i).Add(d))]&cellPassable != 0 {
				open++
			}
		}
		if open == 1 {
			n++
		}
	}
	return n
}

// TestDistribution logs the shape of generated levels per depth: rooms,
// dead ends, secret doors, lit share, lava, regeneration. It also guards
// the shape loosely, so that a change that empties or floods the board
// is noticed.
func TestDistribution(t *testing.T) {
	type acc struct {
		levels, rooms, minRooms, maxRooms, deadEnds, secret, lit, lava, regen, corridor int
	}
	var a [soakDepths + 1]acc
	for d := range a {
		a[d].minRooms = 1 << 30
	}
	eachLevel(t, func(_ uint64, depth int, g *Generator, lvl *components.Level, _ *Population) {
		s := &a[depth]
		c := countTerrain(lvl)
		s.levels++
		s.rooms += len(lvl.Rooms)
		s.minRooms = min(s.minRooms, len(lvl.Rooms))
		s.maxRooms = max(s.maxRooms, len(lvl.Rooms))
		s.deadEnds += deadEnds(lvl)
		s.secret += c[components.SecretDoorH] + c[components.SecretDoorV]
		s.lava += c[components.Lava]
		s.corridor += c[components.Corridor]
		s.regen += g.attempts
		for _, r := range lvl.Rooms {
			if r.Lit {
				s.lit++
			}
		}
	})
	var total acc
	total.minRooms = 1 << 30
	t.Logf("depth  rooms mean [min,max]  dead ends  secret doors  lit share  lava cells  corridor cells  regenerated")
	for d := 1; d <= soakDepths; d++ {
		s := a[d]
		t.Logf("%5d  %10.2f [%d,%d]  %9.2f  %12.2f  %9.3f  %10.2f  %14.1f  %11.4f", d,
			ratio(s.rooms, s.levels), s.minRooms, s.maxRooms, ratio(s.deadEnds, s.levels),
			ratio(s.secret, s.levels), ratio(s.lit, s.rooms), ratio(s.lava, s.levels),
			ratio(s.corridor, s.levels), ratio(s.regen, s.levels))
		total.levels += s.levels
		total.rooms += s.rooms
		total.minRooms = min(total.minRooms, s.minRooms)
		total.maxRooms = max(total.maxRooms, s.maxRooms)
		total.deadEnds += s.deadEnds
		total.secret += s.secret
		total.lit += s.lit
		total.lava += s.lava
		total.corridor += s.corridor
		total.regen += s.regen
	}
	t.Logf("  all  %10.2f [%d,%d]  %9.2f  %12.2f  %9.3f  %10.2f  %14.1f  %11.4f",
		ratio(total.rooms, total.levels), total.minRooms, total.maxRooms, ratio(total.deadEnds, total.levels),
		ratio(total.secret, total.levels), ratio(total.lit, total.rooms), ratio(total.lava, total.levels),
		ratio(total.corridor, total.levels), ratio(total.regen, total.levels))

	mean := ratio(total.rooms, total.levels)
	assert.True(t, mean > 6 && mean < 11.5, "mean rooms %.2f", mean)
	assert.Less(t, ratio(total.regen, total.levels), 0.2, "regeneration rate")
	for d := 1; d < 4; d++ {
		assert.Zero(t, a[d].lava, "lava at depth %d", d)
	}
	// From depth 4 a room holds 3 lava cells at 1 in 6 (a few pools fail to fit).
	perRoom := ratio(a[soakDepths].lava, a[soakDepths].rooms)
	assert.True(t, perRoom > 0.35 && perRoom < 0.55, "lava cells per room %.3f at depth %d", perRoom, soakDepths)
}
