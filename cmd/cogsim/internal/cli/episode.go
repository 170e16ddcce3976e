package cli

import (
	"context"
	"errors"
	"fmt"
	"github.com/cogsim/cogsim/internal/atomicfile"
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/agents/llm"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/cogsim/cogsim/sim/replay"
)

// Agent is what the runner needs of a built-in agent (§26): it reads the
// observation text and replies, and starts afresh for each episode.
type Agent interface {
	Name() string
	Reset(seed uint64)
	Reply(obs []byte) string
}

// execPrefix marks an outside agent program: --agent exec:'CMD'.
const execPrefix = "exec:"

// errEpisodeInterrupted marks an episode cut short by the context (Ctrl-C,
// SIGTERM): it has no result.
var errEpisodeInterrupted = errors.New("episode interrupted")

// newAgent makes the built-in agent called name; an outside program
// (exec:CMD) or a model (llm:MODEL) has none, and nil is returned for
// it, once the program is found to exist and be executable, or the
// model named.
func newAgent(name string) (Agent, error) {
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

// maxReply bounds a model's reply as protocol.MaxLine bounds an exec
// agent's reply line: a longer one is unusable (issue 34: 4 MiB answers
// made replays that their reader refuses). Every turn line of a replay
// then fits replay.MaxLine, escaped six bytes a byte at worst.
const maxReply = protocol.MaxLine

// boundReply makes a turn whose reply is longer than maxReply unusable.
func boundReply(t llm.Turn) llm.Turn {
	if t.OK && len(t.Reply) > maxReply {
		t.OK, t.Error = false, fmt.Sprintf("the reply is longer than %d bytes (1 MiB)", maxReply)
	}
	return t
}

// player is what plays a worker's episodes: a built-in agent, an LLM
// agent, or (neither) the outside program of an exec: agent — the
// worker's persistent one, or a process per episode when that is nil.
type player struct {
	agent      Agent
	model      *llm.Agent
	persistent *protocol.Persistent
	// stderr carries the persistent agent's stderr to each episode's
	// file under --log (nil: none, or to the worker's file only).
	stderr *stderrRouter
}

// newPlayer makes worker w's player; close ends what it started.
func (e episodes) newPlayer(w int) (player, func(), error) {
	if e.llm != nil {
		return player{model: llm.NewAgent(*e.llm)}, func() {}, nil
	}
	a, err := newAgent(e.agent)
	if err != nil || !e.persistent {
		return player{agent: a}, func() {}, err
	}
	return e.newPersistent(w)
}

// newPersistent makes worker w's persistent agent. Under --log its
// stderr goes to DIR/seed-N.stderr while episode N is played, and to
// DIR/worker-W.stderr between episodes (removed when empty), or all of
// it there where the episodes' files cannot be told apart. close ends
// them.
func (e episodes) newPersistent(w int) (player, func(), error) {
	cmd, _ := strings.CutPrefix(e.agent, execPrefix)
	if e.log == "" {
		p := protocol.NewPersistent(cmd, nil)
		return player{persistent: p}, p.Close, nil
	}
	path := filepath.Join(e.log, fmt.Sprintf("worker-%d.stderr", w))
	between, err := createLog(path)
	if err != nil {
		return player{}, nil, err
	}
	capped := newLogCap(between)
	rt := newStderrRouter(capped)
	var p *protocol.Persistent
	if rt == nil {
		p = protocol.NewPersistent(cmd, capped)
	} else {
		p = protocol.NewPersistent(cmd, rt.w)
	}
	return player{persistent: p, stderr: rt}, func() {
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
// episode's): it shows it each observation and plays its reply, one
// command turn at a time, recording the replay when asked. A panic in
// the engine or the agent becomes an error naming the seed.
func (e episodes) playWith(ctx context.Context, seed uint64, pl player, index int) (res sim.Result, err error) {
	a, p := pl.agent, pl.persistent
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("episode seed %d panicked: %v\n%s", seed, v, debug.Stack())
		}
	}()
	s, err := sim.New(e.config(seed))
	if err != nil {
		return sim.Result{}, fmt.Errorf("episode seed %d: %w", seed, err)
	}
	var rec *replay.Recorder
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
		if rec, err = replay.NewRecorder(s, bound); err != nil {
			return sim.Result{}, fmt.Errorf("episode seed %d: writing %s: %w", seed, path, err)
		}
	}
	var traj *trajectory
	if e.log != "" {
		// A log that cannot be written costs only itself.
		var terr error
		if traj, terr = newTrajectory(e.log, s); terr != nil {
			e.lost.add(seed, "trajectory", terr)
		} else {
			defer func() {
				if err != nil {
					traj.discard()
				}
			}()
		}
	}
	if cmd, ok := strings.CutPrefix(e.agent, execPrefix); ok {
		var stderr io.Writer
		if e.log != "" && (p == nil || pl.stderr != nil) {
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
				if p != nil {
					pl.stderr.moveTo(lc)
					defer pl.stderr.moveTo(nil) // before f closes
				}
				stderr = lc
			}
		}
		var trace func(obs, line []byte)
		if traj != nil {
			trace = func(obs, line []byte) { traj.turn(s.State().Clock.Turn-1, obs, nil, line, s) }
		}
		var res sim.Result
		if p != nil {
			res, err = p.Play(ctx, s, index, e.timeout, rec, trace)
		} else {
			res, err = protocol.ExecTraced(ctx, cmd, s, e.timeout, stderr, rec, trace)
		}
		switch {
		case err != nil && ctx.Err() != nil:
			// Cut short: no result, and no replay that would look
			// like a truncated one (the deferred Abort).
			return res, errEpisodeInterrupted
		case err != nil:
			return res, fmt.Errorf("episode seed %d: %w", seed, err)
		}
		e.endTrajectory(s, res, traj)
		return res, nil
	}
	if pl.model != nil {
		return e.playModel(ctx, s, pl.model, rec, traj)
	}
	a.Reset(s.Config().Seed)
	if k, ok := a.(agents.Knower); ok {
		k.Know(s.MechanicNames())
	}
	var before []byte
	for !s.Done() {
		reply := a.Reply(s.Observe())
		if traj != nil {
			before = append(before[:0], s.Observe()...)
		}
		turn := s.State().Clock.Turn
		if rec == nil {
			s.Turn(reply)
		} else if err := rec.Turn(reply); err != nil {
			return sim.Result{}, fmt.Errorf("episode seed %d: writing its replay: %w", seed, err)
		}
		if traj != nil {
			traj.turn(turn, before, &reply, nil, s)
		}
	}
	return e.finish(s, s.Result(), rec, traj)
}

