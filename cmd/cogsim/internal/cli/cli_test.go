package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/cogsim/cogsim/worldgen"
)

// cogsim runs the command line in-process.
func cogsim(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return cogsimCtx(context.Background(), args...)
}

func cogsimCtx(ctx context.Context, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Main(ctx, args, &out, &errb)
	return code, out.String(), errb.String()
}

// results decodes result lines.
func results(t *testing.T, out string) []sim.Result {
	t.Helper()
	var rs []sim.Result
	for line := range strings.Lines(out) {
		var r sim.Result
		require.NoError(t, json.Unmarshal([]byte(line), &r), "line %q", line)
		rs = append(rs, r)
	}
	return rs
}

// eyeTrap is a scenario like the example of §19.
const eyeTrap = `{
  "name": "eye-trap", "depth": 3, "seed": 11,
  "map": ["", " ------", " |.@.e|", " |....>", " ------"],
  "lit": true,
  "cog": {"hp": 10, "maxHp": 16, "nutrition": 160, "gold": 60, "xpPoints": 0,
          "inventory": [{"kind": "dagger", "wielded": true}, {"kind": "food ration"},
                        {"kind": "leather armour", "worn": true}, {"kind": "potion of healing", "count": 2}]},
  "items": [{"at": [2, 3], "kind": "apple"}],
  "traps": [{"at": [4, 3], "kind": "pit", "hidden": true}],
  "clock": {"maxTurns": 55, "turnTicks": 40}
}`

