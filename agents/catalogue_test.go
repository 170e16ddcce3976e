package agents_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateCatalogue = flag.Bool("update", false, "rewrite the golden seed catalogue in testdata/catalogue")

// catalogueRules are the rules variants the catalogue plays, each with its
// results file (the cog rules keep the catalogue's first name).
var catalogueRules = []struct{ rules, file string }{
	{"cog", "results.jsonl"},
	{"rogue", "results-rogue.jsonl"},
}

// TestSeedCatalogue compares seeds 1…50 with the checked-in catalogue:
// the explore agent's result of each under each rules variant in
// catalogueRules, and the first level of each fully revealed. Any change
// to the rules, generation or the agent shows here; review the diff, then
// regenerate with go test ./agents -run Catalogue -update.
func TestSeedCatalogue(t *testing.T) {
	files := map[string][]byte{}
	for _, cr := range catalogueRules {
		var results bytes.Buffer
		for seed := uint64(1); seed <= 50; seed++ {
			a, err := agents.New("explore")
			require.NoError(t, err)
			a.Reset(seed)
			s, err := sim.New(sim.Config{Seed: seed, Agent: "explore", Rules: cr.rules})
			require.NoError(t, err)
			for !s.Done() {
				s.Turn(a.Reply(s.Observe()))
			}
			// The catalogue holds the play, not the engine's name
			// (sim.Fingerprint), which a table change renames.
			res := s.Result()
			res.Engine = ""
			line, err := json.Marshal(res)
			require.NoError(t, err)
			results.Write(append(line, '\n'))
		}
		files[cr.file] = results.Bytes()
	}
	var levels bytes.Buffer
	for seed := uint64(1); seed <= 50; seed++ {
		lvl, pop := worldgen.Generate(seed, 1)
		fmt.Fprintf(&levels, "seed %d\n%s\n\n", seed, worldgen.Reveal(lvl, pop, true))
	}
	files["levels.txt"] = levels.Bytes()
	for name, got := range files {
		path := filepath.Join("testdata", "catalogue", name)
		if *updateCatalogue {
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, got, 0o644))
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err, "go test ./agents -run Catalogue -update creates it")
		assert.Equal(t, string(want), string(got), "%s changed: review the diff, then -update", name)
	}
}
