package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/eval"
	"github.com/cogsim/cogsim/sim"
)

// stripEngine writes path's results without their engine, as a build
// before fingerprints wrote them, to a new file.
func stripEngine(t *testing.T, path, to string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	old := strings.ReplaceAll(string(raw), `"engine":"`+sim.Fingerprint()+`",`, "")
	require.NotEqual(t, string(raw), old)
	require.NoError(t, os.WriteFile(to, []byte(old), 0o644))
	return to
}

// Results and replays name the engine that played them (issue 34): a
// file of another engine or of none is never merged or resumed silently,
// and a replay of another engine is refused instead of "diverging".
func TestResultsAndReplaysNameTheirEngine(t *testing.T) {
	dir := t.TempDir()
	out, replays := filepath.Join(dir, "new.jsonl"), filepath.Join(dir, "replays")
	code, _, errs := cogsim(t, "run", "--seeds", "1-3", "--turns", "4", "--out", out, "--replays", replays)
	require.Equal(t, ExitOK, code, errs)
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		assert.Contains(t, line, `"engine":"`+sim.Fingerprint()+`"`)
	}
	code, text, errs := cogsim(t, "summarize", out)
	require.Equal(t, ExitOK, code, errs)
	assert.Empty(t, errs, "this build's results warn of nothing")
	assert.Contains(t, text, "engine: "+sim.Fingerprint()+"\n")

	// An older build's file loads with a warning, alone, and is never
	// merged with this build's or resumed by it.
	old := stripEngine(t, out, filepath.Join(dir, "old.jsonl"))
	code, _, errs = cogsim(t, "summarize", old)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, errs, "cogsim summarize: warning: "+old+": results written by an engine that did not record itself")
	more := filepath.Join(dir, "more.jsonl")
	code, _, errs = cogsim(t, "run", "--seeds", "4-5", "--turns", "4", "--out", more)
	require.Equal(t, ExitOK, code, errs)
	code, _, errs = cogsim(t, "summarize", more, old)
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, errs, old+" line 1: engine none recorded, but "+more+" line 1 has "+sim.Fingerprint()+": results of different engines do not merge")
	code, _, errs = cogsim(t, "run", "--seeds", "1-5", "--turns", "4", "--out", old, "--resume")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "--resume: "+old+" line 1: engine none recorded, this build is engine "+sim.Fingerprint())
	code, _, errs = cogsim(t, "board", out, old)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, errs, "cogsim board: warning: "+old+": results written by an engine")

	// Another engine's file: an A/B of two builds is what compare is for;
	// it says both engines.
	other := filepath.Join(dir, "other.jsonl")
	require.NoError(t, os.WriteFile(other, []byte(strings.ReplaceAll(string(raw), sim.Fingerprint(), "0.3.0+0123456789ab")), 0o644))
	code, text, errs = cogsim(t, "compare", other, out)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, errs, "cogsim compare: warning: "+other+": results written by engine 0.3.0+0123456789ab; this is engine "+sim.Fingerprint())
	assert.Contains(t, text, "engine: 0.3.0+0123456789ab\n")
	assert.Contains(t, text, "engine: "+sim.Fingerprint()+"\n")

	// A replay of another engine is refused, naming both, unless asked.
	rep := filepath.Join(replays, "seed-2.jsonl")
	code, _, errs = cogsim(t, "replay", rep, "--verify")
	require.Equal(t, ExitOK, code, errs)
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	foreign := filepath.Join(dir, "foreign.jsonl")
	require.NoError(t, os.WriteFile(foreign, []byte(strings.Replace(string(b), `"engine":"`+sim.Fingerprint()+`"`, `"engine":"0.2.0"`, 1)), 0o644))
	for _, args := range [][]string{{"--verify"}, {"--turn", "1"}} {
		code, _, errs = cogsim(t, append([]string{"replay", foreign}, args...)...)
		assert.Equal(t, ExitFailure, code, args)
		assert.Contains(t, errs, foreign+": replay written by engine 0.2.0, without a fingerprint; this is engine "+sim.Fingerprint()+
			": a replay re-simulates only on the engine that recorded it (--any-engine tries anyway)")
		assert.NotContains(t, errs, "diverges")
	}
	code, vout, errs := cogsim(t, "replay", foreign, "--verify", "--any-engine")
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, errs, "warning: replay written by engine 0.2.0")
	assert.Contains(t, vout, "turns verified")
	code, vout, errs = cogsim(t, "replay", foreign)
	require.Equal(t, ExitOK, code, errs, "a summary of the file re-simulates nothing")
	assert.Contains(t, vout, "engine 0.2.0")
}

