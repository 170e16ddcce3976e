package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnEscapedGrandchildIsReaped: an agent's grandchild that dropped
// COGSIM_AGENT_TOKEN and called setsid is out of reach of the group kill
// and of the token sweep, but cogsim, a child subreaper, adopts it when
// its parent exits and kills it when the agent stops (issue 25). cogsim
// runs in a helper process: the test binary is no subreaper.
func TestAnEscapedGrandchildIsReaped(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid program")
	}
	for _, persistent := range []bool{false, true} {
		name := "each"
		if persistent {
			name = "persistent"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			// One worker: an orphan cannot be told from another
			// worker's, so a second worker's cleanup could reap this
			// agent's grandchild before it is ready (the README's
			// caveat), and the agent would wait for it.
			args := []string{"run", "--episodes", "3", "--workers", "1", "--turns", "5", "--turn-timeout", patient,
				"--agent", "exec:" + hostile("escape.sh") + " " + dir}
			if persistent {
				args = append(args, "--persistent")
			}
			env, err := json.Marshal(args)
			require.NoError(t, err)
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
			cmd.Env = append(os.Environ(), helperEnv+"="+string(env))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			start := time.Now()
			out, err := cmd.Output()
			require.NoError(t, err, stderr.String())
			assert.Less(t, time.Since(start), heldFor, "not waiting for the grandchildren")
			rs := results(t, string(out))
			require.Len(t, rs, 3)
			for _, r := range rs {
				assert.Equal(t, "clock", r.Cause)
			}
			pids, err := filepath.Glob(filepath.Join(dir, "pid.*"))
			require.NoError(t, err)
			agents := 3
			if persistent {
				agents = 1
			}
			assert.Len(t, pids, agents, "one grandchild an agent process")
			assertNoneLeft(t, dir)
		})
	}
}
