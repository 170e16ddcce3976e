// Package cli is the cogsim command line (§20): the subcommands, their
// flags and checks, and what they print. Main is the whole program; the
// cogsim main package only hands it the process's arguments, streams and
// interrupt.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes.
const (
	ExitOK          = 0
	ExitFailure     = 1   // the command could not finish: I/O, an episode failed
	ExitUsage       = 2   // bad subcommand, flag or value
	ExitInterrupted = 130 // SIGINT: what finished was written
)

// command is one subcommand.
type command struct {
	name string
	args string
	doc  string
	run  func(ctx context.Context, out streams, args []string) error
	// flags builds the command's flag set for its usage (nil: none).
	flags func() *flag.FlagSet
}

// streams are where a command reads and writes.
type streams struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// commands is the subcommand table, in the order the usage lists it.
var commands = []command{
	{"run", "[--seed N --episodes K | --seeds A-B|FILE|eval-1000] [--shard K/N|auto] [--agent NAME [--persistent] | --agent llm:MODEL [--llm-url URL] [--llm-key-env NAME] [--llm-history K] [--llm-template naive|cot] [--llm-temperature T] [--llm-max-tokens N] [--llm-seed S]] [--strict] [--log DIR] [--workers W] [--out FILE.jsonl [--resume|--force]] [--scenario FILE] [--rules NAME] [--turns N] [--replays DIR] [--turn-timeout D]",
		"run episodes with a built-in agent, an outside program or a model behind an OpenAI-compatible API (§36); one JSON result line each, a summary on stderr", runCmd, usageOf(runFlags)},
	{"gen", "[--seed N] [--depth D] [--reveal] [--rules NAME] [--mechanics a,b]",
		"print a level: what the cog sees on arrival, or all of it with --reveal; under --rules/--mechanics, as an episode of that selection has it (§34.2)", genCmd, usageOf(genFlags)},
	{"agent", "[--seed N] [--scenario FILE] [--rules NAME] [--mechanics a,b] [--turns N] [--strict] [--replay FILE] [--agent llm:MODEL [--llm-…] [--turn-timeout D]]",
		"play one episode with an outside agent over stdin/stdout, JSON lines (§20); or with a model (--agent llm:MODEL, §36), the exchange on stdout", agentCmd, usageOf(agentFlags)},
	{"serve", "[--envs N] [--binary] [--autoreset] [--listen PATH] [--seed N] [--rules NAME] [--mechanics a,b] [--turns N] [--strict] [--cpuprofile FILE]",
		"host N episode slots for one client: reset, step, step_all, snapshot, restore over JSON lines or binary frames (§29, docs/serve.md)", serveCmd, usageOf(serveFlags)},
	{"replay", "FILE [--verify] [--turn K [--json]] [--html OUT.html [--site DIR]] [--rules NAME] [--mechanics a,b]",
		"re-simulate a replay: check every observation hash, or print the observation after turn K (§21); or write it as one web page that plays it (§31); --rules/--mechanics check its header's (§34.2)", replayCmd, usageOf(replayFlags)},
	{"site", "DIR [--serve ADDR]",
		"write cogplay for the browser as a static site: index.html, cogplay.wasm, wasm_exec.js (§31); needs the Go toolchain and this checkout", siteCmd, usageOf(siteFlags)},
	{"summarize", "FILES… [--json]",
		"merge result files (shards in any order) into one summary: mean score with a 95% interval, median, ends, deed rates with Wilson intervals (§30)", summarizeCmd, usageOf(summarizeFlags)},
	{"compare", "A.jsonl B.jsonl [--json]",
		"compare two result files over the same seeds, paired: the score difference B-A with a 95% t interval, each deed's rates with a McNemar test, the ends, what differs significantly (§34.4)", compareCmd, usageOf(compareFlags)},
	{"board", "FILES… [--html OUT.html]",
		"a leaderboard of result files, one row per agent and rules: mean score with its 95% interval, median, deed rates, tokens; --html writes it as one self-contained sortable web page (§36.4)", boardCmd, usageOf(boardFlags)},
	{"prompt", "[--rules NAME] [--mechanics a,b] [--turns N] [--scenario FILE]",
		"print the instruction text for an LLM agent: the rules with the episode's clock, monsters and items, the reply grammar (with the mechanics' verbs), the observation, a worked example (§30, §36.3)", promptCmd, usageOf(promptFlags)},
	{"bench", "[--ticks N] [--runs R] [--json] [--cpuprofile FILE] [--svg FILE] [--rules NAME] [--mechanics a,b]",
		"time the engine per system on the standard game (§23), or under --rules/--mechanics with the mechanics' systems (§34.2)", benchCmd, usageOf(benchFlags)},
	{"systems", "[--rules NAME] [--mechanics a,b] [--json]",
		"print the effective tick table: each system in order, who installed it, what its Init asks for, final or not (§34.1)", systemsCmd, usageOf(systemsFlags)},
	{"check", "[--rules NAME] [--mechanics a,b] [--seeds A-B|FILE] [--agents a,b] [--golden FILE] [--turns N] [--json]",
		"a mechanic's conformance run: snapshot/restore, replays, 1 vs 2 workers, the cog game unselected; exits 1 naming the first failing seed and turn (§34.3)", checkCmd, usageOf(checkFlags)},
	{"help", "[COMMAND]",
		"print this usage, or a command's flags", nil, nil},
}

