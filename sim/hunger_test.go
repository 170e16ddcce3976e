package sim_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func hungry(t *testing.T, n int) *sim.Sim {
	return start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Nutrition: ptr(n)}})
}

func TestHungerStateChangesAtItsBoundaries(t *testing.T) {
	cases := []struct {
		start   int
		before  c.HungerState
		after   c.HungerState
		word    string
		message string
	}{
		{1001, c.Satiated, c.NotHungry, "", ""},
		{1002, c.Satiated, c.Satiated, "Satiated", ""},
		{150, c.NotHungry, c.Hungry, "Hungry", "You are beginning to feel hungry."},
		{151, c.NotHungry, c.NotHungry, "", ""},
		{50, c.Hungry, c.Weak, "Weak", "You are beginning to feel weak."},
		{51, c.Hungry, c.Hungry, "Hungry", ""},
		{1, c.Weak, c.Fainting, "Fainting", "You faint from lack of food."},
		{2, c.Weak, c.Weak, "Weak", ""},
	}
	for _, tc := range cases {
		s := hungry(t, tc.start)
		require.Equal(t, tc.before, nutrition(s).State, "start %d", tc.start)
		step(s, wait)
		assert.Equal(t, tc.start-1, nutrition(s).Value, "nutrition falls by 1 a tick")
		assert.Equal(t, tc.after, nutrition(s).State, "start %d", tc.start)
		assert.Equal(t, tc.message, message(s), "start %d", tc.start)
		if tc.word != "" {
			assert.Contains(t, statusLine(s), " "+tc.word, "start %d", tc.start)
		} else {
			for _, w := range []string{"Satiated", "Hungry", "Weak", "Fainting"} {
				assert.NotContains(t, statusLine(s), w)
			}
		}
	}
}

func TestStarvationAtMinus200(t *testing.T) {
	s := hungry(t, -198)
	step(s, wait)
	assert.False(t, s.Done(), "alive at −199")
	step(s, wait)
	require.True(t, s.Done(), "dead at −200")
	assert.Equal(t, "starvation", s.Result().Cause)
	assert.Equal(t, "You die from starvation.", message(s))
}

func TestRegenerationOnEvery12thTick(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{HP: ptr(10)}})
	waitN(s, 11)
	assert.Equal(t, 10, hp(s), "no hp before tick 12")
	waitN(s, 1)
	assert.Equal(t, 11, hp(s), "+1 on tick 12")
	waitN(s, 11)
	assert.Equal(t, 11, hp(s))
	waitN(s, 1)
	assert.Equal(t, 12, hp(s), "+1 on tick 24")
}

func TestNoRegenerationAtFullHP(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	waitN(s, 24)
	assert.Equal(t, 16, hp(s))
	assert.Equal(t, 16, maxHP(s))
}

func TestNoRegenerationWhenWeak(t *testing.T) {
	// Nutrition after tick 12's decrement: 62 → 50 regenerates, 61 → 49
	// (Weak) does not.
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{HP: ptr(5), Nutrition: ptr(62)}})
	waitN(s, 12)
	assert.Equal(t, 6, hp(s), "Hungry at 50 still regenerates")
	s = start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{HP: ptr(5), Nutrition: ptr(61)}})
	waitN(s, 36)
	assert.Equal(t, 5, hp(s), "Weak never regenerates")
}
