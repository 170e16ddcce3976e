//go:build windowtest

package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/pixels"
	"github.com/cogsim/cogsim/render/view"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheMapFillsTheWindow (issue 39, 5): at 1920 x 1080 and 1366 x 768
// the map takes at least 60% of the window's width or height, and the
// panels are drawn beside and under it.
func TestTheMapFillsTheWindow(t *testing.T) {
	for _, size := range []string{"1920x1080", "1366x768"} {
		path := filepath.Join(t.TempDir(), "shot.png")
		r := cogplay(t, dataHome(t), "--seed", "42", "--size", size, "--keys", "x", "--frames", "30", "--screenshot", path)
		require.Equal(t, 0, r.code, r.stderr)
		img, err := pixels.Load(path)
		require.NoError(t, err)
		b := img.Bounds()
		assert.Equal(t, size, fmt.Sprintf("%dx%d", b.Dx(), b.Dy()), "the window has the size asked for")
		m := pixels.Area(img, view.MapBack, 1)
		w, h := float64(m.Dx())/float64(b.Dx()), float64(m.Dy())/float64(b.Dy())
		t.Logf("%s: the map is %v, %.0f%% of the width and %.0f%% of the height", size, m, 100*w, 100*h)
		assert.True(t, w >= 0.6 || h >= 0.6, "%s: the map fills at least 60%% of a side", size)
		assert.InDelta(t, float64(m.Dx())/float64(m.Dy()), float64(c.W*8)/float64(c.H*16), 0.05, "the map keeps its shape")
		right := image.Rect(m.Max.X, 0, b.Max.X, b.Max.Y)
		assert.Greater(t, count(img, right, view.HeadColour, 40), 100, "%s: the panels' headings beside the map", size)
		if d := os.Getenv("COGPLAY_SHOTS"); d != "" {
			writePNG(t, filepath.Join(d, "play-"+size+".png"), img)
		}
	}
}

// TestTerminatingTheWindowSavesTheGame (issue 39, 15): SIGTERM closes the
// window as its close button does, and the game under way is saved.
func TestTerminatingTheWindowSavesTheGame(t *testing.T) {
	env := dataHome(t)
	dir := strings.TrimPrefix(env[0], "XDG_DATA_HOME=")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "--seed", "4", "--keys", "s s s")
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	// The window is up (xwininfo lists its title): cogplay listens for
	// the signal before it opens the window.
	for {
		out, _ := exec.CommandContext(ctx, "xwininfo", "-root", "-tree").Output()
		if bytes.Contains(out, []byte("cogplay: seed 4")) {
			break
		}
		require.NoError(t, ctx.Err(), "the window never came up: %s", stderr.String())
		time.Sleep(50 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	err := cmd.Wait()
	require.NoError(t, err, "cogplay exits cleanly on SIGTERM: %s", stderr.String())
	require.FileExists(t, filepath.Join(dir, "cogsim", "save", "tester.json"), "and saves the game")
	_, r := shoot(t, env, "--keys", "s")
	assert.Contains(t, r.summary()["status"], "/2200", "the saved game restores")
}
