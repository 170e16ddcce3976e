package view

import (
	"fmt"
	"math"
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim/replay"
)

// The viewer's screen, in character cells:
//
//	row 0       the replay's header
//	row 1       the legend of the full map
//	rows 2-19   the full level (48 x 18)   | cols 50-95: turn, replies
//	row 21      the panel's title
//	rows 22-43  the panel: the observation text, exactly (§15)
//	row 44      the timeline (click to seek)
//	row 45      the keys
const (
	viewCols     = 96
	viewRows     = 46
	viewMapTop   = 2
	sideLeft     = 50
	sideWidth    = viewCols - sideLeft
	panelTitle   = 21
	PanelTop     = 22
	PanelRows    = 22
	timelineRow  = 44
	timelineLeft = 1
	timelineEnd  = viewCols - 1 // exclusive
	viewKeysRow  = 45
)

// PanelRect is the observation panel in grid cells: x0, y0, x1, y1
// (exclusive), for tests of the drawn window.
func PanelRect() (x0, y0, x1, y1 int) { return 0, PanelTop, viewCols, PanelTop + PanelRows }

// Size implements App.
func (v *Viewer) Size() (int, int) {
	if v.next != nil {
		return v.next.Size()
	}
	return viewCols, viewRows
}

// PanelLines are the observation as the panel shows it: its 20 lines,
// each cut into rows of the panel's width (only the message line can be
// longer). Joined, the rows of each line are that line exactly.
func PanelLines(obs []byte) [][]string {
	var out [][]string
	for _, line := range strings.Split(string(obs), "\n") {
		var rows []string
		for len(line) > viewCols {
			rows = append(rows, line[:viewCols])
			line = line[viewCols:]
		}
		out = append(out, append(rows, line))
	}
	return out
}

// Draw implements App.
func (v *Viewer) Draw(g *Grid) {
	if v.next != nil {
		v.next.Draw(g)
		return
	}
	g.Clear()
	h := v.Rep.Header
	g.Text(0, 0, fmt.Sprintf("Replay %s: seed %d, rules %s, agent %s, engine %s",
		v.Name, h.Seed, v.Rep.RulesLabel(), h.Agent, h.Engine), HeadColour)
	if w := v.Rep.Warning(); w != "" {
		g.Text(0, 1, w, WarnColour)
	} else {
		g.Text(0, 1, fmt.Sprintf("The whole level, depth %d. Dim: never seen by the cog. Shaded: in its sight. Red: hidden.",
			v.s.State().Level.Depth), FaintColour)
	}
	FullMap(&v.m, v.s)
	g.DrawMap(0, viewMapTop, &v.m, true)
	v.drawSide(g)

	title := fmt.Sprintf("Observation the cog received after turn %d (exactly as sent):", v.turn)
	if v.turn == 0 {
		title = "Observation the cog received at the start (exactly as sent):"
	}
	g.Text(0, panelTitle, title, HeadColour)
	x0, y0, x1, y1 := PanelRect()
	g.Fill(x0, y0, x1, y1, PanelBack)
	row := y0
	for _, rows := range PanelLines(v.Observation()) {
		for _, r := range rows {
			if row < y1 {
				g.Text(0, row, r, PanelText)
			}
			row++
		}
	}
	v.drawTimeline(g)
	keys := "space play  +- speed  -> turn  , tick  <- back  Home End PgUp PgDn  F3 M timing  T play  q quit"
	if v.InPage {
		keys = strings.Replace(keys, "q quit", "q close", 1)
	}
	if v.note != "" {
		keys = v.note
	}
	g.Text(0, viewKeysRow, keys, FaintColour)
	if v.prof.On() {
		drawProfiler(g, &v.prof, sideLeft-2, viewMapTop, viewKeysRow)
	}
}

