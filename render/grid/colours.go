package grid

import (
	"image/color"

	c "github.com/cogsim/cogsim/components"
)

// rgb is how each colour is drawn on the dark background: the VGA
// palette, with the dark blues lifted so that they read on black.
var rgb = [...]color.RGBA{
	c.Black:         {0x60, 0x60, 0x6c, 0xff},
	c.Red:           {0xd0, 0x30, 0x30, 0xff},
	c.Green:         {0x20, 0xb0, 0x20, 0xff},
	c.Brown:         {0xb8, 0x7a, 0x2e, 0xff},
	c.Blue:          {0x40, 0x60, 0xe0, 0xff},
	c.Magenta:       {0xb8, 0x40, 0xb8, 0xff},
	c.Cyan:          {0x20, 0xb0, 0xb0, 0xff},
	c.Gray:          {0xb4, 0xb4, 0xb4, 0xff},
	c.NoColour:      {0xb4, 0xb4, 0xb4, 0xff},
	c.Orange:        {0xff, 0x90, 0x20, 0xff},
	c.BrightGreen:   {0x60, 0xff, 0x60, 0xff},
	c.Yellow:        {0xff, 0xff, 0x50, 0xff},
	c.BrightBlue:    {0x70, 0x90, 0xff, 0xff},
	c.BrightMagenta: {0xff, 0x60, 0xff, 0xff},
	c.BrightCyan:    {0x60, 0xff, 0xff, 0xff},
	c.White:         {0xff, 0xff, 0xff, 0xff},
}

// RGBA is col, one of NetHack's sixteen display colours ([c.Colour]), as
// drawn at full brightness.
func RGBA(col c.Colour) color.RGBA { return rgb[col] }

// Background is the window's background colour.
var Background = color.RGBA{0x0c, 0x0c, 0x10, 0xff}

// dimFactor is how bright a remembered-but-not-seen cell is drawn, in
// 256ths of the full colour.
const dimFactor = 144

// Dimmed is c darkened for a cell remembered but not in sight.
func Dimmed(c color.RGBA) color.RGBA {
	f := func(v uint8) uint8 { return uint8(int(v) * dimFactor / 256) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), c.A}
}

// The colours of the observation screen: its text and the board's
// backgrounds (render/view's palette holds those of the panels around
// it).
var (
	TextColour   = color.RGBA{0xc8, 0xc8, 0xc8, 0xff}
	StatusColour = color.RGBA{0xff, 0xff, 0xff, 0xff}
	MapBack      = color.RGBA{0x14, 0x14, 0x1a, 0xff} // the board's 48 x 18 cells
	SightBack    = color.RGBA{0x1c, 0x1c, 0x2c, 0xff} // the cog's field of view in the full map
	HiddenBack   = color.RGBA{0x50, 0x10, 0x30, 0xff} // undiscovered secret doors and traps
)
