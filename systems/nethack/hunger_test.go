package nethack

import (
	"testing"

	"github.com/stretchr/testify/assert"

	c "github.com/cogsim/cogsim/components"
)

// TestHungerState: NetHack's lines (above 1000, 150, 50, 0) are the
// cog rules' (§6) except at 150 and 50, one state worse.
func TestHungerState(t *testing.T) {
	for _, tc := range []struct {
		n        int
		nethack  c.HungerState
		cogRules c.HungerState
	}{
		{1001, c.Satiated, c.Satiated},
		{1000, c.NotHungry, c.NotHungry},
		{151, c.NotHungry, c.NotHungry},
		{150, c.Hungry, c.NotHungry},
		{51, c.Hungry, c.Hungry},
		{50, c.Weak, c.Hungry},
		{1, c.Weak, c.Weak},
		{0, c.Fainting, c.Fainting},
		{-300, c.Fainting, c.Fainting},
	} {
		assert.Equal(t, tc.nethack, HungerState(tc.n), "%d", tc.n)
		assert.Equal(t, tc.cogRules, c.HungerStateOf(tc.n), "%d", tc.n)
	}
}

// TestFaintTicks: 10 ticks plus a tenth of the deficit, rounded half away
// from zero (NetHack's sgn(n)·((|n| + 5) / 10)).
func TestFaintTicks(t *testing.T) {
	for n, want := range map[int]int{0: 10, -4: 10, -5: 11, -14: 11, -15: 12, -100: 20, -261: 36} {
		assert.Equal(t, want, FaintTicks(n), "nutrition %d", n)
	}
	var h Stomach
	h.Constitution = Constitution
	assert.Equal(t, -200, h.StarvesBelow())
}
