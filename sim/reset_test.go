package sim_test

import (
	"testing"

	"github.com/cogsim/cogsim/internal/tally"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResetIsANewEpisode: a Sim reset to a seed plays exactly the episode
// a new Sim of that seed plays — every observation, the result, and the
// snapshot bytes at the start and the end — whatever it played before.
func TestResetIsANewEpisode(t *testing.T) {
	script := []string{"e e e s s", "search*3 w w", "n n n e", "se se se se", "kick e", "w*5 s*2", ", i", "eat b", "> e"}
	play := func(s *sim.Sim) (obs []string, start, end string) {
		b, err := s.Snapshot().MarshalBinary()
		require.NoError(t, err)
		start = string(b)
		for i := 0; !s.Done(); i++ {
			s.Turn(script[i%len(script)])
			obs = append(obs, string(s.Observe()))
		}
		b, err = s.Snapshot().MarshalBinary()
		require.NoError(t, err)
		return obs, start, string(b)
	}
	for _, cfg := range []sim.Config{
		{Rules: "cog"}, {Rules: "nethack", Mechanics: []string{tally.Name}}, {Rules: "rogue", Mechanics: []string{"yellow-mold"}},
	} {
		reused := mustNew(t, sim.Config{Seed: 99, Rules: cfg.Rules, Mechanics: cfg.Mechanics})
		reused.Turn("e e e")
		for seed := uint64(1); seed <= 8; seed++ {
			cfg.Seed = seed
			fresh := mustNew(t, cfg)
			wantObs, wantStart, wantEnd := play(fresh)
			require.NoError(t, reused.Reset(seed))
			assert.Equal(t, seed, reused.Config().Seed)
			gotObs, gotStart, gotEnd := play(reused)
			require.Equal(t, wantStart, gotStart, "%s seed %d: the start", cfg.Rules, seed)
			require.Equal(t, wantObs, gotObs, "%s seed %d: every observation", cfg.Rules, seed)
			require.Equal(t, wantEnd, gotEnd, "%s seed %d: the end", cfg.Rules, seed)
			assert.Equal(t, fresh.Result(), reused.Result())
		}
	}
}

func BenchmarkReset(b *testing.B) {
	s, err := sim.New(sim.Config{Seed: 1, Setup: sim.WithoutInvariants})
	require.NoError(b, err)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := s.Reset(uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}
