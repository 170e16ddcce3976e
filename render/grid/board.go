package grid

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
)

// Cell is how one board cell is drawn.
type Cell struct {
	Glyph  byte
	Colour c.Colour
	// Dim: drawn darkened. In the cog's view, a cell remembered but not
	// in sight; in the full view, a cell the cog has never seen.
	Dim bool
	// InSight: the cog sees the cell now (§12).
	InSight bool
	// Hidden: in the full view, a secret door or a trap not yet found.
	Hidden bool
}

// Map is the board as drawn, indexed like a level's cells ([c.Pos.Index]).
type Map [c.N]Cell

// At is the cell at p.
func (m *Map) At(p c.Pos) Cell { return m[p.Index()] }

// PlayMap fills m with what the cog sees and remembers: the glyphs of its
// observation (§4, §12) in the colours of [obs.FillColours] (the
// observation's colors array), with what is out of sight dimmed and what
// was never seen blank.
func PlayMap(m *Map, s *sim.Sim) {
	f := s.Frame()
	var colours [c.N]byte
	obs.FillColours(s, colours[:])
	for i := range m {
		p := c.PosOf(i)
		v := colours[i]
		m[i] = Cell{Glyph: text.Glyph(&f, p), Colour: c.Colour(v &^ obs.ColourDimmed),
			Dim: v&obs.ColourDimmed != 0, InSight: f.Vision.Contains(p)}
	}
}
