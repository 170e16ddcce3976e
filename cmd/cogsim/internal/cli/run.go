package cli

import (
	"context"
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
	"syscall"
	"time"

	"github.com/cogsim/cogsim/agents"
	"github.com/cogsim/cogsim/eval"
	"github.com/cogsim/cogsim/internal/levelflag"
	"github.com/cogsim/cogsim/internal/rulesflag"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/cogsim/cogsim/sim/result"
	"github.com/cogsim/cogsim/sim/scenario"
)

// runOptions are the flags of cogsim run.
type runOptions struct {
	seed     uint64
	episodes int
	agent    string
	workers  int
	out      string
	scenario string
	levels   levelflag.Flags
	rules    rulesFlags
	turns    int
	replays  string
	timeout  time.Duration
	strict   bool
	// seeds, shard, shardCount, resume and force: §30.
	seeds      string
	shard      string
	shardCount int
	resume     bool
	force      bool
	log        string
	persistent bool
	llm        llmFlags
}

// maxWorkers bounds --workers (issue 25: 50 000 took 1.6 GB). It is
// fixed rather than a multiple of the CPUs, since an agent that waits on
// a remote model can use many more workers than the machine has CPUs.
const maxWorkers = 1024

// turnTimeoutDoc is the help of --turn-timeout.
const turnTimeoutDoc = "with --agent exec:CMD, how long the program may take over one turn before its episode ends (cause timeout); with --agent llm:MODEL, how long the model may take over one turn, retries included, before the turn is an unusable reply"

// strictDoc is the help of --strict.
const strictDoc = "a reply with any unknown token is unusable as a whole (40 ticks of waiting; the message names the first bad token) instead of having the token skipped (§30)"