// finish writes the end of an episode's trajectory and replay.
func (e episodes) finish(s *sim.Sim, res sim.Result, rec *replay.Recorder, traj *trajectory) (sim.Result, error) {
	seed := s.Config().Seed
	e.endTrajectory(s, res, traj)
	if rec != nil {
		if err := rec.End(); err != nil {
			return sim.Result{}, fmt.Errorf("episode seed %d: writing its replay: %w", seed, err)
		}
	}
	return res, nil
}

// endTrajectory writes the end of an episode's trajectory, if any; one
// that cannot be written costs only itself (issue 34).
func (e episodes) endTrajectory(s *sim.Sim, res sim.Result, traj *trajectory) {
	if traj == nil {
		return
	}
	if err := traj.end(s, res); err != nil {
		e.lost.add(s.Config().Seed, "trajectory", err)
	}
}

// playModel plays the episode s with the model a (§36): each turn is
// asked for within the turn's deadline, and a turn without a reply —
// the server failed, refused, timed out, or answered nothing readable —
// is an unusable reply, until the server is gone (--llm-max-failures):
// then the episode has no result. The result counts the API's tokens;
// the trajectory has each turn's reasoning and usage.
func (e episodes) playModel(ctx context.Context, s *sim.Sim, a *llm.Agent, rec *replay.Recorder, traj *trajectory) (sim.Result, error) {
	seed := s.Config().Seed
	a.Reset(seed)
	var tokens sim.Tokens
	var before []byte
	for !s.Done() {
		if traj != nil {
			before = append(before[:0], s.Observe()...)
		}
		turn := s.State().Clock.Turn
		t, err := llmTurn(ctx, a, s, e.timeout, func(t llm.Turn) error {
			t = boundReply(t)
			switch {
			case rec != nil && t.OK:
				return rec.Turn(t.Reply)
			case rec != nil:
				return rec.TurnUnusable()
			case t.OK:
				s.Turn(t.Reply)
			default:
				s.TurnUnusable()
			}
			return nil
		})
		if errors.Is(err, errEpisodeInterrupted) {
			return sim.Result{}, err
		}
		if down := (*llm.Down)(nil); errors.As(err, &down) {
			// The server is gone: the run stops, and this episode,
			// left unwritten, is --resume's to play.
			return sim.Result{}, fmt.Errorf("episode seed %d, not written (--resume plays it and the rest): %w", seed, err)
		}
		if err != nil {
			return sim.Result{}, fmt.Errorf("episode seed %d: writing its replay: %w", seed, err)
		}
		t = boundReply(t) // as played
		addTokens(&tokens, t.Usage)
		if traj != nil {
			var reply *string
			if t.OK {
				reply = &t.Reply
			}
			traj.modelTurn(turn, before, reply, llmExtra(t), s)
		}
	}
	res := s.Result()
	res.Tokens, res.LLM = &tokens, llmSettings(e.llm)
	return e.finish(s, res, rec, traj)
}
