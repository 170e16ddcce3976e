package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cogsim/cogsim/bench"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	arche "github.com/mlange-42/arche/ecs"
)

// maxAllocTicks caps the allocation pass: reading the allocation count
// around every system stops the world each time.
const maxAllocTicks = 20_000

// benchOptions are the flags of cogsim bench.
type benchOptions struct {
	ticks       int
	runs        int
	json        bool
	cpuprofile  string
	svg         string
	profileTime time.Duration
	rules       rulesFlags
}

func benchFlags() (*flag.FlagSet, *benchOptions) {
	o := &benchOptions{}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.IntVar(&o.ticks, "ticks", 200000, "ticks per run: episodes of seeds 1, 2, … with the explore agent until this many ticks")
	fs.IntVar(&o.runs, "runs", 3, "runs of each measurement; the figures are their medians")
	fs.BoolVar(&o.json, "json", false, "print the report as JSON")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the engine to `FILE`; its samples carry system=<name> labels (go tool pprof -tagfocus system=ai)")
	fs.StringVar(&o.svg, "svg", "", "draw the per-system bar chart to `FILE` (SVG)")
	fs.DurationVar(&o.profileTime, "profile-time", 5*time.Second, "how long the profiled pass replays the game (with --cpuprofile)")
	o.rules.add(fs)
	return fs, o
}

// BenchReport is what cogsim bench measures on the standard game, or
// under the rules and mechanics of --rules and --mechanics (§34.2): the
// explore agent's episodes of seeds 1, 2, …, recorded once and replayed,
// so the agent's own time is never measured. Engine time is the time
// spent in sim.Turn: building each episode is not counted.
type BenchReport struct {
	Agent string `json:"agent"`
	// Rules and Mechanics are the selection the game was played under:
	// the variant, and the extra mechanics beside it.
	Rules     string   `json:"rules"`
	Mechanics []string `json:"mechanics,omitempty"`
	Ticks     int      `json:"ticks"`
	Episodes  int      `json:"episodes"`
	Runs      int      `json:"runs"`
	Go        string   `json:"go"`
	// TicksPerSecond and NsPerTick are the engine's speed, measured with
	// system timing off.
	TicksPerSecond float64 `json:"ticksPerSecond"`
	NsPerTick      float64 `json:"nsPerTick"`
	// AllocsPerTick counts heap allocations in sim.Turn, over the first
	// AllocTicks ticks.
	AllocsPerTick float64 `json:"allocsPerTick"`
	AllocTicks    int     `json:"allocTicks"`
	// Systems are the per-system costs in tick order, measured with
	// timing on, less what timing adds (ClockNs per system call). Other
	// is the rest of NsPerTick: parsing replies, rendering observations,
	// the scheduler's loop.
	Systems            []SystemCost `json:"systems"`
	OtherNsPerTick     float64      `json:"otherNsPerTick"`
	OtherAllocsPerTick float64      `json:"otherAllocsPerTick"`
	ClockNs            float64      `json:"clockNs"`
	// Profile is the CPU profile written, if any, and the ticks it covers.
	Profile      string `json:"profile,omitempty"`
	ProfileTicks int    `json:"profileTicks,omitempty"`
}

