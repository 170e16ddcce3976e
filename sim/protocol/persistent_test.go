//go:build unix

package protocol_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// episodes plays seeds 1… with one persistent agent (numbering them
// 0, 2, 4 … as a worker sees a rising subsequence) and returns the
// results as JSON lines.
func episodes(t *testing.T, command string, n int) string {
	t.Helper()
	p := protocol.NewPersistent(command, nil)
	defer p.Close()
	var out strings.Builder
	for i := range n {
		s, err := sim.New(sim.Config{Seed: uint64(i + 1), MaxTurns: 7})
		require.NoError(t, err)
		res, err := p.Play(context.Background(), s, 2*i, patient, nil)
		require.NoError(t, err)
		b, err := json.Marshal(res)
		require.NoError(t, err)
		out.Write(append(b, '\n'))
	}
	return out.String()
}

// TestRepliesToEndAreDropped: an agent that answers the end message, or
// repeats a turn already answered, naming what it answers, plays exactly
// the episodes of one that does not — persistent, and one process per
// episode (issue 25).
func TestRepliesToEndAreDropped(t *testing.T) {
	agent := agentPath("endreply.sh")
	want := episodes(t, agent+" silent", 4)
	for _, r := range strings.Split(strings.TrimSpace(want), "\n") {
		assert.Contains(t, r, `"cause":"clock"`)
		assert.Contains(t, r, `"unusable":0`)
	}
	assert.Equal(t, want, episodes(t, agent+" end", 4), "answering the end")
	assert.Equal(t, want, episodes(t, agent+" dup", 4), "answering twice")

	var each strings.Builder
	for i := range 4 {
		s, err := sim.New(sim.Config{Seed: uint64(i + 1), MaxTurns: 7})
		require.NoError(t, err)
		res, err := protocol.Exec(context.Background(), agent+" dup", s, patient, nil, nil)
		require.NoError(t, err)
		b, err := json.Marshal(res)
		require.NoError(t, err)
		each.Write(append(b, '\n'))
	}
	assert.Equal(t, want, each.String(), "one process per episode")
}

// TestALineNamingAnotherTurnIsNoReply: over stdio too, a line naming a
// turn already answered is dropped; one naming nothing, or naming the
// turn awaited, is the reply.
func TestALineNamingAnotherTurnIsNoReply(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1, MaxTurns: 3})
	require.NoError(t, err)
	in := strings.Join([]string{
		`{"reply":"search","turn":0}`,
		`{"reply":"descend","turn":0}`,
		`{"reply":"descend","turn":"0","env":null}`,
		`{"reply":"search","env":5,"turn":2}`,
		`{"reply":"search","env":5}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	res, err := protocol.Serve(s, strings.NewReader(in), &out, nil)
	require.NoError(t, err)
	msgs := decode(t, out.Bytes())
	require.Len(t, msgs, 4)
	assert.Equal(t, 1, msgs[1].Tick-msgs[0].Tick, "search, the stale descend dropped")
	assert.Equal(t, "clock", res.Cause)
	assert.Equal(t, 0, res.Unusable)
	assert.Equal(t, 3, res.Turns)
}
