package bench

import (
	"runtime"
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/cogsim/cogsim/worldgen"
)

// game plays the standard game for a benchmark: episodes of seeds 1, 2, …
// with one agent. Only sim.Turn runs with the timer on, and only its heap
// allocations are counted.
type game struct {
	b       *testing.B
	agent   agents.Agent
	seed    uint64
	s       *sim.Sim
	ticks   int
	mallocs uint64
	m0      uint64
	ms      runtime.MemStats
}

// newGame builds the first episode with the timer stopped and starts the
// timer.
func newGame(b *testing.B, agent string) *game {
	b.Helper()
	a, err := agents.New(agent)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	g := &game{b: b, agent: a}
	b.StopTimer()
	g.next()
	g.start()
	return g
}

// stop stops the timer and the allocation count.
func (g *game) stop() {
	g.b.StopTimer()
	runtime.ReadMemStats(&g.ms)
	g.mallocs += g.ms.Mallocs - g.m0
}

// start restarts them.
func (g *game) start() {
	runtime.ReadMemStats(&g.ms)
	g.m0 = g.ms.Mallocs
	g.b.StartTimer()
}

// next builds the next episode; call it with the timer stopped.
func (g *game) next() {
	g.seed++
	s, err := sim.New(sim.Config{Seed: g.seed, Agent: g.agent.Name()})
	if err != nil {
		g.b.Fatal(err)
	}
	g.s = s
	g.agent.Reset(g.seed)
}

// turn plays one command turn.
func (g *game) turn(r string) {
	clock := g.s.State().Clock
	before := clock.Tick
	g.s.Turn(r)
	g.ticks += clock.Tick - before
}

// report stops the timer and reports the per-tick figures.
func (g *game) report() {
	g.stop()
	if g.ticks == 0 {
		return
	}
	el := g.b.Elapsed()
	g.b.ReportMetric(float64(el.Nanoseconds())/float64(g.ticks), "ns/tick")
	g.b.ReportMetric(float64(g.mallocs)/float64(g.ticks), "allocs/tick")
	g.b.ReportMetric(float64(g.ticks)/el.Seconds(), "ticks/s")
}

// BenchmarkTickWait measures whole ticks of the engine when the cog only
// waits: monsters, hunger, vision and the rest with no input to act on.
// One op is one command turn (40 ticks while the cog lives).
func BenchmarkTickWait(b *testing.B) {
	g := newGame(b, "wait")
	r := g.agent.Reply(nil)
	for range b.N {
		if g.s.Done() {
			g.stop()
			g.next()
			g.start()
		}
		g.turn(r)
	}
	g.report()
}

// BenchmarkTickExplore measures whole ticks of the standard game: the
// explore agent descending as it goes (§23). One op is one command turn;
// the agent's reply is computed with the timer stopped.
func BenchmarkTickExplore(b *testing.B) {
	g := newGame(b, "explore")
	for range b.N {
		g.stop()
		if g.s.Done() {
			g.next()
		}
		r := g.agent.Reply(g.s.Observe())
		g.start()
		g.turn(r)
	}
	g.report()
}

// BenchmarkGenerateLevel measures generating and populating one level
// (§17), seeds 1, 2, … at depths 1…5, reusing the Generator and Level.
func BenchmarkGenerateLevel(b *testing.B) {
	var gen worldgen.Generator
	var lvl components.Level
	b.ReportAllocs()
	for i := range b.N {
		gen.Generate(uint64(1+i/5), 1+i%5, &lvl)
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N), "µs/level")
}

// explored is seed 1's episode after ten turns of the explore agent: a
// level partly seen and remembered.
func explored(b *testing.B) *sim.Sim {
	s, err := sim.New(sim.Config{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	a, err := agents.New("explore")
	if err != nil {
		b.Fatal(err)
	}
	a.Reset(1)
	for range 10 {
		if s.Done() {
			break
		}
		s.Turn(a.Reply(s.Observe()))
	}
	return s
}

// BenchmarkObservation measures rendering the observation text (§15) of
// an explored level into a reused buffer.
func BenchmarkObservation(b *testing.B) {
	s := explored(b)
	buf := make([]byte, 0, 4096)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		f := s.Frame()
		buf = text.Append(buf[:0], &f)
	}
}

// BenchmarkFillRecord measures writing the observation's arrays (§29,
// §35.2) into a record, as a long-lived session does after every step:
// "glyphs" without the colours, "colors" with them.
func BenchmarkFillRecord(b *testing.B) {
	s := explored(b)
	var (
		enc obs.Encoder
		msg [obs.MessageBytes]byte
	)
	var chars, colors [components.N]byte
	var glyphs [2 * components.N]byte
	for _, with := range []bool{false, true} {
		name := "glyphs"
		r := obs.RecordFields{Message: msg[:], Chars: chars[:], Glyphs: glyphs[:]}
		if with {
			name, r.Colors = "colors", colors[:]
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				enc.FillRecord(s, r)
			}
		})
	}
}

// replies are typical replies: what the agents send, and some noise.
var replies = []string{
	"wait*40",
	"e e e search*3",
	"move sw 4, n*10; pickup",
	"ne ne ne e e e e se s s s s s sw w w w > descend",
	"eat b quaff d kick n chat e inventory , . s*5 wait 3",
	"xyzzy please go east e*2 and then s",
}

// BenchmarkParse measures parsing one reply (§14) into primitives.
func BenchmarkParse(b *testing.B) {
	var p reply.Parser
	var q components.Queue
	b.ReportAllocs()
	for i := range b.N {
		p.Parse(replies[i%len(replies)], &q)
	}
}

// BenchmarkEpisodeExplore measures one whole episode with the explore
// agent, end to end: building it, the agent's replies and the engine.
func BenchmarkEpisodeExplore(b *testing.B) {
	a, err := agents.New("explore")
	if err != nil {
		b.Fatal(err)
	}
	ticks := 0
	b.ReportAllocs()
	for i := range b.N {
		seed := uint64(1 + i)
		s, err := sim.New(sim.Config{Seed: seed, Agent: a.Name()})
		if err != nil {
			b.Fatal(err)
		}
		a.Reset(seed)
		for !s.Done() {
			s.Turn(a.Reply(s.Observe()))
		}
		ticks += s.State().Clock.Tick
	}
	b.ReportMetric(float64(ticks)/float64(b.N), "ticks/episode")
}
