package view_test

import (
	"strings"
	"testing"
	"time"

	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newViewer(t *testing.T, rep *replay.Replay) *view.Viewer {
	t.Helper()
	v, err := view.NewViewer(rep, "test.jsonl")
	require.NoError(t, err)
	return v
}

// obsHash is the hash of the observation the viewer shows.
func obsHash(v *view.Viewer) string { return replay.Hash(v.Observation()) }

func TestTheViewerReplaysEveryTurnAsRecorded(t *testing.T) {
	rep := recorded(t, 2, 30)
	v := newViewer(t, rep)
	assert.Equal(t, rep.Obs, obsHash(v))
	for k := 1; v.StepTurn(); k++ {
		require.Equal(t, k, v.Turn())
		require.Equal(t, rep.Turns[k-1].Obs, obsHash(v), "turn %d", k)
	}
	assert.Equal(t, len(rep.Turns), v.Turn())
	assert.Zero(t, v.Diverged())
	assert.False(t, v.StepTick(), "nothing after the last turn")
}

func TestSeekingBackwardsAndForwardsShowsTheRecordedObservation(t *testing.T) {
	rep := recorded(t, 3, 40)
	n := len(rep.Turns)
	require.Greater(t, n, 20)
	v := newViewer(t, rep)
	for _, k := range []int{n, 3, n - 1, n - 2, 0, 11, 10, 9, n, 1, 20} {
		v.Seek(k)
		require.Equal(t, k, v.Turn())
		want := rep.Obs
		if k > 0 {
			want = rep.Turns[k-1].Obs
			require.Equal(t, rep.Turns[k-1].Tick, v.Tick(), "tick after seeking to %d", k)
		}
		require.Equal(t, want, obsHash(v), "seek to turn %d", k)
	}
	assert.Zero(t, v.Diverged())
}

func TestSteppingTicksWalksThroughATurn(t *testing.T) {
	rep := recorded(t, 5, 5)
	v := newViewer(t, rep)
	v.Seek(1)
	before := string(v.Observation())
	startTick := v.Tick()
	ticks := 0
	for {
		require.True(t, v.StepTick())
		ticks++
		in, sub := v.InTurn()
		if !in {
			break
		}
		assert.Equal(t, ticks, sub)
		assert.Equal(t, startTick+ticks, v.Tick())
		assert.Equal(t, before, string(v.Observation()), "the cog's observation comes at the end of the turn")
	}
	assert.Equal(t, 2, v.Turn())
	assert.Equal(t, rep.Turns[1].Tick-startTick, ticks)
	assert.Equal(t, rep.Turns[1].Obs, obsHash(v))

	v.StepTick()
	v.StepTick()
	v.Key(view.KeyLeft) // back from the middle of turn 3 to its start
	assert.Equal(t, 2, v.Turn())
	in, _ := v.InTurn()
	assert.False(t, in)
	assert.Equal(t, rep.Turns[1].Obs, obsHash(v))
}

func TestThePanelIsTheObservationExactly(t *testing.T) {
	rep := recorded(t, 1, 20)
	v := newViewer(t, rep)
	g := view.NewGrid(v.Size())
	x0, y0, x1, _ := view.PanelRect()
	for {
		v.Draw(g)
		var rows []string
		for _, line := range view.PanelLines(v.Observation()) {
			rows = append(rows, strings.Join(line, ""))
		}
		require.Equal(t, string(v.Observation()), strings.Join(rows, "\n"))
		require.Len(t, rows, 20)
		// The grid holds each line at the panel's left edge.
		y := y0
		for _, line := range view.PanelLines(v.Observation()) {
			for _, r := range line {
				drawn := g.Row(y)[x0:x1]
				require.Equal(t, r, drawn[:len(r)], "row %d", y)
				require.Equal(t, strings.Repeat(" ", len(drawn)-len(r)), drawn[len(r):])
				for x := range r {
					if r[x] != ' ' {
						require.Equal(t, view.PanelText, g.At(x0+x, y).Fg)
					}
				}
				y++
			}
		}
		if !v.StepTurn() {
			break
		}
	}
}

func TestALongMessageLineIsCutIntoPanelRows(t *testing.T) {
	obs := []byte(strings.Repeat("x\n", 18) + strings.Repeat("m", 200) + "\nDlvl:1")
	lines := view.PanelLines(obs)
	require.Len(t, lines, 20)
	assert.Len(t, lines[18], 3)
	assert.Equal(t, strings.Repeat("m", 200), strings.Join(lines[18], ""))
}

func TestTheViewerShowsTheWholeLevelAndTheReply(t *testing.T) {
	rep := recorded(t, 1, 12)
	v := newViewer(t, rep)
	v.Seek(4)
	g := view.NewGrid(v.Size())
	v.Draw(g)
	screen := g.String()
	assert.Contains(t, screen, "Reply of turn 4:")
	assert.Contains(t, screen, rep.Turns[3].Reply)
	assert.Contains(t, screen, "Next, turn 5:")
	assert.Contains(t, screen, "Turn 4 of 12")

	// The full view shows terrain the cog has not seen, dimmed.
	var m view.Map
	view.FullMap(&m, v.Sim())
	unseen := 0
	for _, cell := range m {
		if cell.Dim && cell.Glyph != ' ' {
			unseen++
		}
	}
	assert.Greater(t, unseen, 20, "the level's unseen parts are drawn")
}

func TestPlayPauseAndSpeed(t *testing.T) {
	rep := recorded(t, 1, 30)
	v := newViewer(t, rep)
	clock := time.Unix(1000, 0)
	v.Now = func() time.Time { return clock }
	v.Key(' ')
	playing, speed := v.Playing()
	require.True(t, playing)
	for i := 0; i < view.TPS; i++ {
		clock = clock.Add(time.Second / view.TPS)
		v.Update(view.Input{})
	}
	assert.Equal(t, int(speed), v.Turn(), "one second of frames plays speed turns")
	v.Key('+')
	_, faster := v.Playing()
	assert.Equal(t, 2*speed, faster)
	v.Key(' ')
	turn := v.Turn()
	v.Update(view.Input{})
	v.Update(view.Input{})
	assert.Equal(t, turn, v.Turn(), "paused")
	v.Key(view.KeyEnd)
	assert.Equal(t, len(rep.Turns), v.Turn())
	v.Key(view.KeyHome)
	assert.Equal(t, 0, v.Turn())
	assert.True(t, v.Key('q'))
}

func TestClickingTheTimelineSeeks(t *testing.T) {
	rep := recorded(t, 1, 30)
	v := newViewer(t, rep)
	for _, k := range []int{30, 15, 0, 22} {
		p := view.TimelineCell(k, 30)
		v.Update(view.Input{Click: &p})
		assert.Equal(t, k, v.Turn(), "click at %v", p)
	}
	above := view.Point{X: 20, Y: 3}
	v.Update(view.Input{Click: &above})
	assert.Equal(t, 22, v.Turn(), "a click on the map does not seek")
}

func TestADivergingReplayIsFlagged(t *testing.T) {
	rep := recorded(t, 1, 6)
	rep.Turns[3].Obs = strings.Repeat("0", 64)
	v := newViewer(t, rep)
	v.Seek(6)
	assert.Equal(t, 4, v.Diverged())
	g := view.NewGrid(v.Size())
	v.Draw(g)
	assert.Contains(t, g.String(), "Diverges from the record at turn 4.")
}

func TestTheLegendNamesTheColours(t *testing.T) {
	v := newViewer(t, recorded(t, 1, 2))
	g := view.NewGrid(v.Size())
	v.Draw(g)
	assert.Equal(t, "The whole level, depth 1. Dim: never seen by the cog. Shaded: in its sight. Red: hidden.", strings.TrimRight(g.Row(1), " "))
}

func TestTheKeyLineFitsTheScreen(t *testing.T) {
	v := newViewer(t, recorded(t, 1, 2))
	g := view.NewGrid(v.Size())
	v.Draw(g)
	assert.True(t, strings.HasSuffix(strings.TrimRight(g.Row(g.H-1), " "), "q quit"), g.Row(g.H-1))
}
