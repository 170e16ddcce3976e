package view_test

import (
	"fmt"
	"image/color"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/grid"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/stretchr/testify/require"
)

// colourOf is how the window draws a cell of the colors array: the
// palette index at full brightness, or dimmed.
func colourOf(v byte) color.RGBA {
	fg := view.RGBA(view.Colour(v &^ obs.ColourDimmed))
	if v&obs.ColourDimmed != 0 {
		fg = view.Dimmed(fg)
	}
	return fg
}

// requireWindowMatchesColors draws the play screen and checks that each
// map cell shows the observation's character in its colors entry.
func requireWindowMatchesColors(t *testing.T, s *sim.Sim, what string) {
	t.Helper()
	var enc obs.Encoder
	o := enc.Observation(s, 0)
	p := view.NewPlay(s, view.PlayOptions{})
	g := view.NewGrid(p.Size())
	p.Draw(g)
	top := view.NewGrid(view.ObservationCols, view.ObservationRows)
	var m view.Map
	view.PlayMap(&m, s)
	grid.DrawObservation(top, o.Message, grid.TextColour, &m, o.Status)
	for y := range c.H {
		for x := range c.W {
			cell := g.At(x, view.ObservationMapTop+y)
			v := o.Colors[y][x]
			require.Less(t, v, byte(2*c.NumColours), "%s (%d, %d)", what, x, y)
			require.Equal(t, string(o.Map[y][x]), string(cell.Ch), "%s (%d, %d)", what, x, y)
			require.Equal(t, colourOf(v), cell.Fg, "%s (%d, %d): colors %d", what, x, y, v)
			want := top.At(x, view.ObservationMapTop+y)
			if (c.Pos{X: x, Y: y}) == s.State().CogPos() && !p.Over() {
				// The window marks the @ with a background of its own.
				require.Equal(t, view.CogBack, cell.Bg, "%s (%d, %d): the cog", what, x, y)
				cell.Bg = view.MapBack
			}
			require.Equal(t, view.MapBack, cell.Bg, "%s (%d, %d)", what, x, y)
			require.Equal(t, cell, want, "%s (%d, %d): the observation screen", what, x, y)
			if o.Map[y][x] == ' ' {
				require.Equal(t, byte(c.Gray), v, "%s (%d, %d): a blank", what, x, y)
			}
		}
	}
}

func TestTheWindowDrawsEachCellInItsColorsEntry(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		s, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		a, err := agents.New("explore")
		require.NoError(t, err)
		a.Reset(seed)
		dims, colours := 0, map[byte]bool{}
		for turn := 0; turn < 120 && !s.Done(); turn++ {
			s.Turn(a.Reply(s.Observe()))
			if turn%15 == 0 {
				requireWindowMatchesColors(t, s, fmt.Sprintf("seed %d turn %d", seed, turn))
				var arr obs.Arrays
				new(obs.Encoder).FillArrays(s, &arr)
				for _, row := range arr.Colors {
					for _, v := range row {
						colours[v] = true
						if v&obs.ColourDimmed != 0 {
							dims++
						}
					}
				}
			}
		}
		require.Positive(t, dims, "seed %d: explored cells are remembered out of sight", seed)
		require.Greater(t, len(colours), 3, "seed %d: several colours", seed)
	}
}

func TestTheWindowMatchesColorsWithMonstersItemsAndTraps(t *testing.T) {
	sc := sim.Scenario{
		Map:      put(put(twoRooms, 3, 2, '@'), 9, 4, 'd'),
		Items:    []sim.ScenarioThing{{At: []int{5, 4}, Kind: "gold", Count: 3}, {At: []int{7, 2}, Kind: "apple"}, {At: []int{16, 3}, Kind: "dagger"}},
		Traps:    []sim.ScenarioThing{{At: []int{6, 3}, Kind: "arrow trap", Hidden: ptr(false)}, {At: []int{8, 2}, Kind: "pit", Hidden: ptr(true)}},
		Monsters: []sim.ScenarioThing{{At: []int{15, 2}, Species: "newt"}},
	}
	s := start(t, sc)
	requireWindowMatchesColors(t, s, "at the start")
	for i, d := range []c.Dir{c.South, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East, c.East} {
		if s.Done() {
			break
		}
		s.Step(c.Primitive{Op: c.OpMove, Dir: d})
		requireWindowMatchesColors(t, s, fmt.Sprintf("after move %d", i))
	}
}

// TestTheColoursTableOfPythonMdIsThePalette holds docs/python.md's table
// of the colors values to the window's palette.
func TestTheColoursTableOfPythonMdIsThePalette(t *testing.T) {
	doc, err := os.ReadFile("../../docs/python.md")
	require.NoError(t, err)
	hex := func(col color.RGBA) string { return fmt.Sprintf("`#%02x%02x%02x`", col.R, col.G, col.B) }
	rows := 0
	for _, line := range strings.Split(string(doc), "\n") {
		f := strings.Split(strings.TrimSpace(line), " | ")
		if len(f) != 5 || !strings.HasPrefix(f[0], "| ") {
			continue
		}
		i, err := strconv.Atoi(strings.TrimPrefix(f[0], "| "))
		if err != nil {
			continue
		}
		col := view.Colour(i)
		require.Equal(t, col.String(), f[1], "row %d", i)
		require.Equal(t, hex(view.RGBA(col)), f[2], "row %d", i)
		require.Equal(t, strconv.Itoa(i|obs.ColourDimmed), f[3], "row %d", i)
		require.Equal(t, hex(view.Dimmed(view.RGBA(col))), strings.TrimSuffix(f[4], " |"), "row %d", i)
		rows++
	}
	require.Equal(t, int(c.NumColours), rows, "a row for each colour")
}
