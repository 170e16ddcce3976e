package agents_test

import (
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
)

// BenchmarkExploreReply measures the explorer answering the observations
// of whole episodes (seeds 1…10), without the engine.
func BenchmarkExploreReply(b *testing.B) {
	var episodes [][][]byte
	for seed := uint64(1); seed <= 10; seed++ {
		var obs [][]byte
		play(b, agents.NewExplore(), seed, func(o []byte, _ string) {
			obs = append(obs, append([]byte(nil), o...))
		})
		episodes = append(episodes, obs)
	}
	x := agents.NewExplore()
	b.ReportAllocs()
	b.ResetTimer()
	replies := 0
	for i := 0; i < b.N; i++ {
		ep := episodes[i%len(episodes)]
		x.Reset(uint64(i))
		for _, o := range ep {
			x.Reply(o)
			replies++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(replies), "ns/reply")
}

// BenchmarkExploreEpisode measures whole episodes of the explorer with the
// engine.
func BenchmarkExploreEpisode(b *testing.B) {
	x := agents.NewExplore()
	for i := 0; i < b.N; i++ {
		seed := uint64(i%100 + 1)
		s, err := sim.New(sim.Config{Seed: seed, Agent: x.Name()})
		if err != nil {
			b.Fatal(err)
		}
		x.Reset(seed)
		for !s.Done() {
			s.Turn(x.Reply(s.Observe()))
		}
	}
}
