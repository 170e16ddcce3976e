//go:build js

package main

import (
	"os"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/browser"
	_ "github.com/cogsim/cogsim/systems/builtin" // the built-in mechanics and rules variants (§27)
)

// main is cogplay in a web page (§31): internal/site makes the page around
// it; internal/browser is what runs in the canvas.
func main() { os.Exit(browser.Main()) }
