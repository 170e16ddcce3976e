package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/serve"
)

type serveOptions struct {
	envs      int
	binary    bool
	autoreset bool
	listen    string
	seed      uint64
	turns     int
	profile   string
	rules     rulesFlags
	strict    bool
	task      string
	record    string
	shm       string
	poll      time.Duration
	linger    time.Duration
	info      bool
	step      string
	keys      string
	crop      int
}

func serveFlags() (*flag.FlagSet, *serveOptions) {
	o := &serveOptions{}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.IntVar(&o.envs, "envs", 1, "episode slots (1 … 4096)")
	fs.BoolVar(&o.binary, "binary", false, "length-prefixed binary framing with raw arrays (docs/serve.md) instead of JSON lines")
	fs.BoolVar(&o.autoreset, "autoreset", false, "a slot whose episode ended starts the next seed of its sequence on its next step (Gymnasium's next-step autoreset)")
	fs.StringVar(&o.listen, "listen", "", "serve one client on this Unix socket instead of stdin/stdout")
	fs.Uint64Var(&o.seed, "seed", 1, "slot i's first seed is this + i, when a reset names none")
	fs.IntVar(&o.turns, "turns", 0, "end each episode after this many command turns (default: the rules' 55)")
	fs.BoolVar(&o.strict, "strict", false, strictDoc)
	fs.StringVar(&o.shm, "shm", "", "with --binary: write the observation records into this file, which the client made and owns (e.g. in /dev/shm, or a memfd's /dev/fd/N), and answer with a doorbell frame (docs/serve.md)")
	fs.DurationVar(&o.poll, "poll", 50*time.Microsecond, "when stdin is a pipe: before sleeping until the next request, try the pipe for this long (a sleeping process takes 5–10 µs to wake; 0: sleep at once)")
	fs.DurationVar(&o.linger, "linger", serve.DefaultLinger, "with many envs: after a batch, the helpers that step it on the other cores wait this long for the next one, yielding their cores, before they go away (waking an idle core costs tens of µs; 0: go at once)")
	fs.StringVar(&o.profile, "cpuprofile", "", "write a CPU profile of the session to FILE")
	fs.StringVar(&o.task, "task", "score", "what the rewards count when a reset names no task: "+strings.Join(serve.TaskNames(), ", ")+" (§35.3, docs/python.md)")
	fs.BoolVar(&o.info, "info", false, "print the info answer of a session with these flags — its record's layout, actions, stats' and conditions' names (docs/serve.md) — as one JSON line, and exit without serving")
	fs.StringVar(&o.record, "record", "", "write each finished episode's replay into this folder (created if missing), seed-N.jsonl (§21, §35.4)")
	fs.StringVar(&o.step, "step", serve.StepTick, "what a step plays in a slot whose reset names none: tick (one primitive, one tick: an action index or a reply of one primitive, §37.1) or turn (a reply, one command turn)")
	fs.StringVar(&o.keys, "keys", "", "with --binary: the observation's arrays the records hold, comma-separated (default every one: "+strings.Join(obs.Keys, ",")+"; §37.3, docs/serve.md)")
	fs.IntVar(&o.crop, "crop", obs.DefaultCrop, "the side of the *_crop arrays' window centred on the cog (odd, 1 … 95)")
	o.rules.add(fs)
	return fs, o
}

// keyList reads --keys: nil, every key, when empty.
func (o *serveOptions) keyList() []string {
	if o.keys == "" {
		return nil
	}
	return strings.Split(o.keys, ",")
}

// parallelEnvs is the number of slots from which a session steps them on
// all cores: since the helpers linger between batches (--linger), from
// 16 (VecEnv(16) 139 000–179 000 → 166 000–206 000 steps/s, VecEnv(32)
// 142 000–167 000 → 227 000–249 000, measured here against 64).
const parallelEnvs = 16