// SystemCost is one system's time and allocations per tick and its share
// of the tick. Name is the system's place in the tick order (its pprof
// label system=<name>); By names the mechanic that added it and
// ReplacedBy the one whose system runs in its place (§27.1), if any.
type SystemCost struct {
	Name          string  `json:"name"`
	By            string  `json:"by,omitempty"`
	ReplacedBy    string  `json:"replacedBy,omitempty"`
	NsPerTick     float64 `json:"nsPerTick"`
	Share         float64 `json:"share"`
	AllocsPerTick float64 `json:"allocsPerTick"`
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
	if o.profileTime <= 0 {
		return usagef("--profile-time: must be positive, got %v", o.profileTime)
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	sel := bench.Selection{Rules: o.rules.Rules, Mechanics: mechanics}
	if sel.Label() == "cog" {
		// The standard game: the very configuration it always had.
		sel = bench.Selection{}
	}
	// Open the output files first: a bad path fails at once, not after
	// minutes of measuring.
	var prof, svg *os.File
	if o.cpuprofile != "" {
		if prof, err = os.Create(o.cpuprofile); err != nil {
			return usagef("--cpuprofile: %v", err)
		}
		defer prof.Close()
	}
	if o.svg != "" {
		if svg, err = os.Create(o.svg); err != nil {
			return usagef("--svg: %v", err)
		}
		defer svg.Close()
	}
	rep, err := measure(ctx, o, sel, prof)
	if errors.Is(err, context.Canceled) {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if svg != nil {
		if err := rep.writeSVG(svg); err != nil {
			return err
		}
		if err := svg.Close(); err != nil {
			return err
		}
	}
	if prof != nil {
		if err := prof.Close(); err != nil {
			return err
		}
	}
	if o.json {
		enc := json.NewEncoder(out.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	rep.write(out.stdout)
	return nil
}

// pass is one replay of the game.
type pass struct {
	ticks        int
	engine       time.Duration
	nanos, calls []int64
}

// measure records the game under sel (the standard game when sel is
// zero), replays it runs times untimed (the engine's speed) and runs times
// with per-system timing, once counting allocations, and once more,
// profiled, when prof is set.
func measure(ctx context.Context, o *benchOptions, sel bench.Selection, prof *os.File) (*BenchReport, error) {
	g, err := bench.RecordUnder(ctx, bench.StandardAgent, o.ticks, sel)
	if err != nil {
		return nil, err
	}
	entries, err := systemEntries(g)
	if err != nil {
		return nil, err
	}
	var speed []float64
	var timed []pass
	for range o.runs {
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
	rep := &BenchReport{
		Agent: g.Agent, Rules: cmp.Or(g.Rules, "cog"), Mechanics: g.Mechanics,
		Ticks: g.Ticks, Episodes: len(g.Episodes), Runs: o.runs,
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
		cost.NsPerTick = median(collect(timed, func(p pass) float64 {
			return max(float64(p.nanos[i])-rep.ClockNs*float64(p.calls[i]), 0) / float64(p.ticks)
		}))
		cost.Share = cost.NsPerTick / rep.NsPerTick
		ns += cost.NsPerTick
		allocSum += cost.AllocsPerTick
		rep.Systems = append(rep.Systems, cost)
	}
	rep.OtherNsPerTick = max(rep.NsPerTick-ns, 0)
	rep.OtherAllocsPerTick = max(rep.AllocsPerTick-allocSum, 0)
	if prof != nil {
		rep.Profile = prof.Name()
		if rep.ProfileTicks, err = profile(ctx, g, prof, o.profileTime); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// systemEntries lists the game's systems in tick order: the standard
// game's, with what the selection's mechanics install.
func systemEntries(g *bench.Game) ([]sim.SystemRef, error) {
	r, err := g.Config(g.Episodes[0].Seed).Resolve()
	if err != nil {
		return nil, err
	}
	return r.Systems, nil
}

// replayPass runs the game once, timing only sim.Turn, and adds up what the
// schedulers timed, when start turned timing on.
func replayPass(ctx context.Context, g *bench.Game, ticks int, start func(*sim.Sim)) (pass, error) {
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
func countAllocs(ctx context.Context, g *bench.Game, ticks, systems int) (allocCount, error) {
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
// round for at least d, writing a CPU profile to w. It returns the ticks
// replayed.
func profile(ctx context.Context, g *bench.Game, w io.Writer, d time.Duration) (int, error) {
	if err := pprof.StartCPUProfile(w); err != nil {
		return 0, fmt.Errorf("--cpuprofile: %w", err)
	}
	defer pprof.StopCPUProfile()
	ticks := 0
	for start := time.Now(); time.Since(start) < d; {
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

// otherRow names the time and allocations outside the systems.
const otherRow = "other (parse, render)"

// write prints the report as a table.
func (r *BenchReport) write(w io.Writer) {
	fmt.Fprintf(w, "cogsim bench: %s agent%s, seeds 1…%d, %d ticks, median of %d runs, %s\n\n",
		r.Agent, r.rulesNote(), r.Episodes, r.Ticks, r.Runs, r.Go)
	width := len(otherRow)
	for _, s := range r.Systems {
		width = max(width, utf8.RuneCountInString(s.label()))
	}
	row := func(name string, ns, allocs float64) {
		fmt.Fprintf(w, "%-*s %9.1f %6.1f%% %11.4f\n", width, name, ns, 100*ns/r.NsPerTick, allocs)
	}
	fmt.Fprintf(w, "%-*s %9s %7s %11s\n", width, "system", "ns/tick", "share", "allocs/tick")
	for _, s := range r.Systems {
		row(s.label(), s.NsPerTick, s.AllocsPerTick)
	}
	row(otherRow, r.OtherNsPerTick, r.OtherAllocsPerTick)
	row("tick", r.NsPerTick, r.AllocsPerTick)
	fmt.Fprintf(w, "\nengine: %.0f ticks/s, %.1f ns/tick (sim.Turn only; per-system times less %.1f ns of timing per call)\n",
		r.TicksPerSecond, r.NsPerTick, r.ClockNs)
	fmt.Fprintf(w, "allocations: %.4f allocs/tick (sim.Turn only, first %d ticks)\n", r.AllocsPerTick, r.AllocTicks)
	if r.Profile != "" {
		fmt.Fprintf(w, "profile: %s (%d ticks; go tool pprof -tagfocus system=ai %s)\n", r.Profile, r.ProfileTicks, r.Profile)
	}
}

// label is the system's row in the table and the chart: its name, and
// for a replaced system the mechanic that replaced it ("hunger →
// nethack-hunger").
func (s SystemCost) label() string {
	if s.ReplacedBy != "" {
		return s.Name + " → " + s.ReplacedBy
	}
	return s.Name
}

// writeSVG draws the per-system bar chart: one bar per system, its length
// the system's ns per tick.
func (r *BenchReport) writeSVG(w io.Writer) error {
	const (
		labelW, barW, valueW = 150, 420, 110
		rowH, barH, top      = 22, 16, 40
		width                = labelW + barW + valueW
	)
	height := top + rowH*len(r.Systems) + 40
	peak := 0.0
	for _, s := range r.Systems {
		peak = max(peak, s.NsPerTick)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="monospace" font-size="12">
<rect width="100%%" height="100%%" fill="white"/>
<text x="8" y="20" font-size="14">%s</text>
`, width, height, width, height,
		esc(fmt.Sprintf("cogsim bench: ns per tick by system (%s agent%s, %d ticks)", r.Agent, r.rulesNote(), r.Ticks)))
	for i, s := range r.Systems {
		y := top + i*rowH
		bw := 0.0
		if peak > 0 {
			bw = barW * s.NsPerTick / peak
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>
<rect class="bar" x="%d" y="%d" width="%.1f" height="%d" fill="#4878d0"><title>%s</title></rect>
<text x="%.1f" y="%d">%.1f ns %.1f%%</text>
`, labelW-8, y+barH-3, esc(s.label()),
			labelW, y, bw, barH, esc(fmt.Sprintf("%s: %.1f ns/tick, %.1f%% of the tick, %.4f allocs/tick", s.label(), s.NsPerTick, 100*s.Share, s.AllocsPerTick)),
			labelW+bw+6, y+barH-3, s.NsPerTick, 100*s.Share)
	}
	fmt.Fprintf(&b, `<text x="8" y="%d">%s</text>
</svg>
`, height-14, esc(fmt.Sprintf("tick %.1f ns (%.0f ticks/s); %s %.1f ns", r.NsPerTick, r.TicksPerSecond, otherRow, r.OtherNsPerTick)))
	_, err := io.WriteString(w, b.String())
	return err
}

// rulesNote names the rules and mechanics after the agent (", rules
// nethack + wands"); nothing for the standard game, whose report reads
// as it always did.
func (r *BenchReport) rulesNote() string {
	sel := bench.Selection{Rules: r.Rules, Mechanics: r.Mechanics}
	if sel.Label() == "cog" {
		return ""
	}
	return ", rules " + sel.Label()
}

// esc escapes text for XML.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