func runFlags() (*flag.FlagSet, *runOptions) {
	o := &runOptions{}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the first episode; the others take seed+1, seed+2, … (without --seed: the scenario's seed if it has one)")
	fs.IntVar(&o.episodes, "episodes", 1, fmt.Sprintf("number of episodes, 1 … %d", play.MaxSeeds))
	fs.StringVar(&o.seeds, "seeds", "", fmt.Sprintf("the seed list instead of --seed/--episodes: a range A-B (inclusive), a named set (eval-100, eval-1000, eval-10000: fixed, the same everywhere) or a FILE of seeds, one a line; at most %d seeds", play.MaxSeeds))
	fs.StringVar(&o.shard, "shard", "", "run only the K-th (from 0) of N contiguous blocks of the seed list: K/N, or auto (Slurm's (SLURM_ARRAY_TASK_ID-SLURM_ARRAY_TASK_MIN)/SLURM_ARRAY_TASK_STEP of SLURM_ARRAY_TASK_COUNT, or Kubernetes' JOB_COMPLETION_INDEX with --shard-count)")
	fs.IntVar(&o.shardCount, "shard-count", 0, "with --shard auto: the number of shards (needed with JOB_COMPLETION_INDEX; overrides SLURM_ARRAY_TASK_COUNT)")
	fs.BoolVar(&o.resume, "resume", false, "with an existing --out: keep its complete lines (each checked against this run's settings and the result schema), drop a torn last line, and run only the missing seeds, appending")
	fs.BoolVar(&o.force, "force", false, "overwrite an existing --out (without --resume or --force it is refused)")
	fs.StringVar(&o.agent, "agent", "explore", "built-in agent ("+strings.Join(agents.Names(), ", ")+"), exec:'CMD', an outside program speaking the agent protocol on stdin/stdout, one process per episode, or llm:MODEL, a model behind an OpenAI-compatible chat-completions API (the --llm-… flags, §36)")
	fs.IntVar(&o.workers, "workers", min(runtime.NumCPU(), maxWorkers), fmt.Sprintf("episodes run in parallel, 1 … %d (the output does not depend on it)", maxWorkers))
	fs.StringVar(&o.out, "out", "", "write the result lines to this file instead of stdout")
	fs.StringVar(&o.scenario, "scenario", "", "start every episode from this scenario file (§19)")
	o.levels.Add(fs)
	o.rules.add(fs)
	fs.IntVar(&o.turns, "turns", 0, "end each episode after this many command turns (default: the rules' 55, or the scenario's clock)")
	fs.StringVar(&o.replays, "replays", "", "write one replay per episode into this folder (created if missing), seed-N.jsonl (§21)")
	fs.BoolVar(&o.strict, "strict", false, strictDoc)
	fs.StringVar(&o.log, "log", "", "write a JSONL trajectory per episode into this folder (created if missing), seed-N.jsonl: each turn's observation, the reply and the agent's extra reply fields; exec agents' stderr goes to seed-N.stderr there, its first 1 MiB (else it is dropped)")
	fs.BoolVar(&o.persistent, "persistent", false, "with --agent exec:CMD, keep one agent process per worker for many episodes (docs/protocol.md) instead of one per episode")
	fs.DurationVar(&o.timeout, "turn-timeout", protocol.DefaultTurnTimeout, turnTimeoutDoc)
	o.llm.add(fs)
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
	r, err := o.runner(ctx, fs)
	if err != nil {
		return err
	}
	release, err := play.Files{Replays: o.replays, Log: o.log}.Claim(o.out)
	if err != nil {
		return usagef("%v", err)
	}
	defer release()
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM)
	defer stop()
	lw := &result.LineWriter{W: out.stdout}
	var file *os.File
	var sum eval.RunSummary
	if o.out != "" && o.out != "-" {
		var kept int64
		if file, kept, err = o.openOut(r, &sum); err != nil {
			return err
		}
		lw = &result.LineWriter{W: file, Truncate: file.Truncate, Size: kept}
	}
	bar := play.NewProgress(out.stderr, r.count, isTerminal(out.stderr) && r.count > 0)
	written := 0
	n, cut, held, err := r.run(ctx, func(res sim.Result) error {
		if err := lw.Write(&res); err != nil {
			return fmt.Errorf("writing results: %w", err)
		}
		sum.Add(res)
		written++
		bar.Update(written)
		return nil
	})
	bar.Clear()
	if file != nil {
		if cerr := file.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("writing results: %w", cerr)
		}
	}
	if lost := r.ep.lost.String(); lost != "" {
		fmt.Fprintln(out.stderr, "cogsim run: "+lost)
	}
	sum.Interrupted = len(cut) + len(held)
	if err == nil && (n < r.count || len(cut) > 0) {
		msg := fmt.Sprintf("cogsim run: interrupted after %d of %d episodes", n, r.count)
		if len(cut) > 0 {
			msg += fmt.Sprintf("; %d cut short and not written (seeds %s)", len(cut), play.SeedsText(cut))
		}
		if len(held) > 0 {
			msg += fmt.Sprintf("; %d finished after the first of them and not written either, so that the results are a prefix of the seed list (seeds %s)", len(held), play.SeedsText(held))
		}
		if len(cut)+len(held) > 0 && o.out != "" && o.out != "-" {
			msg += "; --resume runs them again"
		}
		fmt.Fprintln(out.stderr, msg)
		err = errInterrupted
	}
	sum.WriteText(out.stderr)
	return err
}

