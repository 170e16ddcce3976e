//go:build unix

package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/cli"
	"github.com/cogsim/cogsim/render/view"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTerminatingCogplaySavesTheGame (issue 39, 15): SIGTERM (or a
// hangup) closes the window as its close button does, and closing saves
// the game under way, as NetHack saves on a hangup. The window here
// plays its keys, then sends the signal to this very process and waits
// for Stop, as render/gfx does each frame; the gfx window test checks
// that a real window closes on Stop.
func TestTerminatingCogplaySavesTheGame(t *testing.T) {
	dir := dataHome(t)
	path := filepath.Join(dir, "cogsim", "save", "ada.json")
	var stdout, stderr strings.Builder
	window := func(app view.App, o view.WindowOptions) error {
		for _, k := range o.Keys {
			app.Update(view.Input{Keys: []view.Key{k}})
		}
		require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGTERM))
		<-o.Stop
		app.Close()
		return nil
	}
	code := cli.Run([]string{"--seed", "4", "--keys", "s s s"}, &stdout, &stderr, window)
	require.Equal(t, 0, code, stderr.String())
	require.FileExists(t, path, "saved on SIGTERM")
	code, out, _ := cogplay("--keys", "s")
	require.Equal(t, 0, code)
	assert.Contains(t, summary(t, out)["status"], "T:4/2200", "restored at tick 3")
}
