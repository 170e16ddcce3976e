// Package nodisplay lets cogplay answer without a display. ebiten
// initialises GLFW when its package is initialised, and panics when there
// is no display; this package is initialised first (its import path sorts
// before ebiten's and it is ready as soon as the cli package is), so
// without a display cogplay still checks its flags and says why it cannot
// open a window, instead of panicking. Only cmd/cogplay imports it.
package nodisplay

import (
	"os"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/cli"
)

func init() {
	if !cli.HaveDisplay() {
		os.Exit(cli.Headless(os.Args[1:], os.Stdout, os.Stderr))
	}
}
