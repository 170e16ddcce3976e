// Command cogplay is cogsim's graphical front end (§22): play in a window,
// or watch a replay. See `cogplay -h`.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/cogsim/cogsim/render/gfx"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run is cogplay: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseOptions(args, stdout)
	if errors.Is(err, errHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "cogplay: %v (see cogplay -h)\n", err)
		return 2
	}
	sess, err := newSession(o, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "cogplay:", err)
		var ee *exitError
		if errors.As(err, &ee) {
			return ee.code
		}
		return 1
	}
	err = gfx.Run(sess.app, gfx.Options{Title: sess.title, Scale: o.scale, Keys: o.keys, Screenshot: o.screenshot, Frames: o.frames})
	if sess.after != nil {
		sess.after()
	}
	if err != nil {
		fmt.Fprintln(stderr, "cogplay:", err)
		return 1
	}
	if o.screenshot != "" {
		fmt.Fprint(stdout, sess.app.Summary())
	}
	return 0
}
