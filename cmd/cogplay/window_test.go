//go:build windowtest

// These tests build cogplay and run it in a real window: run them under
// Xvfb with scripts/window-tests.sh (go test -tags windowtest).
package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cogsim/cogsim/internal/pixels"
	"github.com/cogsim/cogsim/internal/replaytest"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var binary string

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" {
		os.Stderr.WriteString("window tests need DISPLAY (run scripts/window-tests.sh)\n")
		os.Exit(1)
	}
	dir, err := os.MkdirTemp("", "cogplay")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "cogplay")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is one run of cogplay.
type result struct {
	code           int
	stdout, stderr string
}

// summary reads the "name: value" lines cogplay prints after a screenshot.
func (r result) summary() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			m[k] = strings.TrimSpace(v)
		}
	}
	return m
}

// cogplay runs the binary with args and env added to the test's.
func cogplay(t *testing.T, env []string, args ...string) result {
	t.Helper()
	// Only a safety net against a hung cogplay: a loaded machine may
	// take a minute to start it and draw (issue 34).
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	require.NotContains(t, r.stderr, "panic", "cogplay %v", args)
	return r
}

// shoot runs cogplay with a screenshot and returns it with the run.
func shoot(t *testing.T, env []string, args ...string) (*image.RGBA, result) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shot.png")
	r := cogplay(t, env, append([]string{"--scale", "1", "--screenshot", path}, args...)...)
	require.Equal(t, 0, r.code, "cogplay %v: %s", args, r.stderr)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return pixels.RGBA(img), r
}

func dataHome(t *testing.T) []string {
	return []string{"XDG_DATA_HOME=" + t.TempDir(), "USER=tester"}
}

var (
	colours   = pixels.Colours
	count     = pixels.Count
	differing = pixels.Differing
)

// cellSize is a grid cell in pixels, from a screenshot of a grid of
// cols x rows cells at scale 1.
func cellSize(img *image.RGBA, cols, rows int) (int, int) {
	return img.Bounds().Dx() / cols, img.Bounds().Dy() / rows
}

func TestThePlayWindowIsDrawn(t *testing.T) {
	img, r := shoot(t, dataHome(t), "--seed", "7", "--frames", "3")
	assert.Equal(t, image.Rect(0, 0, 96*8, 31*16), img.Bounds(), "96 x 31 cells of 8 x 16 pixels")
	assert.Greater(t, colours(img, img.Bounds()), 40, "not blank: text in many colours and shades")
	status := r.summary()["status"]
	assert.True(t, strings.HasPrefix(status, "Dlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:0/2200"), status)
	// The status line's row holds white text.
	cw, ch := cellSize(img, 96, 31)
	row := image.Rect(0, 20*ch, 40*cw, 21*ch)
	assert.Greater(t, count(img, row, color.RGBA{0xff, 0xff, 0xff, 0xff}, 48), 30)
}

// room is a scenario with room to walk east and south.
const room = `{"name": "room", "seed": 2, "map": ["", " ----------", " |@.......|", " |........|", " |........|", " ----------"]}`

func TestScriptedKeysMoveTheCog(t *testing.T) {
	env := dataHome(t)
	scenario := filepath.Join(t.TempDir(), "room.json")
	require.NoError(t, os.WriteFile(scenario, []byte(room), 0o644))
	still, r0 := shoot(t, env, "--scenario", scenario, "--frames", "4")
	moved, r1 := shoot(t, env, "--scenario", scenario, "--keys", "l l j")
	assert.Equal(t, "2 2", r0.summary()["cog"])
	assert.Equal(t, "4 3", r1.summary()["cog"], "two steps east, one south")
	assert.Contains(t, r1.summary()["status"], "T:3/2200")
	assert.Greater(t, differing(still, moved), 50, "the window shows the move")
}

// recordReplay plays seed with replaytest's replies and writes its
// replay.
func recordReplay(t *testing.T, seed uint64, turns int) (string, *replay.Replay) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.jsonl")
	require.NoError(t, os.WriteFile(path, replaytest.Record(t, seed, turns), 0o644))
	rep, err := replay.Load(path)
	require.NoError(t, err)
	return path, rep
}

func TestTheReplayViewerShowsTheObservationPanel(t *testing.T) {
	path, rep := recordReplay(t, 3, 16)
	early, r3 := shoot(t, nil, "--replay", path, "--turn", "3", "--frames", "3")
	late, r12 := shoot(t, nil, "--replay", path, "--turn", "12", "--frames", "3")
	assert.Equal(t, "3", r3.summary()["turn"])
	assert.Equal(t, "12", r12.summary()["turn"])
	assert.Equal(t, "0", r12.summary()["diverged"])
	assert.Equal(t, rep.Turns[11].Tick, atoi(t, r12.summary()["tick"]))

	assert.Greater(t, colours(early, early.Bounds()), 40)
	assert.Greater(t, differing(early, late), 200, "two turns, two pictures")

	cw, ch := cellSize(late, 96, 46)
	x0, y0, x1, y1 := view.PanelRect()
	panel := image.Rect(x0*cw, y0*ch, x1*cw, y1*ch)
	assert.Greater(t, count(late, panel, view.PanelText, 40), 150, "the panel holds text in its colour")
	outside := image.Rect(0, 0, 96*cw, y0*ch-ch)
	assert.Less(t, count(late, outside, view.PanelText, 40), 20, "and that colour is the panel's")
}

func TestTheViewersKeysStepAndSeek(t *testing.T) {
	path, rep := recordReplay(t, 1, 12)
	_, r := shoot(t, nil, "--replay", path, "--keys", "end")
	assert.Equal(t, "12", r.summary()["turn"])
	_, r = shoot(t, nil, "--replay", path, "--keys", ". . , , ,")
	assert.Equal(t, "2", r.summary()["turn"])
	assert.Equal(t, rep.Turns[1].Tick+3, atoi(t, r.summary()["tick"]), "three ticks into turn 3")
}

func TestSaveAndRestoreThroughTheWindow(t *testing.T) {
	env := dataHome(t)
	dir := strings.TrimPrefix(env[0], "XDG_DATA_HOME=")
	path := filepath.Join(dir, "cogsim", "save", "tester.json")
	_, r := shoot(t, env, "--seed", "4", "--keys", "s s S y")
	assert.Equal(t, path, r.summary()["saved"])
	require.FileExists(t, path)
	_, r = shoot(t, env, "--keys", "s")
	assert.Contains(t, r.summary()["status"], "T:3/2200", "restored at tick 2, one more")
	assert.NoFileExists(t, path)
}

func TestWithoutADisplayCogplayAnswersWithoutPanicking(t *testing.T) {
	env := []string{"DISPLAY=", "WAYLAND_DISPLAY="}
	r := cogplay(t, env, "--seed", "x")
	assert.Equal(t, 2, r.code)
	assert.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
	r = cogplay(t, env, "--replay", "/no/such/file")
	assert.Equal(t, 2, r.code)
	r = cogplay(t, env, "--seed", "3")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "no display")
	r = cogplay(t, env, "-h")
	assert.Equal(t, 0, r.code)
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, ch := range s {
		require.True(t, ch >= '0' && ch <= '9', "%q", s)
		n = n*10 + int(ch-'0')
	}
	return n
}
