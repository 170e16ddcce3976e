//go:build unix

package protocol

import (
	"os/exec"
	"syscall"
)

// startGroup makes the agent the leader of a new process group, so that
// killGroup reaches whatever `sh -c` started on its behalf.
func startGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the agent's whole process group.
func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
