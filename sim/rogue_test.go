package sim_test

import (
	"math"
	"reflect"
	"slices"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/systems/rogue"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The rogue rules (§28, docs/notes/nethack-rogue-facts.txt): Rogue 5.4's
// stomach, food and melee swing.

// rogueRules selects the rogue rules variant.
func rogueRules(cfg *sim.Config) { cfg.Rules = "rogue" }

// rgHungry is the hall with the cog at nutrition n, in the state the rogue
// rules give it (a scenario file takes nothing at −200 or below, and
// gives the cog rules' state).
func rgHungry(t testing.TB, seed uint64, n int, cg ...sim.ScenarioCog) *sim.Sim {
	sc := sim.Scenario{Map: withCog(hall, 5, 3)}
	if len(cg) > 0 {
		sc.Cog = &cg[0]
	}
	s := startWith(t, seed, sc, rogueRules)
	*nutrition(s) = c.Nutrition{Value: n, State: rogue.HungerState(n)}
	return s
}

// within4σ is 4.5 standard errors of a binomial share p of n trials.
func within4σ(p float64, n int) float64 { return 4.5 * math.Sqrt(p*(1-p)/float64(n)) }

func TestRogueVariantIsThreeMechanics(t *testing.T) {
	t.Setenv("COGSIM_INVARIANTS", "0") // compare the rules' tables alone
	standard := systems.Standard(nil)
	rg, err := sim.New(sim.Config{Seed: 1, Rules: "rogue"})
	require.NoError(t, err)
	want := slices.Clone(standard.Names())
	want = slices.Insert(want, slices.Index(want, systems.NameItems)+1, rogue.SystemFood)
	assert.Equal(t, want, rg.Scheduler().Names(), "one system inserted, none removed or moved")
	for _, name := range standard.Names() {
		if name == systems.NameHunger {
			assert.IsType(t, &rogue.Hunger{}, rg.Scheduler().Get(name), "hunger replaced")
			continue
		}
		assert.Equal(t, reflect.TypeOf(standard.Get(name)), reflect.TypeOf(rg.Scheduler().Get(name)), "%s kept", name)
	}
	var names []string
	for _, m := range rg.Result().Mechanics {
		names = append(names, m.Name+"@"+m.Version)
	}
	assert.Equal(t, []string{"rogue-hunger@1", "rogue-food@1", "rogue-swing@1"}, names)
	assert.Equal(t, "rogue", rg.Result().Rules)
}

func TestRogueCogStartsWith1300Nutrition(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1, Rules: "rogue"})
	require.NoError(t, err)
	assert.Equal(t, c.Nutrition{Value: 1300, State: c.NotHungry}, *nutrition(s), "generated level")
	assert.NotContains(t, statusLine(s), "Satiated")

	s = startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)}, rogueRules)
	assert.Equal(t, 1300, nutrition(s).Value, "a scenario that names no nutrition")
	step(s, wait)
	assert.Equal(t, 1299, nutrition(s).Value)

	s = startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Nutrition: ptr(400)}}, rogueRules)
	assert.Equal(t, 400, nutrition(s).Value, "a scenario's nutrition wins")

	cog, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 900, nutrition(cog).Value, "the cog rules keep 900")
}

