//go:build unix

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The hostile agents of testdata/agents in whole runs: each costs only
// its own episodes, within their timeouts, Ctrl-C and SIGTERM stop the
// batch at once, and no process is left behind.
//
// No test here hinges on a tight wall-clock deadline (issues 25, 34): a
// machine under a load of 17 on 2 cores may take many seconds to start
// three Python agents. Only an agent that must hang gets a short turn
// timeout; every other timeout, wait and bound is a minute or more, a
// safety net against a hang. The agents of testdata/agents that hold
// their pipes or sleep do so for 10 minutes, longer than all of those: a
// run that waited for them, or for a turn timeout, would miss the
// bounds by far.

// patient is the turn timeout of agents that should end normally.
const patient = "5m"

// heldFor bounds a run that must not wait for the hold of a hostile
// agent's process, nor for the patient timeout.
const heldFor = 2 * time.Minute

// settle bounds each wait for the agents to start or to go.
const settle = 2 * time.Minute

func hostile(name string) string {
	p, _ := filepath.Abs(filepath.Join("testdata", "agents", name))
	return p
}

// running lists the pids the agents wrote into dir that still run (a
// zombie waiting for its parent holds nothing and counts as gone).
func running(t *testing.T, dir string) []int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "pid.*"))
	require.NoError(t, err)
	var alive []int
	for _, f := range files {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Ext(f), "."))
		require.NoError(t, err)
		if syscall.Kill(pid, 0) == nil && !zombie(pid) {
			alive = append(alive, pid)
		}
	}
	return alive
}

func zombie(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(stat, ')')
	return i > 0 && i+2 < len(stat) && (stat[i+2] == 'Z' || stat[i+2] == 'X')
}

// assertNoneLeft waits for every recorded agent process to go.
func assertNoneLeft(t *testing.T, dir string) {
	t.Helper()
	var left []int
	for deadline := time.Now().Add(settle); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if left = running(t, dir); len(left) == 0 {
			return
		}
	}
	t.Errorf("processes left behind after %v: %v", settle, left)
	for _, pid := range left {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// waitForPids waits until the agents have written n pids into dir.
func waitForPids(t *testing.T, dir string, n int) {
	t.Helper()
	for deadline := time.Now().Add(settle); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if files, _ := filepath.Glob(filepath.Join(dir, "pid.*")); len(files) >= n {
			return
		}
	}
	t.Fatalf("the agents did not start in %v", settle)
}

func TestHostileAgentsCostOnlyTheirEpisodes(t *testing.T) {
	cases := []struct {
		agent   string
		cause   string
		pids    bool
		timeout string
	}{
		{"noread.py", "timeout", false, "1s"}, // it must hang
		{"closeout.sh", "disconnected", false, patient},
		{"orphan.sh", "disconnected", true, patient},
		{"setsid.py", "clock", true, patient},
	}
	for _, tc := range cases {
		for _, persistent := range []bool{false, true} {
			name := tc.agent
			if persistent {
				name += "/persistent"
			}
			t.Run(name, func(t *testing.T) {
				if tc.agent == "setsid.py" && !isDir("/proc/self") {
					t.Skip("without /proc a setsid child is not found")
				}
				dir := t.TempDir()
				command := hostile(tc.agent)
				if tc.pids {
					command += " " + dir
				}
				args := []string{"run", "--episodes", "3", "--workers", "3", "--turn-timeout", tc.timeout, "--agent", "exec:" + command}
				if persistent {
					args = append(args, "--persistent")
				}
				start := time.Now()
				code, stdout, stderr := cogsim(t, args...)
				require.Equal(t, ExitOK, code, stderr)
				rs := results(t, stdout)
				require.Len(t, rs, 3)
				for _, r := range rs {
					assert.Equal(t, tc.cause, r.Cause)
				}
				assert.Less(t, time.Since(start), heldFor, "not waiting for the agents' processes")
				assertNoneLeft(t, dir)
			})
		}
	}
}

func isDir(p string) bool { st, err := os.Stat(p); return err == nil && st.IsDir() }

func TestAMissingAgentIsRefusedBeforeAnyEpisode(t *testing.T) {
	for _, agent := range []string{"/nonexistent/agent", hostile("not-executable.sh"), "no-such-agent-program --fast"} {
		code, stdout, stderr := cogsim(t, "run", "--episodes", "3", "--agent", "exec:"+agent)
		assert.Equal(t, ExitUsage, code, agent)
		assert.Empty(t, stdout)
		assert.Contains(t, stderr, "cannot run", agent)
		assert.NotContains(t, stderr, "episodes:", "no episode ran")
	}
	// A script the interpreter cannot find is only found out when it
	// runs: the summary warns.
	code, _, stderr := cogsim(t, "run", "--episodes", "2", "--agent", "exec:sh /nonexistent/agent.sh")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, stderr, "warning: in 2 episodes the agent went away before its first reply")
}

func TestCtrlCWritesNoUnfinishedEpisode(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelled := make(chan time.Time, 1)
	go func() {
		defer func() { cancelled <- time.Now(); cancel() }()
		waitForPids(t, dir, 2)
	}()
	code, stdout, stderr := cogsimCtx(ctx, "run", "--episodes", "10", "--workers", "2", "--turn-timeout", patient,
		"--agent", "exec:"+hostile("sleeper.sh")+" "+dir)
	assert.Less(t, time.Since(<-cancelled), heldFor, "stopped, not waiting for the agents")
	assert.Equal(t, ExitInterrupted, code)
	assert.Empty(t, stdout, "no result for an episode cut short")
	assert.Contains(t, stderr, "2 cut short and not written (seeds 1, 2)")
	assert.Contains(t, stderr, "episodes: 0\ninterrupted: 2")
	assertNoneLeft(t, dir)
}

// TestSIGTERMStopsABatchAndItsAgents runs cogsim in another process and
// stops it with SIGTERM.
func TestSIGTERMStopsABatchAndItsAgents(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "results.jsonl")
	args, err := json.Marshal([]string{"run", "--episodes", "10", "--workers", "2", "--out", out, "--turn-timeout", patient,
		"--agent", "exec:" + hostile("sleeper.sh") + " " + dir})
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+string(args))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	waitForPids(t, dir, 2)
	start := time.Now()
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	err = cmd.Wait()
	assert.Less(t, time.Since(start), heldFor, "stopped, not waiting for the agents")
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "%v: %s", err, stderr.String())
	assert.Equal(t, ExitInterrupted, ee.ExitCode(), stderr.String())
	assert.Contains(t, stderr.String(), "cut short and not written")
	written, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Empty(t, written)
	assertNoneLeft(t, dir)
}
