package save_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/save"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheRecordIsReadRankedAndMarked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "record.jsonl")
	entries, err := save.ReadRecord(path)
	require.NoError(t, err)
	assert.Empty(t, entries, "no file: no games")

	var mine save.Entry
	for i, score := range []int{30, 120, 75, 5} {
		e := save.NewEntry(sim.Result{Seed: uint64(i + 1), Score: score, Cause: "clock", Agent: "human", Rules: "cog", MaxDepth: 2, Ticks: 2200})
		if score == 5 {
			mine = e
		}
		require.NoError(t, save.AppendEntry(path, e))
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("{\"score\": 9, torn\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())

	entries, err = save.ReadRecord(path)
	require.NoError(t, err)
	require.Len(t, entries, 4, "the torn line is skipped")
	ranked := save.Ranked(entries)
	assert.Equal(t, []int{120, 75, 30, 5}, []int{ranked[0].Score, ranked[1].Score, ranked[2].Score, ranked[3].Score})

	lines := save.FormatRecord(entries, 2, &mine)
	require.Len(t, lines, 5, "heading, the top two, ..., mine")
	assert.Contains(t, lines[0], "rank")
	assert.True(t, strings.HasPrefix(lines[1], "     1    120"), lines[1])
	assert.Equal(t, "  ...", lines[3])
	assert.True(t, strings.HasPrefix(lines[4], "*    4      5"), lines[4])
	all := save.FormatRecord(entries, 0, nil)
	assert.Len(t, all, 5)
	assert.NotContains(t, strings.Join(all, "\n"), "*")
}
