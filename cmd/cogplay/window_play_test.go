//go:build windowtest

package main

import (
	"fmt"
	"image"
	"image/color"
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

// TestACountPlaysOnePrimitiveAFrame: in the window a count is seen as it
// plays, one tick a frame, not all at once.
func TestACountPlaysOnePrimitiveAFrame(t *testing.T) {
	env := dataHome(t)
	_, r := shoot(t, env, "--seed", "5", "--keys", "2 0 s", "--frames", "12")
	assert.Contains(t, r.summary()["status"], "T:9/2200", "three frames of keys, then nine searches")
	assert.Contains(t, r.summary()["activity"], "Repeating search: 11 more")
	_, r = shoot(t, env, "--seed", "5", "--keys", "2 0 s", "--frames", "40")
	assert.Contains(t, r.summary()["status"], "T:20/2200")
}

func TestF11GoesFullScreenAndTheGridFollowsTheWindow(t *testing.T) {
	env := dataHome(t)
	img, _ := shoot(t, env, "--seed", "5", "--frames", "3")
	assert.Equal(t, image.Rect(0, 0, playW, playH), img.Bounds())

	full, _ := shoot(t, env, "--seed", "5", "--keys", "f11", "--frames", "12")
	b := full.Bounds()
	require.Greater(t, b.Dx(), playW, "the window fills the screen")
	scale := max(1, min(b.Dx()/playW, b.Dy()/playH))
	offX, offY := (b.Dx()-playW*scale)/2, (b.Dy()-playH*scale)/2
	if offX > 0 {
		assert.Equal(t, offX*b.Dy(), count(full, image.Rect(0, 0, offX, b.Dy()), color.RGBA{0, 0, 0, 0xff}, 0),
			"the grid is centred: black to its left")
	}
	// The map's background, scaled by a whole number, where the grid
	// puts it (cell (0, 2) is board cell (0, 0)).
	mapCell := image.Rect(offX, offY+2*16*scale, offX+8*scale, offY+3*16*scale)
	assert.Equal(t, mapCell.Dx()*mapCell.Dy(), count(full, mapCell, view.MapBack, 0))

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
	waits := strings.TrimSpace(strings.Repeat(". ", 40))
	img, r := shoot(t, env, "--scenario", scenario, "--keys", waits, "--frames", "45")
	assert.Contains(t, r.summary()["over"], "killed by a giant ant")
	assert.Positive(t, count(img, image.Rect(0, 0, playW, playH), view.CursorBack, 0), "this game's line of the record is marked")

	rs := cogplay(t, env, "--scores")
	assert.Equal(t, 0, rs.code)
	assert.Contains(t, rs.stdout, "killed by a giant ant")
}

func TestTheQuickStartScreenInTheWindow(t *testing.T) {
	img, r := shoot(t, dataHome(t), "--frames", "3")
	assert.Contains(t, r.summary()["start"], "rules cog, wizard false")
	assert.Positive(t, count(img, image.Rect(0, 6*16, playW, 7*16), view.CursorBack, 0), "the seed line is picked")
	_, r = shoot(t, dataHome(t), "--keys", "down right enter s", "--frames", "6")
	assert.Contains(t, r.summary()["status"], "T:1/2200")
}
