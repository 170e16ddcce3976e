//go:build unix

package lockfile

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary be the other process: with
// LOCKFILE_HOLD=PATH it takes the lock, says so and holds it until its
// stdin closes.
func TestMain(m *testing.M) {
	if path := os.Getenv("LOCKFILE_HOLD"); path != "" {
		l, err := Acquire(path)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("held")
		_, _ = bufio.NewReader(os.Stdin).ReadString('\n')
		l.Release()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestASecondProcessIsRefusedWithTheHolder: while another process holds
// the lock, Acquire fails at once with a HeldError naming that process's
// pid; once it lets go, the lock is taken.
func TestASecondProcessIsRefusedWithTheHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".cogsim.lock")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "LOCKFILE_HOLD="+path)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "held\n", line)

	_, err = Acquire(path)
	var held *HeldError
	require.True(t, errors.As(err, &held), "refused: %v", err)
	assert.Contains(t, held.Holder, fmt.Sprintf("pid %d on ", cmd.Process.Pid))
	assert.Contains(t, err.Error(), "locked by another process: pid ")

	stdin.Close()
	require.NoError(t, cmd.Wait())
	l, err := Acquire(path)
	require.NoError(t, err, "free once the holder is gone")
	l.Release()
	_, err = os.Stat(path)
	assert.True(t, os.IsNotExist(err), "the lock file is removed on release")
}

// TestOneProcessTwiceIsRefused: the lock is per open file, so a second
// run in the same process is refused too.
func TestOneProcessTwiceIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".cogsim.lock")
	l, err := Acquire(path)
	require.NoError(t, err)
	_, err = Acquire(path)
	var held *HeldError
	require.True(t, errors.As(err, &held), "refused: %v", err)
	assert.Contains(t, held.Holder, fmt.Sprintf("pid %d on ", os.Getpid()))
	l.Release()
	l.Release()
	l, err = Acquire(path)
	require.NoError(t, err)
	l.Release()
}

// TestALinkIsNotFollowed: a link planted at the lock file's name is
// refused and the file it names keeps its bytes.
func TestALinkIsNotFollowed(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	require.NoError(t, os.WriteFile(victim, []byte("precious\n"), 0o644))
	path := filepath.Join(dir, ".cogsim.lock")
	require.NoError(t, os.Symlink(victim, path))
	_, err := Acquire(path)
	assert.ErrorContains(t, err, "symbolic link")
	require.NoError(t, os.Remove(path))
	require.NoError(t, os.Link(victim, path))
	_, err = Acquire(path)
	assert.ErrorContains(t, err, "other links")
	got, _ := os.ReadFile(victim)
	assert.Equal(t, "precious\n", string(got))
}
