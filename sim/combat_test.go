package sim_test

import (
	"regexp"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// duel puts the cog at (5, 3) and one monster east of it at (6, 3).
func duel(seed uint64, species string, mhp int, cg *sim.ScenarioCog, opts ...func(*sim.Config)) *sim.Sim {
	sc := sim.Scenario{Name: "duel", Map: withCog(hall, 5, 3), Cog: cg,
		Monsters: []sim.ScenarioThing{{At: []int{6, 3}, Species: species, HP: mhp}}}
	cfg := sim.Config{Seed: seed, Scenario: &sc}
	for _, o := range opts {
		o(&cfg)
	}
	s, err := sim.New(cfg)
	if err != nil {
		panic(err)
	}
	return s
}

// frozenMonsters keeps monsters from acting, to watch the cog's attacks.
var frozenMonsters = disable("movement-points", "ai")

func TestCogHitRateFollowsTheFormula(t *testing.T) {
	// Hit iff d20 + bonus + AC ≥ 15, so P = (6 + bonus + AC) / 20.
	cases := []struct {
		name    string
		species string
		cog     *sim.ScenarioCog
		p       float64
	}{
		{"dagger (+1) at xlevel 1 vs jackal AC 7", "jackal", nil, (6 + 2 + 7) / 20.0},
		{"long sword (+0) vs giant ant AC 3", "giant ant", &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "long sword", Wielded: true}}}, (6 + 1 + 3) / 20.0},
		{"unarmed vs kobold AC 10", "kobold", &sim.ScenarioCog{Inventory: []sim.ScenarioStack{}}, (6 + 1 + 10) / 20.0},
		{"Weak: −2, dagger vs giant ant", "giant ant", &sim.ScenarioCog{Nutrition: ptr(30)}, (6 + 0 + 3) / 20.0},
		{"xlevel 3 (40 xp), dagger vs giant ant", "giant ant", &sim.ScenarioCog{XPPoints: ptr(40)}, (6 + 4 + 3) / 20.0},
	}
	const n = 2000
	for _, tc := range cases {
		hits := 0
		for seed := uint64(1); seed <= n; seed++ {
			s := duel(seed, tc.species, 1000, tc.cog, frozenMonsters)
			s.Turn("e")
			switch message(s) {
			case "You hit the " + tc.species + ".":
				hits++
			case "You miss the " + tc.species + ".":
			default:
				t.Fatalf("%s: unexpected message %q", tc.name, message(s))
			}
		}
		// 4.5 σ of a binomial of 2000.
		assert.InDelta(t, tc.p, float64(hits)/n, 0.05, tc.name)
	}
}

func TestMonsterHitRateFollowsTheFormula(t *testing.T) {
	cases := []struct {
		species string
		cog     *sim.ScenarioCog
		p       float64
	}{
		{"jackal", &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100)}, (6 + 0 + 7) / 20.0},
		{"giant ant", &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100), Inventory: []sim.ScenarioStack{{Kind: "plate mail", Worn: true}}}, (6 + 2 + 3) / 20.0},
		{"hill orc", &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100), Inventory: []sim.ScenarioStack{}}, (6 + 2 + 9) / 20.0},
	}
	const n = 2000
	for _, tc := range cases {
		hits := 0
		verb := c.SpeciesByName(tc.species).Info().Verb
		for seed := uint64(1); seed <= n; seed++ {
			s := duel(seed, tc.species, 5, tc.cog)
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
		assert.InDelta(t, tc.p, float64(hits)/n, 0.05, tc.species)
	}
}

