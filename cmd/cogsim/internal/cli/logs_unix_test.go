//go:build unix

package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// --log against what else is on the disk (issue 34): planted links, an
// agent's endless stderr, a file that cannot be written.

// TestLogFilesNeverFollowALink: links (symbolic or hard) planted at
// the names of an exec agent's stderr files, per episode and per worker,
// are replaced by the run's own files: the files they name keep their
// bytes.
func TestLogFilesNeverFollowALink(t *testing.T) {
	for _, persistent := range []bool{false, true} {
		t.Run(fmt.Sprintf("persistent=%v", persistent), func(t *testing.T) {
			dir := t.TempDir()
			logs := filepath.Join(dir, "log")
			require.NoError(t, os.MkdirAll(logs, 0o755))
			victims := map[string]string{}
			for _, name := range []string{"seed-1.stderr", "seed-2.stderr", "worker-0.stderr"} {
				victim := filepath.Join(dir, "victim-"+name)
				require.NoError(t, os.WriteFile(victim, []byte("precious "+name+"\n"), 0o644))
				victims[victim] = "precious " + name + "\n"
				if name == "seed-2.stderr" {
					require.NoError(t, os.Link(victim, filepath.Join(logs, name)))
				} else {
					require.NoError(t, os.Symlink(victim, filepath.Join(logs, name)))
				}
			}
			args := []string{"run", "--seeds", "1-2", "--turns", "2", "--workers", "1", "--turn-timeout", patient,
				"--log", logs, "--agent", "exec:" + hostile("spew.sh") + " 5"}
			if persistent {
				args = append(args, "--persistent")
			}
			code, stdout, errs := cogsim(t, args...)
			require.Equal(t, ExitOK, code, errs)
			assert.Len(t, results(t, stdout), 2)
			for victim, want := range victims {
				got, err := os.ReadFile(victim)
				require.NoError(t, err)
				assert.Equal(t, want, string(got), "%s untouched", victim)
			}
			for _, name := range []string{"seed-1.stderr", "seed-2.stderr"} {
				st, err := os.Lstat(filepath.Join(logs, name))
				require.NoError(t, err)
				assert.True(t, st.Mode().IsRegular(), "%s is the run's own file", name)
				got, _ := os.ReadFile(filepath.Join(logs, name))
				assert.Equal(t, strings.Repeat("x", 10), string(got), name)
			}
		})
	}
}

// TestStderrIsCutAt1MiB: an agent that writes 3 MB to stderr each turn
// has 1 MiB of it kept per episode and a line saying it was cut; it is
// never blocked on its pipe, and the run ends with every result.
func TestStderrIsCutAt1MiB(t *testing.T) {
	for _, persistent := range []bool{false, true} {
		t.Run(fmt.Sprintf("persistent=%v", persistent), func(t *testing.T) {
			logs := t.TempDir()
			args := []string{"run", "--seeds", "1-2", "--turns", "3", "--workers", "2", "--turn-timeout", patient,
				"--log", logs, "--agent", "exec:" + hostile("spew.sh") + " 3000000"}
			if persistent {
				args = append(args, "--persistent")
			}
			code, stdout, errs := cogsim(t, args...)
			require.Equal(t, ExitOK, code, errs)
			rs := results(t, stdout)
			require.Len(t, rs, 2)
			for _, r := range rs {
				assert.Equal(t, "clock", r.Cause, "never blocked: played to the end")
			}
			for _, name := range []string{"seed-1.stderr", "seed-2.stderr"} {
				got, err := os.ReadFile(filepath.Join(logs, name))
				require.NoError(t, err)
				require.Len(t, got, protocol.MaxStderr+1+len(protocol.StderrCut), name)
				assert.Equal(t, protocol.MaxStderr, strings.Count(string(got), "x"), name)
				assert.True(t, strings.HasSuffix(string(got), "\n"+protocol.StderrCut), name)
			}
		})
	}
}

// TestALogThatCannotBeWrittenCostsOnlyItself: a trajectory or stderr
// file that cannot be written (here a folder in the way; a full disk
// alike) is left out and named on stderr; every result is written and
// the run succeeds.
func TestALogThatCannotBeWrittenCostsOnlyItself(t *testing.T) {
	logs := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(logs, "seed-1.jsonl", "in-the-way"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(logs, "seed-2.stderr", "in-the-way"), 0o755))
	code, stdout, errs := cogsim(t, "run", "--seeds", "1-3", "--turns", "2", "--turn-timeout", patient,
		"--log", logs, "--agent", "exec:"+hostile("spew.sh")+" 5")
	require.Equal(t, ExitOK, code, errs)
	assert.Len(t, results(t, stdout), 3)
	assert.Contains(t, errs, "cogsim run: 2 files not written, their episodes' results kept: ")
	assert.Contains(t, errs, "seed 1's trajectory (")
	assert.Contains(t, errs, "seed 2's stderr (")
	for _, f := range []string{"seed-2.jsonl", "seed-3.jsonl", "seed-1.stderr", "seed-3.stderr"} {
		_, err := os.Stat(filepath.Join(logs, f))
		assert.NoError(t, err, f)
	}
}

// TestLogCapNeverFails: a write error (ENOSPC) on a stderr file is kept,
// not returned, so the pipe's copier goes on draining the agent.
func TestLogCapNeverFails(t *testing.T) {
	c := protocol.NewLogCap(enospcWriter{})
	n, err := c.Write([]byte("hello"))
	assert.Equal(t, 5, n)
	assert.NoError(t, err)
	n, err = c.Write(make([]byte, 2*protocol.MaxStderr))
	assert.Equal(t, 2*protocol.MaxStderr, n)
	assert.NoError(t, err)
	assert.ErrorIs(t, c.Err(), syscall.ENOSPC)
}

// enospcWriter fails every write as a full disk does.
type enospcWriter struct{}

func (enospcWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }
