// Command cogsim is the headless front end (§20): it runs episodes with
// built-in agents, prints levels and benchmarks the engine. It needs no
// cgo. The commands live in package cli; this file only wires them to the
// process.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/cogsim/cogsim/cmd/cogsim/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first Ctrl-C (or SIGTERM) the default handling returns, so
	// a second one stops the process at once.
	go func() { <-ctx.Done(); stop() }()
	os.Exit(cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr))
}
