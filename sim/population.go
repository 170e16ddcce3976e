package sim

import (
	"slices"

	arche "github.com/mlange-42/arche/ecs"

	"github.com/cogsim/cogsim/worldgen"
)

// Population is what is on the current level, read back from the world
// in creation order — monsters, floor items (the level's own, then what
// the mechanics' Populate hooks placed) and traps — as the generator
// describes a level (cogsim gen).
func (e *State) Population() *worldgen.Population {
	pop := &worldgen.Population{}
	for _, m := range e.Roster.List {
		pop.Monsters = append(pop.Monsters, worldgen.MonsterSpawn{
			Species: e.Monster.Get(m).Species, At: *e.Pos.Get(m), HP: e.Health.Get(m).HP})
	}
	items := e.FloorItems(nil)
	slices.SortFunc(items, func(a, b arche.Entity) int { return e.Item.Get(a).Serial - e.Item.Get(b).Serial })
	for _, it := range items {
		item := e.Item.Get(it)
		pop.Items = append(pop.Items, worldgen.ItemSpawn{Kind: item.Kind, Count: item.Count, At: *e.Pos.Get(it)})
	}
	for _, t := range e.Traps(nil) {
		pop.Traps = append(pop.Traps, worldgen.TrapSpawn{Kind: e.Trap.Get(t).Kind, At: *e.Pos.Get(t)})
	}
	return pop
}
