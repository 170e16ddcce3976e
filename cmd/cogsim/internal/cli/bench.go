package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"github.com/cogsim/cogsim/sim"
)

// benchAgent plays the standard game of the benchmark (§23).
const benchAgent = "explore"

// benchOptions are the flags of cogsim bench.
type benchOptions struct {
	ticks int
	runs  int
	json  bool
}

func benchFlags() (*flag.FlagSet, *benchOptions) {
	o := &benchOptions{}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.IntVar(&o.ticks, "ticks", 200000, "ticks per run: episodes of seeds 1, 2, … with the explore agent until this many ticks")
	fs.IntVar(&o.runs, "runs", 3, "runs of each measurement; the figures are their medians")
	fs.BoolVar(&o.json, "json", false, "print the report as JSON")
	return fs, o
}

// BenchReport is what cogsim bench measures. Engine time is the time
// spent in sim.Turn only: the agent's replies and building each episode
// are not counted.
type BenchReport struct {
	Agent    string `json:"agent"`
	Ticks    int    `json:"ticks"`
	Episodes int    `json:"episodes"`
	Runs     int    `json:"runs"`
	Go       string `json:"go"`
	// TicksPerSecond and NsPerTick are the engine's speed, measured with
	// system timing off.
	TicksPerSecond float64 `json:"ticksPerSecond"`
	NsPerTick      float64 `json:"nsPerTick"`
	// AllocsPerTick counts heap allocations in sim.Turn.
	AllocsPerTick float64 `json:"allocsPerTick"`
	// Systems are the per-system costs, measured with timing on, less
	// the cost of reading the clock (ClockNs per system call). Other is
	// the rest of NsPerTick: parsing replies, rendering observations.
	Systems        []SystemCost `json:"systems"`
	OtherNsPerTick float64      `json:"otherNsPerTick"`
	ClockNs        float64      `json:"clockNs"`
}

// SystemCost is one system's time per tick and its share of the tick.
type SystemCost struct {
	Name      string  `json:"name"`
	NsPerTick float64 `json:"nsPerTick"`
	Share     float64 `json:"share"`
}

