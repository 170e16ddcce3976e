package play_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/result"
)

// script replies from a list, then waits.
type script struct {
	replies []play.Reply
	n       int
	reset   int
	closed  bool
}

func (a *script) Reset(context.Context, *sim.Sim, int) error { a.reset++; return nil }

func (a *script) Reply(context.Context, *sim.Sim) (play.Reply, error) {
	if a.n < len(a.replies) {
		a.n++
		return a.replies[a.n-1], nil
	}
	return play.Reply{Text: "wait*40"}, nil
}

func (a *script) Close() error { a.closed = true; return nil }

// watch keeps what an observer is shown.
type watch struct {
	turns   []int
	before  []string
	after   []string
	replies []play.Reply
	ends    []sim.Result
}

func (w *watch) Turn(s *sim.Sim, t *play.Turn) error {
	w.turns = append(w.turns, t.Turn)
	w.before = append(w.before, string(t.Before))
	w.after = append(w.after, string(s.Observe()))
	w.replies = append(w.replies, t.Reply)
	return nil
}

func (w *watch) End(_ *sim.Sim, res sim.Result) error {
	w.ends = append(w.ends, res)
	return nil
}

func newSim(t *testing.T, seed uint64, turns int) *sim.Sim {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: seed, Agent: "test", MaxTurns: turns})
	require.NoError(t, err)
	return s
}

func TestRunPlaysEachReplyAsOneTurnAndShowsIt(t *testing.T) {
	replies := []string{"e*3", "s*2", "w", "wait*40"}
	// The same replies played by hand.
	hand := newSim(t, 5, 4)
	var want []string
	for _, r := range replies {
		hand.Turn(r)
		want = append(want, string(hand.Observe()))
	}
	s := newSim(t, 5, 4)
	a := &script{}
	for _, r := range replies {
		a.replies = append(a.replies, play.Reply{Text: r})
	}
	first := string(s.Observe())
	w := &watch{}
	res, err := play.Run(context.Background(), s, a, 0, w)
	require.NoError(t, err)
	assert.Equal(t, hand.Result(), res)
	assert.Equal(t, 1, a.reset)
	assert.Equal(t, []int{0, 1, 2, 3}, w.turns)
	assert.Equal(t, want, w.after)
	assert.Equal(t, first, w.before[0], "the observation the agent answered")
	assert.Equal(t, want[:3], w.before[1:])
	require.Len(t, w.ends, 1)
	assert.Equal(t, res, w.ends[0])
	assert.False(t, a.closed, "Run leaves closing to the agent's owner")
}

func TestRunPlaysAnUnusableReplyAsForty(t *testing.T) {
	s := newSim(t, 2, 2)
	w := &watch{}
	res, err := play.Run(context.Background(), s, &script{replies: []play.Reply{{Unusable: true, Raw: []byte("junk")}}}, 0, w)
	require.NoError(t, err)
	assert.Equal(t, 1, res.Unusable)
	assert.Equal(t, 80, s.State().Clock.Tick, "two turns of forty ticks")
	assert.True(t, w.replies[0].Unusable)
}

func TestRunEndsWhenTheAgentIsGone(t *testing.T) {
	s := newSim(t, 2, 10)
	w := &watch{}
	res, err := play.Run(context.Background(), s, &script{replies: []play.Reply{{Text: "e"}, {Gone: play.CauseTimeout}}}, 0, w)
	require.NoError(t, err)
	assert.Equal(t, play.CauseTimeout, res.Cause)
	assert.Equal(t, 1, res.Turns, "the turn of the reply only")
	assert.Len(t, w.turns, 1)
	require.Len(t, w.ends, 1, "the observers are told the end")
}

// failing fails its second reply.
type failing struct{ script }

var errBroke = errors.New("broke")

func (a *failing) Reply(ctx context.Context, s *sim.Sim) (play.Reply, error) {
	if a.n == 1 {
		return play.Reply{}, errBroke
	}
	return a.script.Reply(ctx, s)
}

func TestRunStopsOnTheAgentsError(t *testing.T) {
	s := newSim(t, 2, 10)
	w := &watch{}
	_, err := play.Run(context.Background(), s, &failing{script{replies: []play.Reply{{Text: "e"}}}}, 0, w)
	assert.ErrorIs(t, err, errBroke)
	assert.Len(t, w.turns, 1)
	assert.Empty(t, w.ends, "no end for an episode without a result")
}

// ender adds tokens to the result.
type ender struct{ script }

func (a *ender) End(_ context.Context, _ *sim.Sim, res *sim.Result) error {
	res.Tokens = &result.Tokens{Prompt: 7, Completion: 3}
	return nil
}

func TestAnEnderAddsToTheResultTheObserversSee(t *testing.T) {
	s := newSim(t, 2, 1)
	w := &watch{}
	res, err := play.Run(context.Background(), s, &ender{}, 0, w)
	require.NoError(t, err)
	require.NotNil(t, res.Tokens)
	assert.Equal(t, 7, res.Tokens.Prompt)
	assert.Equal(t, res, w.ends[0])
}

