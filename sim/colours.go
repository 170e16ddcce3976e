package sim

import (
	"sync"

	c "github.com/cogsim/cogsim/components"
)

// ColourDimmed is the bit of a [Sim.FillColours] value set on a cell drawn
// dimmed: something remembered but not in sight (§35.2). The value less
// the bit is the palette index ([components.Colour]), so a value indexes
// a 32-colour palette: the sixteen, then the same sixteen dimmed.
const ColourDimmed = 16

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
	memoryColours.once.Do(buildMemoryColours)
	mc := &memoryColours
	e := s.env
	l := e.Level
	vis := e.Vision.Rect
	drawn := l.Drawn()
	for y := range c.H {
		rowSeen := y >= vis.Y0 && y <= vis.Y1
		for x := range c.W {
			i := y*c.W + x
			if drawn[i] == ' ' {
				dst[i] = byte(c.Gray) // blank: never seen, or rock
				continue
			}
			var col c.Colour
			switch {
			case l.MemItem[i] != 0:
				col = mc.item[l.MemItem[i]]
			case l.TrapShown[i]:
				col = c.Magenta
				if t, ok := e.TrapAt(c.Pos{X: x, Y: y}); ok {
					col = e.Trap.Get(t).Kind.Info().Colour
				}
			case l.Terrain[i].Glyph() == l.MemTerrain[i]:
				col = l.Terrain[i].Colour()
			default:
				col = mc.terrain[l.MemTerrain[i]]
			}
			v := byte(col)
			if !rowSeen || x < vis.X0 || x > vis.X1 {
				v |= ColourDimmed
			}
			dst[i] = v
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
