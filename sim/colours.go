package sim

import (
	"encoding/binary"
	"sync"

	c "github.com/cogsim/cogsim/components"
)

// ColourDimmed is the bit of a [Sim.FillColours] value set on a cell drawn
// dimmed: something remembered but not in sight (§35.2). The value less
// the bit is the palette index ([components.Colour]), so a value indexes
// a 32-colour palette: the sixteen, then the same sixteen dimmed.
const ColourDimmed = 16

// colourCache keeps each cell's colour from memory, bright and dimmed
// (a row of bright then a row of dimmed, per map row), recomputing only
// the 8-cell words whose memory changed while the level's terrain did
// not ([components.Level.Changes]), so that most observations copy it.
type colourCache struct {
	valid   bool
	changes uint64
	drawn   [c.N]byte
	memItem [c.N]byte
	// trap marks the words that show a trap, always recomputed: a trap's
	// colour is its kind's, which the glyph does not tell.
	trap    [c.N / 8]bool
	colours [2 * c.N]byte
}

// memory is the colour of every cell from memory alone: row y's 48
// bright values at 2·48·y, then its 48 dimmed ones.
func (cc *colourCache) memory(s *Sim, l *c.Level) *[2 * c.N]byte {
	memoryColours.once.Do(buildMemoryColours)
	mc := &memoryColours
	e := s.env
	drawn := l.Drawn()
	if ch := l.Changes(); !cc.valid || cc.changes != ch {
		cc.valid, cc.changes = false, ch
	}
	const word = 8
	le := binary.LittleEndian
	for w := 0; w < c.N; w += word {
		if cc.valid && !cc.trap[w/word] && le.Uint64(drawn[w:]) == le.Uint64(cc.drawn[w:]) &&
			le.Uint64(l.MemItem[w:]) == le.Uint64(cc.memItem[w:]) {
			continue
		}
		copy(cc.drawn[w:w+word], drawn[w:w+word])
		copy(cc.memItem[w:w+word], l.MemItem[w:w+word])
		cc.trap[w/word] = hasTrapGlyph(drawn[w : w+word])
		for i := w; i < w+word; i++ {
			col := c.Gray // blank: never seen, or rock; never dimmed
			dim := byte(0)
			if drawn[i] != ' ' {
				dim = ColourDimmed
				switch {
				case l.MemItem[i] != 0:
					col = mc.item[l.MemItem[i]]
				case l.TrapShown[i]:
					col = c.Magenta
					if t, ok := e.TrapAt(c.PosOf(i)); ok {
						col = e.Trap.Get(t).Kind.Info().Colour
					}
				case l.Terrain[i].Glyph() == l.MemTerrain[i]:
					col = l.Terrain[i].Colour()
				default:
					col = mc.terrain[l.MemTerrain[i]]
				}
			}
			y, x := i/c.W, i%c.W
			cc.colours[2*c.W*y+x] = byte(col)
			cc.colours[2*c.W*y+c.W+x] = byte(col) | dim
		}
	}
	cc.valid = true
	return &cc.colours
}

// hasTrapGlyph reports whether a word of the drawn memory shows a trap,
// whose colour is its kind's, which the glyph does not tell.
func hasTrapGlyph(w []byte) bool {
	for _, g := range w {
		if g == '^' {
			return true
		}
	}
	return false
}

// memoryColours is the colour of each glyph the memory keeps, built on
// first use (after every package's init has added its table rows).
var memoryColours struct {
	once          sync.Once
	item, terrain [256]c.Colour
}

func buildMemoryColours() {
	m := &memoryColours
	for g := range 256 {
		m.item[g] = c.ItemGlyphColour(byte(g))
		m.terrain[g] = c.TerrainGlyphColour(byte(g))
	}
}

// FillColours writes the colour of each map cell into dst (c.N bytes, row
// after row): the palette index the window draws its glyph in, plus
// [ColourDimmed] when the cell is remembered but not in sight (§35.2).
// Like the glyphs it derives only from what the cog sees and remembers:
//
//   - the cog's '@' is [components.CogColour];
//   - a monster in sight is its species' colour;
//   - a remembered item, by its glyph ([components.ItemGlyphColour]: the
//     memory keeps a pile's glyph, not its kind);
//   - a discovered trap, its kind's colour;
//   - remembered terrain, the colour of the terrain there when its glyph
//     is the one remembered (a broken door's '.' is brown), else of the
//     first terrain drawn with the glyph;
//   - a blank cell (never seen, or rock) is Gray and never dimmed.
//
// The window (render/view's PlayMap) draws with these values, so the two
// cannot disagree.
func (s *Sim) FillColours(dst []byte) {
	dst = dst[:c.N]
	e := s.env
	l := e.Level
	vis := e.Vision.Rect
	base := s.colours.memory(s, l)
	for y := range c.H {
		row := base[2*c.W*y : 2*c.W*(y+1)]
		out := dst[y*c.W : (y+1)*c.W]
		x0, x1 := max(vis.X0, 0), min(vis.X1, c.W-1)
		if y < vis.Y0 || y > vis.Y1 || x0 > x1 {
			copy(out, row[c.W:]) // out of sight: dimmed
			continue
		}
		copy(out[:x0], row[c.W:][:x0])
		copy(out[x0:x1+1], row[x0:x1+1])
		if x1+1 < c.W {
			copy(out[x1+1:], row[c.W:][x1+1:])
		}
	}
	r := vis
	r.X0, r.Y0 = max(r.X0, 0), max(r.Y0, 0)
	r.X1, r.Y1 = min(r.X1, c.W-1), min(r.Y1, c.H-1)
	for y := r.Y0; y <= r.Y1; y++ {
		for x := r.X0; x <= r.X1; x++ {
			p := c.Pos{X: x, Y: y}
			if l.Creatures.Glyph(p) == 0 {
				continue
			}
			col := c.CogColour
			if m, ok := l.Creatures.At(p); ok && e.Monster.Has(m) {
				col = e.Monster.Get(m).Species.Info().Colour
			}
			dst[p.Index()] = byte(col)
		}
	}
	if cog := e.CogPos(); cog.In() {
		v := byte(c.CogColour)
		if !vis.Contains(cog) {
			v |= ColourDimmed
		}
		dst[cog.Index()] = v
	}
}
