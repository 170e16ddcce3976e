package view

import (
	"image/color"

	"github.com/cogsim/cogsim/render/grid"
	"github.com/cogsim/cogsim/sim"
)

// The Grid, the board's cells, their colours and the observation screen
// are render/grid's, shared with render/picture (which draws the
// headless binary's pictures without this package's models); view names
// them as its own here and in palette.go, so that its models and the
// front ends (render/gfx, cogplay) read one package.

// GridCell is one character cell of the window ([grid.GridCell]).
type GridCell = grid.GridCell

// Grid is the whole window as monospace character cells ([grid.Grid]).
type Grid = grid.Grid

// Cell is how one board cell is drawn ([grid.Cell]).
type Cell = grid.Cell

// Map is the board as drawn ([grid.Map]).
type Map = grid.Map

// NewGrid makes an empty w x h grid.
func NewGrid(w, h int) *Grid { return grid.NewGrid(w, h) }

// Wrap breaks s into lines of at most width bytes ([grid.Wrap]).
func Wrap(s string, width int) []string { return grid.Wrap(s, width) }

// RGBA is col as drawn at full brightness.
func RGBA(col Colour) color.RGBA { return grid.RGBA(col) }

// Dimmed is c darkened for a cell remembered but not in sight.
func Dimmed(c color.RGBA) color.RGBA { return grid.Dimmed(c) }

// PlayMap fills m with what the cog sees and remembers ([grid.PlayMap]).
func PlayMap(m *Map, s *sim.Sim) { grid.PlayMap(m, s) }

// The observation screen (§35.5): the top of the play screen, rows 0-20
// (the message line, the map and the status line) at its full width.
const (
	ObservationCols = grid.ObservationCols
	ObservationRows = grid.ObservationRows
	// ObservationMapTop is the row of the map's first line.
	ObservationMapTop = grid.ObservationMapTop
)
