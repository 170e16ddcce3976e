package view

import (
	"image/color"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/grid"
)

// Colour is one of NetHack's sixteen display colours: the tables'
// [c.Colour], defined once in components (§27.5).
type Colour = c.Colour

// UI colours of the panels around the map; those of the observation
// screen and the board, and the background, are render/grid's.
var (
	Background    = grid.Background
	TextColour    = grid.TextColour
	HeadColour    = color.RGBA{0xff, 0xd0, 0x60, 0xff}
	FaintColour   = color.RGBA{0x80, 0x80, 0x88, 0xff}
	PromptColour  = color.RGBA{0x60, 0xff, 0xff, 0xff}
	WarnColour    = color.RGBA{0xff, 0x70, 0x70, 0xff}
	StatusColour  = grid.StatusColour
	PanelText     = color.RGBA{0x7c, 0xf0, 0x8c, 0xff} // the observation panel: a terminal's green
	PanelBack     = color.RGBA{0x06, 0x1c, 0x0c, 0xff}
	BoxBack       = color.RGBA{0x18, 0x18, 0x28, 0xff}
	MapBack       = grid.MapBack
	SightBack     = grid.SightBack
	HiddenBack    = grid.HiddenBack
	CursorBack    = color.RGBA{0x20, 0x70, 0x90, 0xff} // the cell being picked (travel, look)
	TimelineDone  = color.RGBA{0x30, 0x60, 0xc0, 0xff}
	TimelineLeft  = color.RGBA{0x30, 0x30, 0x38, 0xff}
	TimelineHead  = color.RGBA{0xff, 0xd0, 0x60, 0xff}
	TimelineError = color.RGBA{0xd0, 0x30, 0x30, 0xff}
)
