package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
)

// runOptions are the flags of cogsim run.
type runOptions struct {
	seed     uint64
	episodes int
	agent    string
	workers  int
	out      string
	scenario string
	rules    rulesFlags
	turns    int
	replays  string
	timeout  time.Duration
	strict   bool
}

// strictDoc is the help of --strict.
const strictDoc = "a reply with any unknown token is unusable as a whole (40 ticks of waiting; the message names the first bad token) instead of having the token skipped (§30)"

func runFlags() (*flag.FlagSet, *runOptions) {
	o := &runOptions{}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the first episode; the others take seed+1, seed+2, … (without --seed: the scenario's seed if it has one)")
	fs.IntVar(&o.episodes, "episodes", 1, "number of episodes")
	fs.StringVar(&o.agent, "agent", "explore", "built-in agent ("+strings.Join(agents.Names(), ", ")+") or exec:'CMD', an outside program speaking the agent protocol on stdin/stdout, one process per episode")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "episodes run in parallel (the output does not depend on it)")
	fs.StringVar(&o.out, "out", "", "write the result lines to this file instead of stdout")
	fs.StringVar(&o.scenario, "scenario", "", "start every episode from this scenario file (§19)")
	o.rules.add(fs)
	fs.IntVar(&o.turns, "turns", 0, "end each episode after this many command turns (default: the rules' 55, or the scenario's clock)")
	fs.StringVar(&o.replays, "replays", "", "write one replay per episode into this folder (created if missing), seed-N.jsonl (§21)")
	fs.BoolVar(&o.strict, "strict", false, strictDoc)
	fs.DurationVar(&o.timeout, "turn-timeout", protocol.DefaultTurnTimeout, "with --agent exec:CMD, how long the program may take over one turn before its episode ends (cause timeout)")
	return fs, o
}

// runCmd is cogsim run: episodes of seeds N, N+1, … with a built-in
// agent; one result line per episode, in seed order whatever the number
// of workers; a summary on stderr. SIGTERM stops it as Ctrl-C does: no
// new episode starts, exec agents are killed, and an episode cut short is
// not written.
func runCmd(ctx context.Context, out streams, args []string) error {
	fs, o := runFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	r, err := o.runner(fs)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer stop()
	lw := &lineWriter{w: out.stdout}
	var file *os.File
	if o.out != "" && o.out != "-" {
		if file, err = createOut(o.out); err != nil {
			return err
		}
		lw = &lineWriter{w: file, truncate: file.Truncate}
	}
	var sum summary
	bar := newProgress(out.stderr, r.count, isTerminal(out.stderr))
	n, cut, err := r.run(ctx, func(res sim.Result) error {
		line, err := json.Marshal(res)
		if err != nil {
			return err
		}
		if err := lw.writeLine(line); err != nil {
			return fmt.Errorf("writing results: %w", err)
		}
		sum.add(res)
		bar.update(sum.episodes())
		return nil
	})
	bar.clear()
	if file != nil {
		if cerr := file.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("writing results: %w", cerr)
		}
	}
	sum.interrupted = len(cut)
	if err == nil && (n < r.count || len(cut) > 0) {
		msg := fmt.Sprintf("cogsim run: interrupted after %d of %d episodes", n, r.count)
		if len(cut) > 0 {
			msg += fmt.Sprintf("; %d cut short and not written (seeds %s)", len(cut), seedList(cut))
		}
		fmt.Fprintln(out.stderr, msg)
		err = errInterrupted
	}
	sum.write(out.stderr)
	return err
}

