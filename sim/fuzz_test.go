package sim_test

import (
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/scenario"
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
		sc, err := scenario.Parse(data)
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

// FuzzSnapshot: no bytes crash the snapshot decoder or FromSnapshot, and
// every snapshot they accept plays a turn.
func FuzzSnapshot(f *testing.F) {
	for _, seed := range []uint64{1, 4} {
		s, err := sim.New(sim.Config{Seed: seed})
		if err != nil {
			f.Fatal(err)
		}
		s.Turn("e*3 s*4")
		b, err := s.Snapshot().MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		// The packed form (§37.7), as another process would read it: a
		// damaged one is not this process's, and is checked.
		if b, err = s.Pack(nil); err != nil {
			f.Fatal(err)
		}
		b[len(b)-1] ^= 1
		f.Add(b)
	}
	f.Add([]byte(`{"format":"cogsim-snapshot","version":3}`))
	f.Add([]byte("\x00{"))
	f.Fuzz(func(t *testing.T, data []byte) {
		snap := &sim.Snapshot{}
		if sim.IsPacked(data) {
			var err error
			if snap, _, err = sim.UnpackSnapshot(data); err != nil {
				return
			}
		} else if snap.UnmarshalBinary(data) != nil {
			return
		}
		s, err := sim.FromSnapshot(snap)
		if err != nil {
			return
		}
		s.Turn("e s w n search , >")
	})
}