// runner checks the options and makes the runner they describe.
func (o *runOptions) runner(ctx context.Context, fs *flag.FlagSet) (*runner, error) {
	if o.episodes < 1 || o.episodes > play.MaxSeeds {
		return nil, usagef("--episodes: must be 1 … %d, got %d", play.MaxSeeds, o.episodes)
	}
	if o.seeds != "" && (isSet(fs, "seed") || isSet(fs, "episodes")) {
		return nil, usagef("--seeds: not with --seed or --episodes")
	}
	if o.resume && o.force {
		return nil, usagef("--resume and --force: choose one")
	}
	if (o.resume || o.force) && (o.out == "" || o.out == "-") {
		return nil, usagef("--resume and --force need --out FILE")
	}
	sh, err := play.ParseShard(o.shard, o.shardCount, os.Getenv)
	if err != nil {
		return nil, usagef("%v", err)
	}
	if o.workers < 1 || o.workers > maxWorkers {
		return nil, usagef("--workers: must be 1 … %d, got %d", maxWorkers, o.workers)
	}
	if isSet(fs, "turns") && (o.turns < 1 || o.turns > sim.MaxClockTurns) {
		return nil, usagef("--turns: must be 1 … %d, got %d", sim.MaxClockTurns, o.turns)
	}
	if _, err := newAgent(o.agent); err != nil {
		return nil, usagef("--agent %s: %v", o.agent, err)
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return nil, err
	}
	if o.persistent && !strings.HasPrefix(o.agent, execPrefix) {
		return nil, usagef("--persistent: only with --agent exec:CMD")
	}
	model, isLLM := llmModel(o.agent)
	if f := setsLLM(fs); f != "" && !isLLM {
		return nil, usagef("--%s: only with --agent llm:MODEL", f)
	}
	if o.timeout <= 0 {
		return nil, usagef("--turn-timeout: must be positive, got %v", o.timeout)
	}
	if err := (play.Files{Replays: o.replays, Log: o.log}).Separate(o.out); err != nil {
		return nil, usagef("%v", err)
	}
	ep := episodes{agent: o.agent, rules: o.rules.Rules, mechanics: mechanics, maxTurns: o.turns, timeout: o.timeout, strict: o.strict, persistent: o.persistent,
		lost: &play.LostFiles{}}
	if o.replays != "" {
		if err := os.MkdirAll(o.replays, 0o755); err != nil {
			return nil, usagef("--replays: %v", err)
		}
		ep.replays = o.replays
	}
	if o.log != "" {
		if err := os.MkdirAll(o.log, 0o755); err != nil {
			return nil, usagef("--log: %v", err)
		}
		ep.log = o.log
	}
	seed := o.seed
	if o.scenario != "" {
		sc, err := scenario.Load(o.scenario)
		if err != nil {
			return nil, usagef("--scenario: %v", err)
		}
		ep.scenario = sc
		if sc.Seed != nil && !isSet(fs, "seed") {
			seed = *sc.Seed
		}
		// What only an episode can check (its kinds against the
		// mechanics installed, its mechanics' state): refused now, not
		// once per episode.
		if _, err := sim.New(ep.config(seed)); err != nil {
			return nil, usagef("%s%v", scenarioPrefix(o.scenario), err)
		}
	}
	if ep.level, ep.dungeon, err = o.levels.Load(); err != nil {
		return nil, usagef("%v", err)
	}
	if err := levelflag.Check(ep.config(seed)); err != nil {
		return nil, usagef("%v", err)
	}
	if o.out != "" && o.out != "-" {
		dir := filepath.Dir(o.out)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, usagef("--out %s: directory %s does not exist", o.out, dir)
		}
	}
	var seeds play.Seeds
	if o.seeds != "" {
		if seeds, err = play.ParseSeedSeq(o.seeds); err != nil {
			return nil, usagef("%v", err)
		}
	} else {
		if last := uint64(o.episodes - 1); seed > math.MaxUint64-last {
			return nil, usagef("--seed %d with --episodes %d: the last seed would pass %d", seed, o.episodes, uint64(math.MaxUint64))
		}
		seeds = play.SeedRange(seed, o.episodes)
	}
	if isLLM {
		// Last: the server is asked only once all else is right.
		if ep.llm, err = o.llm.config(model, ep.config(seed), o.workers); err != nil {
			return nil, err
		}
		if err := reach(ctx, ep.llm.Client, ep.timeout); err != nil {
			return nil, err
		}
	}
	seeds = sh.Block(seeds)
	return &runner{ep: ep, seeds: seeds, count: seeds.Len(), workers: o.workers}, nil
}

// rulesFlags are --rules and --mechanics; check turns their errors into
// usage errors.
type rulesFlags struct{ rulesflag.Flags }

func (r *rulesFlags) add(fs *flag.FlagSet) { r.Add(fs) }

func (r *rulesFlags) check() ([]string, error) {
	names, err := r.Check()
	if err != nil {
		return nil, usagef("%v", err)
	}
	return names, nil
}

