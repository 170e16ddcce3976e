//go:build unix

package protocol_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The hostile agents of testdata/agents: every one costs at most its own
// episode, within its timeout, and leaves no process behind.
//
// No test here hinges on a tight wall-clock deadline (issues 25, 34): a
// machine under a load of 17 on 2 cores may take many seconds to start
// a Python agent. Only an agent that must hang gets a short turn
// timeout; every other timeout, wait and bound is a minute or more, a
// safety net against a hang, and the agents of testdata/agents that hold
// their pipes do so for 10 minutes, longer than all of those, so that an
// episode that waited for them still fails.

// gone reports whether process pid no longer runs (a zombie waiting for
// its parent counts as gone: it holds nothing).
func gone(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return true
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !isDir("/proc/self") // no /proc: Kill said it exists
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i > 0 && i+2 < len(stat) && (stat[i+2] == 'Z' || stat[i+2] == 'X')
}

func isDir(p string) bool { st, err := os.Stat(p); return err == nil && st.IsDir() }

// settle bounds each wait for an agent to write its pid or for a killed
// process to go: a safety net, far above what a loaded machine needs.
const settle = 2 * time.Minute

// pidIn waits for the pid an agent writes to file.
func pidIn(t *testing.T, file string) int {
	t.Helper()
	for deadline := time.Now().Add(settle); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(file); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				return pid
			}
		}
	}
	t.Fatalf("no pid in %s after %v", file, settle)
	return 0
}

// assertGone waits for pid to be gone.
func assertGone(t *testing.T, pid int, what string) {
	t.Helper()
	for deadline := time.Now().Add(settle); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if gone(pid) {
			return
		}
	}
	t.Errorf("%s (pid %d) is still running after %v", what, pid, settle)
	_ = syscall.Kill(pid, syscall.SIGKILL)
}

func agentPath(name string) string {
	p, _ := filepath.Abs(filepath.Join("testdata", "agents", name))
	return p
}

// timed plays an episode of seed 3 with command and returns its result
// and how long it took.
func timed(t *testing.T, ctx context.Context, command string, timeout time.Duration) (sim.Result, time.Duration, error) {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 3})
	require.NoError(t, err)
	start := time.Now()
	res, err := protocol.Exec(ctx, command, s, timeout, nil, nil)
	return res, time.Since(start), err
}

func TestAnAgentThatDoesNotReadTimesOut(t *testing.T) {
	// It must hang: a short turn timeout.
	res, took, err := timed(t, context.Background(), agentPath("noread.py"), 500*time.Millisecond)
	require.NoError(t, err)
	assert.Equal(t, protocol.CauseTimeout, res.Cause)
	assert.GreaterOrEqual(t, took, 500*time.Millisecond, "not before the turn timeout")
	assert.Less(t, took, heldFor, "ended by the turn timeout")
}

func TestAnAgentThatClosesItsOutputIsDisconnectedAtOnce(t *testing.T) {
	res, took, err := timed(t, context.Background(), agentPath("closeout.sh"), patient)
	require.NoError(t, err)
	assert.Equal(t, protocol.CauseDisconnected, res.Cause, "not the turn timeout")
	assert.Less(t, took, heldFor, "not after the turn timeout")
}

func TestAnAgentThatExitsLeavingAChildIsDisconnectedAtOnce(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pid")
	res, took, err := timed(t, context.Background(), agentPath("orphan.sh")+" "+file, patient)
	require.NoError(t, err)
	assert.Equal(t, protocol.CauseDisconnected, res.Cause, "not the turn timeout")
	assert.Less(t, took, heldFor, "not after the turn timeout")
	assertGone(t, pidIn(t, file), "the child holding the pipe")
}

func TestACancelledEpisodeKillsItsAgentAndIsNoResult(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithCancel(context.Background())
	cancelled := make(chan time.Time, 1)
	go func() {
		defer func() { cancelled <- time.Now(); cancel() }()
		pidIn(t, file)
	}()
	_, _, err := timed(t, ctx, agentPath("sleeper.sh")+" "+file, patient)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, time.Since(<-cancelled), heldFor, "stopped, not waiting for the agent")
	assertGone(t, pidIn(t, file), "the agent")
}
