package view

import c "github.com/cogsim/cogsim/components"

// What is drawn in which colour. Species, items and traps take theirs
// from their table rows in components (§27.5); terrain, which is no such
// table, has its own below. The colours are NetHack 3.6's (src/monst.c,
// src/objects.c, src/drawing.c), among the sixteen of [Colour].

// CogColour is the cog's '@' (NetHack's HI_DOMESTIC).
const CogColour = White

// SpeciesColour is the colour of species id: its table row's (§27.5).
func SpeciesColour(id c.SpeciesID) Colour { return colourOf(id.Info().Colour) }

// ItemColour is the colour of item kind k: its table row's.
func ItemColour(k c.ItemKind) Colour { return colourOf(k.Info().Colour) }

// TrapColour is the colour of trap kind k's '^': its table row's.
func TrapColour(k c.TrapKind) Colour { return colourOf(k.Info().Colour) }

// colourOf is the window's colour for a table's: both are NetHack's
// sixteen in NetHack's order, so the map is one to one.
func colourOf(x c.Colour) Colour { return Colour(x) }

// TerrainColours is the colour of each terrain kind: stone grey, doors
// brown, lava red, the stairs white so that they stand out.
var TerrainColours = map[c.Terrain]Colour{
	c.Rock:        Gray,
	c.VWall:       Gray,
	c.HWall:       Gray,
	c.Floor:       Gray,
	c.Corridor:    Gray,
	c.Doorway:     Gray,
	c.BrokenDoor:  Brown,
	c.OpenDoor:    Brown,
	c.ClosedDoor:  Brown,
	c.LockedDoor:  Brown,
	c.SecretDoorV: Gray, // it looks like the wall it hides in
	c.SecretDoorH: Gray,
	c.Stairs:      White,
	c.Lava:        Red,
}

// ItemGlyphColour is the colour of a remembered item glyph ('$', '%' …):
// that of the first item kind drawn with it.
func ItemGlyphColour(g byte) Colour {
	if k, ok := c.ItemByGlyph(g); ok {
		return ItemColour(k)
	}
	return Gray
}

// TerrainGlyphColour is the colour of a remembered terrain glyph: that of
// the first terrain kind drawn with it ('.' reads as floor).
func TerrainGlyphColour(g byte) Colour {
	for t := c.Rock; t <= c.Lava; t++ {
		if t.Glyph() == g {
			return TerrainColours[t]
		}
	}
	return Gray
}
