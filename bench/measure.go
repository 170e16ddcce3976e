package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	arche "github.com/mlange-42/arche/ecs"
)

// maxAllocTicks caps the allocation pass: reading the allocation count
// around every system stops the world each time.
const maxAllocTicks = 20_000

// Options say how [Measure] measures a game.
type Options struct {
	// Runs is how many times each measurement runs; the report's
	// figures are their medians. Below 1 it is 1.
	Runs int
	// Profile, when set, receives a CPU profile of one more pass, whose
	// samples carry system=<name> labels; ProfileName names it in the
	// report (a file's path).
	Profile     io.Writer
	ProfileName string
	// ProfileTime is how long the profiled pass replays the game, round
	// and round; it replays it once at least.
	ProfileTime time.Duration
}

// Measure measures the engine on a recorded game (§23): it replays g
// o.Runs times untimed (the engine's speed) and o.Runs times with
// per-system timing, once counting allocations, and once more, profiled,
// when o.Profile is set. It stops early, with ctx's error, when ctx is
// cancelled.
func Measure(ctx context.Context, g *Game, o Options) (*Report, error) {
	if len(g.Episodes) == 0 || g.Ticks == 0 {
		return nil, errors.New("bench: the game has no ticks")
	}
	runs := max(o.Runs, 1)
	entries, err := systemEntries(g)
	if err != nil {
		return nil, err
	}
	var speed []float64
	var timed []pass
	for range runs {
		p, err := replayPass(ctx, g, g.Ticks, func(s *sim.Sim) {})
		if err != nil {
			return nil, err
		}
		speed = append(speed, float64(p.ticks)/p.engine.Seconds())
		if p, err = replayPass(ctx, g, g.Ticks, func(s *sim.Sim) { s.Scheduler().SetTiming(true) }); err != nil {
			return nil, err
		}
		timed = append(timed, p)
	}
	rep := &Report{
		Agent: g.Agent, Rules: cmp.Or(g.Rules, "cog"), Mechanics: g.Mechanics,
		Ticks: g.Ticks, Episodes: len(g.Episodes), Runs: runs,
		Go:             runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
		TicksPerSecond: median(speed),
		ClockNs:        ecs.TimingOverhead(),
	}
	rep.NsPerTick = 1e9 / rep.TicksPerSecond
	allocs, err := countAllocs(ctx, g, min(g.Ticks, maxAllocTicks), len(entries))
	if err != nil {
		return nil, err
	}
	rep.AllocTicks = allocs.ticks
	rep.AllocsPerTick = float64(allocs.turns) / float64(allocs.ticks)
	var ns, allocSum float64
	for i, e := range entries {
		cost := SystemCost{Name: e.Name, By: e.By, ReplacedBy: e.ReplacedBy,
			AllocsPerTick: float64(allocs.systems[i]) / float64(allocs.ticks)}
		cost.NsPerTick = median(perPass(timed, func(p pass) float64 {
			return max(float64(p.nanos[i])-rep.ClockNs*float64(p.calls[i]), 0) / float64(p.ticks)
		}))
		cost.Runs = median(perPass(timed, func(p pass) float64 { return float64(p.calls[i]) / float64(p.ticks) }))
		cost.Share = cost.NsPerTick / rep.NsPerTick
		ns += cost.NsPerTick
		allocSum += cost.AllocsPerTick
		rep.Systems = append(rep.Systems, cost)
	}
	rep.OtherNsPerTick = max(rep.NsPerTick-ns, 0)
	rep.OtherAllocsPerTick = max(rep.AllocsPerTick-allocSum, 0)
	if o.Profile != nil {
		rep.Profile = o.ProfileName
		if rep.ProfileTicks, err = profile(ctx, g, o.Profile, o.ProfileTime); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// pass is one replay of the game.
type pass struct {
	ticks        int
	engine       time.Duration
	nanos, calls []int64
}

// systemEntries lists the game's systems in tick order: the standard
// game's, with what the selection's mechanics install.
func systemEntries(g *Game) ([]sim.SystemRef, error) {
	r, err := g.Config(g.Episodes[0].Seed).Resolve()
	if err != nil {
		return nil, err
	}
	return r.Systems, nil
}

// replayPass runs the game once, timing only sim.Turn, and adds up what the
// schedulers timed, when start turned timing on.
func replayPass(ctx context.Context, g *Game, ticks int, start func(*sim.Sim)) (pass, error) {
	var p pass
	var sched *ecs.Scheduler
	collect := func() {
		if sched == nil {
			return
		}
		for i, e := range sched.Entries() {
			if i >= len(p.nanos) {
				p.nanos, p.calls = append(p.nanos, 0), append(p.calls, 0)
			}
			p.nanos[i] += e.Nanos
			p.calls[i] += e.Calls
		}
	}
	runtime.GC()
	n, err := g.Replay(ctx, ticks,
		func(s *sim.Sim) {
			collect()
			sched = s.Scheduler()
			start(s)
		},
		func(s *sim.Sim, reply string) {
			t0 := time.Now()
			s.Turn(reply)
			p.engine += time.Since(t0)
		})
	collect()
	p.ticks = n
	return p, err
}

// allocCount is what the allocation pass counted: heap allocations in
// each system and in sim.Turn as a whole.
type allocCount struct {
	ticks   int
	turns   uint64
	systems []uint64
}

// countAllocs replays the first ticks ticks of the game reading the
// allocation count around sim.Turn and around every system, which each
// scheduler entry is wrapped for.
func countAllocs(ctx context.Context, g *Game, ticks, systems int) (allocCount, error) {
	a := allocCount{systems: make([]uint64, systems)}
	var ms runtime.MemStats
	var err error
	a.ticks, err = g.Replay(ctx, ticks,
		func(s *sim.Sim) {
			for i, e := range s.Scheduler().Entries() {
				if i < systems {
					e.System = &allocCounter{System: e.System, count: &a.systems[i], first: i == 0, ms: &ms}
				}
			}
		},
		func(s *sim.Sim, reply string) {
			runtime.ReadMemStats(&ms)
			before := ms.Mallocs
			s.Turn(reply)
			runtime.ReadMemStats(&ms)
			a.turns += ms.Mallocs - before
		})
	return a, err
}

// allocCounter counts the heap allocations of a system's Update. Nothing
// allocates between two systems of a tick, so each system's count starts
// from the reading its predecessor ended with; the first system of the
// tick reads afresh.
type allocCounter struct {
	ecs.System
	count *uint64
	first bool
	ms    *runtime.MemStats
}

// Update implements ecs.System.
func (c *allocCounter) Update(w *arche.World) {
	if c.first {
		runtime.ReadMemStats(c.ms)
	}
	before := c.ms.Mallocs
	c.System.Update(w)
	runtime.ReadMemStats(c.ms)
	*c.count += c.ms.Mallocs - before
}

// profile replays the game with the systems' profile labels on, round and
// round, once at least and until d has passed, writing a CPU profile to
// w. It returns the ticks replayed.
func profile(ctx context.Context, g *Game, w io.Writer, d time.Duration) (int, error) {
	if err := pprof.StartCPUProfile(w); err != nil {
		return 0, fmt.Errorf("bench: CPU profile: %w", err)
	}
	defer pprof.StopCPUProfile()
	ticks := 0
	for start := time.Now(); ticks == 0 || time.Since(start) < d; {
		n, err := g.Replay(ctx, g.Ticks,
			func(s *sim.Sim) { s.Scheduler().SetProfileLabels(true) },
			func(s *sim.Sim, reply string) { s.Turn(reply) })
		ticks += n
		if err != nil {
			return ticks, err
		}
	}
	return ticks, nil
}

// perPass is f of each pass.
func perPass(ps []pass, f func(pass) float64) []float64 {
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i] = f(p)
	}
	return out
}

// median is the median of v.
func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}