func TestBadCommandLines(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"name": "x", "map": ["|@"], "depth": 99}`), 0o644))
	tests := []struct {
		args []string
		want string
	}{
		{nil, "missing command"},
		{[]string{"play"}, `unknown command "play"`},
		{[]string{"help", "play"}, `unknown command "play"`},
		{[]string{"run", "--episodes", "0"}, "--episodes: must be 1 … 10000000, got 0"},
		{[]string{"run", "--episodes", "-3"}, "--episodes: must be 1 … 10000000, got -3"},
		{[]string{"run", "--episodes", "many"}, `invalid value "many" for flag -episodes`},
		{[]string{"run", "--workers", "0"}, "--workers: must be 1 … 1024, got 0"},
		{[]string{"run", "--workers", "1025"}, "--workers: must be 1 … 1024, got 1025"},
		{[]string{"run", "--workers", "50000"}, "--workers: must be 1 … 1024, got 50000"},
		{[]string{"run", "--turns", "0"}, "--turns: must be 1 … 100000, got 0"},
		{[]string{"run", "--turns", "53687092"}, "--turns: must be 1 … 100000, got 53687092"},
		{[]string{"agent", "--turns", "3000000000"}, "--turns: must be 1 … 100000 (0: the rules'), got 3000000000"},
		{[]string{"serve", "--turns", "100001"}, "--turns: must be 1 … 100000 (0: the rules'), got 100001"},
		{[]string{"serve", "--envs", "65536"}, "--envs: must be 1 … 4096, got 65536 (run more sessions for more)"},
		{[]string{"serve", "--envs", "0"}, "--envs: must be 1 … 4096, got 0"},
		{[]string{"serve", "--poll", "-1us"}, "--poll: must be 0 … 10ms, got -1µs"},
		{[]string{"serve", "--poll", "1s"}, "--poll: must be 0 … 10ms, got 1s"},
		{[]string{"serve", "--linger", "-5us"}, "--linger: must be 0 … 10ms, got -5µs"},
		{[]string{"serve", "--linger", "11ms"}, "--linger: must be 0 … 10ms, got 11ms"},
		{[]string{"serve", "--poll", "fast"}, `invalid value "fast" for flag -poll`},
		{[]string{"run", "--mechanics", "rogue-hunger,nethack-hunger"}, `--mechanics: mechanic "nethack-hunger": scheduler: system "hunger" is replaced by mechanic "rogue-hunger" already`},
		{[]string{"run", "--seed", "-1"}, `invalid value "-1" for flag -seed`},
		{[]string{"run", "--seed", "18446744073709551615", "--episodes", "2"}, "--seed 18446744073709551615 with --episodes 2: the last seed would pass 18446744073709551615"},
		{[]string{"run", "--agent", "nobody"}, "--agent nobody:"},
		{[]string{"run", "--agent", "exec:"}, "exec: needs a command"},
		{[]string{"run", "--agent", "exec:true", "--turn-timeout", "0s"}, "--turn-timeout: must be positive"},
		{[]string{"run", "--replays", "/proc/no/such/dir"}, "--replays:"},
		{[]string{"agent", "--rules", "angband"}, `--rules: unknown rules "angband"`},
		{[]string{"agent", "--scenario", "/no/such.json"}, "--scenario: scenario: open /no/such.json"},
		{[]string{"replay"}, "missing the replay FILE"},
		{[]string{"replay", "/no/such.jsonl"}, "replay: open /no/such.jsonl"},
		{[]string{"replay", "/no/such.jsonl", "--bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"run", "--rules", "chess"}, `--rules: unknown rules "chess"`},
		{[]string{"run", "--scenario", filepath.Join(dir, "missing.json")}, "--scenario: "},
		{[]string{"run", "--scenario", bad}, "depth"},
		{[]string{"run", "--out", filepath.Join(dir, "no", "such", "r.jsonl")}, "does not exist"},
		{[]string{"run", "--fast"}, "flag provided but not defined: -fast"},
		{[]string{"run", "extra"}, `unexpected argument "extra"`},
		{[]string{"gen", "--depth", "0"}, "--depth: must be 1…100, got 0"},
		{[]string{"gen", "--depth", "101"}, "--depth: must be 1…100, got 101"},
		{[]string{"bench", "--ticks", "0"}, "--ticks: must be at least 1, got 0"},
		{[]string{"bench", "--runs", "0"}, "--runs: must be at least 1, got 0"},
		{[]string{"bench", "--profile-time", "0s"}, "--profile-time: must be positive"},
		{[]string{"bench", "--cpuprofile", filepath.Join(dir, "no", "cpu.out")}, "--cpuprofile: open"},
		{[]string{"bench", "--svg", filepath.Join(dir, "no", "b.svg")}, "--svg: open"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := cogsim(t, tt.args...)
			assert.Equal(t, ExitUsage, code)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tt.want)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
			assert.NotContains(t, stderr, "goroutine")
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, stdout, _ := cogsim(t, args...)
		assert.Equal(t, ExitOK, code)
		for _, name := range []string{"run", "gen", "bench", "help"} {
			assert.Contains(t, stdout, "\n  "+name+" ")
		}
	}
	code, stdout, _ := cogsim(t, "run", "-h")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, stdout, "usage: cogsim run")
	assert.Contains(t, stdout, "-workers")
	code, stdout, _ = cogsim(t, "help", "gen")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, stdout, "-reveal")
}

// TestEveryCommandListsItsFlags: `cogsim help C` and `cogsim C -h` list
// every flag C parses (issue 25: serve listed none).
func TestEveryCommandListsItsFlags(t *testing.T) {
	for _, cmd := range commands {
		if cmd.run == nil {
			continue
		}
		require.NotNil(t, cmd.flags, "%s has no usage flags", cmd.name)
		for _, args := range [][]string{{"help", cmd.name}, {cmd.name, "-h"}} {
			code, stdout, _ := cogsim(t, args...)
			require.Equal(t, ExitOK, code, args)
			cmd.flags().VisitAll(func(f *flag.Flag) {
				assert.Contains(t, stdout, "  -"+f.Name, "%v lists -%s", args, f.Name)
			})
		}
	}
	_, stdout, _ := cogsim(t, "help", "serve")
	assert.Contains(t, stdout, "-autoreset")
}

// TestRunSmoke is `cogsim run --seed 1 --episodes 5`.
func TestRunSmoke(t *testing.T) {
	code, stdout, stderr := cogsim(t, "run", "--seed", "1", "--episodes", "5")
	require.Equal(t, ExitOK, code, stderr)
	rs := results(t, stdout)
	require.Len(t, rs, 5)
	for i, r := range rs {
		assert.Equal(t, uint64(1+i), r.Seed)
		assert.Equal(t, "explore", r.Agent)
		assert.Equal(t, "cog", r.Rules)
		assert.Equal(t, r.Parts.Score(), r.Score)
		assert.NotEmpty(t, r.Cause)
		assert.Positive(t, r.Turns)
	}
	assert.Contains(t, stderr, "episodes: 5\n")
	assert.Contains(t, stderr, "score: mean ")
	assert.Contains(t, stderr, "max depth: mean ")
	assert.Contains(t, stderr, "end ")
}

// TestRunWorkers: the output does not depend on the number of workers.
func TestRunWorkers(t *testing.T) {
	for _, agent := range []string{"wait", "explore"} {
		t.Run(agent, func(t *testing.T) {
			var outs []string
			for _, w := range []string{"1", "2", "3"} {
				code, stdout, stderr := cogsim(t, "run", "--seed", "1", "--episodes", "6", "--agent", agent, "--workers", w)
				require.Equal(t, ExitOK, code, stderr)
				outs = append(outs, stdout)
			}
			assert.Len(t, results(t, outs[0]), 6)
			assert.Equal(t, outs[0], outs[1], "--workers 1 and 2")
			assert.Equal(t, outs[0], outs[2], "--workers 1 and 3")
		})
	}
}

func TestRunOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	code, stdout, stderr := cogsim(t, "run", "--seed", "4", "--episodes", "3", "--agent", "wait", "--out", path)
	require.Equal(t, ExitOK, code, stderr)
	assert.Empty(t, stdout)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	_, want, _ := cogsim(t, "run", "--seed", "4", "--episodes", "3", "--agent", "wait")
	assert.Equal(t, want, string(got))
}

func TestRunTurns(t *testing.T) {
	code, stdout, stderr := cogsim(t, "run", "--episodes", "2", "--agent", "wait", "--turns", "3")
	require.Equal(t, ExitOK, code, stderr)
	for _, r := range results(t, stdout) {
		assert.LessOrEqual(t, r.Turns, 3)
	}
}

// TestRunScenario: without --seed the scenario's seed is the first.
func TestRunScenario(t *testing.T) {
	path := filepath.Join(t.TempDir(), "eye.json")
	require.NoError(t, os.WriteFile(path, []byte(eyeTrap), 0o644))
	code, stdout, stderr := cogsim(t, "run", "--scenario", path, "--episodes", "2", "--agent", "wait", "--workers", "2")
	require.Equal(t, ExitOK, code, stderr)
	rs := results(t, stdout)
	require.Len(t, rs, 2)
	assert.Equal(t, uint64(11), rs[0].Seed)
	assert.Equal(t, uint64(12), rs[1].Seed)
	assert.Equal(t, "eye-trap", rs[0].Scenario)
	assert.Equal(t, 3, rs[0].MaxDepth)

	_, stdout, _ = cogsim(t, "run", "--scenario", path, "--seed", "5", "--agent", "wait")
	assert.Equal(t, uint64(5), results(t, stdout)[0].Seed)
}

// TestAScenarioNeedingAMechanicIsRefusedUpFront: a scenario whose kinds
// a mechanic brings that the run does not install is refused before any
// episode, naming the file, as its other errors are; with the mechanic
// it plays.
func TestAScenarioNeedingAMechanicIsRefusedUpFront(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wand.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"name":"w","map":["", " -----", " |@.|", " -----"],
		"items":[{"at":[2,2],"kind":"wand of striking"}]}`), 0o644))
	want := "--scenario: scenario " + path + ": items[0].kind: wand of striking needs the mechanic wands (--mechanics wands)"
	for _, cmd := range [][]string{{"run", "--episodes", "2"}, {"agent"}, {"prompt"}} {
		code, stdout, stderr := cogsim(t, append(cmd, "--scenario", path)...)
		assert.Equal(t, ExitUsage, code, "%v", cmd)
		assert.Contains(t, stderr, want, "%v", cmd)
		assert.Empty(t, stdout, "%v: nothing played", cmd)
	}
	code, stdout, stderr := cogsim(t, "run", "--episodes", "2", "--scenario", path, "--mechanics", "wands")
	require.Equal(t, ExitOK, code, stderr)
	assert.Len(t, results(t, stdout), 2)
}

