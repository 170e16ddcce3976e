package play

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cogsim/cogsim/internal/atomicfile"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// Files writes each episode's replay into the folder Replays and its
// trajectory into Log ("": none), as DIR/seed-N.jsonl, whole or
// nothing: an episode that fails or is cut short leaves neither, one
// that ends leaves both complete. A file that cannot be written — a
// full disk, a replay past what its reader reads — costs only itself,
// noted in Lost, never the episode's result nor the run (issue 34).
type Files struct {
	Replays, Log string
	// ReplayBytes bounds a replay file (0: replay.MaxBytes, the most its
	// reader reads; a test makes it small).
	ReplayBytes int64
	Lost        *LostFiles
}

// Open starts the files of episode s: the observers that write them,
// and done, to be called with the episode's error, which puts them in
// place or drops them and returns the error to report.
func (f Files) Open(s *sim.Sim) (observers []Observer, done func(err error) error, err error) {
	seed := s.Config().Seed
	var finish []func(err error) error
	done = func(err error) error {
		for i := len(finish) - 1; i >= 0; i-- {
			err = finish[i](err)
		}
		return err
	}
	if f.Replays != "" {
		path := filepath.Join(f.Replays, fmt.Sprintf("seed-%d.jsonl", seed))
		file, err := atomicfile.Create(path, 0o644)
		if err != nil {
			return nil, nil, err
		}
		// Never a replay its reader refuses (issue 34).
		bound := &replayBound{w: file, max: f.ReplayBytes}
		if bound.max == 0 {
			bound.max = replay.MaxBytes
		}
		rec, err := replay.NewRecorder(s, bound)
		if err != nil {
			file.Abort()
			return nil, nil, fmt.Errorf("writing %s: %w", path, err)
		}
		observers = append(observers, replayWriter{Record(rec)})
		finish = append(finish, func(err error) error {
			switch {
			case err != nil:
				file.Abort()
			case bound.over:
				file.Abort()
				f.Lost.Add(seed, "replay", fmt.Errorf("longer than %d bytes, the most a replay holds", bound.max))
			default:
				if cerr := file.Commit(); cerr != nil {
					return fmt.Errorf("writing %s: %w", path, cerr)
				}
			}
			return err
		})
	}
	if f.Log != "" {
		// A log that cannot be written costs only itself.
		if traj, terr := NewTrajectory(f.Log, s); terr != nil {
			f.Lost.Add(seed, "trajectory", terr)
		} else {
			observers = append(observers, lossy{traj, f.Lost})
			finish = append(finish, func(err error) error {
				if err != nil {
					traj.Discard()
				}
				return err
			})
		}
	}
	return observers, done, nil
}

// replayBound passes a replay's writes on while the file stays within
// max bytes, and drops them once it would not (over): the episode goes
// on, and its replay is not kept.
type replayBound struct {
	w      io.Writer
	max, n int64
	over   bool
}

func (b *replayBound) Write(p []byte) (int, error) {
	if b.over || int64(len(p)) > b.max-b.n {
		b.over = true
		return len(p), nil
	}
	b.n += int64(len(p))
	return b.w.Write(p)
}

// RecordTo is the recorder rec as an observer whose failures say they
// are the replay's.
func RecordTo(rec *replay.Recorder) Observer { return replayWriter{Record(rec)} }

type replayWriter struct{ Observer }

func (r replayWriter) Turn(s *sim.Sim, t *Turn) error {
	if err := r.Observer.Turn(s, t); err != nil {
		return fmt.Errorf("writing its replay: %w", err)
	}
	return nil
}

func (r replayWriter) End(s *sim.Sim, res sim.Result) error {
	if err := r.Observer.End(s, res); err != nil {
		return fmt.Errorf("writing its replay: %w", err)
	}
	return nil
}

// lossy is a trajectory that cannot be written costing only itself: its
// failure is noted, and the episode goes on.
type lossy struct {
	*Trajectory
	lost *LostFiles
}

func (l lossy) End(s *sim.Sim, res sim.Result) error {
	if err := l.Trajectory.End(s, res); err != nil {
		l.lost.Add(s.Config().Seed, "trajectory", err)
	}
	return nil
}

// LostFiles notes the episodes whose replay, trajectory or stderr file
// could not be written whole: each costs only that file. Safe for
// concurrent use.
type LostFiles struct {
	mu    sync.Mutex
	n     int
	notes []string // the first maxLostNotes
}

const maxLostNotes = 10

// Add notes that episode seed's file (replay, trajectory, stderr) was
// lost to err.
func (l *LostFiles) Add(seed uint64, file string, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	if len(l.notes) < maxLostNotes {
		l.notes = append(l.notes, fmt.Sprintf("seed %d's %s (%v)", seed, file, err))
	}
}

// String says what was lost, "" when nothing was.
func (l *LostFiles) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n == 0 {
		return ""
	}
	s := fmt.Sprintf("%d files not written, their episodes' results kept: %s", l.n, strings.Join(l.notes, "; "))
	if l.n > len(l.notes) {
		s += fmt.Sprintf("; and %d more", l.n-len(l.notes))
	}
	return s
}