// TestRogueHungerFallsBelowItsLines: Hungry once nutrition falls below
// 300, Weak below 150, Fainting at 0; at 300 and at 150 the cog is still
// what it was. There is no Satiated.
func TestRogueHungerFallsBelowItsLines(t *testing.T) {
	cases := []struct {
		start   int
		after   c.HungerState
		word    string
		message string
	}{
		{2000, c.NotHungry, "", ""},
		{301, c.NotHungry, "", ""},                                   // at 300 not Hungry…
		{300, c.Hungry, "Hungry", "You are starting to get hungry."}, // …one tick later, at 299, it is
		{151, c.Hungry, "Hungry", ""},
		{150, c.Weak, "Weak", "You are starting to feel weak."},
		{2, c.Weak, "Weak", ""},
		{1, c.Fainting, "Fainting", ""},
	}
	for _, tc := range cases {
		s := rgHungry(t, 1, tc.start)
		step(s, wait)
		assert.Equal(t, tc.start-1, nutrition(s).Value, "start %d: nutrition falls by 1 a tick", tc.start)
		assert.Equal(t, tc.after, nutrition(s).State, "start %d", tc.start)
		assert.Equal(t, tc.message, message(s), "start %d", tc.start)
		for _, w := range []string{"Satiated", "Hungry", "Weak", "Fainting"} {
			if w == tc.word {
				assert.Contains(t, statusLine(s), " "+w, "start %d", tc.start)
			} else {
				assert.NotContains(t, statusLine(s), w, "start %d", tc.start)
			}
		}
	}

	// At 300 a rogue cog is not Hungry, one tick later it is.
	s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Nutrition: ptr(301)}}, rogueRules)
	step(s, wait)
	require.Equal(t, 300, nutrition(s).Value)
	assert.NotContains(t, statusLine(s), "Hungry")
	step(s, wait)
	assert.Contains(t, statusLine(s), " Hungry")
	assert.Equal(t, "You are starting to get hungry.", message(s))
}

// TestRogueWeakKeepsTheCogRulesEffects: at 140 a rogue cog is Weak (the
// cog rules' Hungry): it does not regenerate (§28.5).
func TestRogueWeakKeepsTheCogRulesEffects(t *testing.T) {
	for _, tc := range []struct {
		rules  func(*sim.Config)
		healed bool
	}{{rogueRules, false}, {func(*sim.Config) {}, true}} {
		s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3),
			Cog: &sim.ScenarioCog{Nutrition: ptr(140), HP: ptr(5)}}, tc.rules)
		waitN(s, 12)
		assert.Equal(t, tc.healed, hp(s) > 5, "healed by tick 12")
	}
}

func TestRogueFaintsOneTimeIn5(t *testing.T) {
	const n = 2000
	faints := 0
	lengths := map[int]int{}
	for seed := uint64(1); seed <= n; seed++ {
		s := rgHungry(t, seed, 0)
		step(s, wait)
		require.Equal(t, -1, nutrition(s).Value, "seed %d: at 0 it still falls", seed)
		require.Equal(t, c.Fainting, nutrition(s).State)
		switch message(s) {
		case "You faint.":
			faints++
			lengths[status(s).ParalysedUntil-tick(s)]++
			assert.Contains(t, statusLine(s), "Fainting Para")
		case "":
			require.Zero(t, status(s).ParalysedUntil, "seed %d", seed)
		default:
			t.Fatalf("seed %d: %q", seed, message(s))
		}
	}
	// 1 in 5; a broken 1 in 4 or 1 in 6 falls outside.
	assert.InDelta(t, 0.2, float64(faints)/n, within4σ(0.2, n), "faint share")

	// A fainting rogue cog is paralysed 5 to 12 ticks, each as likely.
	for d := 5; d <= 12; d++ {
		assert.Positive(t, lengths[d], "a faint of %d ticks", d)
	}
	for d := range lengths {
		assert.True(t, d >= 5 && d <= 12, "a faint of %d ticks", d)
	}
}

func TestRogueFaintedCogIsParalysed(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		s := rgHungry(t, seed, -10)
		step(s, wait)
		if message(s) != "You faint." {
			continue
		}
		until := status(s).ParalysedUntil
		for tick(s) < until {
			step(s, move(c.East))
			require.Equal(t, c.Pos{X: 5, Y: 3}, cog(s), "seed %d: fainted on tick %d", seed, tick(s))
		}
		return
	}
	t.Fatal("no faint in 200 seeds")
}

