package sim_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheInvariantCheckerCatchesCorruption breaks one invariant at a time
// and expects the checker to stop the tick.
func TestTheInvariantCheckerCatchesCorruption(t *testing.T) {
	corruptions := map[string]func(s *sim.Sim){
		"two creatures": func(s *sim.Sim) {
			e := s.State()
			*e.Pos.Get(e.Roster.List[0]) = e.CogPos()
		},
		"occupancy index": func(s *sim.Sim) {
			s.State().Level.Creatures.Put(c.Pos{X: 3, Y: 2}, s.State().Run.Cog, 'Z')
		},
		"hp": func(s *sim.Sim) {
			e := s.State()
			e.Health.Get(e.Roster.List[0]).HP = 99
		},
		"creature on wall": func(s *sim.Sim) {
			e := s.State()
			e.Level.Terrain[e.CogPos().Index()] = c.HWall
		},
		"memory shows a monster": func(s *sim.Sim) {
			s.State().Level.MemTerrain[c.Pos{X: 40, Y: 15}.Index()] = 'd'
		},
		"item index": func(s *sim.Sim) {
			s.State().Level.FloorItems.Push(c.Pos{X: 4, Y: 4}, '%')
		},
		"pack": func(s *sim.Sim) {
			inv := s.State().Inventory.Get(s.State().Run.Cog)
			inv.Slots[0].Count = 3 // daggers never stack
		},
	}
	for name, corrupt := range corruptions {
		m := put(withCog(wide, 5, 3), 12, 5, 'e')
		s, err := sim.New(sim.Config{Seed: 1, Invariants: true, Scenario: &sim.Scenario{Name: "inv", Map: m}})
		require.NoError(t, err)
		s.Step(wait) // healthy
		corrupt(s)
		assert.Panics(t, func() { s.Step(wait) }, name)
	}
}
