package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Report is what [Measure] measures on a recorded game, and what
// `cogsim bench` prints (§23), on the standard game or under the rules
// and mechanics of --rules and --mechanics (§34.2): the game's episodes
// are replayed, so the agent's own time is never measured. Engine time
// is the time spent in sim.Turn: building each episode is not counted.
type Report struct {
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
	// AllocTicks ticks (20 000 at most).
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
	// Levels compares scripted levels with generated ones (§38.6), when
	// measured.
	Levels *LevelCost `json:"levels,omitempty"`
}

// SystemCost is one system's time and allocations per tick and its share
// of the tick. Name is the system's place in the tick order (its pprof
// label system=<name>); By names the mechanic that added it and
// ReplacedBy the one whose system runs in its place (§27.1), if any.
//
// Runs is the share of the ticks on which the system ran: every tick
// for most, the ticks of its verbs for a verb system, which the
// scheduler skips on the others (§39.6) — so its NsPerTick is all spent
// on its own ticks, and none on the rest.
type SystemCost struct {
	Name          string  `json:"name"`
	By            string  `json:"by,omitempty"`
	ReplacedBy    string  `json:"replacedBy,omitempty"`
	NsPerTick     float64 `json:"nsPerTick"`
	Share         float64 `json:"share"`
	AllocsPerTick float64 `json:"allocsPerTick"`
	Runs          float64 `json:"runs"`
}

// otherRow names the time and allocations outside the systems.
const otherRow = "other (parse, render)"

// WriteJSON writes the report as indented JSON, as `cogsim bench
// --json` prints it.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes the report as `cogsim bench` prints it: a table of
// the systems' ns per tick, share of the tick and allocations per tick,
// then the engine's speed and allocations.
func (r *Report) WriteText(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "cogsim bench: %s agent%s, seeds 1…%d, %d ticks, median of %d runs, %s\n\n",
		r.Agent, r.rulesNote(), r.Episodes, r.Ticks, r.Runs, r.Go)
	width := len(otherRow)
	for _, s := range r.Systems {
		width = max(width, utf8.RuneCountInString(s.label()))
	}
	row := func(name string, ns, allocs float64, runs string) {
		fmt.Fprintf(&b, "%-*s %9.1f %6.1f%% %11.4f%s\n", width, name, ns, 100*ns/r.NsPerTick, allocs, runs)
	}
	fmt.Fprintf(&b, "%-*s %9s %7s %11s %7s\n", width, "system", "ns/tick", "share", "allocs/tick", "runs")
	for _, s := range r.Systems {
		row(s.label(), s.NsPerTick, s.AllocsPerTick, fmt.Sprintf(" %6.1f%%", 100*s.Runs))
	}
	row(otherRow, r.OtherNsPerTick, r.OtherAllocsPerTick, "")
	row("tick", r.NsPerTick, r.AllocsPerTick, "")
	fmt.Fprintf(&b, "\nengine: %.0f ticks/s, %.1f ns/tick (sim.Turn only; per-system times less %.1f ns of timing per call)\n",
		r.TicksPerSecond, r.NsPerTick, r.ClockNs)
	fmt.Fprintf(&b, "allocations: %.4f allocs/tick (sim.Turn only, first %d ticks)\n", r.AllocsPerTick, r.AllocTicks)
	if l := r.Levels; l != nil {
		fmt.Fprintf(&b, "levels: %.1f µs per generated level, %.1f µs per scripted level (%s), %.2fx (%d levels, depth 1)\n",
			l.GeneratedUs, l.ScriptedUs, l.Script, l.Ratio(), l.Levels)
	}
	if r.Profile != "" {
		fmt.Fprintf(&b, "profile: %s (%d ticks; go tool pprof -tagfocus system=ai %s)\n", r.Profile, r.ProfileTicks, r.Profile)
	}
	_, err := w.Write(b.Bytes())
	return err
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

// WriteSVG draws the per-system bar chart, as `cogsim bench --svg`
// writes it: one bar per system, its length the system's ns per tick.
func (r *Report) WriteSVG(w io.Writer) error {
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
func (r *Report) rulesNote() string {
	sel := Selection{Rules: r.Rules, Mechanics: r.Mechanics}
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
