package picture_test

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/bitmap"
	"github.com/cogsim/cogsim/render/picture"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func painter(t testing.TB) *picture.Painter {
	t.Helper()
	p, err := picture.New()
	require.NoError(t, err)
	return p
}

func rgb(col color.RGBA) [3]byte { return [3]byte{col.R, col.G, col.B} }

// colourOf is the colour the window draws a colors entry in.
func colourOf(v byte) color.RGBA {
	fg := view.RGBA(view.Colour(v &^ sim.ColourDimmed))
	if v&sim.ColourDimmed != 0 {
		fg = view.Dimmed(fg)
	}
	return fg
}

// inks are the glyphs of the font as the picture draws them: pixel
// (x, y) of character ch's cell is ink when inks[ch][y][x].
func inks(t testing.TB) map[byte][][]bool {
	s, err := bitmap.Draw()
	require.NoError(t, err)
	out := map[byte][][]bool{}
	for ch := byte(' '); ch <= '~'; ch++ {
		r := s.Cell(rune(ch))
		rows := make([][]bool, s.CH)
		for y := range rows {
			rows[y] = make([]bool, s.CW)
			for x := range rows[y] {
				rows[y][x] = s.Img.RGBAAt(r.Min.X+x, r.Min.Y+y).A >= 0x80
			}
		}
		out[ch] = rows
	}
	return out
}

// requireCell checks that cell (col, row) of the picture shows ch: ink
// in fg, the rest bg.
func requireCell(t *testing.T, p *picture.Painter, pix []byte, ink map[byte][][]bool, col, row int, ch byte, fg, bg color.RGBA, what string) {
	t.Helper()
	glyph := ink[ch]
	if ch < ' ' || ch > '~' {
		glyph = ink['?']
	}
	for y := range p.CellH {
		for x := range p.CellW {
			px, py := col*p.CellW+x, row*p.CellH+y
			i := 3 * (py*p.Width() + px)
			got := [3]byte{pix[i], pix[i+1], pix[i+2]}
			want := rgb(bg)
			if glyph[y][x] {
				want = rgb(fg)
			}
			if got != want {
				require.Failf(t, "wrong pixel", "%s: cell (%d, %d) %q pixel (%d, %d): got %v, want %v", what, col, row, ch, x, y, got, want)
			}
		}
	}
}

// requirePicture checks every cell of the picture against the
// observation: the map in its colors, the message and status rows.
func requirePicture(t *testing.T, p *picture.Painter, s *sim.Sim, ink map[byte][][]bool, what string) {
	t.Helper()
	pix := p.Draw(s)
	require.Len(t, pix, 3*p.Width()*p.Height())
	var a sim.Arrays
	o := s.ObservationOf(0, &a)
	for y := range c.H {
		for x := range c.W {
			requireCell(t, p, pix, ink, x, view.ObservationMapTop+y, o.Map[y][x], colourOf(o.Colors[y][x]), view.MapBack, what)
		}
		for x := c.W; x < view.ObservationCols; x++ {
			requireCell(t, p, pix, ink, x, view.ObservationMapTop+y, ' ', view.TextColour, view.Background, what)
		}
	}
	lines := view.Wrap(o.Message, view.ObservationCols)
	for row := range 2 {
		line := ""
		if row < len(lines) {
			line = lines[row]
		}
		for x := range view.ObservationCols {
			ch := byte(' ')
			if x < len(line) {
				ch = line[x]
			}
			requireCell(t, p, pix, ink, x, row, ch, view.TextColour, view.Background, what+": message")
		}
	}
	for x := range view.ObservationCols {
		ch := byte(' ')
		if x < len(o.Status) {
			ch = o.Status[x]
		}
		requireCell(t, p, pix, ink, x, view.ObservationRows-1, ch, view.StatusColour, view.Background, what+": status")
	}
}

