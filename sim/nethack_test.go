package sim_test

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/systems/nethack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The nethack rules (§25, docs/notes/nethack-facts.txt) and what they leave
// alone.

// nethackRules selects the nethack rules variant.
func nethackRules(cfg *sim.Config) { cfg.Rules = "nethack" }

// nhHungry is the hall with the cog at nutrition n under the nethack rules.
func nhHungry(t testing.TB, seed uint64, n int, opts ...func(*sim.Config)) *sim.Sim {
	return startWith(t, seed, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Nutrition: ptr(n)}},
		append([]func(*sim.Config){nethackRules}, opts...)...)
}

// setNutrition puts the cog at nutrition n, in the state the nethack rules
// give it — below what a scenario file accepts (§19 refuses −200 or less,
// the cog rules' starvation).
func setNutrition(s *sim.Sim, n int) {
	*nutrition(s) = c.Nutrition{Value: n, State: nethack.HungerState(n)}
}

func TestVariantsChangeOnlyTheSchedulerTable(t *testing.T) {
	t.Setenv("COGSIM_INVARIANTS", "0") // compare the rules' tables alone
	standard := systems.Standard(nil)
	cog, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, standard.Names(), cog.Scheduler().Names(), "the cog rules are the standard table")
	for _, name := range standard.Names() {
		assert.Equal(t, reflect.TypeOf(standard.Get(name)), reflect.TypeOf(cog.Scheduler().Get(name)), name)
	}

	nh, err := sim.New(sim.Config{Seed: 1, Rules: "nethack"})
	require.NoError(t, err)
	want := slices.Clone(standard.Names())
	insert := func(at int, name string) { want = slices.Insert(want, at, name) }
	insert(slices.Index(want, systems.NameItems)+1, nethack.SystemChoke)
	insert(slices.Index(want, systems.NameCombat)+1, nethack.SystemMeleeHunger)
	assert.Equal(t, want, nh.Scheduler().Names(), "two systems inserted, none removed or moved")
	for _, name := range standard.Names() {
		if name == systems.NameHunger {
			assert.IsType(t, &nethack.Hunger{}, nh.Scheduler().Get(name), "hunger replaced")
			continue
		}
		assert.Equal(t, reflect.TypeOf(standard.Get(name)), reflect.TypeOf(nh.Scheduler().Get(name)), "%s kept", name)
	}

	_, err = sim.New(sim.Config{Seed: 1, Rules: "angband"})
	assert.ErrorContains(t, err, "known: cog, nethack")
}

func TestNetHackHungerStatesAtTheirBoundaries(t *testing.T) {
	cases := []struct {
		start   int
		after   c.HungerState
		word    string
		message string
	}{
		{1002, c.Satiated, "Satiated", ""},
		{1001, c.NotHungry, "", ""},
		{152, c.NotHungry, "", ""},
		{151, c.Hungry, "Hungry", "You are beginning to feel hungry."}, // 150 is Hungry in NetHack
		{52, c.Hungry, "Hungry", ""},
		{51, c.Weak, "Weak", "You are beginning to feel weak."}, // and 50 Weak
		{2, c.Weak, "Weak", ""},
		{1, c.Fainting, "Fainting", "You faint from lack of food."},
	}
	for _, tc := range cases {
		s := nhHungry(t, 1, tc.start)
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
	// The cog rules draw the lines one lower.
	for _, tc := range []struct {
		start int
		after c.HungerState
	}{{151, c.NotHungry}, {51, c.Hungry}} {
		s := hungry(t, tc.start)
		step(s, wait)
		assert.Equal(t, tc.after, nutrition(s).State, "cog rules, start %d", tc.start)
	}
}

func TestNetHackHungerMessagesForTheBetter(t *testing.T) {
	// A Weak cog eating an apple (50) is Hungry again; a Fainting one Weak.
	for _, tc := range []struct {
		start   int
		message string
	}{{40, "This apple is delicious!  You only feel hungry now."}, {-20, "This apple is delicious!  You feel weak now."}} {
		s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3),
			Cog: &sim.ScenarioCog{Nutrition: ptr(tc.start), Inventory: []sim.ScenarioStack{{Kind: "apple"}}}}, nethackRules)
		step(s, c.Primitive{Op: c.OpEat, Letter: 'a'})
		assert.Equal(t, tc.message, message(s), "start %d", tc.start)
	}
}

