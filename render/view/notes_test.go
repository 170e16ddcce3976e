package view_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLookSaysAMonsterIsSlowed: look adds the mechanics' notes to a
// monster's name: a jackal a wand slowed is "a jackal, slowed" (§33),
// the other jackal stays "a jackal".
func TestLookSaysAMonsterIsSlowed(t *testing.T) {
	sc := sim.Scenario{Name: "slowed", Depth: 3, Lit: ptr(true),
		Map: []string{"", " -------", " |.@...|", " |.....|", " -------"},
		Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "wand of slow monster", Spe: ptr[int32](4)}}},
		Monsters: []sim.ScenarioThing{{At: []int{6, 2}, Species: "floating eye", HP: 50},
			{At: []int{6, 3}, Species: "floating eye", HP: 50}}}
	s, err := sim.New(sim.Config{Seed: 1, Scenario: &sc, Mechanics: []string{wands.Name}})
	require.NoError(t, err)
	p := view.NewPlay(s, view.PlayOptions{})
	assert.Equal(t, "a floating eye", p.Describe(c.Pos{X: 6, Y: 2}))
	s.Turn("zap a e")
	assert.Equal(t, "a floating eye, slowed", p.Describe(c.Pos{X: 6, Y: 2}))
	assert.Equal(t, "a floating eye", p.Describe(c.Pos{X: 6, Y: 3}))
}
