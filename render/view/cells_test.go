package view_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func playMap(s *sim.Sim) *view.Map {
	var m view.Map
	view.PlayMap(&m, s)
	return &m
}

func fullMap(s *sim.Sim) *view.Map {
	var m view.Map
	view.FullMap(&m, s)
	return &m
}

func at(x, y int) c.Pos { return c.Pos{X: x, Y: y} }

func TestTheTableColoursMapOneToOne(t *testing.T) {
	for x := c.Black; x < c.NumColours; x++ {
		assert.Equal(t, uint8(x), uint8(view.Colour(x)), "colour %d", x)
	}
	assert.Equal(t, "bright blue", view.Colour(c.BrightBlue).String())
	assert.Equal(t, "white", view.Colour(c.White).String())
	assert.Equal(t, "black", view.Colour(c.Black).String())
	for x := c.Black; x < c.NumColours; x++ {
		assert.NotEmpty(t, view.Colour(x).String())
	}
}

func TestEveryKindIsDrawnInItsRowsColour(t *testing.T) {
	for id, sp := range c.Species {
		assert.Equal(t, uint8(sp.Colour), uint8(view.SpeciesColour(c.SpeciesID(id))), sp.Name)
	}
	for k, it := range c.ItemKinds {
		assert.Equal(t, uint8(it.Colour), uint8(view.ItemColour(c.ItemKind(k))), it.Name)
	}
	for k, tr := range c.TrapKinds {
		assert.Equal(t, uint8(tr.Colour), uint8(view.TrapColour(c.TrapKind(k))), tr.Name)
	}
	for tr := c.Rock; tr.Valid(); tr++ {
		assert.Less(t, tr.Colour(), c.NumColours, "no colour for %s", tr.Name())
		assert.Equal(t, tr.Colour(), view.TerrainColour(tr), tr.Name())
	}
}

func TestTheColoursAreNetHacks(t *testing.T) {
	want := map[string]view.Colour{
		"newt": c.Yellow, "jackal": c.Brown, "sewer rat": c.Brown, "grid bug": c.Magenta,
		"lichen": c.BrightGreen, "kobold": c.Brown, "giant rat": c.Brown, "coyote": c.Brown,
		"gecko": c.Cyan, "large kobold": c.Red, "hobbit": c.Green, "floating eye": c.Blue,
		"gnome": c.Brown, "homunculus": c.Green, "gnome lord": c.Blue, "hill orc": c.Yellow,
		"giant ant": c.Brown, "dwarf": c.Red, "Oracle": c.BrightBlue,
	}
	for name, colour := range want {
		assert.Equal(t, colour, view.SpeciesColour(c.SpeciesByName(name)), name)
	}
	for g, colour := range map[byte]view.Colour{
		'$': c.Yellow, '%': c.Brown, '!': c.BrightMagenta, ')': c.Cyan, '[': c.BrightCyan,
	} {
		assert.Equal(t, colour, view.ItemGlyphColour(g), string(g))
	}
	assert.Equal(t, c.Gray, view.ItemGlyphColour('~'), "no such item")
	traps := map[string]view.Colour{
		"arrow trap": c.Cyan, "dart trap": c.Cyan, "pit": c.Black, "teleport trap": c.Magenta,
	}
	for name, colour := range traps {
		k, ok := c.LookupTrap(name)
		require.True(t, ok, name)
		assert.Equal(t, colour, view.TrapColour(k), name)
	}
	assert.Equal(t, c.Red, view.TerrainColour(c.Lava))
	assert.Equal(t, c.Brown, view.TerrainGlyphColour('+'))
	assert.Equal(t, c.Gray, view.TerrainGlyphColour('.'), "'.' reads as floor")
}

func TestAVisibleMonsterInALitRoomIsBrightInItsSpeciesColour(t *testing.T) {
	s := start(t, sim.Scenario{Map: put(put(twoRooms, 3, 2, '@'), 10, 4, 'd')})
	m := playMap(s)
	jackal := m.At(at(10, 4))
	assert.Equal(t, view.Cell{Glyph: 'd', Colour: c.Brown, InSight: true}, jackal)
	assert.Equal(t, view.Cell{Glyph: '@', Colour: c.White, InSight: true}, m.At(at(3, 2)))
	assert.Equal(t, view.Cell{Glyph: '|', Colour: c.Gray, InSight: true}, m.At(at(1, 3)), "the lit room's wall")
}

func TestARememberedCellOutOfSightIsDimmed(t *testing.T) {
	s := start(t, sim.Scenario{Map: put(twoRooms, 10, 3, '@')})
	s.Step(c.Primitive{Op: c.OpMove, Dir: c.East}) // the doorway
	s.Step(c.Primitive{Op: c.OpMove, Dir: c.East}) // the corridor (12, 3)
	require.Equal(t, at(12, 3), s.State().CogPos())
	m := playMap(s)
	assert.Equal(t, view.Cell{Glyph: '.', Colour: c.Gray, Dim: true}, m.At(at(5, 3)), "the west room's floor, remembered")
	assert.Equal(t, view.Cell{Glyph: '-', Colour: c.Gray, Dim: true}, m.At(at(5, 1)))
	assert.Equal(t, view.Cell{Glyph: '.', Colour: c.Gray, InSight: true}, m.At(at(13, 3)), "the next doorway, in sight")
	assert.Equal(t, view.Cell{Glyph: '.', Colour: c.Gray, InSight: true}, m.At(at(11, 3)), "the doorway behind")
}