func TestNetHackFaintOnEnteringFainting(t *testing.T) {
	s := nhHungry(t, 1, 1)
	step(s, wait)
	require.Equal(t, "You faint from lack of food.", message(s))
	assert.Equal(t, 1+10, status(s).ParalysedUntil, "10 + 0/10 ticks from tick 1")
	assert.Contains(t, statusLine(s), "Fainting Para")
	for range 10 {
		step(s, move(c.East))
		require.Equal(t, c.Pos{X: 5, Y: 3}, cog(s), "fainted on tick %d", tick(s))
	}
	step(s, move(c.East))
	assert.Equal(t, c.Pos{X: 6, Y: 3}, cog(s), "awake on tick 12")
}

func TestNetHackNoFaintWhenAlreadyParalysed(t *testing.T) {
	s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3),
		Cog: &sim.ScenarioCog{Nutrition: ptr(1), Paralysed: 5}}, nethackRules)
	step(s, wait)
	assert.Equal(t, c.Fainting, nutrition(s).State)
	assert.Empty(t, message(s), "asleep: it cannot faint")
	assert.Equal(t, 5, status(s).ParalysedUntil)
}

// TestNetHackFaintChanceGrowsAsNutritionFalls: a Fainting cog that is awake
// faints when rn2(20 − d) ≥ 19, d the rounded tenth of its nutrition: 1 in
// 20 at −1 (d = 0), 11 in 30 at −100 (d = −10) — not 1 in 30, as rn2(20 −
// d) = 0 would make it — each time for 10 − d ticks.
func TestNetHackFaintChanceGrowsAsNutritionFalls(t *testing.T) {
	const n = 2000
	for _, tc := range []struct {
		start int // nutrition before the tick
		p     float64
		ticks int
	}{{0, 1.0 / 20, 10}, {-99, 11.0 / 30, 20}} {
		faints := 0
		for seed := uint64(1); seed <= n; seed++ {
			s := nhHungry(t, seed, tc.start)
			step(s, wait)
			require.False(t, s.Done())
			switch message(s) {
			case "You faint from lack of food.":
				faints++
				require.Equal(t, 1+tc.ticks, status(s).ParalysedUntil, "start %d seed %d", tc.start, seed)
			case "":
				require.Zero(t, status(s).ParalysedUntil)
			default:
				t.Fatalf("start %d seed %d: %q", tc.start, seed, message(s))
			}
		}
		// 4.5 standard errors of a binomial of 2000.
		sd := 4.5 * math.Sqrt(tc.p*(1-tc.p)/n)
		assert.InDelta(t, tc.p, float64(faints)/n, sd, "faint chance at %d", tc.start-1)
	}
	assert.Equal(t, 10, nethack.FaintTicks(0))
	assert.Equal(t, 10, nethack.FaintTicks(-4))
	assert.Equal(t, 11, nethack.FaintTicks(-5))
	assert.Equal(t, 36, nethack.FaintTicks(-261))
}

func TestNetHackFaintedCogUsesNutritionSlowly(t *testing.T) {
	// Fainted on tick 1 for ticks 2…11: nutrition goes on falling at 1 in
	// 10 a tick only.
	const n = 300
	used := 0
	for seed := uint64(1); seed <= n; seed++ {
		s := nhHungry(t, seed, 1)
		step(s, wait)
		require.Equal(t, 11, status(s).ParalysedUntil)
		waitN(s, 10)
		used += 0 - nutrition(s).Value
	}
	share := float64(used) / (10 * n)
	assert.InDelta(t, 0.1, share, 0.04, "nutrition used per fainted tick")
}

func TestNetHackStarvationBelowMinus200(t *testing.T) {
	// At −200 (−(100 + 10 × Con 10)) the cog lives, fainting or not.
	for seed := uint64(1); seed <= 300; seed++ {
		s := nhHungry(t, seed, -100)
		setNutrition(s, -199)
		step(s, wait)
		require.Equal(t, -200, nutrition(s).Value)
		require.False(t, s.Done(), "seed %d: dead at −200", seed)
	}
	// At −201 it starves unless it faints instead: rn2(40) ≥ 19 faints,
	// 21 in 40.
	const n = 1000
	deaths := 0
	for seed := uint64(1); seed <= n; seed++ {
		s := nhHungry(t, seed, -100)
		setNutrition(s, -200)
		step(s, wait)
		if s.Done() {
			deaths++
			require.Equal(t, "starvation", s.Result().Cause)
			require.Equal(t, "You die from starvation.", message(s))
		} else {
			require.Equal(t, "You faint from lack of food.", message(s), "seed %d", seed)
			require.Equal(t, 1+30, status(s).ParalysedUntil, "10 + 201/10 ticks")
		}
	}
	assert.InDelta(t, 19.0/40, float64(deaths)/n, 0.07, "starvation share at −201")
}

