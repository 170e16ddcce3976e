package play

import (
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// Record is the replay recorder rec as an observer: each turn played is
// recorded, and the end writes the result line — the episode's own, what
// re-simulating it gives (no model's tokens).
func Record(rec *replay.Recorder) Observer { return recording{rec} }

type recording struct{ rec *replay.Recorder }

func (r recording) Turn(_ *sim.Sim, t *Turn) error {
	if t.Unusable {
		return r.rec.PlayedUnusable()
	}
	return r.rec.Played(t.Text)
}

func (r recording) End(*sim.Sim, sim.Result) error { return r.rec.Finish() }
