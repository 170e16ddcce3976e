package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/cogsim/cogsim/internal/atomicfile"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/agents/llm"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/cogsim/cogsim/sim/replay"
)

// execPrefix marks an outside agent program: --agent exec:'CMD'.
const execPrefix = "exec:"

// newAgent makes the built-in agent called name; an outside program
// (exec:CMD) or a model (llm:MODEL) has none, and nil is returned for
// it, once the program is found to exist and be executable, or the
// model named.
func newAgent(name string) (agents.Agent, error) {
	if model, ok := llmModel(name); ok {
		return nil, checkModel(model)
	}
	if cmd, ok := strings.CutPrefix(name, execPrefix); ok {
		if strings.TrimSpace(cmd) == "" {
			return nil, errors.New("exec: needs a command, e.g. exec:'python3 agent.py'")
		}
		if err := protocol.Check(cmd); err != nil {
			return nil, err
		}
		return nil, nil
	}
	a, err := agents.New(name)
	if err != nil {
		return nil, err
	}
	return a, nil
}

// episodes says what every episode of a run shares: all but the seed.
type episodes struct {
	agent     string
	rules     string
	mechanics []string
	scenario  *sim.Scenario
	maxTurns  int
	// replays is the folder to write one replay per episode to, or "".
	replays string
	// timeout bounds an outside agent's think time per turn.
	timeout time.Duration
	// strict is --strict (§30).
	strict bool
	// log is the folder for trajectories and exec agents' stderr, or "".
	log string
	// persistent keeps one exec agent process per worker (§30).
	persistent bool
	// llm configures the agents of an llm:MODEL agent (§36), nil for
	// any other.
	llm *llm.Config
	// lost notes the replays and logs that could not be written.
	lost *lostFiles
	// replayBytes bounds a replay file: replay.MaxBytes, the most its
	// reader reads (0: that; a test makes it small).
	replayBytes int64
}

// lostFiles notes the episodes whose replay, trajectory or stderr file
// could not be written whole (a full disk, a replay past what its
// reader reads): each costs only that file, never the episode's result
// nor the run (issue 34).
type lostFiles struct {
	mu    sync.Mutex
	n     int
	notes []string // the first maxLostNotes
}

const maxLostNotes = 10

func (l *lostFiles) add(seed uint64, file string, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	if len(l.notes) < maxLostNotes {
		l.notes = append(l.notes, fmt.Sprintf("seed %d's %s (%v)", seed, file, err))
	}
}

