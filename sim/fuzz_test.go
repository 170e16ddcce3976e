package sim_test

import (
	"testing"

	"github.com/cogsim/cogsim/sim"
)

// FuzzParseScenario: no scenario file crashes the loader, and every file
// it accepts starts an episode that runs a turn.
func FuzzParseScenario(f *testing.F) {
	f.Add([]byte(specExample))
	f.Add([]byte(`{"map": ["", " ----", " |@.|", " ----"]}`))
	f.Add([]byte(`{"map": ["", " -----", " |@.>|", " -----"], "depth": 4, "cog": {"hp": 3}}`))
	f.Add([]byte(`{"map": ["", " ---", " |@+#", " ---"], "doors": [{"at": [3, 2], "state": "secret"}]}`))
	f.Add([]byte(`{"map": ["", " |@F^}S'+#.", " |r!$%)[O:"], "lit": false, "traps": [{"at": [4,1], "kind": "pit"}]}`))
	f.Add([]byte("\x00\xff{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := sim.ParseScenario(data)
		if err != nil {
			return
		}
		s, err := sim.New(sim.Config{Seed: 1, Scenario: sc, Invariants: true})
		if err != nil {
			return
		}
		s.Turn("e s w n search , >")
	})
}
