package obs_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lobby: a lit room (x 2…10, y 2…4) whose broken door (11, 3) opens on a
// corridor east.
var lobby = []string{
	"",
	" -----------",
	" |.........|",
	" |..........####",
	" |.........|",
	" -----------",
}

func colours(s *sim.Sim) *[c.N]byte {
	var out [c.N]byte
	obs.FillColours(s, out[:])
	return &out
}

func colourAt(cols *[c.N]byte, x, y int) byte { return cols[c.Pos{X: x, Y: y}.Index()] }

func TestEachCellIsColouredAsTheCogSeesIt(t *testing.T) {
	s := start(t, 1, scenario.Scenario{
		Map:      withCog(lobby, 9, 3),
		Monsters: []scenario.Thing{{At: []int{3, 4}, Species: "floating eye"}},
		Items:    []scenario.Thing{{At: []int{5, 2}, Kind: "gold", Count: 7}},
		Traps: []scenario.Thing{{At: []int{6, 4}, Kind: "arrow trap", Hidden: ptr(false)},
			{At: []int{8, 2}, Kind: "pit", Hidden: ptr(true)}},
		Doors: []scenario.Thing{{At: []int{11, 3}, State: "broken"}},
	})
	cols := colours(s)
	assert.Equal(t, byte(c.White), colourAt(cols, 9, 3), "the cog")
	assert.Equal(t, byte(c.Blue), colourAt(cols, 3, 4), "a floating eye in sight")
	assert.Equal(t, byte(c.Yellow), colourAt(cols, 5, 2), "gold")
	assert.Equal(t, byte(c.Cyan), colourAt(cols, 6, 4), "an arrow trap")
	assert.Equal(t, byte(c.Gray), colourAt(cols, 4, 3), "floor")
	assert.Equal(t, byte(c.Gray), colourAt(cols, 8, 2), "a hidden pit is its floor, not black")
	assert.Equal(t, byte(c.Gray), colourAt(cols, 1, 2), "wall")
	assert.Equal(t, byte(c.Brown), colourAt(cols, 11, 3), "a broken door's '.'")
	assert.Equal(t, byte(c.Gray), colourAt(cols, 14, 3), "a corridor never seen: blank, not dimmed")

	for range 3 {
		s.Step(c.Primitive{Op: c.OpMove, Dir: c.East})
	}
	require.Equal(t, c.Pos{X: 12, Y: 3}, s.State().CogPos(), "in the corridor")
	cols = colours(s)
	const dim = obs.ColourDimmed
	assert.Equal(t, byte(c.White), colourAt(cols, 12, 3), "the cog")
	assert.Equal(t, byte(c.Brown), colourAt(cols, 11, 3), "the door beside, in sight")
	assert.Equal(t, byte(c.Yellow|dim), colourAt(cols, 5, 2), "remembered gold, dimmed")
	assert.Equal(t, byte(c.Cyan|dim), colourAt(cols, 6, 4), "a remembered trap, dimmed")
	assert.Equal(t, byte(c.Gray|dim), colourAt(cols, 4, 3), "remembered floor, dimmed")
	eye := s.State().Level.Creatures
	for i := range cols {
		if g := eye.Glyph(c.PosOf(i)); g == 'e' {
			assert.Equal(t, byte(c.Gray|dim), cols[i], "the eye, out of sight, is not drawn: its floor is")
		}
	}
	assert.Equal(t, byte(c.Gray), colourAt(cols, 15, 3), "still never seen")
}

func TestTheColoursArrayIsFilledWithTheRecord(t *testing.T) {
	s := start(t, 1, scenario.Scenario{Map: withCog(lobby, 9, 3),
		Items: []scenario.Thing{{At: []int{5, 2}, Kind: "gold", Count: 7}}})
	for range 3 {
		s.Step(c.Primitive{Op: c.OpMove, Dir: c.East})
	}
	want := colours(s)
	var (
		enc    obs.Encoder
		msg    [obs.MessageBytes]byte
		chars  [c.N]byte
		glyphs [2 * c.N]byte
	)
	got := make([]byte, c.N)
	enc.FillRecord(s, obs.RecordFields{Message: msg[:], Chars: chars[:], Glyphs: glyphs[:], Colors: got})
	assert.Equal(t, want[:], got)
	o := enc.Observation(s, 0)
	for y := range c.H {
		assert.Equal(t, want[y*c.W:(y+1)*c.W], o.Colors[y][:], "row %d", y)
	}
	assert.Equal(t, byte(c.Yellow|obs.ColourDimmed), o.Colors[2][5])
	// A record without colours leaves them alone.
	enc.FillRecord(s, obs.RecordFields{Message: msg[:], Chars: chars[:], Glyphs: glyphs[:]})
}
