package view

import "image/color"

// Colour is one of NetHack's sixteen display colours (include/color.h),
// in NetHack's order, so the tables below read like NetHack's own.
type Colour uint8

// NetHack's colours. Black is drawn dark grey, as NetHack's use_darkgray.
const (
	Black Colour = iota
	Red
	Green
	Brown
	Blue
	Magenta
	Cyan
	Gray
	NoColour
	Orange
	BrightGreen
	Yellow
	BrightBlue
	BrightMagenta
	BrightCyan
	White
)

// rgb is how each colour is drawn on the dark background: the VGA
// palette, with the dark blues lifted so that they read on black.
var rgb = [...]color.RGBA{
	Black:         {0x60, 0x60, 0x6c, 0xff},
	Red:           {0xd0, 0x30, 0x30, 0xff},
	Green:         {0x20, 0xb0, 0x20, 0xff},
	Brown:         {0xb8, 0x7a, 0x2e, 0xff},
	Blue:          {0x40, 0x60, 0xe0, 0xff},
	Magenta:       {0xb8, 0x40, 0xb8, 0xff},
	Cyan:          {0x20, 0xb0, 0xb0, 0xff},
	Gray:          {0xb4, 0xb4, 0xb4, 0xff},
	NoColour:      {0xb4, 0xb4, 0xb4, 0xff},
	Orange:        {0xff, 0x90, 0x20, 0xff},
	BrightGreen:   {0x60, 0xff, 0x60, 0xff},
	Yellow:        {0xff, 0xff, 0x50, 0xff},
	BrightBlue:    {0x70, 0x90, 0xff, 0xff},
	BrightMagenta: {0xff, 0x60, 0xff, 0xff},
	BrightCyan:    {0x60, 0xff, 0xff, 0xff},
	White:         {0xff, 0xff, 0xff, 0xff},
}

var colourNames = [...]string{"black", "red", "green", "brown", "blue", "magenta", "cyan", "gray",
	"no colour", "orange", "bright green", "yellow", "bright blue", "bright magenta", "bright cyan", "white"}

// RGBA is the colour as drawn at full brightness.
func (c Colour) RGBA() color.RGBA { return rgb[c] }

// String is the colour's NetHack name.
func (c Colour) String() string { return colourNames[c] }

// Background is the window's background colour.
var Background = color.RGBA{0x0c, 0x0c, 0x10, 0xff}

// dimFactor is how bright a remembered-but-not-seen cell is drawn, in
// 256ths of the full colour.
const dimFactor = 100

// Dimmed is c darkened for a cell remembered but not in sight.
func Dimmed(c color.RGBA) color.RGBA {
	f := func(v uint8) uint8 { return uint8(int(v) * dimFactor / 256) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), c.A}
}

// UI colours of the panels around the map.
var (
	TextColour    = color.RGBA{0xc8, 0xc8, 0xc8, 0xff}
	HeadColour    = color.RGBA{0xff, 0xd0, 0x60, 0xff}
	FaintColour   = color.RGBA{0x80, 0x80, 0x88, 0xff}
	PromptColour  = color.RGBA{0x60, 0xff, 0xff, 0xff}
	WarnColour    = color.RGBA{0xff, 0x70, 0x70, 0xff}
	StatusColour  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	PanelText     = color.RGBA{0x7c, 0xf0, 0x8c, 0xff} // the observation panel: a terminal's green
	PanelBack     = color.RGBA{0x06, 0x1c, 0x0c, 0xff}
	BoxBack       = color.RGBA{0x18, 0x18, 0x28, 0xff}
	MapBack       = color.RGBA{0x14, 0x14, 0x1a, 0xff} // the board's 48 x 18 cells
	SightBack     = color.RGBA{0x1c, 0x1c, 0x2c, 0xff} // the cog's field of view in the full map
	HiddenBack    = color.RGBA{0x50, 0x10, 0x30, 0xff} // undiscovered secret doors and traps
	TimelineDone  = color.RGBA{0x30, 0x60, 0xc0, 0xff}
	TimelineLeft  = color.RGBA{0x30, 0x30, 0x38, 0xff}
	TimelineHead  = color.RGBA{0xff, 0xd0, 0x60, 0xff}
	TimelineError = color.RGBA{0xd0, 0x30, 0x30, 0xff}
)
