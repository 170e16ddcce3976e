//go:build !js

// Command cogplay is cogsim's graphical front end (§22): play in a window,
// or watch a replay. See `cogplay -h`; internal/cli holds the command
// line, render/view the screens, render/gfx the window. Built for the
// browser (GOOS=js GOARCH=wasm) it is the page of §31 instead (main_js.go).
package main

import (
	"os"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/cli"
	_ "github.com/cogsim/cogsim/cmd/cogplay/internal/nodisplay" // before ebiten: see its doc
	"github.com/cogsim/cogsim/render/gfx"
	_ "github.com/cogsim/cogsim/systems/builtin" // the built-in mechanics and rules variants (§27)
)

func main() { os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr, gfx.Run)) }