// TestRogueNoFaintWhileParalysed: a paralysed cog does not faint, its
// paralysis's last tick included (§28.3 "unless already paralysed").
func TestRogueNoFaintWhileParalysed(t *testing.T) {
	for seed := uint64(1); seed <= 100; seed++ {
		s := rgHungry(t, seed, 0, sim.ScenarioCog{Paralysed: 6})
		waitN(s, 6)
		require.Equal(t, 6, status(s).ParalysedUntil, "seed %d: no faint while still paralysed", seed)
		require.Equal(t, -6, nutrition(s).Value)
	}
}

// TestRogueStarvesBelowMinus850: the tick looks at nutrition before it
// falls; below −850 the cog starves.
func TestRogueStarvesBelowMinus850(t *testing.T) {
	for seed := uint64(1); seed <= 100; seed++ {
		s := rgHungry(t, seed, -850)
		step(s, wait)
		require.False(t, s.Done(), "seed %d: dead at −850", seed)
		require.Equal(t, -851, nutrition(s).Value)
	}
	s := rgHungry(t, 1, -851)
	step(s, wait)
	require.True(t, s.Done(), "a rogue cog at −851 starves")
	assert.Equal(t, "starvation", s.Result().Cause)
	assert.Equal(t, "You die from starvation.", message(s))

	// Fainting does not save it: −850 one tick, starved the next.
	s = rgHungry(t, 1, -850, sim.ScenarioCog{Paralysed: 3})
	step(s, wait)
	step(s, wait)
	assert.True(t, s.Done())
}

// rgEat is a rogue cog at nutrition n eating food b of kind food in tick 1.
func rgEat(t testing.TB, seed uint64, n int, food string) *sim.Sim {
	s := rgHungry(t, seed, n, sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "dagger", Wielded: true}, {Kind: food}}})
	step(s, c.Primitive{Op: c.OpEat, Letter: 'b'})
	return s
}

// TestRogueEatingGives1100To1499: any food, from −40, gives 1100…1499
// (the tick's digestion then takes 1); at most 2000.
func TestRogueEatingGives1100To1499(t *testing.T) {
	const n = 1000
	for _, food := range []string{"food ration", "tripe ration", "apple"} {
		lo, hi, sum := math.MaxInt, math.MinInt, 0
		for seed := uint64(1); seed <= n; seed++ {
			s := rgEat(t, seed, -40, food)
			require.Contains(t, message(s), " is delicious!", food)
			got := nutrition(s).Value + 1
			require.True(t, got >= 1100 && got <= 1499, "%s seed %d: %d", food, seed, got)
			require.Equal(t, c.NotHungry, nutrition(s).State, "eating out of Fainting")
			lo, hi, sum = min(lo, got), max(hi, got), sum+got
		}
		assert.Less(t, lo, 1110, "%s: the low end is reached", food)
		assert.Greater(t, hi, 1489, "%s: the high end is reached", food)
		// Uniform on 1100…1499: mean 1299.5, sd 115.5.
		assert.InDelta(t, 1299.5, float64(sum)/n, 4.5*115.5/math.Sqrt(n), food)
	}

	// The stomach holds 2000.
	for seed := uint64(1); seed <= 50; seed++ {
		s := rgEat(t, seed, 1500, "apple")
		require.Equal(t, 2000-1, nutrition(s).Value, "seed %d", seed)
		assert.NotContains(t, statusLine(s), "Satiated")
	}
	// Weak and Hungry cogs eat themselves Not Hungry.
	for _, start := range []int{100, 250} {
		s := rgEat(t, 1, start, "apple")
		assert.Equal(t, c.NotHungry, nutrition(s).State, "start %d", start)
		assert.NotRegexp(t, "Hungry|Weak", statusLine(s))
		assert.Equal(t, "This apple is delicious!", message(s))
	}
	// The cog rules keep the food's own value.
	s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3),
		Cog: &sim.ScenarioCog{Nutrition: ptr(-40), Inventory: []sim.ScenarioStack{{Kind: "apple"}}}})
	step(s, c.Primitive{Op: c.OpEat, Letter: 'a'})
	assert.Equal(t, -40+50-1, nutrition(s).Value)
}

