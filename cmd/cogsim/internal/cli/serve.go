package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"runtime"
	"runtime/pprof"

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
}

func serveFlags() (*flag.FlagSet, *serveOptions) {
	o := &serveOptions{}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.IntVar(&o.envs, "envs", 1, "episode slots")
	fs.BoolVar(&o.binary, "binary", false, "length-prefixed binary framing with raw arrays (docs/serve.md) instead of JSON lines")
	fs.BoolVar(&o.autoreset, "autoreset", false, "a slot whose episode ended starts the next seed of its sequence on its next step (Gymnasium's next-step autoreset)")
	fs.StringVar(&o.listen, "listen", "", "serve one client on this Unix socket instead of stdin/stdout")
	fs.Uint64Var(&o.seed, "seed", 1, "slot i's first seed is this + i, when a reset names none")
	fs.IntVar(&o.turns, "turns", 0, "end each episode after this many command turns (default: the rules' 55)")
	fs.BoolVar(&o.strict, "strict", false, strictDoc)
	fs.StringVar(&o.profile, "cpuprofile", "", "write a CPU profile of the session to FILE")
	o.rules.add(fs)
	return fs, o
}

// parallelEnvs is the number of slots from which a session steps them on
// all cores.
const parallelEnvs = 64

// serveCmd is cogsim serve: N episode slots for one client (§29).
func serveCmd(ctx context.Context, out streams, args []string) error {
	fs, o := serveFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.envs < 1 || o.envs > 1<<16 {
		return usagef("--envs: must be 1 … 65536, got %d", o.envs)
	}
	if o.turns < 0 {
		return usagef("--turns: must not be negative, got %d", o.turns)
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	if os.Getenv("GOMAXPROCS") == "" && o.envs < parallelEnvs {
		// Few slots answer one step at a time, and a second core only
		// adds the cost of waking threads on it: measured here, one env
		// goes from 22 000 to 32 000 steps/s and 16 from 118 000 to
		// 199 000 with one.
		runtime.GOMAXPROCS(1)
	}
	sv, err := serve.New(serve.Options{Envs: o.envs, Binary: o.binary, Autoreset: o.autoreset, Seed: o.seed,
		Rules: o.rules.Rules, Mechanics: mechanics, MaxTurns: o.turns, Strict: o.strict})
	if err != nil {
		return usagef("%v", err)
	}
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
		return untilDone(ctx, func() error { return sv.Serve(out.stdin, out.stdout) })
	}
	if _, err := os.Stat(o.listen); err == nil {
		return usagef("--listen %s: the path exists already", o.listen)
	}
	ln, err := net.Listen("unix", o.listen)
	if err != nil {
		return usagef("--listen: %v", err)
	}
	defer os.Remove(o.listen)
	defer ln.Close()
	fmt.Fprintf(out.stderr, "cogsim serve: listening on %s\n", o.listen)
	accepted := make(chan net.Conn, 1)
	go func() {
		conn, err := ln.Accept()
		if err == nil {
			accepted <- conn
		}
		close(accepted)
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