// nhEat is a Satiated cog at nutrition n eating food b of kind food.
func nhEat(t testing.TB, seed uint64, n int, food string, opts ...func(*sim.Config)) *sim.Sim {
	s := startWith(t, seed, sim.Scenario{Map: withCog(hall, 5, 3),
		Cog: &sim.ScenarioCog{Nutrition: ptr(n), Inventory: []sim.ScenarioStack{{Kind: "dagger", Wielded: true}, {Kind: food}}}}, opts...)
	step(s, c.Primitive{Op: c.OpEat, Letter: 'b'})
	return s
}

func TestNetHackChokingVomitsOneTimeIn20(t *testing.T) {
	const n = 2000
	vomits := 0
	for seed := uint64(1); seed <= n; seed++ {
		s := nhEat(t, seed, 1200, "food ration", nethackRules) // 1200 + 800 = 2000
		if s.Done() {
			require.Equal(t, "choked on a food ration", s.Result().Cause)
			require.Equal(t, "This food ration is delicious!  You choke over your food.  You die...", message(s))
			continue
		}
		vomits++
		require.Equal(t, "This food ration is delicious!  You choke over your food.  You stuff yourself and then vomit voluminously.", message(s))
		require.Equal(t, 2000-1000-1, nutrition(s).Value, "seed %d", seed)
		require.Equal(t, c.NotHungry, nutrition(s).State)
	}
	assert.InDelta(t, 1.0/20, float64(vomits)/n, 4.5*math.Sqrt(0.05*0.95/n), "vomit share")
}

func TestNetHackChokingBoundaries(t *testing.T) {
	// Below 2000: no choking.
	s := nhEat(t, 1, 1199, "food ration", nethackRules)
	assert.False(t, s.Done())
	assert.Equal(t, "This food ration is delicious!", message(s))
	assert.Equal(t, 1998, nutrition(s).Value)

	// Any food: an apple to exactly 2000 chokes too.
	died := false
	for seed := uint64(1); seed <= 20 && !died; seed++ {
		s := nhEat(t, seed, 1950, "apple", nethackRules)
		if s.Done() {
			died = true
			assert.Equal(t, "choked on an apple", s.Result().Cause)
		}
	}
	assert.True(t, died, "an apple to 2000 chokes")

	// Only a cog Satiated when the meal began chokes.
	s = startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3),
		Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "food ration"}}}}, nethackRules)
	*nutrition(s) = c.Nutrition{Value: 1500, State: c.NotHungry}
	step(s, c.Primitive{Op: c.OpEat, Letter: 'a'})
	assert.False(t, s.Done())
	assert.Equal(t, "This food ration is delicious!", message(s))

	// No meal, no choking: a silly thing to eat, or no such letter.
	s = nhEat(t, 1, 1999, "dagger", nethackRules)
	assert.Equal(t, "That is a silly thing to eat.", message(s))
	assert.False(t, s.Done())

	// The cog rules have no choking.
	s = nhEat(t, 1, 1200, "food ration")
	assert.False(t, s.Done())
	assert.Equal(t, 1999, nutrition(s).Value)
}

func TestNetHackMeleeCostsNutrition(t *testing.T) {
	kick := c.Primitive{Op: c.OpKick, Dir: c.East}
	for _, tc := range []struct {
		name  string
		p     c.Primitive
		rules func(*sim.Config)
		used  int
	}{
		{"attack, nethack", move(c.East), nethackRules, 2},
		{"kick a monster, nethack", kick, nethackRules, 2},
		{"attack, cog", move(c.East), func(*sim.Config) {}, 1},
		{"kick a monster, cog", kick, func(*sim.Config) {}, 1},
	} {
		s := duel(1, "jackal", 1000, nil, frozenMonsters, tc.rules)
		step(s, tc.p)
		require.Regexp(t, "You (hit|miss) the jackal", message(s), tc.name)
		assert.Equal(t, 900-tc.used, nutrition(s).Value, tc.name)
	}

	// Kicking empty space, or being attacked, costs nothing extra.
	s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)}, nethackRules)
	step(s, kick)
	assert.Equal(t, "You kick at empty space.", message(s))
	assert.Equal(t, 899, nutrition(s).Value)

	s = duel(1, "jackal", 1000, &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100)}, nethackRules)
	bitten := false
	for range 20 {
		before := nutrition(s).Value
		step(s, wait)
		require.Equal(t, before-1, nutrition(s).Value)
		bitten = bitten || message(s) == "The jackal bites!" || message(s) == "The jackal misses."
	}
	assert.True(t, bitten, "the jackal attacked")
}

