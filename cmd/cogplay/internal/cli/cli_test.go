package cli_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/cli"
	"github.com/cogsim/cogsim/render/view"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// noWindow fails the test if a window is asked for.
func noWindow(t *testing.T) view.Window {
	return func(view.App, view.WindowOptions) error {
		t.Error("a window was opened")
		return nil
	}
}

func run(t *testing.T, args []string, stdout, stderr *bytes.Buffer) int {
	return cli.Run(args, stdout, stderr, noWindow(t))
}

func TestBadFlagsAndFilesSayOneLineAndExitTwo(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	badScenario := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(badScenario, []byte(`{"name": "x", "map": ["", " |@"], "lit": 3}`), 0o644))
	badReplay := filepath.Join(dir, "bad.jsonl")
	require.NoError(t, os.WriteFile(badReplay, []byte("{\"format\":\"cogsim-replay\"}\n"), 0o644))
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--seed", "seven"}, `invalid value "seven" for flag -seed`},
		{[]string{"--bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--rules", "angband"}, `--rules: unknown rules "angband"`},
		{[]string{"--keys", "l frob"}, `--keys: unknown key "frob"`},
		{[]string{"--frames", "0"}, "--frames must be at least 1"},
		{[]string{"--size", "1366"}, `--size "1366": WIDTHxHEIGHT in pixels`},
		{[]string{"--size", "20x20"}, "each 100 to 16384"},
		{[]string{"--pace", "-2"}, "--pace must be 0 (as fast as the engine) to 10000"},
		{[]string{"--screenshot", "shot.jpg"}, "must end in .png"},
		{[]string{"--turn", "3"}, "--turn needs --replay"},
		{[]string{"--replay", badReplay, "--seed", "3"}, "--seed cannot be used with --replay"},
		{[]string{"--scenario", filepath.Join(dir, "missing.json")}, "missing.json"},
		{[]string{"--scenario", badScenario}, "lit"},
		{[]string{"--replay", filepath.Join(dir, "missing.jsonl")}, "missing.jsonl"},
		{[]string{"--replay", badReplay}, "line 1"},
	}
	for _, tc := range cases {
		var stdout, stderr bytes.Buffer
		code := run(t, tc.args, &stdout, &stderr)
		assert.Equal(t, 2, code, "%v", tc.args)
		msg := stderr.String()
		assert.Contains(t, msg, tc.want, "%v", tc.args)
		assert.True(t, strings.HasPrefix(msg, "cogplay: "), "%q", msg)
		assert.Equal(t, 1, strings.Count(msg, "\n"), "one line: %q", msg)
	}
}

func TestHelpExitsZero(t *testing.T) {
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 0, run(t, []string{"-h"}, &stdout, &stderr))
	assert.Contains(t, stdout.String(), "cogplay --replay FILE")
	assert.Contains(t, stdout.String(), "-wizard")
}

func TestASaveFileBeingRestoredElsewhereStopsTheStart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "me.json")
	require.NoError(t, os.WriteFile(path, []byte("{}"), 0))
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 1, run(t, []string{"--save", path}, &stdout, &stderr))
	assert.Equal(t, "cogplay: "+path+": the save file is being restored by another process\n", stderr.String())
	assert.FileExists(t, path)
}

func TestACorruptSaveFileIsMovedAsideAndTheStartStops(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "me.json")
	require.NoError(t, os.WriteFile(path, []byte("not a save"), 0o600))
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 1, run(t, []string{"--save", path}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "cogplay: cannot restore "+path+": not a cogsim save file")
	assert.Contains(t, stderr.String(), "moved it to "+path+".corrupt; run cogplay again to start a new game")
	assert.NoFileExists(t, path)
	assert.FileExists(t, path+".corrupt")
}

// scriptWindow stands in for the window: it feeds the scripted keys one
// per frame, as render/gfx does, and draws each frame.
func scriptWindow(app view.App, o view.WindowOptions) error {
	g := view.NewGrid(app.Size())
	for _, k := range o.Keys {
		quit := app.Update(view.Input{Keys: []view.Key{k}})
		app.Draw(g)
		if quit {
			break
		}
	}
	return nil
}

