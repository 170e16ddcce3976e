// Command cogsim is the headless front end (§20): it runs episodes with
// built-in agents, prints levels and benchmarks the engine. It needs no
// cgo. The commands live in package cli; this file only wires them to the
// process.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/cogsim/cogsim/cmd/cogsim/internal/cli"
	"github.com/cogsim/cogsim/sim/protocol"
	_ "github.com/cogsim/cogsim/systems/builtin" // the built-in mechanics and rules variants (§27)
)

func main() {
	// On Linux, what an exec agent leaves behind outside its process
	// group and without its token is reparented here, and killed when
	// an agent stops; elsewhere this does nothing. It is this process's
	// setting, never a library's: tests run cogsim as a helper process.
	if err := protocol.BecomeSubreaper(); err != nil {
		fmt.Fprintln(os.Stderr, "cogsim: warning: cannot become a child subreaper:", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first Ctrl-C (or SIGTERM) the default handling returns, so
	// a second one stops the process at once.
	go func() { <-ctx.Done(); stop() }()
	os.Exit(cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr))
}