// cancelOnWrite cancels a context at its first write.
type cancelOnWrite struct {
	bytes.Buffer
	once   sync.Once
	cancel context.CancelFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.once.Do(w.cancel)
	return w.Buffer.Write(p)
}

// TestRunInterrupted: on Ctrl-C no new episode starts, every finished one
// is written in seed order, the summary covers them, and the exit code is
// 130.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, stdout, stderr := cogsimCtx(ctx, "run", "--episodes", "50", "--agent", "wait")
	assert.Equal(t, ExitInterrupted, code)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "interrupted after 0 of 50 episodes")
	assert.Contains(t, stderr, "episodes: 0\n")

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	out := &cancelOnWrite{cancel: cancel}
	var errb bytes.Buffer
	code = Main(ctx, []string{"run", "--episodes", "500", "--agent", "wait", "--workers", "2"}, out, &errb)
	assert.Equal(t, ExitInterrupted, code)
	rs := results(t, out.String())
	require.NotEmpty(t, rs)
	assert.Less(t, len(rs), 500)
	for i, r := range rs {
		assert.Equal(t, uint64(1+i), r.Seed)
	}
	assert.Contains(t, errb.String(), "episodes: "+strconv.Itoa(len(rs))+"\n")
}

func TestGen(t *testing.T) {
	code, stdout, stderr := cogsim(t, "gen", "--seed", "3")
	require.Equal(t, ExitOK, code, stderr)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Len(t, lines, 20)
	assert.Contains(t, lines[19], "Dlvl:1 ")
	assert.Contains(t, stdout, "@")

	_, stdout, _ = cogsim(t, "gen", "--seed", "3", "--depth", "4")
	lines = strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Len(t, lines, 20)
	assert.Contains(t, lines[19], "Dlvl:4 ")
}

