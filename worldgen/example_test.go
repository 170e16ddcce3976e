package worldgen_test

import (
	"fmt"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/worldgen"
)

func ExamplePlan() {
	d := worldgen.Plan(42)
	fmt.Println("Oracle at depth", d.OracleDepth, "- Rogue level at depth", d.RogueDepth)
	// Output:
	// Oracle at depth 5 - Rogue level at depth 6
}

func ExampleGenerator_Generate() {
	var g worldgen.Generator
	var lvl components.Level
	pop := g.Generate(42, 1, &lvl)
	fmt.Println(len(lvl.Rooms), "rooms,", len(pop.Monsters), "monsters,", len(pop.Traps), "trap")
	fmt.Println("stairs reachable:", worldgen.Reachable(&lvl, lvl.Arrival, lvl.Stairs))
	// Output:
	// 8 rooms, 3 monsters, 1 trap
	// stairs reachable: true
}
