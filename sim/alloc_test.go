package sim_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
)

func TestASteadyTickAllocatesNothing(t *testing.T) {
	// Monsters fighting the cog, moving, the cog searching and walking:
	// once the buffers have grown, a tick allocates nothing.
	m := put(put(put(withCog(wide, 5, 3), 12, 2, 'k'), 14, 5, 'F'), 2, 5, ':')
	s := start(t, 1, sim.Scenario{Map: m, Cog: &sim.ScenarioCog{HP: ptr(1000), MaxHP: ptr(1000)},
		Traps: []sim.ScenarioThing{{At: []int{9, 4}, Kind: "arrow trap", Hidden: ptr(true)}}})
	prims := []c.Primitive{move(c.East), move(c.West), {Op: c.OpSearch}, wait, {Op: c.OpInventory}}
	for i := 0; i < 200; i++ {
		s.Step(prims[i%len(prims)])
	}
	i := 0
	allocs := testing.AllocsPerRun(500, func() {
		s.Step(prims[i%len(prims)])
		i++
	})
	assert.Zero(t, allocs)
}

func TestACommandTurnAllocatesNothing(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		s.Turn("search*10 wait*5")
	}
	allocs := testing.AllocsPerRun(20, func() { s.Turn("search*10 wait*5") })
	assert.Zero(t, allocs)
}
