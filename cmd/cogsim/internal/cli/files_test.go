package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBadFilesGetClearErrors feeds every command that reads a file a
// missing, empty, binary, huge and wrong-version one.
func TestBadFilesGetClearErrors(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		return p
	}
	empty := file("empty", nil)
	binary := file("binary", []byte("\x00\x01\x02\xff\xfe\x7f"))
	huge := file("huge", []byte(strings.Repeat("x", 17<<20)))
	oldReplay := file("old.jsonl", []byte(`{"format":"cogsim-replay","version":9,"seed":1}`+"\n"))
	otherFormat := file("other.jsonl", []byte(`{"format":"ttyrec","version":1}`+"\n"))
	missing := filepath.Join(dir, "missing")

	cases := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--scenario", missing}, "--scenario: scenario: open " + missing},
		{[]string{"run", "--scenario", empty}, "not a scenario"},
		{[]string{"run", "--scenario", binary}, "not valid JSON"},
		{[]string{"run", "--scenario", huge}, "larger than"},
		{[]string{"agent", "--scenario", binary}, "not valid JSON"},
		{[]string{"replay", missing, "--verify"}, "replay: open " + missing},
		{[]string{"replay", empty, "--verify"}, "line 1: empty file"},
		{[]string{"replay", binary, "--verify"}, "line 1: not a replay header"},
		{[]string{"replay", huge, "--verify"}, "line 1: line longer than"},
		{[]string{"replay", oldReplay, "--verify"}, "replay version 9"},
		{[]string{"replay", otherFormat}, `format "ttyrec"`},
		{[]string{"run", "--out", filepath.Join(missing, "r.jsonl")}, "does not exist"},
	}
	for _, tc := range cases {
		code, _, errs := cogsim(t, tc.args...)
		assert.Equal(t, ExitUsage, code, "%v", tc.args)
		assert.Contains(t, errs, tc.want, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
	}
}

// TestAFailedRunKeepsWhatItWrote: a run that cannot start (a bad flag)
// leaves an existing results file alone.
func TestAFailedRunKeepsWhatItWrote(t *testing.T) {
	out := filepath.Join(t.TempDir(), "results.jsonl")
	require.NoError(t, os.WriteFile(out, []byte("earlier results\n"), 0o644))
	code, _, _ := cogsim(t, "run", "--out", out, "--episodes", "0")
	assert.Equal(t, ExitUsage, code)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "earlier results\n", string(got))
}
