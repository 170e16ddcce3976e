package agents_test

import (
	"flag"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
)

// soakEpisodes is the soak's size per agent and variant, in episodes,
// never in time (issue 34); the CI size is 1000 each (10000 episodes
// over the two agents and five selections: about 55 s of CPU, 28 s on
// this project's 2-core machine at a load of 1). The long run, with no
// timeout for a loaded machine to hit:
//
//	go test ./agents -run TestSoak -soak.episodes=50000 -timeout 0
var soakEpisodes = flag.Int("soak.episodes", 1000, "episodes per agent in TestSoak")

// TestSoak plays random and explore episodes, under the cog, nethack and
// rogue rules, with the wands mechanic and with the scrolls and prayer
// mechanics (§39.7), with the invariant checker on after every tick: no
// panic, no violation.
func TestSoak(t *testing.T) {
	for _, run := range [][3]string{{"random", "cog"}, {"explore", "cog"}, {"random", "nethack"}, {"explore", "nethack"},
		{"random", "rogue"}, {"explore", "rogue"}, {"random", "cog", "wands"}, {"explore", "cog", "wands"},
		{"random", "cog", "scrolls,prayer"}, {"explore", "cog", "scrolls,prayer"}} {
		name, rules, mechanics := run[0], run[1], ecs.ParseMechanics(run[2])
		seeds := make(chan uint64)
		var mu sync.Mutex
		var failures []string
		ticks := 0
		var wg sync.WaitGroup
		for w := 0; w < runtime.NumCPU(); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for seed := range seeds {
					n, err := soakOne(name, rules, mechanics, seed)
					mu.Lock()
					ticks += n
					if err != nil {
						failures = append(failures, err.Error())
					}
					mu.Unlock()
				}
			}()
		}
		for seed := uint64(1); seed <= uint64(*soakEpisodes); seed++ {
			seeds <- seed
		}
		close(seeds)
		wg.Wait()
		assert.Empty(t, failures, "%s/%s%v: %d of %d episodes broke", name, rules, mechanics, len(failures), *soakEpisodes)
		t.Logf("%s, rules %s, mechanics %v: %d episodes, %d ticks, %d violations", name, rules, mechanics, *soakEpisodes, ticks, len(failures))
	}
}

// soakOne plays one episode, turning a panic into an error naming it.
func soakOne(name, rules string, mechanics []string, seed uint64) (ticks int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s rules %s seed %d: %v", name, rules, seed, r)
		}
	}()
	a, err := agents.New(name)
	if err != nil {
		return 0, err
	}
	a.Reset(seed)
	s, err := sim.New(sim.Config{Seed: seed, Agent: name, Rules: rules, Mechanics: mechanics, Invariants: true})
	if err != nil {
		return 0, err
	}
	if k, ok := a.(agents.Knower); ok {
		k.Know(s.State().Mechanics)
	}
	for !s.Done() {
		s.Turn(a.Reply(s.Observe()))
	}
	return s.State().Clock.Tick, nil
}