// TestNetHackRulesKeepTheOtherStreams: the nethack hunger and choking draw
// from their own streams (§18), so while the hunger rules agree
// (nutrition well above 150) an episode plays exactly as under the cog
// rules. (The nethack swing changes which blows land.)
func TestNetHackRulesKeepTheOtherStreams(t *testing.T) {
	replies := []string{"e e e e s s s s", "w w w w n n n n", "se se se nw nw", "search*5 e e", "s s s s w w w"}
	for seed := uint64(1); seed <= 10; seed++ {
		cog, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		nh, err := sim.New(sim.Config{Seed: seed, Mechanics: []string{nethack.NameHunger, nethack.NameChoking}})
		require.NoError(t, err)
		require.Equal(t, string(cog.Observe()), string(nh.Observe()))
		for turn := range 15 {
			r := replies[turn%len(replies)]
			cog.Turn(r)
			nh.Turn(r)
			require.Equal(t, string(cog.Observe()), string(nh.Observe()), "seed %d turn %d", seed, turn)
		}
	}
}

// TestNetHackAttackerIsHungryAt150InTheSameTick: at 152 a cog that
// attacks uses 1 for the tick and 1 for the blow, and at 150 NetHack
// calls it Hungry at once.
func TestNetHackAttackerIsHungryAt150InTheSameTick(t *testing.T) {
	sc := sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Nutrition: ptr(152)},
		Monsters: []sim.ScenarioThing{{At: []int{6, 3}, Species: "newt", HP: 1000}}}
	s := startWith(t, 1, sc, nethackRules)
	step(s, move(c.East))
	require.Regexp(t, "You (hit|miss) the newt", message(s))
	assert.Equal(t, 150, nutrition(s).Value)
	assert.Equal(t, c.Hungry, nutrition(s).State)
	assert.Contains(t, statusLine(s), " Hungry")
	assert.Contains(t, message(s), "You are beginning to feel hungry.")
}

// TestNetHackAttackToZeroFaintsInThatTick: at 2 the tick takes 1 and the
// blow the last; the cog faints in that tick and its next blow is lost.
func TestNetHackAttackToZeroFaintsInThatTick(t *testing.T) {
	s := duel(1, "jackal", 1000, &sim.ScenarioCog{Nutrition: ptr(2)}, frozenMonsters, nethackRules)
	step(s, move(c.East))
	require.Regexp(t, "You (hit|miss) the jackal", message(s))
	assert.Contains(t, message(s), "You faint from lack of food.")
	assert.Equal(t, 0, nutrition(s).Value)
	assert.Equal(t, 1+10, status(s).ParalysedUntil, "fainted in tick 1 for 10 ticks")
	hpAfterOne := monsterHP(s)
	step(s, move(c.East))
	assert.NotRegexp(t, "You (hit|miss)", message(s), "no second attack")
	assert.Equal(t, hpAfterOne, monsterHP(s))
}

// TestNetHackSleepDigestsOneTickIn10: a cog asleep from a potion of
// sleeping uses nutrition at 1 in 10 a tick.
func TestNetHackSleepDigestsOneTickIn10(t *testing.T) {
	const n = 300
	used := 0
	for seed := uint64(1); seed <= n; seed++ {
		s := startWith(t, seed, sim.Scenario{Map: withCog(hall, 5, 3),
			Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "potion of sleeping"}}}}, nethackRules)
		step(s, c.Primitive{Op: c.OpQuaff, Letter: 'a'})
		require.Equal(t, "You fall asleep.", message(s))
		require.Equal(t, 1+10, status(s).ParalysedUntil)
		before := nutrition(s).Value
		waitN(s, 10) // asleep on ticks 2…11
		asleep := nutrition(s).Value
		used += before - asleep
		step(s, wait) // awake on tick 12: the full point
		require.Equal(t, asleep-1, nutrition(s).Value, "seed %d: awake", seed)
	}
	share := float64(used) / (10 * n)
	assert.InDelta(t, 0.1, share, 4.5*math.Sqrt(0.09/(10*n)), "nutrition used per asleep tick")
}

