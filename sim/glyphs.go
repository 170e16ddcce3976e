package sim

import (
	"encoding/binary"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
)

// glyphCache is the map's glyph ids as the character table gives them,
// for the characters last seen: most cells do not change from one
// observation to the next, so only the 8-cell words that did are looked
// up again. It depends on the characters alone, never on the episode.
type glyphCache struct {
	valid  bool
	chars  [c.N]byte
	glyphs [2 * c.N]byte
}

// fillGlyphs writes the glyph ids of the map's characters chars (c.N)
// into glyphs (2·c.N bytes, little-endian int16): the character's entry
// of the glyph table, and for a monster's letter the species of the
// monster the cog sees there.
func (s *Sim) fillGlyphs(chars, glyphs []byte) {
	table := text.GlyphTable()
	gc := &s.glyphs
	le := binary.LittleEndian
	const word = 8
	for w := 0; w < c.N; w += word {
		now := chars[w : w+word : w+word]
		if gc.valid && le.Uint64(now) == le.Uint64(gc.chars[w:w+word]) {
			continue
		}
		copy(gc.chars[w:w+word], now)
		for i, ch := range now {
			le.PutUint16(gc.glyphs[2*(w+i):], uint16(table[ch]))
		}
	}
	gc.valid = true
	copy(glyphs, gc.glyphs[:])
	// A monster's letter: told by the monster standing there, which
	// only a cell the cog sees can show.
	e := s.env
	vis := e.Vision.Rect
	x0, y0, x1, y1 := max(vis.X0, 0), max(vis.Y0, 0), min(vis.X1, c.W-1), min(vis.Y1, c.H-1)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			i := y*c.W + x
			if table[chars[i]] < text.SpeciesGlyphBase {
				continue
			}
			p := c.Pos{X: x, Y: y}
			if m, ok := e.Level.Creatures.At(p); ok && m != e.Run.Cog {
				le.PutUint16(glyphs[2*i:], uint16(text.SpeciesGlyph(e.Monster.Get(m).Species)))
			}
		}
	}
}