func TestDamageIsOnePlusRndOfTheDie(t *testing.T) {
	cases := []struct {
		name     string
		cog      *sim.ScenarioCog
		reply    string
		min, max int
	}{
		{"dagger d4", nil, "e", 2, 5},
		{"long sword d8", &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "long sword", Wielded: true}}}, "e", 2, 9},
		{"unarmed d2", &sim.ScenarioCog{Inventory: []sim.ScenarioStack{}}, "e", 2, 3},
		{"kick d2", nil, "kick e", 2, 3},
	}
	for _, tc := range cases {
		seen := map[int]int{}
		for seed := uint64(1); seed <= 600; seed++ {
			s := duel(seed, "kobold", 100, tc.cog, frozenMonsters)
			s.Turn(tc.reply)
			if d := 100 - monsterHP(s); d > 0 {
				seen[d]++
			}
		}
		for d := range seen {
			assert.True(t, d >= tc.min && d <= tc.max, "%s: damage %d out of %d…%d", tc.name, d, tc.min, tc.max)
		}
		assert.Len(t, seen, tc.max-tc.min+1, "%s: every value occurs", tc.name)
	}
	// Monsters: 1 + rnd(die); the lichen's die 0 does no damage.
	seen := map[int]bool{}
	for seed := uint64(1); seed <= 400; seed++ {
		s := duel(seed, "sewer rat", 5, &sim.ScenarioCog{HP: ptr(50), MaxHP: ptr(50)})
		step(s, wait)
		if d := 50 - hp(s); d > 0 {
			seen[d] = true
		}
	}
	assert.Equal(t, map[int]bool{2: true, 3: true, 4: true}, seen, "sewer rat d3")
}

func TestAKillAwardsXPAndLevelsUp(t *testing.T) {
	s := seedWhere(t, func(seed uint64) *sim.Sim {
		return duel(seed, "jackal", 1, &sim.ScenarioCog{XPPoints: ptr(19)}, frozenMonsters)
	}, func(s *sim.Sim) bool { s.Turn("e"); return s.State().Experience.Get(s.State().Run.Cog).Points == 20 })
	m := regexp.MustCompile(`^You kill the jackal!  Welcome to experience level 2\.$`)
	assert.Regexp(t, m, message(s))
	assert.Contains(t, statusLine(s), "Xp:2/20")
	gain := maxHP(s) - 16
	assert.True(t, gain >= 2 && gain <= 9, "maxHp gains 1 + rnd(8): %d", gain)
	assert.Equal(t, 16+gain, hp(s), "hp gains the same")
	_, alive := monsterAt(s, c.Pos{X: 6, Y: 3})
	assert.False(t, alive, "the jackal is removed")
	assert.Equal(t, "first-kill", s.Result().Deeds[0].Name)
}

func TestXLevelThresholds(t *testing.T) {
	want := map[int]int{0: 1, 19: 1, 20: 2, 39: 2, 40: 3, 80: 4, 160: 5, 320: 6, 640: 7, 1279: 7, 1280: 8, 99999: 8}
	for xp, lvl := range want {
		assert.Equal(t, lvl, c.XLevelFor(xp), "xp %d", xp)
	}
}

func TestLevelUpDeedsAtThreeAndFive(t *testing.T) {
	s := seedWhere(t, func(seed uint64) *sim.Sim {
		return duel(seed, "gnome lord", 1, &sim.ScenarioCog{XPPoints: ptr(150)}, frozenMonsters)
	}, func(s *sim.Sim) bool { s.Turn("e"); return s.State().Experience.Get(s.State().Run.Cog).Level == 5 })
	names := []string{}
	for _, d := range s.Result().Deeds {
		names = append(names, d.Name)
	}
	assert.Equal(t, []string{"first-kill", "xlevel-5"}, names, "xlevel-3 was passed before the episode")
}

func TestTheCogDiesAtZeroHP(t *testing.T) {
	s := seedWhere(t, func(seed uint64) *sim.Sim {
		return duel(seed, "jackal", 5, &sim.ScenarioCog{HP: ptr(1)})
	}, func(s *sim.Sim) bool { s.Turn("s"); return s.Done() })
	assert.Equal(t, "killed by a jackal", s.Result().Cause)
	assert.Equal(t, "The jackal bites!  You die...", message(s))
	assert.Equal(t, 1, tick(s))
	assert.LessOrEqual(t, hp(s), 0)
}

