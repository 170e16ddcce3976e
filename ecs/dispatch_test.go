package ecs

import (
	"testing"

	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// verbRecorder is a recorder that serves verbs.
type verbRecorder struct {
	recorder
	ops []Op
}

func (v *verbRecorder) Verbs() []Op { return v.ops }

// TestVerbSystemsRunOnlyOnTheirTicks (§39.6): under dispatch a verb
// system runs on the ticks whose Op it serves, in its place in the
// order, and is skipped on the others (Op 0, a tick without a
// primitive, runs none); without dispatch it runs every tick.
func TestVerbSystemsRunOnlyOnTheirTicks(t *testing.T) {
	var trace []string
	var op Op
	s := newSched(&trace, "input")
	s.Add("search", &verbRecorder{recorder{name: "search", trace: &trace}, []Op{2}})
	s.Add("items", &verbRecorder{recorder{name: "items", trace: &trace}, []Op{4, 6}})
	s.Add("traps", &recorder{name: "traps", trace: &trace})
	s.Add("zap", &verbRecorder{recorder{name: "zap", trace: &trace}, []Op{6, 9}})
	s.Add("level", &recorder{name: "level", trace: &trace})
	w := arche.NewWorld()
	s.Init(&w)
	s.Dispatch(&op)
	for _, o := range []Op{0, 2, 6, 9, 7} {
		op = o
		trace = trace[:0]
		s.Tick(&w)
		switch o {
		case 0, 7:
			assert.Equal(t, []string{"input", "traps", "level"}, trace, "op %d", o)
		case 2:
			assert.Equal(t, []string{"input", "search", "traps", "level"}, trace)
		case 6:
			assert.Equal(t, []string{"input", "items", "traps", "zap", "level"}, trace)
		case 9:
			assert.Equal(t, []string{"input", "traps", "zap", "level"}, trace)
		}
	}
	s.Dispatch(nil)
	trace = trace[:0]
	s.Tick(&w)
	assert.Equal(t, []string{"input", "search", "items", "traps", "zap", "level"}, trace, "no dispatch: every system")
}

// TestAHaltInADispatchedRunStopsIt: a verb system that halts the tick
// stops the verb systems after it (and the rest of the tick) but a
// final one.
func TestAHaltInADispatchedRunStopsIt(t *testing.T) {
	var trace []string
	op := Op(3)
	s := &Scheduler{}
	s.Add("a", &verbRecorder{recorder{name: "a", trace: &trace, halt: true}, []Op{3}})
	s.Add("b", &verbRecorder{recorder{name: "b", trace: &trace}, []Op{3}})
	s.AddFinal("c", &verbRecorder{recorder{name: "c", trace: &trace}, []Op{3}})
	s.AddFinal("level", &recorder{name: "level", trace: &trace})
	w := arche.NewWorld()
	s.Init(&w)
	s.Dispatch(&op)
	s.Tick(&w)
	assert.Equal(t, []string{"a", "c", "level"}, trace)
}

// TestTimingSkipsAVerbSystemOffItsTicks: measured, a verb system is
// called (and timed) only on its ticks, so its time per tick is ~0 on
// the others; Replace reads the new system's verbs.
func TestTimingSkipsAVerbSystemOffItsTicks(t *testing.T) {
	var trace []string
	var op Op
	s := newSched(&trace, "input")
	s.Add("zap", &verbRecorder{recorder{name: "zap", trace: &trace}, []Op{5}})
	w := arche.NewWorld()
	s.Init(&w)
	s.Dispatch(&op)
	s.SetTiming(true)
	for i := range 100 {
		op = Op(i % 10)
		s.Tick(&w)
	}
	zap := s.Entries()[1]
	assert.Equal(t, int64(10), zap.Calls, "one tick in ten")
	assert.Equal(t, int64(100), s.Entries()[0].Calls)

	require.NoError(t, s.Replace("zap", &recorder{name: "plain", trace: &trace}))
	assert.Empty(t, s.Entries()[1].Verbs)
	s.SetTiming(false)
	trace = trace[:0]
	op = 1
	s.Tick(&w)
	assert.Equal(t, []string{"input", "plain"}, trace, "the replacement serves no verb: every tick")
}
