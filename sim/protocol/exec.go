package protocol

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// DefaultTurnTimeout is how long an outside agent may think about a turn.
const DefaultTurnTimeout = 60 * time.Second

// EnvToken is the environment variable every exec agent is started with:
// a value unique to its episode, which its children inherit, so that on
// Linux whatever the agent left behind — even a child that called setsid
// and left its process group — is found and killed when the episode ends.
const EnvToken = "COGSIM_AGENT_TOKEN"

// shellChars are the characters that make a command need a shell.
const shellChars = "|&;<>()$`\\\"'*?[#~=%{}!\n"

// NeedsShell reports whether command uses the shell's syntax (quotes,
// pipes, redirections, variables, globs …). One that does not is split
// on spaces and started directly, with no shell in between holding its
// pipes.
func NeedsShell(command string) bool { return strings.ContainsAny(command, shellChars) }

// Command is the process that runs the agent command line: the program
// itself when the command needs no shell, else `sh -c command`.
func Command(command string) *exec.Cmd {
	if f := strings.Fields(command); len(f) > 0 && !NeedsShell(command) {
		return exec.Command(f[0], f[1:]...)
	}
	return exec.Command("sh", "-c", command)
}

// shellWords are the sh builtins and keywords a command may begin with:
// the program they run, if any, is not the first word.
var shellWords = map[string]bool{
	".": true, ":": true, "[": true, "!": true, "{": true, "alias": true, "break": true, "case": true, "cd": true,
	"command": true, "continue": true, "echo": true, "eval": true, "exec": true, "exit": true, "export": true,
	"false": true, "for": true, "if": true, "read": true, "readonly": true, "set": true, "test": true,
	"times": true, "trap": true, "true": true, "ulimit": true, "umask": true, "unset": true, "until": true,
	"wait": true, "while": true, "printf": true, "pwd": true, "type": true, "time": true,
}

// Check reports, before any episode runs, whether the agent command can be
// started: the program it names exists and is executable. A command that
// needs a shell is checked for the shell and, when its first word plainly
// names a program (not a builtin, an assignment or shell syntax), for that
// program; what the shell runs after that is found out when it runs.
func Check(command string) error {
	f := strings.Fields(command)
	if len(f) == 0 {
		return errors.New("no command")
	}
	if NeedsShell(command) {
		if _, err := exec.LookPath("sh"); err != nil {
			return fmt.Errorf("the command needs a shell, and there is none: %w", err)
		}
		if NeedsShell(f[0]) || shellWords[f[0]] {
			return nil
		}
	}
	if _, err := exec.LookPath(f[0]); err != nil {
		return fmt.Errorf("cannot run %q: %w", f[0], err)
	}
	return nil
}

// agent is a started agent program.
type agent struct {
	cmd    *exec.Cmd
	token  string
	stdin  *os.File
	stdout *os.File
	// exited is closed when the program has exited.
	exited chan struct{}
}

// startAgent starts command with pipes on its stdin and stdout, in a
// process group of its own.
func startAgent(command string, stderr io.Writer) (*agent, error) {
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	a := &agent{cmd: Command(command), token: hex.EncodeToString(raw[:]), exited: make(chan struct{})}
	cmd := a.cmd
	cmd.Env = append(os.Environ(), EnvToken+"="+a.token)
	cmd.Stderr = stderr
	// A child holding the stderr pipe cannot keep Wait from returning.
	cmd.WaitDelay = time.Second
	startGroup(cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	// Started with live locked: a sweep for orphans (reapOrphans) never
	// sees a new agent before it is known.
	live.Lock()
	err = cmd.Start()
	if err == nil {
		live.cmds[cmd.Process.Pid] = cmd
	}
	live.Unlock()
	// The program has its own copies; ours would keep the pipes open.
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("agent %q: %w", command, err)
	}
	a.stdin, a.stdout = inW, outR
	go func() {
		_ = cmd.Wait()
		live.Lock()
		if live.cmds[cmd.Process.Pid] == cmd {
			delete(live.cmds, cmd.Process.Pid)
		}
		live.Unlock()
		close(a.exited)
	}()
	return a, nil
}

// live are the agent processes started and not yet waited for, by pid:
// the children of this process that are no orphans (see
// [BecomeSubreaper]).
var live = struct {
	sync.Mutex
	cmds map[int]*exec.Cmd
}{cmds: map[int]*exec.Cmd{}}

// reclaim kills the agent's process group and, where it can, every
// process that inherited its token and every orphan this process
// adopted as a subreaper.
func (a *agent) reclaim() {
	killGroup(a.cmd)
	sweep(a.token)
	reapOrphans()
}

// stop ends the agent: its stdin is closed; a program whose episode
// finished may take a second to exit by itself. Then it is killed, and so
// is whatever it left behind.
func (a *agent) stop(finished bool) {
	a.stdin.Close()
	if finished {
		select {
		case <-a.exited:
		case <-time.After(time.Second):
		}
	}
	a.reclaim()
	<-a.exited
	// What it left is reparented only once it is gone.
	reapOrphans()
	a.stdout.Close()
}

// errWriteTimeout says the agent did not take the turn's message in time.
var errWriteTimeout = errors.New("the agent does not read its input")

// deadlineWriter gives up on a write at its deadline or when ctx ends. A
// write it gave up on goes on in the background until the pipe is closed.
type deadlineWriter struct {
	w        io.Writer
	ctx      context.Context
	deadline time.Time
}

type written struct {
	n   int
	err error
}

func (d *deadlineWriter) Write(p []byte) (int, error) {
	done := make(chan written, 1)
	go func() {
		n, err := d.w.Write(p)
		done <- written{n, err}
	}()
	timer := time.NewTimer(time.Until(d.deadline))
	defer timer.Stop()
	select {
	case r := <-done:
		return r.n, r.err
	case <-timer.C:
		return 0, errWriteTimeout
	case <-d.ctx.Done():
		return 0, d.ctx.Err()
	}
}
