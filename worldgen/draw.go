package worldgen

import (
	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// DrawSpecies draws, from s, a species a level of depth may be populated
// with (§9): by weight among the species rows active with the installed
// mechanics named in active (§27.5) whose gen range holds depth, in table
// order, as the level's own population is drawn. It reports false, having
// drawn nothing, when no such species exists. It allocates nothing.
func DrawSpecies(s *ecs.Stream, active []string, depth int) (components.SpeciesID, bool) {
	total := 0
	for i := range components.Species {
		if sp := &components.Species[i]; components.ActiveIn(sp.Mechanic, active) && generated(sp, depth) {
			total += sp.Weight
		}
	}
	if total == 0 {
		return 0, false
	}
	r := s.Rn2(total)
	for i := range components.Species {
		sp := &components.Species[i]
		if !components.ActiveIn(sp.Mechanic, active) || !generated(sp, depth) {
			continue
		}
		if r < sp.Weight {
			return components.SpeciesID(i), true
		}
		r -= sp.Weight
	}
	panic("worldgen: species weights changed under DrawSpecies")
}
