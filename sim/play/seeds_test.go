package play_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim/play"
)

// TestNamedSeedSetsAreFixed pins the evaluation stream: the named sets
// are the same on every machine and every Go release.
func TestNamedSeedSetsAreFixed(t *testing.T) {
	first := play.EvalSeeds(5)
	assert.Equal(t, []uint64{1490933687, 2077497009, 2076947057, 976867962, 407740814}, first)
	big := play.EvalSeeds(10000)
	assert.Equal(t, play.EvalSeeds(100), big[:100], "eval-100 is the start of eval-1000")
	seen := map[uint64]bool{}
	for _, s := range big {
		assert.False(t, seen[s], "seed %d twice", s)
		assert.True(t, s >= 1 && s <= 1<<31)
		seen[s] = true
	}
	got, err := play.ParseSeeds("eval-1000")
	require.NoError(t, err)
	assert.Equal(t, big[:1000], got)
}

func TestSeedLists(t *testing.T) {
	got, err := play.ParseSeeds("7-10")
	require.NoError(t, err)
	assert.Equal(t, []uint64{7, 8, 9, 10}, got)
	file := filepath.Join(t.TempDir(), "seeds.txt")
	require.NoError(t, os.WriteFile(file, []byte("# my seeds\n5\n\n 3 # the third\n99\n"), 0o644))
	got, err = play.ParseSeeds(file)
	require.NoError(t, err)
	assert.Equal(t, []uint64{5, 3, 99}, got)
	require.NoError(t, os.WriteFile(file, []byte("5\n3\n5\n"), 0o644))
	_, err = play.ParseSeeds(file)
	assert.ErrorContains(t, err, "line 3: seed 5 again (first on line 1)")
	require.NoError(t, os.WriteFile(file, []byte("5\nx\n"), 0o644))
	_, err = play.ParseSeeds(file)
	assert.ErrorContains(t, err, `line 2: "x" is not a seed`)
	_, err = play.ParseSeeds("10-7")
	assert.ErrorContains(t, err, "empty")
	_, err = play.ParseSeeds("eval-7")
	assert.ErrorContains(t, err, "not a range A-B, a named set")

}

// TestSlurmArrayStepsCoverEverySeedOnce (issue 34): with a step in
// the array (--array=0-6:2, the tasks 0, 2, 4, 6), task ID is shard
// (ID − MIN) / STEP of SLURM_ARRAY_TASK_COUNT, so the tasks together
// play every seed once; an ID off the step is refused.
func TestSlurmArrayStepsCoverEverySeedOnce(t *testing.T) {
	seeds := play.SeedRange(1, 8)
	for _, a := range []struct{ lo, hi, step int }{{0, 6, 2}, {1, 7, 3}, {5, 5, 1}, {3, 20, 4}, {0, 3, 1}} {
		var ids []int
		for id := a.lo; id <= a.hi; id += a.step {
			ids = append(ids, id)
		}
		count := map[uint64]int{}
		for _, id := range ids {
			vars := map[string]string{
				"SLURM_ARRAY_TASK_ID": fmt.Sprint(id), "SLURM_ARRAY_TASK_MIN": fmt.Sprint(a.lo),
				"SLURM_ARRAY_TASK_MAX": fmt.Sprint(a.hi), "SLURM_ARRAY_TASK_STEP": fmt.Sprint(a.step),
				"SLURM_ARRAY_TASK_COUNT": fmt.Sprint(len(ids)),
			}
			sh, err := play.ParseShard("auto", 0, func(k string) string { return vars[k] })
			require.NoError(t, err, "--array=%d-%d:%d task %d", a.lo, a.hi, a.step, id)
			for _, s := range sh.Block(seeds).All() {
				count[s]++
			}
		}
		for _, s := range seeds.All() {
			assert.Equal(t, 1, count[s], "--array=%d-%d:%d: seed %d", a.lo, a.hi, a.step, s)
		}
		assert.Len(t, count, seeds.Len(), "--array=%d-%d:%d: only the run's seeds", a.lo, a.hi, a.step)
	}
	vars := map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"}
	_, err := play.ParseShard("auto", 0, func(k string) string { return vars[k] })
	assert.ErrorContains(t, err, "SLURM_ARRAY_TASK_ID=3 is not a task of the array")
}
