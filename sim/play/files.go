package play

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/cogsim/cogsim/internal/atomicfile"
	"github.com/cogsim/cogsim/internal/lockfile"
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

// Separate refuses two writers on one file (issue 25): the Log and
// Replays folders both take DIR/seed-N.jsonl, so they need their own
// folders, and the results file out must not be one of those files.
// Errors name them as cogsim run's flags do.
func (f Files) Separate(out string) error {
	replays, log := f.Replays, f.Log
	if replays != "" && log != "" && sameDir(replays, log) {
		return fmt.Errorf("--log %s and --replays %s are one folder, where both would write seed-N.jsonl: give each its own", log, replays)
	}
	if out == "" || out == "-" || !perSeedName.MatchString(filepath.Base(out)) {
		return nil
	}
	for _, d := range []struct{ flag, dir string }{{"--replays", replays}, {"--log", log}} {
		if d.dir != "" && sameDir(filepath.Dir(out), d.dir) {
			return fmt.Errorf("--out %s: %s %s writes the files seed-N.jsonl there; put the results elsewhere", out, d.flag, d.dir)
		}
	}
	return nil
}

// Claim takes the locks of the batch's files — the results file out
// ("" or "-": none) and the Replays and Log folders — so that a second
// batch on any of them is refused,
// naming the first (issue 34: a Slurm requeue while the old job still
// ran, two terminals: both wrote, lines torn or mixed), before it writes
// anything. Then, sure that no run of ours is writing there, it removes
// the temporary files of replays and trajectories that a run killed
// while writing them left (SIGKILL). The function returned lets go.
// Errors name the files as cogsim run's flags do.
func (f Files) Claim(out string) (func(), error) {
	var held []*lockfile.Lock
	release := func() {
		for _, l := range held {
			l.Release()
		}
	}
	take := func(what, path string) error {
		l, err := lockfile.Acquire(path)
		if h := (*lockfile.HeldError)(nil); errors.As(err, &h) {
			holder := h.Holder
			if holder == "" {
				holder = "its holder unknown"
			}
			return fmt.Errorf("%s: in use by another cogsim run (%s); wait for it to end or choose another", what, holder)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		held = append(held, l)
		return nil
	}
	if out != "" && out != "-" {
		lock := filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".cogsim.lock")
		if err := take("--out "+out, lock); err != nil {
			return nil, err
		}
	}
	for _, d := range []struct{ flag, dir string }{{"--replays", f.Replays}, {"--log", f.Log}} {
		if d.dir == "" {
			continue
		}
		what := d.flag + " " + d.dir
		if err := take(what, filepath.Join(d.dir, DirLock)); err != nil {
			release()
			return nil, err
		}
		if _, err := atomicfile.RemoveStale(d.dir, perSeedName.MatchString); err != nil {
			release()
			return nil, fmt.Errorf("%s: %v", what, err)
		}
	}
	return release, nil
}

// DirLock is the lock file of a --replays or --log folder.
const DirLock = ".cogsim.lock"

// perSeedName is the name of a replay or trajectory file.
var perSeedName = regexp.MustCompile(`^seed-[0-9]+\.jsonl$`)

// sameDir reports whether a and b name one folder: the same clean
// absolute path, or, when both exist, the same file (a link).
func sameDir(a, b string) bool {
	if aa, err := filepath.Abs(a); err == nil {
		if bb, err := filepath.Abs(b); err == nil && aa == bb {
			return true
		}
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
