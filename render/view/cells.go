package view

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
)

// FullMap fills m with the whole level as it is, for the replay viewer:
// all terrain, every monster, the top item of every pile and every trap,
// with what the cog has never seen dimmed (§22).
func FullMap(m *Map, s *sim.Sim) {
	e := s.State()
	l := e.Level
	cog := e.CogPos()
	vision := e.Vision.Rect
	traps := trapIndex(e)
	for i := range m {
		p := c.PosOf(i)
		t := l.Terrain[i]
		cell := Cell{Glyph: t.Glyph(), Colour: t.Colour(), Hidden: t.IsSecretDoor()}
		switch {
		case p == cog:
			cell = Cell{Glyph: '@', Colour: CogColour}
		case l.Creatures.Glyph(p) != 0:
			cell = Cell{Glyph: l.Creatures.Glyph(p), Colour: creatureColour(e, p)}
		case l.FloorItems.Top(p) != 0:
			g := l.FloorItems.Top(p)
			cell = Cell{Glyph: g, Colour: ItemGlyphColour(g)}
		case traps[i].ok:
			cell = Cell{Glyph: '^', Colour: trapColour(traps[i]), Hidden: !traps[i].Discovered}
		}
		cell.InSight = vision.Contains(p)
		cell.Dim = l.MemTerrain[i] == 0
		m[i] = cell
	}
}

// creatureColour is the colour of the monster standing on p.
func creatureColour(e *sim.State, p c.Pos) Colour {
	ent, ok := e.Level.Creatures.At(p)
	if !ok || !e.Monster.Has(ent) {
		return CogColour
	}
	return SpeciesColour(e.Monster.Get(ent).Species)
}

// trapCell is the trap on a cell, if any.
type trapCell struct {
	c.Trap
	ok bool
}

// trapIndex lists the level's traps by cell (a level holds a handful).
func trapIndex(e *sim.State) *[c.N]trapCell {
	var idx [c.N]trapCell
	for _, t := range e.Traps(nil) {
		idx[e.Pos.Get(t).Index()] = trapCell{*e.Trap.Get(t), true}
	}
	return &idx
}

func trapColour(t trapCell) Colour {
	if !t.ok {
		return c.Magenta
	}
	return TrapColour(t.Kind)
}
