package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/cli"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lastScreen is a scripted window that keeps the last frame drawn.
func lastScreen(screen **view.Grid) view.Window {
	return func(app view.App, o view.WindowOptions) error {
		g := view.NewGrid(app.Size())
		for _, k := range o.Keys {
			quit := app.Update(view.Input{Keys: []view.Key{k}})
			app.Draw(g)
			if quit {
				break
			}
		}
		*screen = g
		return nil
	}
}

func TestScoresPrintsTheRecord(t *testing.T) {
	dir := dataHome(t)
	code, out, _ := cogplay("--scores")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "No games recorded yet")

	scenario := filepath.Join(dir, "deadly.json")
	require.NoError(t, os.WriteFile(scenario, []byte(deadly), 0o644))
	waits := strings.TrimSpace(strings.Repeat(". ", 60))
	code, _, _ = cogplay("--scenario", scenario, "--keys", waits)
	require.Equal(t, 0, code)
	code, out, _ = cogplay("--scores")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "The record (")
	assert.Contains(t, out, "killed by a giant ant")
	assert.Contains(t, out, "rank")
}

func TestTheTombstoneShowsTheRecordWithThisGameMarked(t *testing.T) {
	dir := dataHome(t)
	scenario := filepath.Join(dir, "deadly.json")
	require.NoError(t, os.WriteFile(scenario, []byte(deadly), 0o644))
	waits := strings.TrimSpace(strings.Repeat(". ", 60)) + " space" + strings.Repeat(" .", 25)
	var screen *view.Grid
	for i := 0; i < 2; i++ {
		var stdout, stderr strings.Builder
		code := cli.Run([]string{"--scenario", scenario, "--keys", waits}, &stdout, &stderr, lastScreen(&screen))
		require.Equal(t, 0, code, stderr.String())
	}
	text := screen.String()
	assert.Contains(t, text, "REST")
	assert.Contains(t, text, "killed by")
	assert.Contains(t, text, "You die... (killed by a giant ant)")
	assert.Contains(t, text, "Seed 3, rules cog.")
	assert.Contains(t, text, "The record (* this game):")
	assert.Equal(t, 1, strings.Count(text, "\n *"), "one line marked: this game's, of two alike")
	assert.Contains(t, text, "Press any key to exit.")
}

// clockOut is a game whose clock runs out after three ticks.
const clockOut = `{"name": "short", "seed": 4, "map": ["", " -----", " |.@.|", " -----"], "clock": {"maxTurns": 1, "turnTicks": 3}}`

func TestTheClockEndsWithTheClosingScreenAndTheRecord(t *testing.T) {
	dir := dataHome(t)
	scenario := filepath.Join(dir, "short.json")
	require.NoError(t, os.WriteFile(scenario, []byte(clockOut), 0o644))
	var screen *view.Grid
	var stdout, stderr strings.Builder
	code := cli.Run([]string{"--scenario", scenario, "--keys", "s s s" + strings.Repeat(" .", 25) + " space" + strings.Repeat(" .", 25)}, &stdout, &stderr, lastScreen(&screen))
	require.Equal(t, 0, code, stderr.String())
	text := screen.String()
	assert.Contains(t, text, "the clock")
	assert.Contains(t, text, "You survived until the clock ran out.")
	assert.Contains(t, text, "full-clock T:3")
	assert.Contains(t, text, "\n *")
	data, err := os.ReadFile(filepath.Join(dir, "cogsim", "record.jsonl"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"cause":"clock"`)
}

func TestTheQuickStartScreenWithoutASeed(t *testing.T) {
	dataHome(t)
	var screen *view.Grid
	var stdout, stderr strings.Builder
	code := cli.Run([]string{"--keys", "backspace backspace backspace backspace backspace backspace backspace backspace backspace backspace 4 2 down right down down y"},
		&stdout, &stderr, lastScreen(&screen))
	require.Equal(t, 0, code)
	text := screen.String()
	assert.Contains(t, text, "cogplay: a new game")
	assert.Contains(t, text, "Seed:        42")
	assert.Contains(t, text, "[nethack]")
	assert.Contains(t, text, "Wizard mode: yes")

	code = cli.Run([]string{"--keys", "backspace backspace backspace backspace backspace backspace backspace backspace backspace backspace 4 2 down right enter s"},
		&stdout, &stderr, lastScreen(&screen))
	require.Equal(t, 0, code)
	assert.Contains(t, screen.String(), "seed 42, rules nethack")
	assert.Contains(t, screen.String(), "T:1/2200")
}

func TestScoresNeedNoDisplay(t *testing.T) {
	dataHome(t)
	var stdout, stderr strings.Builder
	assert.Equal(t, 0, cli.Headless([]string{"--scores"}, &stdout, &stderr))
	assert.Contains(t, stdout.String(), "No games recorded yet")
	assert.Empty(t, stderr.String())
}

// TestThePlayersNameTheOptionsFileAndTheEndFiles: the record names the
// player (--name over the options file over $USER); a bad options line
// is named; a finished game leaves its end and its replay under games/
// beside the record, and the replay verifies (issue 26).
func TestThePlayersNameTheOptionsFileAndTheEndFiles(t *testing.T) {
	dir := dataHome(t)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	scenario := filepath.Join(dir, "deadly.json")
	require.NoError(t, os.WriteFile(scenario, []byte(deadly), 0o644))
	conf := filepath.Join(dir, "config", "cogsim", "cogplay.conf")
	require.NoError(t, os.MkdirAll(filepath.Dir(conf), 0o755))
	require.NoError(t, os.WriteFile(conf, []byte("name = Grace\nbind g = .\n"), 0o644))
	waits := strings.TrimSpace(strings.Repeat("g ", 40))
	code, _, stderr := cogplay("--scenario", scenario, "--keys", waits)
	require.Equal(t, 0, code, stderr)
	code, _, _ = cogplay("--scenario", scenario, "--name", "Ada", "--keys", waits)
	require.Equal(t, 0, code)
	record, err := os.ReadFile(filepath.Join(dir, "cogsim", "record.jsonl"))
	require.NoError(t, err)
	assert.Contains(t, string(record), `"player":"Grace"`, "the options file's name; its g waits")
	assert.Contains(t, string(record), `"player":"Ada"`, "--name wins")

	ends, err := filepath.Glob(filepath.Join(dir, "cogsim", "games", "Ada-*.txt"))
	require.NoError(t, err)
	require.Len(t, ends, 1)
	text, err := os.ReadFile(ends[0])
	require.NoError(t, err)
	assert.Contains(t, string(text), "Possessions:")
	assert.Contains(t, string(text), "killed by a giant ant")
	rep, err := replay.Load(strings.TrimSuffix(ends[0], ".txt") + ".jsonl")
	require.NoError(t, err)
	assert.NoError(t, rep.Play(nil), "the game's replay verifies")

	require.NoError(t, os.WriteFile(conf, []byte("name = Grace\ncolour = red\n"), 0o644))
	code, _, stderr = cogplay("--scenario", scenario)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "line 2: unknown option \"colour\"")
}
