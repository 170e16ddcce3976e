package grid

import (
	"image/color"

	c "github.com/cogsim/cogsim/components"
)

// The observation screen (§35.5), in character cells: the message line
// wrapped over rows 0-1, the map (48 x 18) from row 2, the status line
// on row 20, at the play screen's full width — the play screen's top.
const (
	ObservationCols = 96
	// ObservationMapTop is the row of the map's first line.
	ObservationMapTop = 2
	// ObservationStatusRow is the row of the status line.
	ObservationStatusRow = ObservationMapTop + c.H
	ObservationRows      = ObservationStatusRow + 1
)

// DrawObservation draws the cog's observation on a grid of at least
// ObservationCols x ObservationRows: the message wrapped over rows 0-1 in
// msgColour (TextColour; the play screen draws a prompt in its own), the
// map m from row 2, the status line on row 20.
func DrawObservation(g *Grid, message string, msgColour color.RGBA, m *Map, status string) {
	for i, line := range Wrap(message, ObservationCols) {
		if i < 2 {
			g.Text(0, i, line, msgColour)
		}
	}
	g.DrawMap(0, ObservationMapTop, m, false)
	g.Text(0, ObservationStatusRow, status, StatusColour)
}
