package view

import (
	"math"

	c "github.com/cogsim/cogsim/components"
)

// The play screen follows the window (Brogue's way: one grid of
// character cells, scaled as a whole): the front end tells the app the
// screen's size (Fitter), and the app picks the scale that makes the
// map fill most of it and a grid that fills the rest, then lays out its
// panels on that grid. Three shapes:
//
//	wide   (a landscape window): 29 rows, the map their top 18 beside
//	       a side panel as wide as the window allows (the inventory,
//	       then the message log); under the map what is in view
//	medium (a squarer window): 78 columns, the map 48 of them beside a
//	       narrow side panel (the inventory, then what is in view);
//	       under the map the message log
//	narrow (a phone held upright): 48 columns, the map across the
//	       screen; under it the inventory, what is in view and the log
//
// In each the map takes at least 60% of the screen's width or height.

// Fitter is an App whose grid follows the screen: Fit is told the
// screen's size in pixels and a character cell's at scale 1, and
// returns the scale to draw at; Size then gives the grid it chose.
type Fitter interface {
	Fit(w, h, cw, ch int) float64
}

// The shapes' measures, in character cells.
const (
	wideRows         = 29        // rows of a wide screen: the map 18/29 of the height
	mediumCols       = 78        // columns of a medium screen: the map 48/78 of the width
	narrowCols       = c.W       // columns of a narrow screen: the map across it
	sideLeft0        = c.W + 2   // the side panel's first column
	wideAspect       = 78.0 / 29 // screens at least this wide (in cells) are wide
	narrowBelow      = 1.25      // screens less wide than this are narrow
	maxCols, maxRows = 240, 160
)

// PlayFit is the play screen's grid and scale for a screen of w x h
// pixels whose character cells are cw x ch at scale 1: the scale that
// gives the map 18 of 29 rows on a wide screen, 48 of 78 columns on a
// medium one and the whole width on a narrow one, made whole when a
// whole scale comes within 7% of it (crisp glyphs; the map then keeps
// at least 57% of the side), else cut to a twentieth; then as many
// columns and rows as fill the screen at that scale.
func PlayFit(w, h, cw, ch int) (cols, rows int, scale float64) {
	if w <= 0 || h <= 0 || cw <= 0 || ch <= 0 {
		return ObservationCols, 31, 1
	}
	wc, hc := float64(w)/float64(cw), float64(h)/float64(ch)
	switch a := wc / hc; {
	case a >= wideAspect:
		scale = hc / wideRows
	case a >= narrowBelow:
		scale = wc / mediumCols
	default:
		scale = wc / narrowCols
	}
	if whole := math.Floor(scale); whole >= 1 && whole >= scale*0.93 {
		scale = whole
	} else {
		scale = max(0.25, math.Floor(scale*20)/20)
	}
	cols = min(maxCols, max(narrowCols, int(wc/scale)))
	rows = min(maxRows, max(wideRows, int(hc/scale)))
	return cols, rows, scale
}

// rect is a rectangle of grid cells: x0 ≤ x < x1, y0 ≤ y < y1.
type rect struct{ x0, y0, x1, y1 int }

func (r rect) w() int { return r.x1 - r.x0 }
func (r rect) h() int { return r.y1 - r.y0 }

// panel is one of the play screen's panels around the map.
type panel uint8

const (
	inventoryPanel panel = iota
	inViewPanel
	logPanel
)

// layout is where the play screen's parts go on a grid of cols x rows.
type layout struct {
	cols, rows int
	// msgRows are the message line's rows, from row 0; the map starts
	// under them.
	msgRows int
	mapTop  int
	// statusRow is the status line's first row (it wraps at the map's
	// width); the activity row follows it.
	statusRow int
	// side is the panel right of the map (empty on a narrow screen),
	// below the panel under the map and the status; their panels in
	// order, the last taking the rows the others leave.
	side, below           rect
	sidePanels, belowPans []panel
	hintRow               int
}

// messageRows is how many rows the message line has on a grid cols
// wide; the map starts under them.
func messageRows(cols int) int {
	if cols < sideLeft0+20 {
		return 3
	}
	return 2
}

// newLayout lays out the play screen on a grid of cols x rows, with the
// status line's and the activity's texts (each wraps at the map's
// width on a screen with a side panel).
func newLayout(cols, rows int, status, activity string) layout {
	l := layout{cols: cols, rows: rows, msgRows: messageRows(cols)}
	narrow := cols < sideLeft0+20
	l.mapTop = l.msgRows
	l.statusRow = l.mapTop + c.H
	width := cols
	if !narrow {
		width = c.W
	}
	below := l.statusRow + len(Wrap(status, width))
	if activity != "" {
		below += len(Wrap(activity, width))
	} else {
		below++
	}
	l.hintRow = rows - 1
	l.below = rect{0, below, width, l.hintRow}
	switch {
	case narrow:
		l.belowPans = []panel{inventoryPanel, inViewPanel, logPanel}
	case cols >= sideLeft0+40:
		l.side = rect{sideLeft0, l.mapTop, cols, l.hintRow}
		l.sidePanels, l.belowPans = []panel{inventoryPanel, logPanel}, []panel{inViewPanel}
	default:
		l.side = rect{sideLeft0, l.mapTop, cols, l.hintRow}
		l.sidePanels, l.belowPans = []panel{inventoryPanel, inViewPanel}, []panel{logPanel}
	}
	return l
}

// textWidth is how wide the status and activity lines run before they
// wrap.
func (l *layout) textWidth() int {
	if l.side.w() > 0 {
		return c.W
	}
	return l.cols
}