// replier is a built-in agent.
type replier struct {
	seed      uint64
	mechanics []string
	obs       []string
}

func (r *replier) Reset(seed uint64)       { r.seed = seed }
func (r *replier) Know(mechanics []string) { r.mechanics = mechanics }
func (r *replier) Reply(obs []byte) string { r.obs = append(r.obs, string(obs)); return "s" }

func TestBuiltinIsResetWithTheSeedAndToldTheMechanics(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 9, Agent: "test", MaxTurns: 2, Mechanics: []string{"wands"}})
	require.NoError(t, err)
	first := string(s.Observe())
	r := &replier{}
	_, err = play.Run(context.Background(), s, play.Builtin(r), 0)
	require.NoError(t, err)
	assert.Equal(t, uint64(9), r.seed)
	assert.Equal(t, s.State().Mechanics, r.mechanics)
	require.Len(t, r.obs, 2)
	assert.Equal(t, first, r.obs[0])
}

func TestBatchEmitsInOrderWhateverTheWorkers(t *testing.T) {
	for _, workers := range []int{1, 3, 8} {
		var made atomic.Int32
		b := play.Batch{N: 20, Workers: workers, Worker: func(w int) (func(context.Context, int) (sim.Result, error), func(), error) {
			made.Add(1)
			return func(_ context.Context, i int) (sim.Result, error) {
				s := newSim(t, uint64(i+1), 1+i%3)
				return play.Run(context.Background(), s, play.Builtin(&replier{}), i)
			}, nil, nil
		}}
		var seeds []uint64
		out, err := b.Run(context.Background(), func(i int, res sim.Result) error {
			assert.Equal(t, uint64(i+1), res.Seed)
			seeds = append(seeds, res.Seed)
			return nil
		})
		require.NoError(t, err)
		assert.Equal(t, 20, out.Emitted)
		assert.Len(t, seeds, 20)
		assert.EqualValues(t, workers, made.Load(), "one player per worker")
	}
}

func TestBatchEmitsOnlyAPrefixWhenEpisodesAreCut(t *testing.T) {
	b := play.Batch{N: 10, Workers: 1, Worker: func(int) (func(context.Context, int) (sim.Result, error), func(), error) {
		return func(_ context.Context, i int) (sim.Result, error) {
			if i == 4 {
				return sim.Result{}, play.ErrInterrupted
			}
			return sim.Result{Seed: uint64(i)}, nil
		}, nil, nil
	}}
	var got []uint64
	out, err := b.Run(context.Background(), func(_ int, res sim.Result) error { got = append(got, res.Seed); return nil })
	require.NoError(t, err)
	assert.Equal(t, []uint64{0, 1, 2, 3}, got)
	assert.Equal(t, 4, out.Emitted)
	assert.Equal(t, []int{4}, out.Cut)
	assert.Equal(t, []int{5, 6, 7, 8, 9}, out.Held)
}

func TestBatchStopsAtTheFirstFailure(t *testing.T) {
	var done atomic.Int32
	b := play.Batch{N: 100, Workers: 2, Worker: func(int) (func(context.Context, int) (sim.Result, error), func(), error) {
		return func(_ context.Context, i int) (sim.Result, error) {
			if i == 3 {
				return sim.Result{}, errBroke
			}
			return sim.Result{}, nil
		}, func() { done.Add(1) }, nil
	}}
	out, err := b.Run(context.Background(), func(int, sim.Result) error { return nil })
	assert.ErrorIs(t, err, errBroke)
	assert.Equal(t, 3, out.Emitted)
	assert.EqualValues(t, 2, done.Load(), "each worker's player is ended")
}

func TestTrajectoryWritesEachTurnAndTheResult(t *testing.T) {
	dir := t.TempDir()
	s := newSim(t, 3, 3)
	traj, err := play.NewTrajectory(dir, s)
	require.NoError(t, err)
	extra := map[string]json.RawMessage{"note": json.RawMessage(`"hi"`)}
	a := &script{replies: []play.Reply{{Text: "e", Extra: extra}, {Unusable: true, Raw: []byte("junk")}, {Unusable: true}}}
	res, err := play.Run(context.Background(), s, a, 0, traj)
	require.NoError(t, err)
	f, err := os.Open(filepath.Join(dir, "seed-3.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var lines []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m))
		lines = append(lines, m)
	}
	require.Len(t, lines, 5, "header, three turns, result")
	assert.Equal(t, "header", lines[0]["type"])
	assert.Equal(t, "e", lines[1]["reply"])
	assert.Equal(t, map[string]any{"note": "hi"}, lines[1]["extra"])
	assert.Nil(t, lines[2]["reply"])
	assert.Equal(t, "junk", lines[2]["raw"])
	assert.Equal(t, true, lines[2]["unusable"])
	assert.NotContains(t, lines[3], "raw", "a line too long to read has none")
	assert.Equal(t, "result", lines[4]["type"])
	assert.True(t, strings.Contains(lines[1]["obs"].(string), "Dlvl"), "the observation answered")
	assert.EqualValues(t, res.Score, lines[4]["result"].(map[string]any)["score"])
}