// String says what was lost, "" when nothing was.
func (l *lostFiles) String() string {
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

// player is what plays a worker's episodes: a built-in agent, a model,
// or the outside program of an exec: agent — a persistent one, or one
// started for each episode.
type player struct {
	agent play.Agent
	// program is the exec: agent's, nil for another.
	program *protocol.Program
	// stderr carries the persistent agent's stderr to each episode's
	// file under --log (nil: none, or to the worker's file only).
	stderr *stderrRouter
}

// newPlayer makes worker w's player; close ends what it started.
func (e episodes) newPlayer(w int) (player, func(), error) {
	if e.llm != nil {
		return player{agent: llm.NewPlayer(*e.llm, e.timeout)}, func() {}, nil
	}
	if cmd, ok := strings.CutPrefix(e.agent, execPrefix); ok {
		if e.persistent {
			return e.newPersistent(w, cmd)
		}
		p := &protocol.Program{Command: cmd, Timeout: e.timeout}
		return player{agent: p, program: p}, func() { p.Close() }, nil
	}
	a, err := newAgent(e.agent)
	if err != nil {
		return player{}, nil, err
	}
	return player{agent: play.Builtin(a)}, func() {}, nil
}

// newPersistent makes worker w's persistent agent. Under --log its
// stderr goes to DIR/seed-N.stderr while episode N is played, and to
// DIR/worker-W.stderr between episodes (removed when empty), or all of
// it there where the episodes' files cannot be told apart. close ends
// them.
func (e episodes) newPersistent(w int, cmd string) (player, func(), error) {
	if e.log == "" {
		p := protocol.NewPersistent(cmd, nil)
		p.Timeout = e.timeout
		return player{agent: p, program: p}, func() { p.Close() }, nil
	}
	path := filepath.Join(e.log, fmt.Sprintf("worker-%d.stderr", w))
	between, err := createLog(path)
	if err != nil {
		return player{}, nil, err
	}
	capped := newLogCap(between)
	rt := newStderrRouter(capped)
	var p *protocol.Program
	if rt == nil {
		p = protocol.NewPersistent(cmd, capped)
	} else {
		p = protocol.NewPersistent(cmd, rt.w)
	}
	p.Timeout = e.timeout
	return player{agent: p, program: p, stderr: rt}, func() {
		p.Close()
		if rt != nil {
			rt.close()
		}
		if st, err := between.Stat(); err == nil && st.Size() == 0 && rt != nil {
			removeOwn(path, st)
		}
		between.Close()
	}, nil
}

func (e episodes) config(seed uint64) sim.Config {
	return sim.Config{
		Seed:      seed,
		Rules:     e.rules,
		Mechanics: e.mechanics,
		Scenario:  e.scenario,
		MaxTurns:  e.maxTurns,
		Agent:     e.agent,
		Strict:    e.strict,
	}
}

// playWith runs the episode of seed to its end with pl (index is the
// episode's), recording the replay and the trajectory when asked. A
// panic in the engine or the agent becomes an error naming the seed.
func (e episodes) playWith(ctx context.Context, seed uint64, pl player, index int) (res sim.Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("episode seed %d panicked: %v\n%s", seed, v, debug.Stack())
		}
	}()
	s, err := sim.New(e.config(seed))
	if err != nil {
		return sim.Result{}, fmt.Errorf("episode seed %d: %w", seed, err)
	}
	var observers []play.Observer
	if e.replays != "" {
		path := filepath.Join(e.replays, fmt.Sprintf("seed-%d.jsonl", s.Config().Seed))
		// Whole or nothing: an episode that fails or is cut short
		// leaves no replay, and one that ends leaves it complete.
		f, cerr := atomicfile.Create(path, 0o644)
		if cerr != nil {
			return sim.Result{}, fmt.Errorf("episode seed %d: %w", seed, cerr)
		}
		// Never a replay its reader refuses (issue 34).
		bound := &replayBound{w: f, max: e.replayBytes}
		if bound.max == 0 {
			bound.max = replay.MaxBytes
		}
		defer func() { // err is the episode's (the named result)
			switch {
			case err != nil:
				f.Abort()
			case bound.over:
				f.Abort()
				e.lost.add(seed, "replay", fmt.Errorf("longer than %d bytes, the most a replay holds", bound.max))
			default:
				if cerr := f.Commit(); cerr != nil {
					err = fmt.Errorf("episode seed %d: writing %s: %w", seed, path, cerr)
				}
			}
		}()
		rec, rerr := replay.NewRecorder(s, bound)
		if rerr != nil {
			return sim.Result{}, fmt.Errorf("episode seed %d: writing %s: %w", seed, path, rerr)
		}
		observers = append(observers, replayWriter{rec})
	}
	if e.log != "" {
		// A log that cannot be written costs only itself.
		if traj, terr := play.NewTrajectory(e.log, s); terr != nil {
			e.lost.add(seed, "trajectory", terr)
		} else {
			defer func() {
				if err != nil {
					traj.Discard()
				}
			}()
			observers = append(observers, lossy{traj, e.lost})
		}
	}
	if pl.program != nil && e.log != "" && (!e.persistent || pl.stderr != nil) {
		if f, ferr := createLog(filepath.Join(e.log, fmt.Sprintf("seed-%d.stderr", s.Config().Seed))); ferr != nil {
			e.lost.add(seed, "stderr", ferr)
		} else {
			defer f.Close()
			lc := newLogCap(f)
			defer func() {
				if lc.err != nil {
					e.lost.add(seed, "stderr", lc.err)
				}
			}()
			if e.persistent {
				pl.stderr.moveTo(lc)
				defer pl.stderr.moveTo(nil) // before f closes
			} else {
				pl.program.Stderr = lc
				defer func() { pl.program.Stderr = nil }()
			}
		}
	}
	res, err = play.Run(ctx, s, pl.agent, index, observers...)
	if pl.program != nil && !e.persistent {
		pl.program.Close() // the process goes with its episode
	}
	var down *llm.Down
	switch {
	case err == nil:
		return res, nil
	case errors.Is(err, play.ErrInterrupted) || ctx.Err() != nil:
		// Cut short: no result, and no replay that would look like a
		// truncated one (the deferred Abort).
		return sim.Result{}, play.ErrInterrupted
	case errors.As(err, &down):
		// The server is gone: the run stops, and this episode, left
		// unwritten, is --resume's to play.
		return sim.Result{}, fmt.Errorf("episode seed %d, not written (--resume plays it and the rest): %w", seed, err)
	}
	return sim.Result{}, fmt.Errorf("episode seed %d: %w", seed, err)
}

// replayWriter is the replay recorder whose failures say so.
type replayWriter struct{ *replay.Recorder }

func (r replayWriter) Turn(s *sim.Sim, t *play.Turn) error {
	if err := r.Recorder.Turn(s, t); err != nil {
		return fmt.Errorf("writing its replay: %w", err)
	}
	return nil
}

func (r replayWriter) End(s *sim.Sim, res sim.Result) error {
	if err := r.Recorder.End(s, res); err != nil {
		return fmt.Errorf("writing its replay: %w", err)
	}
	return nil
}

// lossy is a trajectory that cannot be written costing only itself
// (issue 34): its failure is noted, and the episode goes on.
type lossy struct {
	*play.Trajectory
	lost *lostFiles
}

func (l lossy) End(s *sim.Sim, res sim.Result) error {
	if err := l.Trajectory.End(s, res); err != nil {
		l.lost.add(s.Config().Seed, "trajectory", err)
	}
	return nil
}
