package components

// Colour is one of NetHack's sixteen display colours (include/color.h),
// in NetHack's order. A table row names the colour its kind is drawn in;
// the window (render/view) maps each to an RGB value.
type Colour uint8

// NetHack's colours, named as in include/color.h.
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
	// NumColours counts the colours.
	NumColours
)

var colourNames = [...]string{"black", "red", "green", "brown", "blue", "magenta", "cyan", "gray",
	"no colour", "orange", "bright green", "yellow", "bright blue", "bright magenta", "bright cyan", "white"}

// String is the colour's NetHack name.
func (c Colour) String() string {
	if int(c) < len(colourNames) {
		return colourNames[c]
	}
	return "colour?"
}

// CogColour is the colour of the cog's '@' (NetHack's HI_DOMESTIC).
const CogColour = White

// ItemGlyphColour is the colour of a remembered item glyph ('$', '%' …):
// that of the first item kind drawn with it, Gray for none. The memory
// keeps a pile's glyph, not its kind, so the map draws it by class.
func ItemGlyphColour(g byte) Colour {
	if k, ok := ItemByGlyph(g); ok {
		return k.Info().Colour
	}
	return Gray
}

// TerrainGlyphColour is the colour of a remembered terrain glyph: that of
// the first terrain kind drawn with it ('.' reads as floor), Gray for
// none.
func TerrainGlyphColour(g byte) Colour {
	if t, ok := TerrainByGlyph(g); ok {
		return t.Colour()
	}
	return Gray
}
