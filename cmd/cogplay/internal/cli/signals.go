//go:build !js && !wasip1

package cli

import (
	"os"
	"syscall"
)

// stopSignals are the signals that close cogplay's window as its close
// button does (a game under way is saved): terminate and hang up.
var stopSignals = []os.Signal{syscall.SIGTERM, syscall.SIGHUP}