// cogplay runs the command line with the scripted window and returns the
// exit status, stdout and stderr.
func cogplay(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := cli.Run(append(args, "--screenshot", "unused.png"), &stdout, &stderr, scriptWindow)
	return code, stdout.String(), stderr.String()
}

// summary reads the "name: value" lines cogplay prints after a
// screenshot.
func summary(t *testing.T, out string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		k, v, ok := strings.Cut(line, ":")
		require.True(t, ok, "line %q", line)
		m[k] = strings.TrimSpace(v)
	}
	return m
}

func dataHome(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	t.Setenv("USER", "ada")
	return dir
}

func TestSaveQuitAndRestoreDeletesTheSaveFile(t *testing.T) {
	dir := dataHome(t)
	path := filepath.Join(dir, "cogsim", "save", "ada.json")
	code, out, _ := cogplay("--seed", "5", "--keys", "s s S y")
	require.Equal(t, 0, code)
	assert.Equal(t, path, summary(t, out)["saved"])
	require.FileExists(t, path)

	code, out, errs := cogplay("--seed", "9", "--keys", "s")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "restoring the game saved in "+path+"; --seed, --scenario, --level and --dungeon are ignored")
	assert.Contains(t, summary(t, out)["status"], "T:3/2200", "the restored game goes on from tick 2")
	assert.NoFileExists(t, path, "deleted once restored")

	code, out, _ = cogplay("--seed", "5", "--keys", "s")
	require.Equal(t, 0, code)
	assert.Contains(t, summary(t, out)["status"], "T:1/2200", "a new game")
}

func TestAWizardRestoreAsksToKeepTheSaveFile(t *testing.T) {
	dir := dataHome(t)
	path := filepath.Join(dir, "cogsim", "save", "ada.json")
	code, _, _ := cogplay("--wizard", "--seed", "5", "--keys", "s S y")
	require.Equal(t, 0, code)

	code, out, _ := cogplay("--keys", "y s S y")
	require.Equal(t, 0, code)
	assert.Contains(t, summary(t, out)["status"], "T:2/2200")
	require.FileExists(t, path)

	code, _, _ = cogplay("--keys", "")
	require.Equal(t, 0, code)
	fi, err := os.Stat(path)
	require.NoError(t, err, "unanswered: kept")
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "with its mode back")

	code, out, _ = cogplay("--keys", "n s")
	require.Equal(t, 0, code)
	assert.Contains(t, summary(t, out)["status"], "T:3/2200", "the wizard flag comes from the save")
	assert.NoFileExists(t, path)
}

// deadly is a scenario where waiting next to a giant ant kills the cog.
const deadly = `{"name": "deadly", "seed": 3, "map": ["", " -------", " |.@a..|", " -------"], "cog": {"hp": 1}}`

func TestDeathWritesTheRecordOnceAndWizardsNever(t *testing.T) {
	dir := dataHome(t)
	scenario := filepath.Join(dir, "deadly.json")
	require.NoError(t, os.WriteFile(scenario, []byte(deadly), 0o644))
	waits := strings.TrimSpace(strings.Repeat(". ", 60))
	record := filepath.Join(dir, "cogsim", "record.jsonl")

	code, out, _ := cogplay("--scenario", scenario, "--keys", waits)
	require.Equal(t, 0, code)
	assert.Contains(t, summary(t, out)["over"], "killed by a giant ant")
	data, err := os.ReadFile(record)
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(data), "\n"))
	assert.Contains(t, string(data), `"cause":"killed by a giant ant"`)
	assert.Contains(t, string(data), `"agent":"human"`)

	code, out, _ = cogplay("--wizard", "--scenario", scenario, "--keys", waits+" y")
	require.Equal(t, 0, code)
	assert.Contains(t, summary(t, out)["over"], "killed by a giant ant")
	data, err = os.ReadFile(record)
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(data), "\n"), "no record of the wizard game")
}