// One episode measures no spread: its summary gives no interval and a
// board lists it after the measured rows, unranked (issue 34).
func TestOneEpisodeHasNoInterval(t *testing.T) {
	dir := t.TempDir()
	one := writeLines(t, filepath.Join(dir, "one.jsonl"), []string{resultLine(1, 500)})
	code, text, errs := cogsim(t, "summarize", one)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, text, "score: mean 500.0 (one episode: no interval)")
	assert.NotContains(t, text, "CI 500.0 to 500.0")
	code, js, errs := cogsim(t, "summarize", "--json", one)
	require.Equal(t, ExitOK, code, errs)
	var s eval.Summary
	require.NoError(t, json.Unmarshal([]byte(js), &s))
	assert.Nil(t, s.Score.CI95)
	assert.Contains(t, js, `"ci95": null`)

	two := writeLines(t, filepath.Join(dir, "two.jsonl"), []string{
		strings.Replace(resultLine(1, 10), `"agent":"explore"`, `"agent":"random"`, 1),
		strings.Replace(resultLine(2, 20), `"agent":"explore"`, `"agent":"random"`, 1)})
	code, _, errs = cogsim(t, "summarize", two)
	require.Equal(t, ExitOK, code, errs)
	code, board, errs := cogsim(t, "board", one, two)
	require.Equal(t, ExitOK, code, errs)
	lines := strings.Split(strings.TrimSpace(board), "\n")
	require.Len(t, lines, 3)
	assert.Regexp(t, `^1 +random .* 15\.0 +-48\.5 to 78\.5 `, lines[1], "the measured row ranks first")
	assert.Regexp(t, `^— +explore .* 500\.0 +none \(1 episode\) `, lines[2], "the one episode is unranked, after it")
}

// A results file cannot write control characters to the terminal
// through summarize, board or compare (issue 34): they are shown
// escaped.
func TestResultStringsAreShownPrintable(t *testing.T) {
	dir := t.TempDir()
	evil := func(seed uint64) string {
		line := resultLine(seed, 1)
		line = strings.Replace(line, `"agent":"explore"`, `"agent":"ex\u001b[2J\u0007plore\u009b31m\u202e"`, 1)
		return strings.Replace(line, `"maxTurns":55`, `"scenario":"sc\u001b]0;owned\u0007","scenarioDigest":"sha256:0123456789abcdef","maxTurns":55`, 1)
	}
	a := writeLines(t, filepath.Join(dir, "a.jsonl"), []string{evil(1), evil(2)})
	b := writeLines(t, filepath.Join(dir, "b.jsonl"), []string{evil(1), evil(2)})
	for _, args := range [][]string{{"summarize", a}, {"board", a}, {"compare", a, b}} {
		code, out, errs := cogsim(t, args...)
		require.Equal(t, ExitOK, code, "%v: %s", args, errs)
		for _, r := range out + errs {
			ok := r == '\n' || r == '\t' || (r >= ' ' && r != 0x7f && (r < 0x80 || r > 0x9f) && r != 0x202e)
			assert.True(t, ok, "%v prints %U raw", args, r)
		}
		assert.Contains(t, out, `\x1b[2J\aplore\u009b31m\u202e`, args)
	}
}
