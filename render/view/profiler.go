package view

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// Profiler is the live profiler overlay (F3, §23): the scheduler's timing
// of each system (ecs.Entry's Nanos and Calls over the ticks played), as
// ns per tick over the last stretch of play, a moving average, and a
// bar. Its figures are made as `cogsim bench` makes its own: a system's
// nanoseconds less the timing's own cost per call
// (ecs.TimingOverhead), over the ticks that ran.
type Profiler struct {
	on bool
	// measured says the rows are a measurement of a replay played back
	// to back (Measure), not of the live ticks.
	measured bool
	runs     int
	sched    *ecs.Scheduler
	tick     int
	prev     []int64
	calls    []int64
	rows     []ProfileRow
	// overhead is ecs.TimingOverhead, measured when the overlay is first
	// shown.
	overhead float64
	// resolution is the clock's, in ns (measured when the overlay is
	// first shown): a browser's is 5 to 100 us, so a system's time in
	// one tick reads 0 or a whole step, and only sums over many ticks
	// mean anything.
	resolution float64
}

// CoarseClock is the clock resolution (ns) from which the overlay shows
// only the figures over many ticks.
const CoarseClock = 1000

// ClockResolution is the smallest step of the wall clock seen in a few
// tries (ns), at most about a millisecond of looking.
func ClockResolution() float64 {
	best := time.Duration(0)
	for try := 0; try < 5; try++ {
		t0 := time.Now()
		for i := 0; i < 1_000_000; i++ {
			if d := time.Since(t0); d > 0 {
				if best == 0 || d < best {
					best = d
				}
				break
			}
		}
	}
	return float64(best)
}

// SetResolution sets the clock resolution the overlay assumes (ns).
func (pr *Profiler) SetResolution(ns float64) {
	pr.resolution = ns
	if pr.coarse() {
		pr.overhead = 0
	}
}

func (pr *Profiler) coarse() bool { return pr.resolution > CoarseClock }

// ProfileRow is one system's figures.
type ProfileRow struct {
	Name string
	// Last is ns per tick over the last sample (the frames since the
	// previous one in which ticks ran); Avg the moving average of Last
	// (each sample weighs 1/8); Total the ns per tick since timing began.
	Last, Avg, Total float64
	// Nanos, Calls and Ticks are what Total is made of: the entry's
	// Nanos and Calls and the ticks played since timing began.
	Nanos, Calls int64
	Ticks        int
}

// Overhead is the timing's own cost per call, taken off every figure.
func (pr *Profiler) Overhead() float64 { return pr.overhead }

// ownNs is the time of n nanoseconds over calls calls, less the timing's
// own cost.
func (pr *Profiler) ownNs(n, calls int64) float64 {
	return max(float64(n)-pr.overhead*float64(calls), 0)
}

// On reports whether the overlay is shown.
func (pr *Profiler) On() bool { return pr.on }

// Toggle shows or hides the overlay; timing is on while it is shown.
func (pr *Profiler) Toggle(s *sim.Sim) {
	pr.on = !pr.on
	pr.sched, pr.measured = nil, false
	if pr.on && pr.resolution == 0 {
		pr.SetResolution(ClockResolution())
	}
	if pr.on && pr.overhead == 0 && !pr.coarse() {
		pr.overhead = ecs.TimingOverhead()
	}
	s.Scheduler().SetTiming(pr.on)
	if pr.on {
		pr.Sample(s)
	}
}

// Sample reads the scheduler's entries after the ticks played since the
// last sample. A new episode (the replay viewer's seek) starts over.
func (pr *Profiler) Sample(s *sim.Sim) {
	if !pr.on || pr.measured {
		return
	}
	sch, tick := s.Scheduler(), s.State().Clock.Tick
	entries := sch.Entries()
	if pr.sched != sch || tick < pr.tick || len(entries) != len(pr.prev) {
		sch.SetTiming(true)
		sch.ResetTiming()
		pr.sched, pr.tick = sch, tick
		pr.prev = make([]int64, len(entries))
		pr.calls = make([]int64, len(entries))
		pr.rows = make([]ProfileRow, len(entries))
		for i, e := range entries {
			pr.rows[i] = ProfileRow{Name: e.Name, Ticks: 0}
		}
		return
	}
	dt := tick - pr.tick
	if dt <= 0 {
		return
	}
	for i, e := range entries {
		r := &pr.rows[i]
		r.Last = pr.ownNs(e.Nanos-pr.prev[i], e.Calls-pr.calls[i]) / float64(dt)
		if r.Ticks == 0 {
			r.Avg = r.Last
		} else {
			r.Avg += (r.Last - r.Avg) / 8
		}
		r.Ticks += dt
		r.Nanos, r.Calls = e.Nanos, e.Calls
		r.Total = pr.ownNs(e.Nanos, e.Calls) / float64(r.Ticks)
		pr.prev[i], pr.calls[i] = e.Nanos, e.Calls
	}
	pr.tick = tick
}

