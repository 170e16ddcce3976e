//go:build !unix

package protocol

import "os/exec"

// startGroup does nothing where there are no Unix process groups
// (Windows: a job object would be the equivalent). Wait stops waiting for
// a pipe a second after the agent exits (cmd.WaitDelay), so a child left
// holding one cannot hang the episode.
func startGroup(*exec.Cmd) {}

// killGroup kills the agent's process itself: without process groups,
// children it started are not reached and may outlive the episode.
func killGroup(cmd *exec.Cmd) {
	_ = cmd.Process.Kill()
}

// sweep does nothing: children are not tracked here.
func sweep(string) {}

// BecomeSubreaper does nothing here: there is no child subreaper.
func BecomeSubreaper() error { return nil }

// reapOrphans does nothing: there are no adopted orphans.
func reapOrphans() {}
