package view_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/render/view"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheProfilerShowsTheSchedulersEntries: F3 turns the scheduler's
// timing on and the overlay's figures are its entries' Nanos over the
// ticks played, the division `cogsim bench` makes (ns per tick).
func TestTheProfilerShowsTheSchedulersEntries(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	g := view.NewGrid(p.Size())
	p.Draw(g)
	assert.NotContains(t, g.String(), "Profiler (F3)")

	press(t, p, "f3")
	assert.True(t, p.Profiler().On())
	assert.Zero(t, s.State().Clock.Tick, "F3 costs no tick")
	press(t, p, "3 0 s")
	for p.Busy() {
		p.Update(view.Input{})
	}
	p.Update(view.Input{})
	entries := s.Scheduler().Entries()
	rows := p.Profiler().Rows()
	require.Len(t, rows, len(entries))
	var sum int64
	for i, e := range entries {
		r := rows[i]
		assert.Equal(t, e.Name, r.Name)
		assert.Equal(t, e.Nanos, r.Nanos, e.Name)
		assert.Equal(t, e.Calls, r.Calls, e.Name)
		assert.Equal(t, 30, r.Ticks, "the ticks since F3")
		own := max(float64(e.Nanos)-p.Profiler().Overhead()*float64(e.Calls), 0)
		assert.InDelta(t, own/30, r.Total, 1e-9, "ns per tick less the timing's cost, as cogsim bench makes it")
		sum += e.Nanos
	}
	assert.Positive(t, sum, "timing is on")
	assert.Positive(t, p.Profiler().Overhead())

	p.Draw(g)
	screen := g.String()
	assert.Contains(t, screen, "Profiler (F3)")
	lines := p.Profiler().Lines(20)
	for i, r := range rows {
		assert.Contains(t, screen, strings.TrimRight(lines[i+1], " ")[:38], r.Name)
		assert.Contains(t, lines[i+1], fmt.Sprintf(" %7.0f ", r.Total))
	}
	assert.Contains(t, screen, "over 30 ticks")

	press(t, p, "f3")
	p.Draw(g)
	assert.NotContains(t, g.String(), "Profiler (F3)")
}

// TestTheProfilersAverageFollowsTheLastSamples: figures set in the
// entries come out as the overlay's ns per tick.
func TestTheProfilersAverageFollowsTheLastSamples(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "f3")
	entries := s.Scheduler().Entries()
	s.Scheduler().SetTiming(false) // the test sets the figures itself
	for round := 1; round <= 2; round++ {
		for i, e := range entries {
			e.Nanos += int64(1000 * (i + 1) * round)
		}
		press(t, p, "s")
		p.Update(view.Input{})
	}
	rows := p.Profiler().Rows()
	for i, r := range rows {
		last := float64(2000 * (i + 1))
		assert.Equal(t, last, r.Last, r.Name)
		assert.Equal(t, 1000*float64(i+1)+(last-1000*float64(i+1))/8, r.Avg, r.Name)
		assert.Equal(t, 1500*float64(i+1), r.Total, r.Name)
	}
}

func TestTheReplayViewerShowsTheProfiler(t *testing.T) {
	rep := recorded(t, 5, 6)
	v, err := view.NewViewer(rep, "test.jsonl")
	require.NoError(t, err)
	v.Update(view.Input{Keys: []view.Key{view.KeyF3, view.KeyRight, view.KeyRight}})
	v.Update(view.Input{})
	g := view.NewGrid(v.Size())
	v.Draw(g)
	assert.Contains(t, g.String(), "Profiler (F3)")
	rows := v.Profiler().Rows()
	require.NotEmpty(t, rows)
	assert.Equal(t, v.Tick(), rows[0].Ticks)
}

// TestMeasureTimesTheReplayBackToBack: M in the viewer replays the whole
// replay back to back with timing on, as cogsim bench does, and the
// overlay shows each system's median ns per tick over its ticks.
func TestMeasureTimesTheReplayBackToBack(t *testing.T) {
	rep := recorded(t, 3, 30)
	v := newViewer(t, rep)
	v.Key('M')
	pr := v.Profiler()
	require.True(t, pr.On())
	rows := pr.Rows()
	require.Len(t, rows, len(v.Sim().Scheduler().Entries()))
	sum := 0.0
	for i, r := range rows {
		assert.Equal(t, v.Sim().Scheduler().Entries()[i].Name, r.Name)
		assert.Equal(t, rep.Turns[len(rep.Turns)-1].Tick, r.Ticks, "over the replay's ticks")
		sum += r.Avg
	}
	assert.Positive(t, sum)
	lines := pr.Lines(10)
	assert.Contains(t, lines[len(lines)-1], "the replay back to back, median of 3 runs")
}
