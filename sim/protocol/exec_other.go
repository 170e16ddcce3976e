//go:build !unix

package protocol

import (
	"os/exec"
	"time"
)

// startGroup cannot start a process group where there are none (Windows
// has no Unix process groups; a job object would be the equivalent). So
// that a child the agent's shell left behind holding its stderr cannot
// keep Wait from returning, Wait stops waiting for the pipes a second
// after the agent exits.
func startGroup(cmd *exec.Cmd) {
	cmd.WaitDelay = time.Second
}

// killGroup kills the agent's process itself: without process groups,
// children that the agent's shell started are not reached and may outlive
// the episode.
func killGroup(cmd *exec.Cmd) {
	_ = cmd.Process.Kill()
}