// openOut opens the results file up front, so a bad path fails before
// any episode runs. An existing file is refused unless --force
// (overwritten) or --resume: then its complete lines are kept (and
// added to sum), a torn last line is cut off, and r is left with only
// the seeds they lack. It returns the file, positioned at its end, and
// its length.
func (o *runOptions) openOut(r *runner, sum *eval.RunSummary) (*os.File, int64, error) {
	_, err := os.Stat(o.out)
	switch {
	case errors.Is(err, os.ErrNotExist) || o.force:
		f, err := os.Create(o.out)
		if err != nil {
			return nil, 0, usagef("--out: %v", err)
		}
		return f, 0, nil
	case err != nil:
		return nil, 0, usagef("--out: %v", err)
	case !o.resume:
		return nil, 0, usagef("--out %s exists: --resume finishes it, --force overwrites it", o.out)
	}
	f, err := os.OpenFile(o.out, os.O_RDWR, 0)
	if err != nil {
		return nil, 0, usagef("--out: %v", err)
	}
	kept, err := r.resume(f, o.out, sum)
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, kept, nil
}

// resume reads the results already in f (play.Resume), cuts a torn
// last line off and drops the seeds done from r.
func (r *runner) resume(f *os.File, name string, sum *eval.RunSummary) (int64, error) {
	first := uint64(1)
	if r.seeds.Len() > 0 {
		first = r.seeds.At(0)
	}
	want, err := r.ep.expected(first)
	if err != nil {
		return 0, err
	}
	kept, done, err := play.Resume(f, name, r.seeds, &want, sum.Add)
	if err != nil {
		return 0, usagef("--resume: %v", err)
	}
	if err := f.Truncate(kept); err != nil {
		return 0, fmt.Errorf("--resume: cutting the torn last line of %s: %w", name, err)
	}
	if _, err := f.Seek(kept, io.SeekStart); err != nil {
		return 0, fmt.Errorf("--resume: %s: %w", name, err)
	}
	r.seeds = r.seeds.Slice(done, r.seeds.Len())
	r.count = r.seeds.Len()
	return kept, nil
}

// expected is the result of an episode of e, as far as it says what
// the episode was played under: its rules, mechanics with versions,
// agent, scenario, maxTurns and strict.
func (e episodes) expected(seed uint64) (sim.Result, error) {
	s, err := sim.New(e.config(seed))
	if err != nil {
		return sim.Result{}, fmt.Errorf("--resume: %w", err)
	}
	res := s.Result()
	res.LLM = llmSettings(e.llm)
	return res, nil
}

// runner runs the episodes of seeds, in that order, on workers
// goroutines, each with its own Sim and agent.
type runner struct {
	ep      episodes
	seeds   play.Seeds
	count   int
	workers int
}

// run plays the episodes (a play.Batch) and hands each result to emit
// in seed order, as soon as it and all before it are done; see
// play.Batch.Run for what is emitted when ctx is cancelled or an
// episode fails. It returns how many results were emitted, the seeds of
// the episodes cut short and of those held back, and the first failure.
func (r *runner) run(ctx context.Context, emit func(sim.Result) error) (int, []uint64, []uint64, error) {
	b := play.Batch{N: r.count, Workers: r.workers, Worker: func(w int) (func(context.Context, int) (sim.Result, error), func(), error) {
		pl, done, err := r.ep.newPlayer(w)
		return func(ctx context.Context, i int) (sim.Result, error) {
			return r.ep.playWith(ctx, r.seeds.At(i), pl, i)
		}, done, err
	}}
	out, err := b.Run(ctx, func(_ int, res sim.Result) error { return emit(res) })
	return out.Emitted, r.seedsAt(out.Cut), r.seedsAt(out.Held), err
}

// seedsOf are the seeds of episodes by index.
func (r *runner) seedsAt(is []int) []uint64 {
	var out []uint64
	for _, i := range is {
		out = append(out, r.seeds.At(i))
	}
	return out
}

// scenarioPrefix names the scenario file an episode's error comes from
// (nothing without one): what only an episode checks of a scenario (its
// kinds against the mechanics installed) reads as the file's other
// errors do.
func scenarioPrefix(file string) string {
	if file == "" {
		return ""
	}
	return "--scenario: scenario " + file + ": "
}
