package protocol

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"syscall"
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
	self := os.Getpid()
	for range 5 {
		entries, err := os.ReadDir("/proc")
		if err != nil {
			return
		}
		found := false
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == self {
				continue
			}
			env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
			if err != nil || !bytes.Contains(env, mark) {
				continue
			}
			if syscall.Kill(pid, syscall.SIGKILL) == nil && !zombie(e.Name()) {
				found = true
			}
		}
		if !found {
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
