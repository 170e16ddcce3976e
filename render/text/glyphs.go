package text

import (
	"sync"

	c "github.com/cogsim/cogsim/components"
)

// The glyph table (§29): one small integer for each thing the cog's map
// can show — each terrain as it is drawn, a discovered trap, each item
// class as it appears, the cog, each species — and 0 for a cell never
// seen. It is derived from the keyed tables (§27.5), so a species a
// mechanic adds has a glyph of its own. Glyphs say no more than the text
// map: a cell's glyph is what the map shows there, except that a visible
// monster is told by species, as the cog sees the monster itself.

// Glyph ids below SpeciesGlyphBase are drawn things; SpeciesGlyphBase + id
// is species id.
const (
	GlyphUnseen      int16 = 0
	SpeciesGlyphBase int16 = 64
)

// GlyphInfo describes one glyph id.
type GlyphInfo struct {
	ID   int16  `json:"id"`
	Char string `json:"char"`
	Name string `json:"name"`
}

var glyphs struct {
	once   sync.Once
	byChar [256]int16
	list   []GlyphInfo
}

// buildGlyphs makes the table from the keyed tables, on first use (after
// every package's init has added its rows).
func buildGlyphs() {
	g := &glyphs
	add := func(ch byte, name string) {
		if ch == ' ' || g.byChar[ch] != 0 {
			return
		}
		id := int16(len(g.list))
		g.byChar[ch] = id
		g.list = append(g.list, GlyphInfo{ID: id, Char: string(ch), Name: name})
	}
	g.list = []GlyphInfo{{ID: GlyphUnseen, Char: " ", Name: "unseen or solid rock"}}
	for t := c.Rock; t.Valid(); t++ {
		add(t.Glyph(), t.Name())
	}
	add('^', "trap")
	for k := range c.ItemKinds {
		if cl := c.ItemKind(k).Info().Class; cl.Info().Mechanic == "" {
			add(cl.Glyph(), cl.String())
		}
	}
	add('@', "the cog")
	// A mechanic's classes come after the cog, so that linking one
	// changes no core glyph id (§32.9).
	for cl := range c.Classes {
		if ci := &c.Classes[cl]; ci.Mechanic != "" {
			add(ci.Glyph, ci.Name)
		}
	}
	for id := range c.Species {
		sp := c.SpeciesID(id).Info()
		g.list = append(g.list, GlyphInfo{ID: SpeciesGlyphBase + int16(id), Char: string(sp.Glyph), Name: sp.Name})
		if g.byChar[sp.Glyph] == 0 {
			// A monster letter read without its monster: the first
			// species drawn with it.
			g.byChar[sp.Glyph] = SpeciesGlyphBase + int16(id)
		}
	}
}

// Glyphs lists the glyph table.
func Glyphs() []GlyphInfo {
	glyphs.once.Do(buildGlyphs)
	return glyphs.list
}

// GlyphOfChar is the glyph id of a map character drawn from memory (or the
// cog's '@'): terrain, trap, item class, unseen.
func GlyphOfChar(ch byte) int16 {
	glyphs.once.Do(buildGlyphs)
	return glyphs.byChar[ch]
}

// GlyphTable is the glyph id of every map character drawn from memory
// (see [GlyphOfChar]), for a loop over many cells.
func GlyphTable() *[256]int16 {
	glyphs.once.Do(buildGlyphs)
	return &glyphs.byChar
}

// SpeciesGlyph is the glyph id of a visible monster of species id.
func SpeciesGlyph(id c.SpeciesID) int16 { return SpeciesGlyphBase + int16(id) }
