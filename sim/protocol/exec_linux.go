package protocol

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"
)

// startGroup makes the agent the leader of a new process group, so that
// killGroup reaches whatever it started, and has the kernel kill it if
// cogsim dies first (Pdeathsig).
func startGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills the agent's whole process group.
func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}

// sweep kills every process whose environment carries the agent's token:
// its descendants, even one that left the process group with setsid. It
// looks again until a pass finds none, in case one was forking.
func sweep(token string) {
	mark := []byte(EnvToken + "=" + token + "\x00")
	eachProcess(5, func(pid int, name string) bool {
		env, err := os.ReadFile("/proc/" + name + "/environ")
		if err != nil || !bytes.Contains(env, mark) {
			return false
		}
		return syscall.Kill(pid, syscall.SIGKILL) == nil && !zombie(name)
	})
}

// eachProcess calls act on every process of /proc but this one, pass
// after pass, until a pass in which act reports acting on none (at most
// passes times): what it kills may have children to catch in turn.
func eachProcess(passes int, act func(pid int, name string) bool) {
	self := os.Getpid()
	for range passes {
		entries, err := os.ReadDir("/proc")
		if err != nil {
			return
		}
		acted := false
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err == nil && pid != self && act(pid, e.Name()) {
				acted = true
			}
		}
		if !acted {
			return
		}
	}
}

// zombie reports whether process pid has exited and waits to be reaped.
func zombie(pid string) bool {
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return true
	}
	// The state follows the command name in parentheses.
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] == 'Z' || stat[i+2] == 'X'
}

// subreaper says this process is a child subreaper (BecomeSubreaper).
var subreaper atomic.Bool

// BecomeSubreaper makes this process a child subreaper
// (PR_SET_CHILD_SUBREAPER): a process that an agent started and left —
// one that left the agent's process group and session and dropped its
// [EnvToken], which neither the group kill nor the token sweep reaches —
// is reparented here rather than to init when its parent exits, and is
// killed and reaped whenever an agent is stopped. Only the cogsim
// command calls it, for its own process: every child of a subreaper that
// is not a running agent is taken for an orphan and killed, so a program
// using this package as a library (a test binary) must not.
func BecomeSubreaper() error {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return err
	}
	subreaper.Store(true)
	return nil
}

// reapOrphans kills and reaps every child of this process that is not a
// running agent: the orphans it adopted as a subreaper. It looks again
// until a pass finds none, as a killed orphan's children are adopted in
// turn. It does nothing unless BecomeSubreaper was called.
func reapOrphans() {
	if !subreaper.Load() {
		return
	}
	live.Lock()
	defer live.Unlock()
	self := os.Getpid()
	eachProcess(10, func(pid int, name string) bool {
		if live.cmds[pid] != nil || parent(name) != self {
			return false
		}
		// Only this process reaps its orphans, so pid is still the
		// orphan until it is waited for.
		_ = syscall.Kill(pid, syscall.SIGKILL)
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, 0, nil)
		return true
	})
}

// parent is the parent pid of process pid (0 when it cannot be read).
func parent(pid string) int {
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0
	}
	// The state and the parent's pid follow the command name in
	// parentheses.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	f := bytes.Fields(stat[i+1:])
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(string(f[1]))
	return ppid
}
