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
