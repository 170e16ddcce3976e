package cli

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/bench"
	"github.com/cogsim/cogsim/sim"
)

// standardSystems are the names of the standard game's systems, in tick
// order.
func standardSystems(t *testing.T) []string {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	return s.Scheduler().Names()
}

func TestBenchJSON(t *testing.T) {
	code, stdout, stderr := cogsim(t, "bench", "--ticks", "3000", "--runs", "1", "--json")
	require.Equal(t, ExitOK, code, stderr)
	var raw map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &raw))
	for _, key := range []string{"agent", "ticks", "episodes", "runs", "go", "ticksPerSecond", "nsPerTick",
		"allocsPerTick", "allocTicks", "systems", "otherNsPerTick", "otherAllocsPerTick", "clockNs"} {
		assert.Contains(t, raw, key)
	}
	assert.NotContains(t, raw, "profile", "no profile was asked for")

	var rep bench.Report
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	assert.Equal(t, "explore", rep.Agent)
	assert.GreaterOrEqual(t, rep.Ticks, 3000)
	assert.Equal(t, 1, rep.Runs)
	var names []string
	for _, s := range rep.Systems {
		names = append(names, s.Name)
	}
	assert.Equal(t, standardSystems(t), names, "every system, in tick order")
}

func TestBenchTable(t *testing.T) {
	code, stdout, stderr := cogsim(t, "bench", "--ticks", "500", "--runs", "1")
	require.Equal(t, ExitOK, code, stderr)
	for _, want := range []string{"ns/tick", "share", "allocs/tick", "runs", "ticks/s", "other (parse, render)"} {
		assert.Contains(t, stdout, want)
	}
	for _, name := range standardSystems(t) {
		assert.Regexp(t, "(?m)^"+name+` +[0-9.]+ +[0-9.]+% +[0-9.]+ +[0-9.]+%$`, stdout)
	}
	assert.Regexp(t, `(?m)^tick +[0-9.]+ +100\.0% +[0-9.]+$`, stdout)
}

func TestBenchCPUProfileIsWrittenAndNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	code, stdout, stderr := cogsim(t, "bench", "--ticks", "500", "--runs", "1",
		"--cpuprofile", path, "--profile-time", "100ms")
	require.Equal(t, ExitOK, code, stderr)
	assert.Regexp(t, `(?m)^profile: `+regexp.QuoteMeta(path)+` \([0-9]+ ticks; go tool pprof -tagfocus system=ai `+
		regexp.QuoteMeta(path)+`\)$`, stdout)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	require.NoError(t, err, "a gzipped pprof profile")
	_, err = io.ReadAll(zr)
	require.NoError(t, err)

	rep := benchJSON(t, "--cpuprofile", path, "--profile-time", "100ms")
	assert.Equal(t, path, rep.Profile)
	assert.Positive(t, rep.ProfileTicks)
}

// selectionSystems are the systems of an episode under rules and
// mechanics, in tick order.
func selectionSystems(t *testing.T, rules string, mechanics ...string) []string {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 1, Rules: rules, Mechanics: mechanics})
	require.NoError(t, err)
	return s.Scheduler().Names()
}

// benchJSON runs cogsim bench --json on a short game with args and
// decodes the report.
func benchJSON(t *testing.T, args ...string) bench.Report {
	t.Helper()
	code, stdout, stderr := cogsim(t, append([]string{"bench", "--ticks", "2000", "--runs", "1", "--json"}, args...)...)
	require.Equal(t, ExitOK, code, stderr)
	var rep bench.Report
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	return rep
}

func TestBenchRulesNethackListsItsSystems(t *testing.T) {
	rep := benchJSON(t, "--rules", "nethack")
	assert.Equal(t, "nethack", rep.Rules)
	assert.Empty(t, rep.Mechanics)
	byName := map[string]bench.SystemCost{}
	var names []string
	for _, s := range rep.Systems {
		byName[s.Name] = s
		names = append(names, s.Name)
		assert.GreaterOrEqual(t, s.NsPerTick, 0.0, s.Name)
	}
	assert.Equal(t, selectionSystems(t, "nethack"), names, "the nethack tick, in order")
	require.Contains(t, byName, "melee-hunger")
	assert.Equal(t, "nethack-hunger", byName["melee-hunger"].By, "installed with nethack's stomach")
	require.Contains(t, byName, "hunger")
	assert.Equal(t, "nethack-hunger", byName["hunger"].ReplacedBy, "nethack's stomach runs in hunger's place")
	assert.Positive(t, byName["hunger"].NsPerTick, "the replaced slot is timed")
	assert.Empty(t, byName["ai"].By, "a core system")
}

func TestBenchMechanicsWandsListsZap(t *testing.T) {
	rep := benchJSON(t, "--mechanics", "wands")
	assert.Equal(t, "cog", rep.Rules)
	assert.Equal(t, []string{"wands"}, rep.Mechanics)
	var names []string
	for _, s := range rep.Systems {
		names = append(names, s.Name)
		if s.Name == "zap" {
			assert.Equal(t, "wands", s.By)
		}
	}
	assert.Contains(t, names, "zap")
	assert.Equal(t, selectionSystems(t, "", "wands"), names)
}

func TestBenchStandardGameIsUnchanged(t *testing.T) {
	rep := benchJSON(t)
	assert.Equal(t, "cog", rep.Rules)
	assert.Empty(t, rep.Mechanics)
	for _, s := range rep.Systems {
		assert.Empty(t, s.By, s.Name)
		assert.Empty(t, s.ReplacedBy, s.Name)
	}
}

func TestBenchTableAndSVGNameTheSelection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "systems.svg")
	code, stdout, stderr := cogsim(t, "bench", "--ticks", "500", "--runs", "1", "--rules", "nethack",
		"--mechanics", "wands", "--svg", path)
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stdout, "explore agent, rules nethack + wands,")
	assert.Regexp(t, `(?m)^hunger → nethack-hunger +[0-9.]+ +[0-9.]+% +[0-9.]+ +[0-9.]+%$`, stdout)
	assert.Regexp(t, `(?m)^zap +[0-9.]+ +[0-9.]+% +[0-9.]+ +0\.0%$`, stdout, "zap runs on no tick: the explorer is not told wands")
	svg, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "rules nethack + wands")
	assert.Contains(t, string(svg), ">zap<")
	assert.Contains(t, string(svg), "hunger → nethack-hunger")

	code, stdout, _ = cogsim(t, "bench", "--ticks", "500", "--runs", "1")
	require.Equal(t, ExitOK, code)
	assert.NotContains(t, stdout, "rules", "the standard game's header reads as before")
}

func TestBenchRefusesBadSelections(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "chess"}, "--rules"},
		{[]string{"--mechanics", "no-such"}, "--mechanics"},
		{[]string{"--rules", "rogue", "--mechanics", "nethack-hunger"}, "--mechanics"},
	} {
		code, _, stderr := cogsim(t, append([]string{"bench", "--ticks", "10", "--runs", "1"}, tc.args...)...)
		assert.Equal(t, ExitUsage, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.want, tc.args)
	}
}
