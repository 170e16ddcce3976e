//go:build unix && !linux

package protocol

import (
	"os/exec"
	"syscall"
)

// startGroup makes the agent the leader of a new process group, so that
// killGroup reaches whatever it started. There is no parent-death signal
// here: if cogsim itself is killed with SIGKILL, the agent outlives it.
func startGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the agent's whole process group.
func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}

// sweep does nothing: without /proc a child that left the agent's
// process group (setsid) cannot be found, and may outlive the episode.
func sweep(string) {}

// BecomeSubreaper does nothing here: there is no child subreaper, and a
// process that left the agent's group may outlive the episode.
func BecomeSubreaper() error { return nil }

// reapOrphans does nothing: there are no adopted orphans.
func reapOrphans() {}
