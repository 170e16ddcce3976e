package yellowmold_test

import (
	"fmt"
	"strings"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/yellowmold"
)

// Example plays the mechanic: selected by name like --mechanics
// yellow-mold, it stings the cog that hits a mold, and replays and results
// name it with its version.
func Example() {
	sc := sim.Scenario{Name: "mold", Depth: 6,
		Map:      []string{"", " -----", " |@..|", " -----"},
		Monsters: []sim.ScenarioThing{{At: []int{3, 2}, Species: "yellow mold", HP: 50}}}
	s, err := sim.New(sim.Config{Seed: 2, Scenario: &sc, Mechanics: []string{yellowmold.Name}})
	if err != nil {
		panic(err)
	}
	for !strings.Contains(string(s.Observe()), "stung") {
		s.Turn("e")
	}
	fmt.Println(strings.Split(string(s.Observe()), "\n")[18])
	fmt.Println(s.Mechanics())
	// Output:
	// You hit the yellow mold.  You are stung by the yellow mold!
	// [{yellow-mold 1}]
}