// serveCmd is cogsim serve: N episode slots for one client (§29).
func serveCmd(ctx context.Context, out streams, args []string) error {
	fs, o := serveFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.envs < 1 || o.envs > serve.MaxEnvs {
		return usagef("--envs: must be 1 … %d, got %d (run more sessions for more)", serve.MaxEnvs, o.envs)
	}
	if o.turns < 0 || o.turns > sim.MaxClockTurns {
		return usagef("--turns: must be 1 … %d (0: the rules'), got %d", sim.MaxClockTurns, o.turns)
	}
	if o.poll < 0 || o.poll > 10*time.Millisecond {
		return usagef("--poll: must be 0 … 10ms, got %v", o.poll)
	}
	if o.linger < 0 || o.linger > 10*time.Millisecond {
		return usagef("--linger: must be 0 … 10ms, got %v", o.linger)
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	if os.Getenv("GOMAXPROCS") == "" && o.envs < parallelEnvs {
		// Few slots answer one step at a time, and a second core only
		// adds the cost of waking threads on it: measured here, one env
		// goes from 22 000 to 32 000 steps/s with one.
		runtime.GOMAXPROCS(1)
	}
	if o.info {
		// A query: the session's tables from its flags alone, no
		// episode built, nothing mapped or written.
		sv, err := serve.New(serve.Options{Envs: o.envs, Binary: o.binary, Autoreset: o.autoreset, Seed: o.seed,
			Rules: o.rules.Rules, Mechanics: mechanics, MaxTurns: o.turns, Strict: o.strict, Task: o.task,
			Step: o.step, Keys: o.keyList(), Crop: o.crop})
		if err != nil {
			return usagef("--%v", err)
		}
		b, err := json.Marshal(sv.Info())
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(out.stdout, string(b))
		return err
	}
	if o.record != "" {
		if err := os.MkdirAll(o.record, 0o755); err != nil {
			return usagef("--record: %v", err)
		}
	}
	sv, err := serve.New(serve.Options{Envs: o.envs, Binary: o.binary, Autoreset: o.autoreset, Seed: o.seed,
		Rules: o.rules.Rules, Mechanics: mechanics, MaxTurns: o.turns, Strict: o.strict, Task: o.task, Shm: o.shm, Linger: o.linger,
		Step: o.step, Keys: o.keyList(), Crop: o.crop,
		RecordDir: o.record, Warn: func(msg string) { fmt.Fprintln(out.stderr, "cogsim serve:", msg) }})
	if err != nil {
		return usagef("--%v", err)
	}
	// The shared memory (--shm) stays mapped until the process ends: a
	// signal ends the command while the session may still be writing.
	if o.profile != "" {
		f, err := os.Create(o.profile)
		if err != nil {
			return usagef("--cpuprofile: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return usagef("--cpuprofile: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	if o.listen == "" {
		in := out.stdin
		if f, ok := in.(*os.File); ok {
			var undo func()
			in, undo = serve.Polling(f, o.poll)
			defer undo()
		}
		return untilDone(ctx, func() error { return sv.Serve(in, out.stdout) })
	}
	ln, err := serve.ListenPrivate(o.listen)
	if err != nil {
		return usagef("--listen %v", err)
	}
	defer ln.Close()
	fmt.Fprintf(out.stderr, "cogsim serve: listening on %s\n", o.listen)
	// The first client is served; every later one is answered at once
	// with an error in the session's framing and closed, rather than
	// left waiting (issue 34), until the listener closes.
	accepted := make(chan net.Conn, 1)
	go func() {
		defer close(accepted)
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		accepted <- conn
		for {
			other, err := ln.Accept()
			if err != nil {
				return
			}
			_ = other.SetWriteDeadline(time.Now().Add(time.Second))
			_ = sv.Refuse(other, fmt.Sprintf("cogsim serve --listen %s serves one client, and another is being served: try again when it has closed", o.listen))
			other.Close()
		}
	}()
	var conn net.Conn
	select {
	case <-ctx.Done():
		return errInterrupted
	case c, ok := <-accepted:
		if !ok {
			return errors.New("serve: accepting the client failed")
		}
		conn = c
	}
	defer conn.Close()
	done := make(chan error, 1)
	go func() { done <- sv.Serve(conn, conn) }()
	select {
	case <-ctx.Done():
		conn.Close()
		<-done
		return errInterrupted
	case err := <-done:
		return err
	}
}

// untilDone runs serve, a session over stdin and stdout, until it ends
// or ctx does (Ctrl-C, SIGTERM): a read from a pipe that stays open
// (sleep 30 | cogsim serve) cannot be interrupted, so on a signal the
// command returns at once and the process exits, leaving the read
// behind (issue 25).
func untilDone(ctx context.Context, serve func() error) error {
	done := make(chan error, 1)
	go func() { done <- serve() }()
	select {
	case <-ctx.Done():
		return errInterrupted
	case err := <-done:
		return err
	}
}