// errHelp asks for a command's usage on stdout (flag -h).
var errHelp = errors.New("help requested")

// errInterrupted reports a command stopped by the context.
var errInterrupted = errors.New("interrupted")

// usageError is a bad command line: a one-line message, exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// Main runs the cogsim command line args (without the program name) and
// returns the process's exit code. Cancelling ctx (Ctrl-C) makes a long
// command stop early and keep what it finished.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return MainIO(ctx, args, os.Stdin, stdout, stderr)
}

// MainIO is Main with the standard input given (cogsim agent reads it).
func MainIO(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := streams{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		fmt.Fprintln(stderr, "cogsim: missing command (see cogsim help)")
		return ExitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		return help(out, args[1:])
	}
	cmd, ok := lookup(name)
	if !ok {
		fmt.Fprintf(stderr, "cogsim: unknown command %q (known: %s)\n", name, commandNames())
		return ExitUsage
	}
	err := cmd.run(ctx, out, args[1:])
	var ue *usageError
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, errHelp):
		writeCommandUsage(stdout, cmd)
		return ExitOK
	case errors.Is(err, errInterrupted):
		return ExitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "cogsim %s: %s\n", name, ue.msg)
		return ExitUsage
	default:
		fmt.Fprintf(stderr, "cogsim %s: %v\n", name, err)
		return ExitFailure
	}
}

func help(out streams, args []string) int {
	if len(args) == 0 || args[0] == "help" {
		writeUsage(out.stdout)
		return ExitOK
	}
	cmd, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(out.stderr, "cogsim help: unknown command %q (known: %s)\n", args[0], commandNames())
		return ExitUsage
	}
	writeCommandUsage(out.stdout, cmd)
	return ExitOK
}

func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name && c.run != nil {
			return c, true
		}
	}
	return command{}, false
}

func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

// writeUsage lists the subcommands, one line each.
func writeUsage(w io.Writer) {
	fmt.Fprintln(w, "cogsim: the headless cogsim roguelike engine")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: cogsim COMMAND [flags]")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.doc)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "cogsim help COMMAND (or cogsim COMMAND -h) lists a command's flags.")
}

// writeCommandUsage prints a command's synopsis and flags.
func writeCommandUsage(w io.Writer, cmd command) {
	fmt.Fprintf(w, "usage: cogsim %s %s\n\n%s\n", cmd.name, cmd.args, cmd.doc)
	if fs := flagsOf(cmd.name); fs != nil {
		fmt.Fprintln(w, "\nflags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

// flagsOf returns a fresh flag set of a command, for its usage; nil for
// a command without flags.
func flagsOf(name string) *flag.FlagSet {
	if cmd, ok := lookup(name); ok && cmd.flags != nil {
		return cmd.flags()
	}
	return nil
}

// usageOf makes a command's flag set for its usage from the function
// that builds it for parsing, so no second list of flags is kept.
func usageOf[T any](build func() (*flag.FlagSet, T)) func() *flag.FlagSet {
	return func() *flag.FlagSet { fs, _ := build(); return fs }
}

// parseFlags parses args into fs: errors become one-line usage errors,
// and no positional argument is accepted.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// positional parses args into fs allowing one positional argument
// anywhere among the flags (cogsim replay FILE --verify, or --verify
// FILE); it returns it ("" if none). A second one is refused.
func positional(fs *flag.FlagSet, args []string) (string, error) {
	files, err := parseFiles(fs, args)
	switch {
	case err != nil:
		return "", err
	case len(files) > 1:
		return "", usagef("unexpected argument %q", files[1])
	case len(files) == 1:
		return files[0], nil
	}
	return "", nil
}