func TestAnUnseenCellIsBlankInPlay(t *testing.T) {
	s := start(t, sim.Scenario{Map: put(put(twoRooms, 3, 2, '@'), 16, 3, 'd')})
	m := playMap(s)
	assert.Equal(t, view.Cell{Glyph: ' ', Colour: c.Gray}, m.At(at(15, 3)), "the east room, never seen")
	assert.Equal(t, byte(' '), m.At(at(16, 3)).Glyph, "nor its jackal")
	assert.Equal(t, byte(' '), m.At(at(12, 3)).Glyph, "nor the corridor")
}

func TestTheCogsMapIsTheObservationAfterEveryTurn(t *testing.T) {
	rep := recorded(t, 4, 25)
	v, err := view.NewViewer(rep, "test")
	require.NoError(t, err)
	for v.StepTurn() {
		s := v.Sim()
		m := playMap(s)
		f := s.Frame()
		for y, line := range mapLines(s) {
			for x := range line {
				p := at(x, y)
				cell := m.At(p)
				require.Equal(t, string(line[x]), string(cell.Glyph), "turn %d at %v", v.Turn(), p)
				require.Equal(t, cell.Glyph != ' ' && !f.Vision.Contains(p), cell.Dim, "dim at %v", p)
			}
		}
	}
	require.Equal(t, len(rep.Turns), v.Turn())
}

func TestThePlayMapMatchesTheObservationText(t *testing.T) {
	s := start(t, sim.Scenario{Map: put(put(twoRooms, 3, 2, '@'), 10, 4, 'd')})
	for _, d := range []c.Dir{c.East, c.East, c.South, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East} {
		s.Step(c.Primitive{Op: c.OpMove, Dir: d})
		m := playMap(s)
		for y, line := range mapLines(s) {
			for x := range line {
				require.Equal(t, line[x], m.At(at(x, y)).Glyph, "(%d, %d)", x, y)
			}
		}
	}
}

func TestTheFullMapShowsEverythingWithTheUnseenDimmed(t *testing.T) {
	sc := sim.Scenario{
		Map:   put(put(put(twoRooms, 3, 2, '@'), 16, 3, 'd'), 17, 4, '$'),
		Traps: []sim.ScenarioThing{{At: []int{5, 4}, Kind: "pit", Hidden: ptr(true)}},
	}
	s := start(t, sc)
	m := fullMap(s)
	assert.Equal(t, view.Cell{Glyph: 'd', Colour: c.Brown, Dim: true}, m.At(at(16, 3)), "a jackal the cog has not seen")
	assert.Equal(t, view.Cell{Glyph: '$', Colour: c.Yellow, Dim: true}, m.At(at(17, 4)))
	assert.Equal(t, view.Cell{Glyph: '#', Colour: c.Gray, Dim: true}, m.At(at(12, 3)), "the corridor, unseen")
	assert.Equal(t, view.Cell{Glyph: '.', Colour: c.Gray, InSight: true}, m.At(at(6, 3)), "the cog's room, in sight")
	assert.Equal(t, view.Cell{Glyph: '^', Colour: c.Black, InSight: true, Hidden: true}, m.At(at(5, 4)), "a hidden pit")
	assert.Equal(t, view.Cell{Glyph: '@', Colour: c.White, InSight: true}, m.At(at(3, 2)))
	assert.Equal(t, byte('.'), playMap(s).At(at(5, 4)).Glyph, "the cog's own view does not show the pit")
}

func TestDoorsLavaAndStairsHaveTheirColours(t *testing.T) {
	sc := sim.Scenario{Depth: 4, Map: []string{
		"",
		" -----+-----",
		" |@...}...>|",
		" |.........S",
		" -----------",
	}}
	s := start(t, sc)
	m := playMap(s)
	assert.Equal(t, view.Cell{Glyph: '+', Colour: c.Brown, InSight: true}, m.At(at(6, 1)))
	assert.Equal(t, view.Cell{Glyph: '}', Colour: c.Red, InSight: true}, m.At(at(6, 2)))
	assert.Equal(t, view.Cell{Glyph: '>', Colour: c.White, InSight: true}, m.At(at(10, 2)))
	assert.Equal(t, view.Cell{Glyph: '|', Colour: c.Gray, InSight: true}, m.At(at(11, 3)), "a secret door looks like its wall")
	assert.Equal(t, view.Cell{Glyph: '|', Colour: c.Gray, InSight: true, Hidden: true}, fullMap(s).At(at(11, 3)), "the full view marks it")
}

func TestTheGridDrawsDimCellsDarker(t *testing.T) {
	var m view.Map
	m[at(1, 1).Index()] = view.Cell{Glyph: '.', Colour: c.Gray, Dim: true}
	m[at(2, 1).Index()] = view.Cell{Glyph: '.', Colour: c.Gray}
	m[at(3, 1).Index()] = view.Cell{Glyph: '.', Colour: c.Gray, InSight: true}
	g := view.NewGrid(c.W, c.H)
	g.DrawMap(0, 0, &m, true)
	dim, bright := g.At(1, 1).Fg, g.At(2, 1).Fg
	assert.Less(t, int(dim.R)+int(dim.G)+int(dim.B), 3*(int(bright.R)+int(bright.G)+int(bright.B))/4, "darker, and still readable (TestRememberedCellsAreReadableAndTheCogMarked)")
	assert.Equal(t, view.SightBack, g.At(3, 1).Bg)
	assert.Equal(t, view.MapBack, g.At(2, 1).Bg)
}
