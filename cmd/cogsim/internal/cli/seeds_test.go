package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cogsim/cogsim/internal/race"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShardSpecs(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	none := env(nil)
	s, err := play.ParseShard("2/4", 0, none)
	require.NoError(t, err)
	assert.Equal(t, play.Shard{K: 2, N: 4}, s)
	s, err = play.ParseShard("auto", 0, env(map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "4", "SLURM_ARRAY_TASK_COUNT": "3"}))
	require.NoError(t, err)
	assert.Equal(t, play.Shard{K: 1, N: 3}, s)
	s, err = play.ParseShard("auto", 8, env(map[string]string{"JOB_COMPLETION_INDEX": "7"}))
	require.NoError(t, err)
	assert.Equal(t, play.Shard{K: 7, N: 8}, s)
	_, err = play.ParseShard("auto", 0, env(map[string]string{"JOB_COMPLETION_INDEX": "7"}))
	assert.ErrorContains(t, err, "--shard-count")
	_, err = play.ParseShard("auto", 0, none)
	assert.ErrorContains(t, err, "neither SLURM_ARRAY_TASK_ID")
	_, err = play.ParseShard("4/4", 0, none)
	assert.ErrorContains(t, err, "does not exist")
	_, err = play.ParseShard("", 3, none)
	assert.ErrorContains(t, err, "only with --shard auto")
	seeds := []uint64{1, 2, 3, 4, 5, 6, 7}
	var all []uint64
	for k := range 3 {
		all = append(all, play.Shard{K: k, N: 3}.Block(play.SeedList(seeds)).All()...)
	}
	assert.Equal(t, seeds, all)
	assert.Empty(t, play.Shard{K: 0, N: 9}.Block(play.SeedList(seeds[:3])).All(), "more shards than seeds: some are empty")
	// Issue 25: k·len overflowed an int and panicked.
	last, err := play.ParseShard("2305843009213693952/2305843009213693953", 0, none)
	require.NoError(t, err)
	assert.Equal(t, seeds[6:], last.Block(play.SeedList(seeds)).All(), "the last of 2^61+1 shards")
	assert.Empty(t, play.Shard{K: 2, N: last.N}.Block(play.SeedList(seeds)).All())
	assert.Equal(t, seeds[6:], last.Block(play.SeedRange(1, 7)).All(), "a range shards as its list does")
	code, stdout, errs := cogsim(t, "run", "--seeds", "1-3", "--turns", "1", "--shard", "2305843009213693952/2305843009213693953")
	assert.Equal(t, ExitOK, code, errs)
	require.Len(t, results(t, stdout), 1)
	assert.Equal(t, uint64(3), results(t, stdout)[0].Seed)
}

// TestShardsConcatenateToOneRun: the shards' outputs in order are one
// run's, byte for byte, whatever the workers.
func TestShardsConcatenateToOneRun(t *testing.T) {
	code, whole, errs := cogsim(t, "run", "--seeds", "eval-100", "--turns", "4", "--workers", "2")
	require.Equal(t, ExitOK, code, errs)
	require.Len(t, results(t, whole), 100)
	var cat strings.Builder
	for k := range 4 {
		code, part, errs := cogsim(t, "run", "--seeds", "eval-100", "--turns", "4", "--workers", fmt.Sprint(1+k%2), "--shard", fmt.Sprintf("%d/4", k))
		require.Equal(t, ExitOK, code, errs)
		cat.WriteString(part)
	}
	assert.Equal(t, whole, cat.String())
}

func TestAnExistingOutIsRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	require.NoError(t, os.WriteFile(out, []byte("precious\n"), 0o644))
	code, _, errs := cogsim(t, "run", "--turns", "1", "--out", out)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "exists: --resume finishes it, --force overwrites it")
	b, _ := os.ReadFile(out)
	assert.Equal(t, "precious\n", string(b))
	code, _, errs = cogsim(t, "run", "--turns", "1", "--out", out, "--resume")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "line 1: not a result line")
	code, _, errs = cogsim(t, "run", "--turns", "1", "--out", out, "--force")
	require.Equal(t, ExitOK, code, errs)
	b, _ = os.ReadFile(out)
	assert.Contains(t, string(b), `"seed":1`)
	code, _, errs = cogsim(t, "run", "--turns", "1", "--seed", "2", "--out", out, "--resume")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "line 1: seed 1 is not in this run's seed list")
	code, _, errs = cogsim(t, "run", "--turns", "1", "--agent", "wait", "--out", out, "--resume")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, `line 1: agent "explore", this run plays "wait"`)
}

