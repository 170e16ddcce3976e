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

// The hostile agents of testdata/agents, each played with a short turn
// timeout: every one costs at most its own episode, within its timeout,
// and leaves no process behind.

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

// pidIn waits for the pid an agent writes to file.
func pidIn(t *testing.T, file string) int {
	t.Helper()
	for range 200 {
		if b, err := os.ReadFile(file); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				return pid
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no pid in %s", file)
	return 0
}

// assertGone waits a moment for pid to be gone.
func assertGone(t *testing.T, pid int, what string) {
	t.Helper()
	for range 500 {
		if gone(pid) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%s (pid %d) is still running", what, pid)
	_ = syscall.Kill(pid, syscall.SIGKILL)
}

// patient is the turn timeout of agents that should end normally or be
// found disconnected: a loaded machine may take a second to start a
// Python agent, so no test hinges on a tight deadline (issue 25).
const patient = 20 * time.Second

// heldFor bounds an episode that must not wait for the 30 s a hostile
// agent's process holds its pipes, nor for the patient timeout.
const heldFor = 15 * time.Second

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
	res, took, err := timed(t, context.Background(), agentPath("noread.py"), 500*time.Millisecond)
	require.NoError(t, err)
	assert.Equal(t, protocol.CauseTimeout, res.Cause)
	assert.Less(t, took, heldFor)
}

func TestAnAgentThatClosesItsOutputIsDisconnectedAtOnce(t *testing.T) {
	res, took, err := timed(t, context.Background(), agentPath("closeout.sh"), patient)
	require.NoError(t, err)
	assert.Equal(t, protocol.CauseDisconnected, res.Cause)
	assert.Less(t, took, heldFor, "not after the turn timeout")
}

func TestAnAgentThatExitsLeavingAChildIsDisconnectedAtOnce(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pid")
	res, took, err := timed(t, context.Background(), agentPath("orphan.sh")+" "+file, patient)
	require.NoError(t, err)
	assert.Equal(t, protocol.CauseDisconnected, res.Cause)
	assert.Less(t, took, heldFor, "not after the turn timeout")
	assertGone(t, pidIn(t, file), "the child holding the pipe")
}

func TestACancelledEpisodeKillsItsAgentAndIsNoResult(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithCancel(context.Background())
	go func() { pidIn(t, file); cancel() }()
	_, took, err := timed(t, ctx, agentPath("sleeper.sh")+" "+file, 30*time.Second)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, took, heldFor)
	assertGone(t, pidIn(t, file), "the agent")
}
