package bench

import (
	"context"
	"runtime"
	"sync"
	"testing"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/systems"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordedTicks is the length of the recorded standard game the
// replaying benchmarks go round.
const recordedTicks = 50_000

var standard = sync.OnceValues(func() (*Game, error) {
	return Record(context.Background(), StandardAgent, recordedTicks)
})

func standardGame(tb testing.TB) *Game {
	tb.Helper()
	g, err := standard()
	require.NoError(tb, err)
	return g
}

func TestReplayRunsTheRecordedTicks(t *testing.T) {
	g, err := Record(context.Background(), StandardAgent, 3000)
	require.NoError(t, err)
	require.GreaterOrEqual(t, g.Ticks, 3000)
	sum := 0
	for _, ep := range g.Episodes {
		sum += ep.Ticks
	}
	assert.Equal(t, g.Ticks, sum)
	starts := 0
	n, err := g.Replay(context.Background(), 2*g.Ticks, func(*sim.Sim) { starts++ },
		func(s *sim.Sim, r string) { s.Turn(r) })
	require.NoError(t, err)
	assert.Equal(t, 2*g.Ticks, n, "twice round")
	assert.Equal(t, 2*len(g.Episodes), starts)

	g.Episodes[0].Ticks++
	_, err = g.Replay(context.Background(), 1, nil, func(s *sim.Sim, r string) { s.Turn(r) })
	assert.ErrorContains(t, err, "recorded")
}

// TestSteadyTicksAllocateNothing: a command turn in which the cog neither
// changes level nor ends the run (nor is it an episode's first turn,
// which sizes the buffers) allocates nothing on the heap.
func TestSteadyTicksAllocateNothing(t *testing.T) {
	g, err := Record(context.Background(), StandardAgent, 20_000)
	require.NoError(t, err)
	// One P, as testing.AllocsPerRun does: another goroutine's
	// allocations are not the engine's.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var ms runtime.MemStats
	steady, allocating := 0, 0
	first := false
	_, err = g.Replay(context.Background(), g.Ticks, func(*sim.Sim) { first = true },
		func(s *sim.Sim, r string) {
			depth := s.State().Level.Depth
			snap := s.Snapshot()
			n := turnMallocs(&ms, s, r)
			if n != 0 && !s.Done() {
				// Play the turn again from its snapshot: a buffer that grew
				// the first time has room now, and a stray allocation of
				// the runtime's (the Go scheduler, the GC) does not repeat.
				require.NoError(t, s.Restore(snap))
				n = turnMallocs(&ms, s, r)
			}
			if !first && !s.Done() && s.State().Level.Depth == depth {
				steady++
				if n != 0 {
					allocating++
					t.Logf("seed %d tick %d: %d allocations in the turn %q", s.Config().Seed, s.State().Clock.Tick, n, r)
				}
			}
			first = false
		})
	require.NoError(t, err)
	assert.Positive(t, steady)
	assert.Zero(t, allocating, "of %d steady turns", steady)
}

// turnMallocs plays one command turn and counts the heap allocations.
func turnMallocs(ms *runtime.MemStats, s *sim.Sim, reply string) uint64 {
	runtime.ReadMemStats(ms)
	before := ms.Mallocs
	s.Turn(reply)
	runtime.ReadMemStats(ms)
	return ms.Mallocs - before
}

// BenchmarkSystem times each system of the standard game alone (§23): the
// recorded explore game (seeds 1, 2, …, depths 1–5 mostly) is replayed
// with the scheduler's timing on, and ns/op is the system's own time per
// tick — what the scheduler records for it less the cost of reading the
// clock (ecs.TimingOverhead). One op is one tick.
func BenchmarkSystem(b *testing.B) {
	g := standardGame(b)
	overhead := ecs.TimingOverhead()
	for _, name := range systems.Standard(nil).Names() {
		b.Run(name, func(b *testing.B) {
			var nanos, calls int64
			var sched *ecs.Scheduler
			collect := func() {
				if sched == nil {
					return
				}
				for _, e := range sched.Entries() {
					if e.Name == name {
						nanos += e.Nanos
						calls += e.Calls
					}
				}
			}
			ticks, err := g.Replay(context.Background(), b.N,
				func(s *sim.Sim) {
					collect()
					sched = s.Scheduler()
					sched.SetTiming(true)
				},
				func(s *sim.Sim, r string) { s.Turn(r) })
			require.NoError(b, err)
			collect()
			b.ReportMetric(max(float64(nanos)-overhead*float64(calls), 0)/float64(ticks), "ns/op")
		})
	}
}

// midGame is the standard game's first episode after ten command turns.
func midGame(b *testing.B) *sim.Sim {
	ep := standardGame(b).Episodes[0]
	s, err := sim.New(sim.Config{Seed: ep.Seed, Agent: StandardAgent})
	require.NoError(b, err)
	for _, r := range ep.Replies[:10] {
		s.Turn(r)
	}
	return s
}

// BenchmarkSnapshot measures taking a snapshot of an episode (§24),
// restoring it, and encoding and decoding it.
func BenchmarkSnapshot(b *testing.B) {
	s := midGame(b)
	snap := s.Snapshot()
	enc, err := snap.MarshalBinary()
	require.NoError(b, err)
	b.Run("take", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			s.Snapshot()
		}
	})
	b.Run("restore", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if err := s.Restore(snap); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := snap.MarshalBinary(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		var d sim.Snapshot
		for range b.N {
			if err := d.UnmarshalBinary(enc); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkNewEpisode measures building an episode: the world, the
// systems, the first level and the first observation.
func BenchmarkNewEpisode(b *testing.B) {
	b.ReportAllocs()
	for i := range b.N {
		if _, err := sim.New(sim.Config{Seed: uint64(1 + i)}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRecordUnderASelectionReplaysIt(t *testing.T) {
	sel := Selection{Rules: "nethack", Mechanics: []string{"wands"}}
	assert.Equal(t, "nethack + wands", sel.Label())
	assert.Equal(t, "cog", Selection{}.Label())
	g, err := RecordUnder(context.Background(), StandardAgent, 2000, sel)
	require.NoError(t, err)
	assert.Equal(t, sel, g.Selection)
	var names []string
	n, err := g.Replay(context.Background(), g.Ticks, func(s *sim.Sim) { names = s.Scheduler().Names() },
		func(s *sim.Sim, r string) { s.Turn(r) })
	require.NoError(t, err, "the selection's episodes replay as recorded")
	assert.Equal(t, g.Ticks, n)
	assert.Contains(t, names, "zap")
	assert.Contains(t, names, "melee-hunger")

	std, err := Record(context.Background(), StandardAgent, 10)
	require.NoError(t, err)
	assert.Zero(t, std.Selection, "the standard game has no selection")
	assert.Equal(t, sim.Config{Seed: 3, Agent: StandardAgent}, withoutSetup(std.Config(3)))
}

// withoutSetup is cfg without its Setup function, which cannot be
// compared.
func withoutSetup(cfg sim.Config) sim.Config {
	cfg.Setup = nil
	return cfg
}

// BenchmarkReset measures Sim.Reset: the next episode in the same world,
// as a long-lived session's autoreset does (§29, §35.6).
func BenchmarkReset(b *testing.B) {
	s, err := sim.New(sim.Config{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if err := s.Reset(uint64(2 + i)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomAction measures one random action of the action list
// played by index (obs.TurnAction, one primitive, one tick) and the
// record filled after it, with resets when an episode ends: what a
// session's slot costs per step (§35.6).
func BenchmarkRandomAction(b *testing.B) {
	s, err := sim.New(sim.Config{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	table := obs.NewActionTable(nil)
	var (
		enc              obs.Encoder
		chars, msg, mask [1024]byte
		glyphs           [2 * 1024]byte
		seed             uint64 = 1
		x                uint32 = 12345
	)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if s.Done() {
			seed++
			if err := s.Reset(seed); err != nil {
				b.Fatal(err)
			}
		} else {
			x = x*1664525 + 1013904223
			obs.TurnAction(s, table, int(x>>8)%table.Len())
		}
		enc.FillRecord(s, obs.RecordFields{Message: msg[:], Chars: chars[:], Glyphs: glyphs[:]})
		enc.FillMask(s, table, mask[:])
	}
}
