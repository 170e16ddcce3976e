package view

import c "github.com/cogsim/cogsim/components"

// What is drawn in which colour. Every colour comes from the tables in
// components (§27.5): species, items and traps from their rows, terrain
// from its table; the cog's map is coloured by sim/obs.FillColours, so
// the window and the observation's colors array cannot disagree. The
// colours are NetHack 3.6's (src/monst.c, src/objects.c, src/drawing.c),
// among the sixteen of [Colour].

// CogColour is the cog's '@' (NetHack's HI_DOMESTIC).
const CogColour = c.CogColour

// SpeciesColour is the colour of species id: its table row's (§27.5).
func SpeciesColour(id c.SpeciesID) Colour { return id.Info().Colour }

// ItemColour is the colour of item kind k: its table row's.
func ItemColour(k c.ItemKind) Colour { return k.Info().Colour }

// TrapColour is the colour of trap kind k's '^': its table row's.
func TrapColour(k c.TrapKind) Colour { return k.Info().Colour }

// TerrainColour is the colour of terrain kind t: its table's.
func TerrainColour(t c.Terrain) Colour { return t.Colour() }

// ItemGlyphColour is the colour of a remembered item glyph ('$', '%' …):
// that of the first item kind drawn with it.
func ItemGlyphColour(g byte) Colour { return c.ItemGlyphColour(g) }

// TerrainGlyphColour is the colour of a remembered terrain glyph: that of
// the first terrain kind drawn with it ('.' reads as floor).
func TerrainGlyphColour(g byte) Colour { return c.TerrainGlyphColour(g) }