func TestAPictureIsTheObservationScreen(t *testing.T) {
	p := painter(t)
	assert.Equal(t, 8, p.CellW)
	assert.Equal(t, 16, p.CellH)
	assert.Equal(t, 96*8, p.Width())
	assert.Equal(t, 21*16, p.Height())
}

func TestEachCellOfThePictureIsDrawnInItsColorsEntry(t *testing.T) {
	p := painter(t)
	ink := inks(t)
	for seed := uint64(1); seed <= 3; seed++ {
		s, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		a, err := agents.New("explore")
		require.NoError(t, err)
		a.Reset(seed)
		for turn := 0; turn < 90 && !s.Done(); turn++ {
			s.Turn(a.Reply(s.Observe()))
			if turn%30 == 0 {
				requirePicture(t, p, s, ink, fmt.Sprintf("seed %d turn %d", seed, turn))
			}
		}
	}
}

// twoRooms: a room west (interior x 2…10, y 2…4), doorways at (11, 3) and
// (13, 3) around the corridor cell (12, 3), a room east (x 14…17).
var twoRooms = []string{
	"",
	" ----------- ------",
	" |.........| |....|",
	" |..........#.....|",
	" |.........| |....|",
	" ----------- ------",
}

func TestThePictureShowsMonstersItemsTrapsAndMemory(t *testing.T) {
	hidden := false
	sc := sim.Scenario{
		Name:     "picture",
		Map:      sim.MapWith(sim.MapWith(twoRooms, 3, 2, '@'), 9, 4, 'd'),
		Items:    []sim.ScenarioThing{{At: []int{5, 4}, Kind: "gold", Count: 3}, {At: []int{7, 2}, Kind: "apple"}},
		Traps:    []sim.ScenarioThing{{At: []int{6, 3}, Kind: "arrow trap", Hidden: &hidden}},
		Monsters: []sim.ScenarioThing{{At: []int{15, 2}, Species: "newt"}},
	}
	s, err := sim.New(sim.Config{Seed: 1, Scenario: &sc})
	require.NoError(t, err)
	p := painter(t)
	ink := inks(t)
	requirePicture(t, p, s, ink, "at the start")
	for i, d := range []c.Dir{c.South, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East} {
		if s.Done() {
			break
		}
		s.Step(c.Primitive{Op: c.OpMove, Dir: d})
		requirePicture(t, p, s, ink, fmt.Sprintf("after move %d", i))
	}
	var a sim.Arrays
	s.FillArrays(&a)
	assert.NotZero(t, a.Colors[2][5]&sim.ColourDimmed, "the west room is remembered")
}

// explored is an episode of seed after turns turns of the explore agent,
// with the agent.
func explored(b *testing.B, seed uint64, turns int) (*sim.Sim, agents.Agent) {
	s, err := sim.New(sim.Config{Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	a, err := agents.New("explore")
	if err != nil {
		b.Fatal(err)
	}
	a.Reset(seed)
	for range turns {
		s.Turn(a.Reply(s.Observe()))
	}
	return s, a
}

// BenchmarkPicture measures a picture after each turn of an exploring
// cog: the cells that changed are redrawn.
func BenchmarkPicture(b *testing.B) {
	s, a := explored(b, 1, 10)
	p, err := picture.New()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if s.Done() {
			if err := s.Reset(1); err != nil {
				b.Fatal(err)
			}
			a.Reset(1)
		}
		s.Turn(a.Reply(s.Observe()))
		b.StartTimer()
		p.Draw(s)
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N), "µs/picture")
}

// BenchmarkPictureWhole measures a picture of a screen unlike the last:
// two episodes on different levels, drawn in turn.
func BenchmarkPictureWhole(b *testing.B) {
	s1, _ := explored(b, 1, 10)
	s2, _ := explored(b, 2, 10)
	p, err := picture.New()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if i%2 == 0 {
			p.Draw(s1)
		} else {
			p.Draw(s2)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(b.N), "µs/picture")
}