// rogueSwing is Rogue's chance to hit: rn2(20) + bonus ≥ 20 − level − AC.
func rogueSwing(level, bonus, ac int) float64 {
	return float64(min(max(level+bonus+ac, 0), 20)) / 20
}

func TestRogueCogHitRateFollowsRoguesSwing(t *testing.T) {
	cases := []struct {
		name    string
		species string
		cog     *sim.ScenarioCog
		p       float64
	}{
		{"dagger (+1) at xlevel 1 vs jackal AC 7", "jackal", nil, rogueSwing(1, 1, 7)},
		{"long sword (+0) vs giant ant AC 3", "giant ant", &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "long sword", Wielded: true}}}, rogueSwing(1, 0, 3)},
		{"Weak: level −2, dagger vs jackal", "jackal", &sim.ScenarioCog{Nutrition: ptr(30)}, rogueSwing(1-2, 1, 7)},
		{"xlevel 3 (40 xp), dagger vs kobold AC 10", "kobold", &sim.ScenarioCog{XPPoints: ptr(40)}, rogueSwing(3, 1, 10)},
	}
	const n = 2000
	for _, tc := range cases {
		hits := 0
		for seed := uint64(1); seed <= n; seed++ {
			s := duel(seed, tc.species, 1000, tc.cog, frozenMonsters, rogueRules)
			step(s, move(c.East))
			switch message(s) {
			case "You hit the " + tc.species + ".":
				hits++
			case "You miss the " + tc.species + ".":
			default:
				t.Fatalf("%s: unexpected message %q", tc.name, message(s))
			}
		}
		assert.InDelta(t, tc.p, float64(hits)/n, within4σ(tc.p, n), tc.name)
	}
}

func TestRogueMonsterHitRateFollowsRoguesSwing(t *testing.T) {
	cases := []struct {
		species string
		cog     *sim.ScenarioCog
		p       float64
	}{
		{"jackal", &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100)}, rogueSwing(0, 0, 7)},
		{"giant ant", &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100), Inventory: []sim.ScenarioStack{{Kind: "plate mail", Worn: true}}}, rogueSwing(2, 0, 3)},
		{"hill orc", &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100), Inventory: []sim.ScenarioStack{}}, rogueSwing(2, 0, 9)},
	}
	const n = 2000
	for _, tc := range cases {
		hits := 0
		verb := c.SpeciesByName(tc.species).Info().Verb
		for seed := uint64(1); seed <= n; seed++ {
			s := duel(seed, tc.species, 5, tc.cog, rogueRules)
			for s.State().Movement.Get(s.State().Roster.List[0]).Actions == 0 || tick(s) == 0 {
				step(s, wait)
			}
			switch message(s) {
			case "The " + tc.species + " " + verb:
				hits++
			case "The " + tc.species + " misses.":
			default:
				t.Fatalf("%s: unexpected message %q", tc.species, message(s))
			}
		}
		assert.InDelta(t, tc.p, float64(hits)/n, within4σ(tc.p, n), tc.species)
	}
}

// TestAScenarioCogTakesTheVariantsHungerState: a scenario's nutrition is
// read by the rules in play from the first observation on — 200 is
// Hungry to Rogue, Not Hungry to the cog rules; 150 is Hungry to NetHack.
func TestAScenarioCogTakesTheVariantsHungerState(t *testing.T) {
	for _, tc := range []struct {
		rules string
		n     int
		word  string
	}{{"rogue", 200, "Hungry"}, {"cog", 200, ""}, {"nethack", 150, "Hungry"}, {"cog", 150, ""}, {"rogue", 100, "Weak"}} {
		s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Nutrition: ptr(tc.n)}},
			func(cfg *sim.Config) { cfg.Rules = tc.rules })
		line := statusLine(s)
		if tc.word == "" {
			assert.NotContains(t, line, "Hungry", "%s at %d", tc.rules, tc.n)
		} else {
			assert.Contains(t, line, " "+tc.word, "%s at %d", tc.rules, tc.n)
		}
	}
}