func (v *Viewer) drawSide(g *Grid) {
	y := viewMapTop
	line := func(s string, colour Colour) {
		g.Text(sideLeft, y, s, RGBA(colour))
		y++
	}
	text := func(s string, colour Colour, maxRows int) {
		rows := Wrap(s, sideWidth)
		if len(rows) > maxRows {
			rows = append(rows[:maxRows-1], "...")
		}
		for _, r := range rows {
			line(r, colour)
		}
	}
	line(fmt.Sprintf("Turn %d of %d   tick %d", v.turn, len(v.Rep.Turns), v.Tick()), c.White)
	if playing, speed := v.Playing(); playing {
		line("PLAYING, "+speedText(speed), c.BrightGreen)
	} else {
		line("PAUSED (speed "+speedText(speed)+")", c.Yellow)
	}
	y++
	if v.turn > 0 {
		line(fmt.Sprintf("Reply of turn %d:", v.turn), c.Orange)
		text(replyText(v.Rep.Turns[v.turn-1]), c.Gray, 5)
	} else {
		line("Before the first turn.", c.Orange)
	}
	y++
	switch {
	case v.inTurn:
		line(fmt.Sprintf("Turn %d under way, %d ticks done; queued:", v.turn+1, v.sub), c.Orange)
		q := v.s.State().Queue
		var left []string
		for i := q.Head; i < q.Len; i++ {
			left = append(left, PrimitiveString(q.Items[i]))
		}
		text(strings.Join(left, " "), c.Gray, 4)
	case v.turn < len(v.Rep.Turns):
		line(fmt.Sprintf("Next, turn %d:", v.turn+1), c.Orange)
		text(replyText(v.Rep.Turns[v.turn]), c.Gray, 4)
	default:
		line("End of the replay.", c.Orange)
		if r := v.Rep.Result; r != nil {
			text(fmt.Sprintf("Result: score %d, %s, depth %d, %d ticks.", r.Score, r.Cause, r.MaxDepth, r.Ticks), c.Gray, 3)
		}
	}
	y++
	if v.diverged > 0 {
		text(fmt.Sprintf("Diverges from the record at turn %d.", v.diverged), c.Red, 2)
	}
	if v.broken != "" {
		text(v.broken, c.Red, 3)
	}
}

// replyText is how a recorded reply is shown.
// speedText says a speed of Speeds: "32 turns/s", "as fast as it goes".
func speedText(speed float64) string {
	if math.IsInf(speed, 1) {
		return "as fast as it goes"
	}
	return fmt.Sprintf("%g turns/s", speed)
}

func replyText(t replay.Turn) string {
	switch {
	case t.Unusable:
		return "(an unusable reply: forty ticks of waiting)"
	case strings.TrimSpace(t.Reply) == "":
		return "(an empty reply: forty ticks of waiting)"
	}
	return t.Reply
}

func (v *Viewer) drawTimeline(g *Grid) {
	n := len(v.Rep.Turns)
	width := timelineEnd - timelineLeft
	head := timelineLeft
	if n > 0 {
		head = timelineLeft + v.turn*(width-1)/n
	}
	for x := timelineLeft; x < timelineEnd; x++ {
		bg := TimelineLeft
		if x < head {
			bg = TimelineDone
		}
		if v.diverged > 0 && n > 0 && x == timelineLeft+v.diverged*(width-1)/n {
			bg = TimelineError
		}
		g.Fill(x, timelineRow, x+1, timelineRow+1, bg)
	}
	g.Fill(head, timelineRow, head+1, timelineRow+1, TimelineHead)
	for t := 10; t < n; t += 10 {
		g.Set(timelineLeft+t*(width-1)/n, timelineRow, '|', FaintColour)
	}
}

// timelineTurn is the turn a click on the timeline at p asks for.
func timelineTurn(p Point, turns int) (int, bool) {
	if p.Y < timelineRow-1 || p.Y > timelineRow || p.X < timelineLeft || p.X >= timelineEnd {
		return 0, false
	}
	width := timelineEnd - timelineLeft
	return ((p.X-timelineLeft)*turns + (width-1)/2) / (width - 1), true
}

// TimelineCell is the grid cell of the timeline that stands for turn k.
func TimelineCell(k, turns int) Point {
	width := timelineEnd - timelineLeft
	if turns == 0 {
		return Point{timelineLeft, timelineRow}
	}
	return Point{timelineLeft + k*(width-1)/turns, timelineRow}
}