func TestGenReveal(t *testing.T) {
	for _, depth := range []string{"1", "2", "5", "12"} {
		code, stdout, stderr := cogsim(t, "gen", "--seed", "7", "--depth", depth, "--reveal")
		require.Equal(t, ExitOK, code, stderr)
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		require.GreaterOrEqual(t, len(lines), 20)
		for _, l := range lines[:18] {
			assert.Len(t, l, 48)
		}
		assert.Equal(t, 1, strings.Count(strings.Join(lines[:18], ""), ">"))
		assert.Contains(t, lines[18], "depth "+depth)
		assert.Contains(t, lines[18], "stairs > at (")
		assert.Contains(t, lines[18], "arrival @ at (")
		assert.Equal(t, worldgen.RevealLegend, lines[19], "the legend")
		assert.True(t, strings.HasPrefix(lines[20], "monsters: "), lines[20])
	}
}

// helperEnv carries the arguments of TestHelperProcess, as a JSON list.
const helperEnv = "COGSIM_HELPER_ARGS"

// TestHelperProcess is cogsim itself when the test binary is run again
// by TestCrossProcess; otherwise it does nothing.
func TestHelperProcess(t *testing.T) {
	env, ok := os.LookupEnv(helperEnv)
	if !ok {
		return
	}
	var args []string
	if err := json.Unmarshal([]byte(env), &args); err != nil {
		t.Fatal(err)
	}
	// As cmd/cogsim's main does: this process is cogsim.
	if err := protocol.BecomeSubreaper(); err != nil {
		t.Fatal(err)
	}
	os.Exit(Main(context.Background(), args, os.Stdout, os.Stderr))
}

// TestCrossProcess: two processes running the same episodes write the
// same bytes (§18), and the same as this one.
func TestCrossProcess(t *testing.T) {
	args := []string{"run", "--seed", "21", "--episodes", "3", "--workers", "2"}
	env, err := json.Marshal(args)
	require.NoError(t, err)
	var outs []string
	for range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
		cmd.Env = append(os.Environ(), helperEnv+"="+string(env))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		require.NoError(t, err, stderr.String())
		outs = append(outs, string(out))
	}
	assert.Len(t, results(t, outs[0]), 3)
	assert.Equal(t, outs[0], outs[1])
	_, here, _ := cogsim(t, args...)
	assert.Equal(t, here, outs[0])
}

// failingWriter refuses every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestTheLargestSeedRunsAlone(t *testing.T) {
	code, stdout, stderr := cogsim(t, "run", "--seed", "18446744073709551615", "--episodes", "1", "--agent", "wait")
	require.Equal(t, ExitOK, code, stderr)
	assert.Equal(t, uint64(18446744073709551615), results(t, stdout)[0].Seed)
}

func TestRunWriteError(t *testing.T) {
	var errb bytes.Buffer
	code := Main(context.Background(), []string{"run", "--episodes", "20", "--agent", "wait", "--workers", "2"}, failingWriter{}, &errb)
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, errb.String(), "writing results: disk full")
}

// TestRunRulesVariants: --rules selects a variant for run, whose results
// and replays name it and its mechanics, and whose replays verify.
func TestRunRulesVariants(t *testing.T) {
	for _, rules := range []string{"nethack", "rogue"} {
		dir := t.TempDir()
		code, stdout, stderr := cogsim(t, "run", "--rules", rules, "--episodes", "2", "--replays", dir)
		require.Equal(t, ExitOK, code, stderr)
		for _, r := range results(t, stdout) {
			assert.Equal(t, rules, r.Rules)
			require.NotEmpty(t, r.Mechanics, rules)
			assert.True(t, strings.HasPrefix(r.Mechanics[0].Name, rules+"-"), "%s: %v", rules, r.Mechanics)
		}
		code, stdout, stderr = cogsim(t, "replay", filepath.Join(dir, "seed-2.jsonl"), "--verify")
		require.Equal(t, ExitOK, code, stderr)
		assert.Contains(t, stdout, "verified", rules)
	}
}
