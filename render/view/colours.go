package view

import c "github.com/cogsim/cogsim/components"

// What is drawn in which colour. Species, items and traps take theirs
// from their table rows in components (§27.5); terrain, which is no such
// table, has its own below. The colours are NetHack 3.6's (src/monst.c,
// src/objects.c, src/drawing.c), among the sixteen of [Colour].

// CogColour is the cog's '@' (NetHack's HI_DOMESTIC).
const CogColour = c.White

// SpeciesColour is the colour of species id: its table row's (§27.5).
func SpeciesColour(id c.SpeciesID) Colour { return id.Info().Colour }

// ItemColour is the colour of item kind k: its table row's.
func ItemColour(k c.ItemKind) Colour { return k.Info().Colour }

// TrapColour is the colour of trap kind k's '^': its table row's.
func TrapColour(k c.TrapKind) Colour { return k.Info().Colour }

// TerrainColours is the colour of each terrain kind: stone grey, doors
// brown, lava red, the stairs white so that they stand out.
var TerrainColours = map[c.Terrain]Colour{
	c.Rock:        c.Gray,
	c.VWall:       c.Gray,
	c.HWall:       c.Gray,
	c.Floor:       c.Gray,
	c.Corridor:    c.Gray,
	c.Doorway:     c.Gray,
	c.BrokenDoor:  c.Brown,
	c.OpenDoor:    c.Brown,
	c.ClosedDoor:  c.Brown,
	c.LockedDoor:  c.Brown,
	c.SecretDoorV: c.Gray, // it looks like the wall it hides in
	c.SecretDoorH: c.Gray,
	c.Stairs:      c.White,
	c.Lava:        c.Red,
}

// ItemGlyphColour is the colour of a remembered item glyph ('$', '%' …):
// that of the first item kind drawn with it.
func ItemGlyphColour(g byte) Colour {
	if k, ok := c.ItemByGlyph(g); ok {
		return ItemColour(k)
	}
	return c.Gray
}

// TerrainGlyphColour is the colour of a remembered terrain glyph: that of
// the first terrain kind drawn with it ('.' reads as floor).
func TerrainGlyphColour(g byte) Colour {
	for t := c.Rock; t <= c.Lava; t++ {
		if t.Glyph() == g {
			return TerrainColours[t]
		}
	}
	return c.Gray
}
