package view

import c "github.com/cogsim/cogsim/components"

// What is drawn in which colour. Each table is the only one of its kind;
// the colours are NetHack 3.6's (src/monst.c, src/objects.c,
// src/drawing.c), mapped onto the sixteen of [Colour].

// CogColour is the cog's '@' (NetHack's HI_DOMESTIC).
const CogColour = White

// SpeciesColours is the colour of each species, keyed by species id.
var SpeciesColours = map[c.SpeciesID]Colour{
	species("newt"):         Yellow,
	species("jackal"):       Brown,
	species("sewer rat"):    Brown,
	species("grid bug"):     Magenta,
	species("lichen"):       BrightGreen,
	species("kobold"):       Brown,
	species("giant rat"):    Brown,
	species("coyote"):       Brown,
	species("gecko"):        Cyan,
	species("large kobold"): Red,
	species("hobbit"):       Green,
	species("floating eye"): Blue,
	species("gnome"):        Brown,
	species("homunculus"):   Green,
	species("gnome lord"):   Blue,
	species("hill orc"):     Yellow,
	species("giant ant"):    Brown,
	species("dwarf"):        Red,
	species("Oracle"):       BrightBlue, // HI_ZAP
}

func species(name string) c.SpeciesID { return c.SpeciesByName(name) }

// ClassColours is the colour of each item class (gold HI_GOLD, food
// HI_ORGANIC, weapons HI_METAL).
var ClassColours = map[c.ItemClass]Colour{
	c.GoldClass:   Yellow,
	c.FoodClass:   Brown,
	c.PotionClass: BrightMagenta,
	c.WeaponClass: Cyan,
	c.ArmourClass: BrightCyan,
}

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

// TrapColours is the colour of each trap kind's '^'.
var TrapColours = map[c.TrapKind]Colour{
	trap("arrow trap"):    Cyan,
	trap("dart trap"):     Cyan,
	trap("pit"):           Black,
	trap("teleport trap"): Magenta,
}

func trap(name string) c.TrapKind {
	k, ok := c.LookupTrap(name)
	if !ok {
		panic("view: unknown trap " + name)
	}
	return k
}

// itemClasses lists the item classes, for looking one up by glyph.
var itemClasses = [...]c.ItemClass{c.GoldClass, c.FoodClass, c.PotionClass, c.WeaponClass, c.ArmourClass}

// ItemGlyphColour is the colour of a remembered item glyph ('$', '%' …):
// its class's.
func ItemGlyphColour(g byte) Colour {
	for _, cl := range itemClasses {
		if cl.Glyph() == g {
			return ClassColours[cl]
		}
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