func TestTheFloatingEyeParalysesFor12TicksHitMissOrKill(t *testing.T) {
	for _, want := range []string{"hit", "miss", "kill"} {
		mhp := 100
		if want == "kill" {
			mhp = 1
		}
		s := seedWhere(t, func(seed uint64) *sim.Sim {
			return duel(seed, "floating eye", mhp, nil)
		}, func(s *sim.Sim) bool {
			step(s, move(c.East))
			return regexp.MustCompile(`^You ` + want).MatchString(message(s))
		})
		assert.Contains(t, message(s), "You are frozen by the floating eye's gaze!", want)
		assert.Contains(t, statusLine(s), "Para")
		start := cog(s)
		for i := 0; i < 12; i++ {
			step(s, move(c.West))
			require.Equal(t, start, cog(s), "%s: paralysed on tick %d", want, tick(s))
		}
		assert.NotContains(t, statusLine(s), "Para", want)
		step(s, move(c.West))
		assert.Equal(t, start.X-1, cog(s).X, "%s: moves again on tick 14", want)
	}
}

func TestALichenHitHoldsTheCogForExactlyThreeTicks(t *testing.T) {
	// A lichen (speed 1) acts on tick 12.
	s := seedWhere(t, func(seed uint64) *sim.Sim { return duel(seed, "lichen", 100, nil) },
		func(s *sim.Sim) bool { waitN(s, 12); return message(s) == "The lichen touches you!" })
	assert.Equal(t, 16, hp(s), "a lichen does no damage")
	assert.Contains(t, statusLine(s), "Stuck")
	for i := 0; i < 3; i++ {
		step(s, move(c.West))
		require.Equal(t, "You cannot escape from the lichen!", message(s), "tick %d", tick(s))
		require.Equal(t, c.Pos{X: 5, Y: 3}, cog(s))
	}
	step(s, move(c.West))
	assert.Equal(t, c.Pos{X: 4, Y: 3}, cog(s), "free on the 4th tick")
}

func TestStuckEndsWhenTheLichenDies(t *testing.T) {
	s := seedWhere(t, func(seed uint64) *sim.Sim { return duel(seed, "lichen", 1, nil) },
		func(s *sim.Sim) bool {
			waitN(s, 12)
			if message(s) != "The lichen touches you!" {
				return false
			}
			step(s, move(c.East))
			return message(s) == "You kill the lichen!"
		})
	step(s, move(c.West))
	assert.Equal(t, c.Pos{X: 4, Y: 3}, cog(s))
}

func TestWhileStuckTheCogMayStillAttack(t *testing.T) {
	s := seedWhere(t, func(seed uint64) *sim.Sim { return duel(seed, "lichen", 100, nil) },
		func(s *sim.Sim) bool { waitN(s, 12); return message(s) == "The lichen touches you!" })
	step(s, move(c.East))
	assert.Regexp(t, `^You (hit|miss) the lichen\.$`, message(s))
}

func TestKickingAMonsterIsAnAttack(t *testing.T) {
	s := duel(1, "kobold", 100, nil, frozenMonsters)
	s.Turn("kick e")
	assert.Regexp(t, `^You (hit|miss) the kobold\.$`, message(s))
}

func TestTheOracleCannotBeAttacked(t *testing.T) {
	s := duel(1, "Oracle", 0, nil)
	s.Turn("kick e")
	assert.Equal(t, "You stop. The Oracle is in your way.", message(s))
	waitN(s, 30)
	assert.Equal(t, 16, hp(s), "the Oracle never attacks")
	assert.Equal(t, c.Pos{X: 6, Y: 3}, monsters(s)[0], "nor moves")
}

func TestMonsterHitPointsAtCreation(t *testing.T) {
	// level × d8, and rnd(4) at level 0 (§7.7): scenario glyphs draw them.
	seen := map[string]map[int]bool{"jackal": {}, "hobbit": {}}
	for seed := uint64(1); seed <= 300; seed++ {
		s := start(t, seed, sim.Scenario{Map: put(put(withCog(hall, 5, 3), 8, 3, 'd'), 8, 5, 'h')})
		for _, m := range s.State().Roster.List {
			name := s.State().Monster.Get(m).Species.Info().Name
			seen[name][s.State().Health.Get(m).HP] = true
		}
	}
	assert.Equal(t, map[int]bool{1: true, 2: true, 3: true, 4: true}, seen["jackal"], "level 0: rnd(4)")
	assert.Len(t, seen["hobbit"], 8, "level 1: 1…8")
}