// TestResumeAfterSIGKILL: a batch killed with SIGKILL in a real process
// resumes to exactly the file an uninterrupted run writes; so does one
// whose last line was torn.
func TestResumeAfterSIGKILL(t *testing.T) {
	dir := t.TempDir()
	// Under -race, where an episode costs ten times as much, a third of
	// the batch: still hundreds of episodes after the kill.
	episodes := 1500
	if race.Enabled {
		episodes = 500
	}
	args := []string{"run", "--seeds", fmt.Sprintf("1-%d", episodes), "--turns", "2", "--workers", "2"}
	clean := filepath.Join(dir, "clean.jsonl")
	code, _, errs := cogsim(t, append(args, "--out", clean)...)
	require.Equal(t, ExitOK, code, errs)
	want, err := os.ReadFile(clean)
	require.NoError(t, err)

	killed := filepath.Join(dir, "killed.jsonl")
	env, err := json.Marshal(append(args, "--out", killed))
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+string(env))
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(2 * time.Minute) // a guard only: a loaded machine is slow (issue 34)
	for {
		st, err := os.Stat(killed)
		if err == nil && st.Size() > 20_000 {
			break
		}
		require.True(t, time.Now().Before(deadline), "the batch wrote nothing")
		time.Sleep(time.Millisecond)
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
	got, err := os.ReadFile(killed)
	require.NoError(t, err)
	require.Less(t, len(got), len(want), "killed before the end")
	require.Equal(t, string(want[:len(got)]), string(got), "what was written is a prefix")

	code, _, errs = cogsim(t, append(args, "--out", killed, "--resume")...)
	require.Equal(t, ExitOK, code, errs)
	got, err = os.ReadFile(killed)
	require.NoError(t, err)
	assert.True(t, string(want) == string(got), "the resumed file is the uninterrupted run's")

	// A torn last line is dropped and its episode run again.
	torn := filepath.Join(dir, "torn.jsonl")
	cut := strings.Index(string(want), `{"seed":40,`) + 30
	require.NoError(t, os.WriteFile(torn, want[:cut], 0o644))
	code, _, errs = cogsim(t, append(args, "--out", torn, "--resume")...)
	require.Equal(t, ExitOK, code, errs)
	got, err = os.ReadFile(torn)
	require.NoError(t, err)
	assert.True(t, string(want) == string(got), "the torn run resumed is the uninterrupted run's")
	assert.Contains(t, errs, fmt.Sprintf("episodes: %d", episodes), "the summary covers the whole file")

	// Nothing left to do.
	code, _, errs = cogsim(t, append(args, "--out", torn, "--resume")...)
	require.Equal(t, ExitOK, code, errs)
}

// TestEpisodesAndSeedsAreBounded: --episodes past 10 000 000 is refused
// with a clear error, not a panic or gigabytes of seeds; a run of the
// most that is allowed, and a range as long, are planned without
// listing their seeds.
func TestEpisodesAndSeedsAreBounded(t *testing.T) {
	for _, n := range []string{"9000000000000000000", "1000000000", "10000001"} {
		code, _, errs := cogsim(t, "run", "--episodes", n)
		assert.Equal(t, ExitUsage, code, n)
		assert.Contains(t, errs, "--episodes: must be 1 … 10000000, got "+n)
	}
	code, _, errs := cogsim(t, "run", "--seeds", "1-10000001")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "more than 10000000 seeds")

	for _, args := range [][]string{
		{"--episodes", "10000000"},
		{"--seeds", "5-10000004"},
		{"--episodes", "10000000", "--shard", "3/4"},
	} {
		fs, o := runFlags()
		require.NoError(t, parseFlags(fs, args))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r, err := o.runner(context.Background(), fs)
		runtime.ReadMemStats(&after)
		require.NoError(t, err, args)
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(8<<20), "%v: bytes allocated to plan the run", args)
		switch args[1] {
		case "10000000":
			if len(args) == 2 {
				assert.Equal(t, 10_000_000, r.count)
				assert.Equal(t, uint64(10_000_000), r.seeds.At(r.count-1))
			} else {
				assert.Equal(t, 2_500_000, r.count)
				assert.Equal(t, uint64(7_500_001), r.seeds.At(0))
			}
		default:
			assert.Equal(t, uint64(10_000_004), r.seeds.At(r.count-1))
		}
	}
}

// TestSeedListsOnTheCommandLine: --seeds plays its list, and not with
// --seed or --episodes.
func TestSeedListsOnTheCommandLine(t *testing.T) {
	code, out, errs := cogsim(t, "run", "--seeds", "3-5", "--turns", "2")
	require.Equal(t, ExitOK, code, errs)
	rs := results(t, out)
	require.Len(t, rs, 3)
	assert.Equal(t, uint64(5), rs[2].Seed)
	code, _, errs = cogsim(t, "run", "--seeds", "3-5", "--episodes", "2")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "--seeds: not with --seed or --episodes")
}