// ticks is how many ticks the figures are over.
func (pr *Profiler) ticks() int {
	if len(pr.rows) == 0 {
		return 0
	}
	return pr.rows[0].Ticks
}

// Rows are the figures, one per system in tick order.
func (pr *Profiler) Rows() []ProfileRow { return pr.rows }

// Lines is the overlay's text: a heading, one row per system (name, ns
// per tick last, average, since timing began, a bar of the average) and
// the sum.
func (pr *Profiler) Lines(barWidth int) []string {
	out := []string{fmt.Sprintf("%-14s %7s %7s %7s", "system", "ns/tick", "average", "overall")}
	var sum, sumLast, sumTotal, top float64
	for _, r := range pr.rows {
		sum += r.Avg
		sumLast += r.Last
		sumTotal += r.Total
		top = max(top, r.Avg)
	}
	coarse := pr.coarse() && !pr.measured
	if coarse {
		top = 0
		for _, r := range pr.rows {
			top = max(top, r.Total)
		}
	}
	for _, r := range pr.rows {
		n := 0
		v := r.Avg
		if coarse {
			v = r.Total
		}
		if top > 0 {
			n = int(v/top*float64(barWidth) + 0.5)
		}
		if coarse {
			out = append(out, fmt.Sprintf("%-14s %7s %7s %7.0f %s", clip(r.Name, 14), "-", "-", r.Total, strings.Repeat("#", n)))
			continue
		}
		out = append(out, fmt.Sprintf("%-14s %7.0f %7.0f %7.0f %s", clip(r.Name, 14), r.Last, r.Avg, r.Total, strings.Repeat("#", n)))
	}
	ticks := pr.ticks()
	how := fmt.Sprintf("over %d ticks, less %.0f ns of timing a call", ticks, pr.overhead)
	switch {
	case pr.measured:
		how = fmt.Sprintf("the replay back to back, median of %d runs of %d ticks (M: again)", pr.runs, ticks)
	case coarse:
		how = fmt.Sprintf("the clock steps by %.0f us here: only the sum over %d ticks holds (M: the replay back to back)", pr.resolution/1000, ticks)
	}
	if coarse {
		return append(out, fmt.Sprintf("%-14s %7s %7s %7.0f", "systems", "-", "-", sumTotal), how)
	}
	return append(out, fmt.Sprintf("%-14s %7.0f %7.0f %7.0f", "systems", sumLast, sum, sumTotal), how)
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// drawProfiler draws the overlay in a box from column x0, row y0 to the
// grid's right edge and row y1.
func drawProfiler(g *Grid, pr *Profiler, x0, y0, y1 int) {
	lines := pr.Lines(g.W - x0 - 42)
	box(g, x0, y0, g.W, min(y0+len(lines)+3, y1))
	g.Text(x0+1, y0, "Profiler (F3): ns per tick", HeadColour)
	for i, line := range lines {
		colour := TextColour
		if i == 0 || i >= len(lines)-2 {
			colour = HeadColour
		}
		if y := y0 + 2 + i; y < y1 {
			g.Text(x0+1, y, line, colour)
		}
	}
}

// Measure replays rep from its start to its end runs times, back to back
// with timing on, as `cogsim bench` plays its standard game, and shows
// each system's median ns per tick. Live ticks in a window run one per
// frame, between drawing, with cold caches, and cost several times what
// the same ticks cost back to back; this is the figure to compare with
// bench. The live figures come back with the next toggle.
func (pr *Profiler) Measure(rep *replay.Replay, runs int) error {
	if pr.overhead == 0 {
		pr.overhead = ecs.TimingOverhead()
	}
	var per [][]float64 // per system, one figure a run
	var names []string
	ticks := 0
	for range runs {
		var s *sim.Sim
		err := rep.PlaySim(func(turn int, at *sim.Sim) bool {
			if turn == 0 {
				at.Scheduler().SetTiming(true)
				at.Scheduler().ResetTiming()
				s = at
			}
			return true
		})
		if err != nil {
			return err
		}
		entries := s.Scheduler().Entries()
		ticks = s.State().Clock.Tick
		if per == nil {
			per = make([][]float64, len(entries))
			for _, e := range entries {
				names = append(names, e.Name)
			}
		}
		for i, e := range entries {
			per[i] = append(per[i], pr.ownNs(e.Nanos, e.Calls)/float64(max(ticks, 1)))
		}
	}
	pr.on, pr.measured, pr.runs, pr.sched = true, true, runs, nil
	pr.rows = make([]ProfileRow, len(per))
	for i, xs := range per {
		slices.Sort(xs)
		m := xs[len(xs)/2]
		pr.rows[i] = ProfileRow{Name: names[i], Last: m, Avg: m, Total: m, Ticks: ticks}
	}
	return nil
}
