package sim_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

// script is a fixed list of replies that wanders, searches and descends.
var script = []string{
	"e*8", "s*8 n*8", "w*8 search*3", ",", "se*5 sw*5", "> i", "kick e", "chat w",
	"e e e e n n n n", "wait*40", "x y z", "eat b", "s*20 e*20", "w*20",
}

// play runs an episode of seed with the script, returning every
// observation.
func play(t testing.TB, seed uint64) [][]byte {
	s, err := sim.New(sim.Config{Seed: seed})
	require.NoError(t, err)
	obs := [][]byte{append([]byte(nil), s.Observe()...)}
	for i := 0; !s.Done(); i++ {
		s.Turn(script[i%len(script)])
		obs = append(obs, append([]byte(nil), s.Observe()...))
	}
	return obs
}

func TestTheSameSeedAndRepliesGiveTheSameBytes(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		a, b := play(t, seed), play(t, seed)
		require.Equal(t, len(a), len(b))
		for i := range a {
			require.True(t, bytes.Equal(a[i], b[i]), "seed %d turn %d", seed, i)
		}
	}
	assert.NotEqual(t, play(t, 1)[0], play(t, 2)[0], "different seeds, different levels")
}

func TestEveryObservationIsTwentyLines(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		for _, o := range play(t, seed) {
			lines := bytes.Split(o, []byte("\n"))
			require.Len(t, lines, 20)
			for _, l := range lines[:18] {
				require.Len(t, l, 48)
			}
			require.LessOrEqual(t, len(lines[18]), 200)
		}
	}
}

func TestGoldenObservations(t *testing.T) {
	obs := play(t, 1)
	got := bytes.Join(obs, []byte("\n----\n"))
	path := filepath.Join("testdata", "seed1.golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./sim -run Golden -update to create it")
	assert.Equal(t, string(want), string(got), "observations of seed 1 changed: review, then -update")
}

func TestTheOracleLevelHoldsTheOracle(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		d := worldgen.Plan(seed).OracleDepth
		require.True(t, d >= 3 && d <= 5, "Oracle depth 3 + rn2(3): %d", d)
		// Descend into it from a scenario one level up.
		s := start(t, seed, sim.Scenario{Map: put(withCog(hall, 5, 3), 6, 3, '>'), Depth: d - 1})
		s.Turn("e >")
		require.Equal(t, d, s.State().Level.Depth)
		oracles := 0
		for _, m := range s.State().Roster.List {
			if s.State().Monster.Get(m).Species == c.Oracle {
				oracles++
			}
		}
		assert.Equal(t, 1, oracles, "seed %d", seed)
	}
}