// TestNetHackFloatingEyeParalysisIsNotSleep: frozen by the floating eye's
// gaze, the cog digests every tick.
func TestNetHackFloatingEyeParalysisIsNotSleep(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := duel(seed, "floating eye", 1000, nil, nethackRules)
		step(s, move(c.East))
		require.Contains(t, message(s), "You are frozen by the floating eye's gaze!")
		require.Equal(t, 900-2, nutrition(s).Value, "the tick and the blow")
		require.Equal(t, 1+12, status(s).ParalysedUntil)
		waitN(s, 12)
		require.Equal(t, 900-2-12, nutrition(s).Value, "seed %d: full digestion while frozen", seed)
	}
}

// nethackSwing is NetHack's chance to hit: tmp > rnd(20), so (tmp − 1)/20.
func nethackSwing(tmp int) float64 { return float64(min(max(tmp-1, 0), 20)) / 20 }

// TestNetHackCogHitRateFollowsTheFormula: tmp = 1 + AC + xlevel + weapon
// bonus, +4 against a monster that cannot move (speed 0), with no Weak
// penalty; monsters keep the cog rules' roll.
func TestNetHackCogHitRateFollowsTheFormula(t *testing.T) {
	cases := []struct {
		name    string
		species string
		cog     *sim.ScenarioCog
		p       float64
	}{
		{"dagger (+1) at xlevel 1 vs jackal AC 7", "jackal", nil, nethackSwing(1 + 7 + 1 + 1)},
		{"long sword (+0) vs giant ant AC 3", "giant ant", &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "long sword", Wielded: true}}}, nethackSwing(1 + 3 + 1 + 0)},
		{"Weak: no penalty, dagger vs giant ant", "giant ant", &sim.ScenarioCog{Nutrition: ptr(30)}, nethackSwing(1 + 3 + 1 + 1)},
		{"dagger vs the floating eye (speed 0): +4", "floating eye", nil, nethackSwing(1 + 9 + 1 + 1 + 4)},
		{"long sword vs the floating eye: +4", "floating eye", &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "long sword", Wielded: true}}}, nethackSwing(1 + 9 + 1 + 0 + 4)},
	}
	const n = 2000
	for _, tc := range cases {
		hits := 0
		for seed := uint64(1); seed <= n; seed++ {
			s := duel(seed, tc.species, 1000, tc.cog, frozenMonsters, nethackRules)
			step(s, move(c.East))
			switch {
			case strings.HasPrefix(message(s), "You hit the "+tc.species+"."):
				hits++
			case strings.HasPrefix(message(s), "You miss the "+tc.species+"."):
			default:
				t.Fatalf("%s: unexpected message %q", tc.name, message(s))
			}
		}
		assert.InDelta(t, tc.p, float64(hits)/n, within4σ(tc.p, n), tc.name)
	}

	// Monsters keep §7's roll: a jackal hits the cog (AC 7) at (6 + 7)/20.
	hits := 0
	for seed := uint64(1); seed <= n; seed++ {
		s := duel(seed, "jackal", 5, &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100)}, nethackRules)
		for s.State().Movement.Get(s.State().Roster.List[0]).Actions == 0 || tick(s) == 0 {
			step(s, wait)
		}
		if message(s) == "The jackal bites!" {
			hits++
		}
	}
	assert.InDelta(t, 13.0/20, float64(hits)/n, within4σ(13.0/20, n), "jackal vs the cog")
}

// TestNetHackTrappedCogSwingsAtMinus3: in a pit the cog's tmp loses 3.
func TestNetHackTrappedCogSwingsAtMinus3(t *testing.T) {
	const n = 2000
	p := nethackSwing(1 + 7 + 1 + 1 - 3)
	hits := 0
	for seed := uint64(1); seed <= n; seed++ {
		s := duel(seed, "jackal", 1000, nil, frozenMonsters, nethackRules)
		status(s).TrappedUntil = 5
		step(s, move(c.East))
		switch message(s) {
		case "You hit the jackal.":
			hits++
		case "You miss the jackal.":
		default:
			t.Fatalf("unexpected message %q", message(s))
		}
	}
	assert.InDelta(t, p, float64(hits)/n, within4σ(p, n), "dagger vs jackal from a pit")
}
