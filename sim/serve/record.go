package serve

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/cogsim/cogsim/sim/replay"
)

// recording is a slot's episode being recorded (§35.4): the replay is
// kept in memory and written, whole, when the episode ends, so that a
// session cut short leaves no torn file.
type recording struct {
	buf bytes.Buffer
	rec *replay.Recorder
}

// startRecording begins recording sl's new episode, when the session
// records. A restored episode is not recorded: a replay starts at an
// episode's beginning.
func (sv *Server) startRecording(sl *slot, restored bool) {
	sl.rec = nil
	if sv.opt.RecordDir == "" || restored || sv.recordOff.Load() {
		return
	}
	r := &recording{}
	rec, err := replay.NewRecorder(sl.s, &r.buf)
	if err != nil {
		sv.recordFailed(err)
		return
	}
	r.rec = rec
	sl.rec = r
}

// recordTurn records the turn sl has just played with reply, and writes
// the replay when the turn ended the episode.
func (sv *Server) recordTurn(sl *slot, reply string) {
	r := sl.rec
	if r == nil {
		return
	}
	if err := r.rec.Played(reply); err != nil {
		sl.rec = nil
		sv.recordFailed(err)
		return
	}
	if !sl.s.Done() {
		return
	}
	sl.rec = nil
	if err := r.rec.Finish(); err != nil {
		sv.recordFailed(err)
		return
	}
	sv.recordMu.Lock()
	err := writeReplay(sv.opt.RecordDir, sl.s.Config().Seed, r.buf.Bytes())
	sv.recordMu.Unlock()
	if err != nil {
		sv.recordFailed(err)
	}
}

// writeReplay writes a replay into dir as seed-N.jsonl, or seed-N.K.jsonl
// with the first free K from 2 when that is taken (a seed played again).
func writeReplay(dir string, seed uint64, data []byte) error {
	for k := 1; ; k++ {
		name := fmt.Sprintf("seed-%d.jsonl", seed)
		if k > 1 {
			name = fmt.Sprintf("seed-%d.%d.jsonl", seed, k)
		}
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return err
		}
		if _, err := f.Write(data); err != nil {
			f.Close()
			os.Remove(f.Name())
			return err
		}
		return f.Close()
	}
}

// recordFailed stops recording for the rest of the session and says why,
// once.
func (sv *Server) recordFailed(err error) {
	if sv.recordOff.Swap(true) {
		return
	}
	if sv.opt.Warn != nil {
		sv.opt.Warn(fmt.Sprintf("recording stopped: %v", err))
	}
}
