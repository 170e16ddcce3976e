//go:build windowtest

// These tests open a real window: run them under Xvfb with
// scripts/window-tests.sh (go test -tags windowtest).
package gfx_test

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cogsim/cogsim/internal/pixels"
	"github.com/cogsim/cogsim/render/gfx"
	"github.com/cogsim/cogsim/render/view"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ebiten runs on the main thread: TestMain runs the window once, before
// the tests look at what it drew.
func init() { runtime.LockOSThread() }

var (
	red  = color.RGBA{0xff, 0x20, 0x20, 0xff}
	blue = color.RGBA{0x20, 0x40, 0xff, 0xff}
)

// testApp draws a few known cells and records the keys it is given.
type testApp struct {
	frames int
	keys   []view.Key
}

func (a *testApp) Size() (int, int) { return 20, 10 }

func (a *testApp) Update(in view.Input) bool {
	a.frames++
	a.keys = append(a.keys, in.Keys...)
	return false
}

func (a *testApp) Draw(g *view.Grid) {
	g.Clear()
	g.Text(1, 1, "HHHH", red)
	g.Fill(5, 5, 8, 6, blue)
	g.Text(0, 9, fmt.Sprintf("frame %d", a.frames), view.TextColour)
}

func (a *testApp) Close()          {}
func (a *testApp) Summary() string { return "" }

var (
	app    = &testApp{}
	shot   *image.RGBA
	runErr error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gfx")
	if err != nil {
		panic(err)
	}
	path := filepath.Join(dir, "shot.png")
	runErr = gfx.Run(app, view.WindowOptions{Title: "gfx test", Scale: 1, Keys: []view.Key{'a', view.KeyUp, 'b'},
		Screenshot: path, Frames: 6})
	if runErr == nil {
		shot, runErr = pixels.Load(path)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

const cw, ch = 8, 16 // Go Mono at 13⅓ px

// cell counts the pixels of grid cell (x, y) within tol of colour c, and
// the cell's pixels.
func cell(x, y int, c color.RGBA, tol int) (n, total int) {
	for py := y * ch; py < (y+1)*ch; py++ {
		for px := x * cw; px < (x+1)*cw; px++ {
			if pixels.Near(shot.RGBAAt(px, py), c, tol) { // glyphs are antialiased
				n++
			}
			total++
		}
	}
	return n, total
}

func TestTheScreenshotIsTheGridAtScaleOne(t *testing.T) {
	require.NoError(t, runErr)
	assert.Equal(t, image.Rect(0, 0, 20*cw, 10*ch), shot.Bounds())
}

func TestBackgroundsFillWholeCells(t *testing.T) {
	require.NoError(t, runErr)
	for x := 5; x < 8; x++ {
		n, total := cell(x, 5, blue, 0)
		assert.Equal(t, total, n, "cell (%d, 5)", x)
	}
	n, total := cell(3, 5, view.Background, 0)
	assert.Equal(t, total, n, "an empty cell is the background")
}

func TestGlyphsAreDrawnInTheirColour(t *testing.T) {
	require.NoError(t, runErr)
	for x := 1; x <= 4; x++ {
		n, _ := cell(x, 1, red, 48)
		assert.Greater(t, n, 5, "the H at (%d, 1) has solid red strokes", x)
	}
	n, _ := cell(0, 1, red, 48)
	assert.Zero(t, n, "nothing red outside the text")
}

func TestScriptedKeysAreFedOnePerFrame(t *testing.T) {
	require.NoError(t, runErr)
	assert.Equal(t, []view.Key{'a', view.KeyUp, 'b'}, app.keys)
	assert.Equal(t, 6, app.frames, "the screenshot is taken after the frames asked for")
}
