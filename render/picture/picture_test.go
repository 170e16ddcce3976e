package picture_test

import (
	"fmt"
	"github.com/cogsim/cogsim/internal/maps"
	"image/color"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/bitmap"
	"github.com/cogsim/cogsim/render/grid"
	"github.com/cogsim/cogsim/render/picture"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/scenario"
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
	fg := grid.RGBA(c.Colour(v &^ obs.ColourDimmed))
	if v&obs.ColourDimmed != 0 {
		fg = grid.Dimmed(fg)
	}
	return fg
}

// inks are the glyphs of the font as the picture draws them: pixel
// (x, y) of character ch's cell is ink when inks[ch][y][x].
func inks(t testing.TB) map[byte][][]bool {
	p := painter(t)
	out := map[byte][][]bool{}
	for ch := byte(' '); ch <= '~'; ch++ {
		mask := p.Mask(ch)
		rows := make([][]bool, p.CellH)
		for y := range rows {
			rows[y] = make([]bool, p.CellW)
			for x := range rows[y] {
				rows[y][x] = mask != nil && mask[y*p.CellW+x] != 0
			}
		}
		out[ch] = rows
	}
	return out
}

// TestEveryPrintableCharacterShows: each of '!' … '~' has ink, only
// where the font's glyph covers the pixel, and no two look the same. In
// Go Mono '|' covers no pixel by half (its stroke falls between two
// pixel columns), and pictures once drew it blank: rooms without their
// side walls.
func TestEveryPrintableCharacterShows(t *testing.T) {
	p := painter(t)
	sheet, err := bitmap.Draw()
	require.NoError(t, err)
	seen := map[string]byte{}
	for ch := byte('!'); ch <= '~'; ch++ {
		mask := p.Mask(ch)
		require.Len(t, mask, p.CellW*p.CellH, "%q", ch)
		r := sheet.Cell(rune(ch))
		inked := 0
		for i, v := range mask {
			if v != 0 {
				inked++
				assert.NotZero(t, sheet.Img.RGBAAt(r.Min.X+i%p.CellW, r.Min.Y+i/p.CellW).A, "%q: ink where the glyph is not", ch)
			}
		}
		assert.NotZero(t, inked, "%q is drawn blank", ch)
		if other, ok := seen[string(mask)]; ok {
			t.Errorf("%q and %q are drawn alike", other, ch)
		}
		seen[string(mask)] = ch
	}
	assert.Nil(t, p.Mask(' '), "a blank has no ink")
	// '|' is a bar: a column of ink at least half the cell tall.
	bar := p.Mask('|')
	tallest := 0
	for x := range p.CellW {
		n := 0
		for y := range p.CellH {
			n += int(bar[y*p.CellW+x])
		}
		tallest = max(tallest, n)
	}
	assert.GreaterOrEqual(t, tallest, p.CellH/2)
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
	var enc obs.Encoder
	o := enc.Observation(s, 0)
	for y := range c.H {
		for x := range c.W {
			requireCell(t, p, pix, ink, x, picture.MapTop+y, o.Map[y][x], colourOf(o.Colors[y][x]), grid.MapBack, what)
		}
	}
	text := func(s string, top, rows int, fg color.RGBA, part string) {
		lines := grid.Wrap(s, picture.Cols)
		for row := range rows {
			line := ""
			if row < len(lines) {
				line = lines[row]
			}
			for x := range picture.Cols {
				ch := byte(' ')
				if x < len(line) {
					ch = line[x]
				}
				requireCell(t, p, pix, ink, x, top+row, ch, fg, grid.Background, what+": "+part)
			}
		}
	}
	text(o.Message, 0, picture.MessageRows, grid.TextColour, "message")
	text(o.Status, picture.StatusTop, picture.StatusRows, grid.StatusColour, "status")
}

// TestAPictureIsAsWideAsTheMap: the map fills the picture's width
// (§37.8): 48 cells of 8 pixels, over 4 rows of message, the 18 of the
// map and 2 of status, of 16 pixels each.
func TestAPictureIsAsWideAsTheMap(t *testing.T) {
	p := painter(t)
	assert.Equal(t, 8, p.CellW)
	assert.Equal(t, 16, p.CellH)
	assert.Equal(t, 48*8, p.Width())
	assert.Equal(t, 24*16, p.Height())
	assert.Equal(t, c.W, picture.Cols)
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

// twoRooms: see maps.TwoRooms.
var twoRooms = maps.TwoRooms

func TestThePictureShowsMonstersItemsTrapsAndMemory(t *testing.T) {
	hidden := false
	sc := sim.Scenario{
		Name:     "picture",
		Map:      scenario.MapWith(scenario.MapWith(twoRooms, 3, 2, '@'), 9, 4, 'd'),
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
	var a obs.Arrays
	new(obs.Encoder).FillArrays(s, &a)
	assert.NotZero(t, a.Colors[2][5]&obs.ColourDimmed, "the west room is remembered")
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

// TestALongMessageAndStatusWrap: a message of 200 characters wraps at
// the map's width over the picture's four message rows, and a status
// line longer than the map over its two status rows, each word whole.
func TestALongMessageAndStatusWrap(t *testing.T) {
	sc := sim.Scenario{Name: "long", Map: scenario.MapWith(twoRooms, 3, 2, '@'), Cog: &sim.ScenarioCog{Nutrition: ptr(60)},
		Traps: []sim.ScenarioThing{{At: []int{4, 2}, Kind: "pit"}}}
	s, err := sim.New(sim.Config{Seed: 1, Scenario: &sc})
	require.NoError(t, err)
	s.Turn("e xyzzy-plugh-frotz-nitfol-blorb-gnusto-rezrov-yomin xyzzy-plugh-frotz-nitfol-blorb-gnusto-rezrov-yomin " +
		"xyzzy-plugh-frotz-nitfol-blorb-gnusto-rezrov-yomin xyzzy-plugh-frotz-nitfol-blorb-gnusto-rezrov-yomin")
	var enc obs.Encoder
	o := enc.Observation(s, 0)
	require.Greater(t, len(o.Message), 3*picture.Cols, "a message of four rows")
	require.Greater(t, len(o.Status), picture.Cols, "a status of two rows: %q", o.Status)
	requirePicture(t, painter(t), s, inks(t), "long")
}

func ptr[T any](v T) *T { return &v }