// benchCmd is cogsim bench.
func benchCmd(ctx context.Context, out streams, args []string) error {
	fs, o := benchFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.ticks < 1 {
		return usagef("--ticks: must be at least 1, got %d", o.ticks)
	}
	if o.runs < 1 {
		return usagef("--runs: must be at least 1, got %d", o.runs)
	}
	rep, err := measure(ctx, o.ticks, o.runs)
	if err != nil {
		return err
	}
	if o.json {
		enc := json.NewEncoder(out.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	rep.write(out.stdout)
	return nil
}

// pass is one play of the benchmark's game.
type pass struct {
	ticks, episodes int
	engine          time.Duration
	mallocs         uint64
	names           []string
	nanos, calls    []int64
}

// measure runs the untimed and the timed pass runs times each and takes
// the medians.
func measure(ctx context.Context, ticks, runs int) (*BenchReport, error) {
	var speed, allocs []float64
	var timed []pass
	for range runs {
		p, err := play(ctx, ticks, false)
		if err != nil {
			return nil, err
		}
		speed = append(speed, float64(p.ticks)/p.engine.Seconds())
		allocs = append(allocs, float64(p.mallocs)/float64(p.ticks))
		if p, err = play(ctx, ticks, true); err != nil {
			return nil, err
		}
		timed = append(timed, p)
	}
	last := timed[len(timed)-1]
	rep := &BenchReport{
		Agent: benchAgent, Ticks: last.ticks, Episodes: last.episodes, Runs: runs,
		Go:             runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
		TicksPerSecond: median(speed),
		AllocsPerTick:  median(allocs),
		ClockNs:        clockCost(),
	}
	rep.NsPerTick = 1e9 / rep.TicksPerSecond
	sum := 0.0
	for i, name := range last.names {
		ns := median(collect(timed, func(p pass) float64 {
			return max(float64(p.nanos[i])-rep.ClockNs*float64(p.calls[i]), 0) / float64(p.ticks)
		}))
		sum += ns
		rep.Systems = append(rep.Systems, SystemCost{Name: name, NsPerTick: ns, Share: ns / rep.NsPerTick})
	}
	rep.OtherNsPerTick = max(rep.NsPerTick-sum, 0)
	return rep, nil
}

// clockCost is what timing adds to each system's measured time: the
// interval between reading the clock and reading it again with nothing
// in between.
func clockCost() float64 {
	const n = 1 << 16
	samples := make([]float64, 5)
	for k := range samples {
		var total time.Duration
		for range n {
			total += time.Since(time.Now())
		}
		samples[k] = float64(total.Nanoseconds()) / n
	}
	return median(samples)
}

// play runs episodes of seeds 1, 2, … with the benchmark's agent until
// ticks ticks have run. Only sim.Turn is timed. With timing, the
// scheduler times each system; without, the heap allocations of each
// sim.Turn are counted.
func play(ctx context.Context, ticks int, timing bool) (pass, error) {
	a, err := newAgent(benchAgent)
	if err != nil {
		return pass{}, err
	}
	var p pass
	var m0, m1 runtime.MemStats
	runtime.GC()
	for seed := uint64(1); p.ticks < ticks; seed++ {
		if ctx.Err() != nil {
			return pass{}, errInterrupted
		}
		s, err := sim.New(sim.Config{Seed: seed, Agent: benchAgent})
		if err != nil {
			return pass{}, err
		}
		sched := s.Scheduler()
		sched.SetTiming(timing)
		a.Reset(seed)
		p.episodes++
		clock := s.Env().Clock
		for !s.Done() && p.ticks < ticks {
			reply := a.Reply(s.Observe())
			before := clock.Tick
			if !timing {
				runtime.ReadMemStats(&m0)
			}
			start := time.Now()
			s.Turn(reply)
			p.engine += time.Since(start)
			if !timing {
				runtime.ReadMemStats(&m1)
				p.mallocs += m1.Mallocs - m0.Mallocs
			}
			p.ticks += clock.Tick - before
		}
		if timing {
			for i, e := range sched.Entries() {
				if p.names == nil || i >= len(p.names) {
					p.names = append(p.names, e.Name)
					p.nanos = append(p.nanos, 0)
					p.calls = append(p.calls, 0)
				}
				p.nanos[i] += e.Nanos
				p.calls[i] += e.Calls
			}
		}
	}
	return p, nil
}

func collect(ps []pass, f func(pass) float64) []float64 {
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i] = f(p)
	}
	return out
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// write prints the report as a table.
func (r *BenchReport) write(w io.Writer) {
	fmt.Fprintf(w, "cogsim bench: %s agent, seeds 1…%d, %d ticks, median of %d runs, %s\n\n",
		r.Agent, r.Episodes, r.Ticks, r.Runs, r.Go)
	const other = "other (parse, render)"
	width := len(other)
	row := func(name string, ns float64) {
		fmt.Fprintf(w, "%-*s %9.1f %6.1f%%\n", width, name, ns, 100*ns/r.NsPerTick)
	}
	fmt.Fprintf(w, "%-*s %9s %7s\n", width, "system", "ns/tick", "share")
	for _, s := range r.Systems {
		row(s.Name, s.NsPerTick)
	}
	row(other, r.OtherNsPerTick)
	row("tick", r.NsPerTick)
	fmt.Fprintf(w, "\nengine: %.0f ticks/s (sim.Turn only; per-system times less %.1f ns of clock reading per call)\n", r.TicksPerSecond, r.ClockNs)
	fmt.Fprintf(w, "allocations: %.3f allocs/tick (sim.Turn only)\n", r.AllocsPerTick)
}
