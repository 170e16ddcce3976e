package cli

import (
	"context"
	"errors"
	"fmt"
	"github.com/cogsim/cogsim/worldgen/script"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/agents/llm"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/protocol"
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
	level     *script.Script
	dungeon   *script.Dungeon
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
	lost *play.LostFiles
	// replayBytes bounds a replay file: replay.MaxBytes, the most its
	// reader reads (0: that; a test makes it small).
	replayBytes int64
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
	stderr *protocol.StderrRouter
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
	between, err := protocol.CreateLog(path)
	if err != nil {
		return player{}, nil, err
	}
	capped := protocol.NewLogCap(between)
	rt := protocol.NewStderrRouter(capped)
	var p *protocol.Program
	if rt == nil {
		p = protocol.NewPersistent(cmd, capped)
	} else {
		p = protocol.NewPersistent(cmd, rt.Writer())
	}
	p.Timeout = e.timeout
	return player{agent: p, program: p, stderr: rt}, func() {
		p.Close()
		if rt != nil {
			rt.Close()
		}
		if st, err := between.Stat(); err == nil && st.Size() == 0 && rt != nil {
			protocol.RemoveOwn(path, st)
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
		Level:     e.level,
		Dungeon:   e.dungeon,
		MaxTurns:  e.maxTurns,
		Agent:     e.agent,
		Strict:    e.strict,
	}
}

// playWith runs the episode of seed to its end with pl (index is the
// episode's), recording the replay and the trajectory when asked. A
// panic in the engine or the agent becomes an error naming the seed.
func (e episodes) playWith(ctx context.Context, seed uint64, pl player, index int) (res sim.Result, err error) {
	// Deferred first, so run last: after a panic became err, the
	// episode's files are dropped.
	var done func(error) error
	defer func() {
		if done != nil {
			if derr := done(err); derr != nil && err == nil {
				err = fmt.Errorf("episode seed %d: %w", seed, derr)
			}
		}
	}()
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("episode seed %d panicked: %v\n%s", seed, v, debug.Stack())
		}
	}()
	s, err := sim.New(e.config(seed))
	if err != nil {
		return sim.Result{}, fmt.Errorf("episode seed %d: %w", seed, err)
	}
	files := play.Files{Replays: e.replays, Log: e.log, ReplayBytes: e.replayBytes, Lost: e.lost}
	observers, done, err := files.Open(s)
	if err != nil {
		return sim.Result{}, fmt.Errorf("episode seed %d: %w", seed, err)
	}
	if pl.program != nil && e.log != "" && (!e.persistent || pl.stderr != nil) {
		if f, ferr := protocol.CreateLog(filepath.Join(e.log, fmt.Sprintf("seed-%d.stderr", s.Config().Seed))); ferr != nil {
			e.lost.Add(seed, "stderr", ferr)
		} else {
			defer f.Close()
			lc := protocol.NewLogCap(f)
			defer func() {
				if lc.Err() != nil {
					e.lost.Add(seed, "stderr", lc.Err())
				}
			}()
			if e.persistent {
				pl.stderr.MoveTo(lc)
				defer pl.stderr.MoveTo(nil) // before f closes
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
