package rogue

import (
	"testing"

	"github.com/stretchr/testify/assert"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
)

// TestHungerState: Rogue's lines are "below 300" and "below 150"; there
// is no Satiated.
func TestHungerState(t *testing.T) {
	for n, want := range map[int]c.HungerState{
		2000: c.NotHungry, 300: c.NotHungry, 299: c.Hungry, 150: c.Hungry,
		149: c.Weak, 1: c.Weak, 0: c.Fainting, -851: c.Fainting,
	} {
		assert.Equal(t, want, HungerState(n), "nutrition %d", n)
	}
}

// TestSwingEdges: rn2(20) + bonus ≥ 20 − level − AC always hits at a sum
// of 20 and never at 0.
func TestSwingEdges(t *testing.T) {
	rng := ecs.NewStream(1, "test")
	for range 200 {
		assert.True(t, Swing(rng, systems.SwingRoll{Level: 10, AC: 10}))
		assert.False(t, Swing(rng, systems.SwingRoll{Level: 0, AC: 0}))
		assert.False(t, Swing(rng, systems.SwingRoll{Level: -2, HitBonus: 1, AC: 1}))
	}
}
