package check_test

import (
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/internal/broken"
	"github.com/cogsim/cogsim/sim/check"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func seeds(lo, hi uint64) []uint64 {
	var out []uint64
	for s := lo; s <= hi; s++ {
		out = append(out, s)
	}
	return out
}

func outcome(t *testing.T, rep check.Report, name string) check.Outcome {
	t.Helper()
	for _, o := range rep.Checks {
		if o.Name == name {
			return o
		}
	}
	t.Fatalf("no %s check in %+v", name, rep)
	return check.Outcome{}
}

// TestCheckPassesTheCogGameAndCountsWhatItPlayed, with the golden
// catalogue of the explore agent's cog games.
func TestCheckPassesTheCogGameAndCountsWhatItPlayed(t *testing.T) {
	rep, err := check.Run(check.Config{NewAgent: agents.Player, Seeds: seeds(1, 3), Golden: "../../agents/testdata/catalogue/results.jsonl"})
	require.NoError(t, err)
	require.NoError(t, rep.Err())
	require.Len(t, rep.Checks, 4)
	for _, o := range rep.Checks {
		assert.Positive(t, o.Counts.Episodes, o.Name)
		assert.Positive(t, o.Counts.Turns, o.Name)
	}
	assert.Equal(t, 6, outcome(t, rep, check.Snapshot).Counts.Snapshots, "one per episode: 3 seeds, 2 agents")
	assert.Equal(t, 6, outcome(t, rep, check.Replays).Counts.Replays)
	assert.Equal(t, 12, outcome(t, rep, check.Workers).Counts.Episodes, "1 and 2 workers")
	assert.Equal(t, 18, outcome(t, rep, check.Unselected).Counts.Episodes, "alone, after and beside")
	assert.Equal(t, 3, outcome(t, rep, check.Unselected).Counts.Golden, "the explore agent's lines")
}

func TestCheckRefusesABadConfiguration(t *testing.T) {
	for _, cfg := range []check.Config{
		{Rules: "nope"}, {Mechanics: []string{"nope"}}, {Agents: []string{"nope"}},
		{Checks: []string{"nope"}}, {Golden: "no/such/file"}, {},
	} {
		if cfg.Rules != "" || cfg.Mechanics != nil || cfg.Agents != nil || cfg.Checks != nil || cfg.Golden != "" {
			cfg.NewAgent = agents.Player
		}
		_, err := check.Run(cfg)
		assert.Error(t, err, "%+v", cfg)
	}
}

// TestCheckCatchesBrokenMechanics: each faulty mechanic fails a check
// that names a seed and a turn.
func TestCheckCatchesBrokenMechanics(t *testing.T) {
	for _, tc := range []struct {
		mechanic string
		fails    []string
	}{
		{broken.State, []string{check.Snapshot}},
		{broken.Clock, []string{check.Snapshot, check.Replays, check.Workers}},
		{broken.Rand, []string{check.Snapshot, check.Replays, check.Workers}},
	} {
		t.Run(tc.mechanic, func(t *testing.T) {
			rep, err := check.Run(check.Config{NewAgent: agents.Player, Mechanics: []string{tc.mechanic}, Seeds: seeds(1, 4), Agents: []string{"explore"}})
			require.NoError(t, err)
			require.Error(t, rep.Err())
			for _, name := range tc.fails {
				f := outcome(t, rep, name).Failure
				if assert.NotNil(t, f, "%s should fail", name) {
					assert.NotZero(t, f.Seed)
					assert.Positive(t, f.Turn, "%s: %v", name, f)
					t.Logf("%s: %v", name, f)
				}
			}
			assert.Nil(t, outcome(t, rep, check.Unselected).Failure, "the cog game is untouched")
		})
	}
}
