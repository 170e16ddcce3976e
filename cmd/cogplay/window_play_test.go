//go:build windowtest

package main

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/systems"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The play screen at scale 1: 96 x 31 cells of 8 x 16 pixels.
const playW, playH = 96 * 8, 31 * 16

// TestACountPlaysAtThePace: at --pace 1 a count is seen as it plays,
// one tick a frame; at the engine's pace (the default) it is done at
// once (issue 39, 14).
func TestACountPlaysAtThePace(t *testing.T) {
	env := dataHome(t)
	_, r := shoot(t, env, "--seed", "5", "--pace", "1", "--keys", "2 0 s", "--frames", "12")
	assert.Contains(t, r.summary()["status"], "T:9/2200", "three frames of keys, then nine searches")
	assert.Contains(t, r.summary()["activity"], "Repeating search: 11 more")
	_, r = shoot(t, env, "--seed", "5", "--pace", "1", "--keys", "2 0 s", "--frames", "40")
	assert.Contains(t, r.summary()["status"], "T:20/2200")
	_, r = shoot(t, env, "--seed", "5", "--keys", "2 0 s", "--frames", "5")
	assert.Contains(t, r.summary()["status"], "T:20/2200", "at the engine's pace, twenty searches in two frames")
}

func TestF11GoesFullScreenAndTheGridFollowsTheWindow(t *testing.T) {
	env := dataHome(t)
	img, _ := shoot(t, env, "--seed", "5", "--frames", "3")
	assert.Equal(t, image.Rect(0, 0, playW, playH), img.Bounds())

	full, _ := shoot(t, env, "--seed", "5", "--keys", "f11", "--frames", "12")
	b := full.Bounds()
	require.Greater(t, b.Dx(), playW, "the window fills the screen")
	cols, rows, scale := view.PlayFit(b.Dx(), b.Dy(), 8, 16)
	gw, gh := int(float64(cols*8)*scale), int(float64(rows*16)*scale)
	assert.True(t, gw >= b.Dx()*9/10 && gh >= b.Dy()*9/10, "the grid fills the screen (scale %.2f)", scale)
	offX, offY := (b.Dx()-gw)/2, (b.Dy()-gh)/2
	if offX > 0 {
		assert.Equal(t, offX*b.Dy(), count(full, image.Rect(0, 0, offX, b.Dy()), view.Background, 0),
			"the grid is centred: the background to its left")
	}
	// The map's background where the grid puts it (cell (0, 2) is board
	// cell (0, 0)), inside the cell: its edges blend at a fractional
	// scale.
	px := func(v float64) int { return int(v * scale) }
	mapCell := image.Rect(offX+px(2), offY+px(2*16+4), offX+px(6), offY+px(3*16-4))
	assert.Equal(t, mapCell.Dx()*mapCell.Dy(), count(full, mapCell, view.MapBack, 2))

	again, _ := shoot(t, env, "--seed", "5", "--fullscreen", "--frames", "6")
	assert.Equal(t, b, again.Bounds(), "--fullscreen starts so")
}

func TestTheProfilerOverlayInTheWindow(t *testing.T) {
	img, r := shoot(t, dataHome(t), "--seed", "3", "--keys", "f3 2 0 s", "--frames", "40")
	systemsNow := len(systems.Standard(nil).Names())
	if os.Getenv("COGSIM_INVARIANTS") == "1" {
		systemsNow++ // the invariant checker runs as a system too
	}
	assert.Equal(t, fmt.Sprintf("%d systems over 20 ticks", systemsNow), r.summary()["profiler"])
	// The overlay's box covers the inventory panel, top right.
	box := image.Rect(60*8, 4*16, 62*8, 5*16)
	assert.Positive(t, count(img, box, view.BoxBack, 0))
}

func TestTheTombstoneInTheWindow(t *testing.T) {
	env := dataHome(t)
	dir := t.TempDir()
	scenario := filepath.Join(dir, "deadly.json")
	require.NoError(t, os.WriteFile(scenario, []byte(`{"name": "deadly", "seed": 3, "map": ["", " -------", " |.@a..|", " -------"], "cog": {"hp": 1}}`), 0o644))
	waits := strings.TrimSpace(strings.Repeat(". ", 25))
	more, r := shoot(t, env, "--scenario", scenario, "--keys", waits, "--frames", "30")
	assert.Contains(t, r.summary()["over"], "killed by a giant ant")
	assert.Contains(t, r.summary()["message"], "You die...--More--", "first the final map and --More--")
	assert.Zero(t, count(more, more.Bounds(), view.CursorBack, 0), "no tombstone yet")
	if d := os.Getenv("COGPLAY_SHOTS"); d != "" {
		writePNG(t, filepath.Join(d, "death-more.png"), more)
	}
	img, r := shoot(t, env, "--scenario", scenario, "--keys", waits+" space"+strings.Repeat(" .", 25), "--frames", "60")
	assert.Contains(t, r.summary()["over"], "killed by a giant ant")
	if d := os.Getenv("COGPLAY_SHOTS"); d != "" {
		writePNG(t, filepath.Join(d, "death-tombstone.png"), img)
	}
	assert.Positive(t, count(img, img.Bounds(), view.CursorBack, 0), "this game's line of the record is marked")

	rs := cogplay(t, env, "--scores")
	assert.Equal(t, 0, rs.code)
	assert.Contains(t, rs.stdout, "killed by a giant ant")
}

// TestTheWindowStartsFillingTheScreen: with no --scale the window starts
// at nine tenths of the monitor (window-tests.sh's Xvfb: 1920 x 1080),
// not at scale 1.
func TestTheWindowStartsFillingTheScreen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shot.png")
	r := cogplay(t, dataHome(t), "--seed", "3", "--screenshot", path, "--keys", "x", "--frames", "30")
	require.Equal(t, 0, r.code, r.stderr)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	b := img.Bounds()
	want := view.DefaultScale(1920, 1080, playW, playH)
	assert.Greater(t, want, 1.0)
	assert.InDelta(t, float64(playW)*want, float64(b.Dx()), 2, "the window's width at the default scale")
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, img))
	require.NoError(t, f.Close())
}

func TestTheQuickStartScreenInTheWindow(t *testing.T) {
	img, r := shoot(t, dataHome(t), "--frames", "3")
	assert.Contains(t, r.summary()["start"], "rules cog, wizard false")
	assert.Positive(t, count(img, img.Bounds(), view.CursorBack, 0), "the seed line is picked")
	_, r = shoot(t, dataHome(t), "--keys", "down right enter s", "--frames", "6")
	assert.Contains(t, r.summary()["status"], "T:1/2200")
}