// seedList lists seeds, the first ten and a count of the rest.
func seedList(seeds []uint64) string {
	var b strings.Builder
	for i, s := range seeds {
		if i == 10 {
			fmt.Fprintf(&b, " and %d more", len(seeds)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, s)
	}
	return b.String()
}

// lineWriter writes result lines, each with one Write, so that lines
// from one process are never interleaved or split by the writer. When a
// write fails (a full disk) and the file can be truncated, it is cut back
// to its last complete line, so no half line is left at the end.
type lineWriter struct {
	w        io.Writer
	truncate func(size int64) error
	size     int64
}

func (l *lineWriter) writeLine(line []byte) error {
	n, err := l.w.Write(append(line, '\n'))
	if err == nil && n < len(line)+1 {
		err = io.ErrShortWrite
	}
	if err != nil {
		if l.truncate != nil && n > 0 {
			if terr := l.truncate(l.size); terr != nil {
				return fmt.Errorf("%w (and cutting off the half-written line: %v)", err, terr)
			}
		}
		return err
	}
	l.size += int64(n)
	return nil
}

// runner checks the options and makes the runner they describe.
func (o *runOptions) runner(fs *flag.FlagSet) (*runner, error) {
	if o.episodes < 1 {
		return nil, usagef("--episodes: must be at least 1, got %d", o.episodes)
	}
	if o.workers < 1 {
		return nil, usagef("--workers: must be at least 1, got %d", o.workers)
	}
	if isSet(fs, "turns") && o.turns < 1 {
		return nil, usagef("--turns: must be at least 1, got %d", o.turns)
	}
	if _, err := newAgent(o.agent); err != nil {
		return nil, usagef("--agent %s: %v", o.agent, err)
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return nil, err
	}
	if o.timeout <= 0 {
		return nil, usagef("--turn-timeout: must be positive, got %v", o.timeout)
	}
	ep := episodes{agent: o.agent, rules: o.rules.Rules, mechanics: mechanics, maxTurns: o.turns, timeout: o.timeout, strict: o.strict}
	if o.replays != "" {
		if err := os.MkdirAll(o.replays, 0o755); err != nil {
			return nil, usagef("--replays: %v", err)
		}
		ep.replays = o.replays
	}
	seed := o.seed
	if o.scenario != "" {
		sc, err := sim.LoadScenario(o.scenario)
		if err != nil {
			return nil, usagef("--scenario: %v", err)
		}
		ep.scenario = sc
		if sc.Seed != nil && !isSet(fs, "seed") {
			seed = *sc.Seed
		}
	}
	if o.out != "" && o.out != "-" {
		dir := filepath.Dir(o.out)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, usagef("--out %s: directory %s does not exist", o.out, dir)
		}
	}
	if last := uint64(o.episodes - 1); seed > math.MaxUint64-last {
		return nil, usagef("--seed %d with --episodes %d: the last seed would pass %d", seed, o.episodes, uint64(math.MaxUint64))
	}
	return &runner{ep: ep, first: seed, count: o.episodes, workers: o.workers}, nil
}

// rulesFlags are --rules and --mechanics; check turns their errors into
// usage errors.
type rulesFlags struct{ sim.RulesFlags }

func (r *rulesFlags) add(fs *flag.FlagSet) { r.Add(fs) }

func (r *rulesFlags) check() ([]string, error) {
	names, err := r.Check()
	if err != nil {
		return nil, usagef("%v", err)
	}
	return names, nil
}

// createOut creates the results file up front, so a bad path fails before
// any episode runs.
func createOut(path string) (*os.File, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, usagef("--out: %v", err)
	}
	return f, nil
}

// runner runs count episodes, seeds first, first+1, …, on workers
// goroutines, each with its own Sim and agent.
type runner struct {
	ep      episodes
	first   uint64
	count   int
	workers int
}

// outcome is one finished episode, by index.
type outcome struct {
	i   int
	res sim.Result
	err error
}

// run plays the episodes and hands each result to emit in seed order, as
// soon as it and all before it are done. It stops starting episodes when
// ctx is cancelled or an episode or emit fails; the episodes already
// running finish and are emitted, except those the cancellation cut
// short (exec agents are killed), which have no result. It returns how
// many results were emitted, the seeds of the episodes cut short, and
// the first failure.
func (r *runner) run(ctx context.Context, emit func(sim.Result) error) (int, []uint64, error) {
	workers := min(r.workers, r.count)
	// At most window episodes are started and not yet emitted: a slow
	// episode holds back at most that many finished results.
	window := 4 * workers
	slots := make(chan struct{}, window)
	jobs := make(chan int)
	results := make(chan outcome, workers)
	quit := make(chan struct{})

	go func() {
		defer close(jobs)
		for i := range r.count {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			case <-quit:
				return
			}
			if ctx.Err() != nil || closed(quit) {
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			case <-quit:
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := newAgent(r.ep.agent)
			for i := range jobs {
				o := outcome{i: i, err: err}
				if err == nil {
					o.res, o.err = r.ep.play(ctx, r.first+uint64(i), a)
				}
				results <- o
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := make(map[int]outcome, window)
	next, emitted := 0, 0
	var cut []uint64
	var failure error
	for o := range results {
		pending[o.i] = o
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-slots
			if failure != nil {
				continue
			}
			if errors.Is(p.err, errEpisodeInterrupted) {
				cut = append(cut, r.first+uint64(p.i))
				continue
			}
			failure = p.err
			if failure == nil {
				failure = emit(p.res)
			}
			if failure != nil {
				close(quit)
				continue
			}
			emitted++
		}
	}
	return emitted, cut, failure
}

func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
