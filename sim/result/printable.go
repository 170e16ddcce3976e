package result

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Printable is s as it is when every rune is printable (graphic or a
// space), else s quoted with Go's escapes ("a\x1b[2Jb"), so that a string
// read from a file — an agent's name, a scenario's, an engine's — cannot
// write control sequences to a terminal (issue 34).
func Printable(s string) string {
	for _, r := range s {
		if r == utf8.RuneError || (r != ' ' && !unicode.IsGraphic(r)) || unicode.Is(unicode.Bidi_Control, r) {
			return strconv.QuoteToGraphic(s)
		}
	}
	return s
}
