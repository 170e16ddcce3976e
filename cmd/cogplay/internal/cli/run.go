package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/save"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/scenario"
)

// Run is cogplay: it parses args, builds the session, runs it in window
// and returns the exit status: 0, 2 for bad flags and files, 1 for
// anything else (a save file that cannot be restored now, a window that
// fails).
func Run(args []string, stdout, stderr io.Writer, window view.Window) int {
	o, err := Parse(args, stdout)
	if errors.Is(err, ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "cogplay: %v (see cogplay -h)\n", err)
		return 2
	}
	if o.scores {
		return printScores(stdout, stderr)
	}
	// Told to terminate or hung up, cogplay closes the window as if its
	// close button were pressed: a game under way is saved (NetHack
	// saves on a hangup).
	signals := make(chan os.Signal, 1)
	if len(stopSignals) > 0 {
		signal.Notify(signals, stopSignals...)
	}
	defer signal.Stop(signals)
	stop, done := make(chan struct{}), make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-signals:
			close(stop)
		case <-done:
		}
	}()
	sess, err := NewSession(o, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "cogplay:", err)
		return exitCode(err)
	}
	err = window(sess.App, view.WindowOptions{Title: sess.Title, Scale: o.scale, Keys: o.keys,
		Screenshot: o.screenshot, Frames: o.frames, FullScreen: o.fullScreen, Width: o.width, Height: o.height, Stop: stop})
	if sess.after != nil {
		sess.after()
	}
	if err != nil {
		fmt.Fprintln(stderr, "cogplay:", err)
		return 1
	}
	if o.screenshot != "" {
		fmt.Fprint(stdout, sess.App.Summary())
	}
	return 0
}

// HaveDisplay reports whether a graphical session is there to open a
// window in.
func HaveDisplay() bool {
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// Headless is cogplay without a display: the flags and the files they
// name are still checked (exit 2 on the first bad one, 0 for -h), then it
// says that a window cannot be opened (exit 1). ebiten cannot even be
// initialised without a display, so this runs before it is (see
// internal/nodisplay).
func Headless(args []string, stdout, stderr io.Writer) int {
	o, err := Parse(args, stdout)
	if errors.Is(err, ErrHelp) {
		return 0
	}
	if err == nil && o.scores {
		return printScores(stdout, stderr)
	}
	if err == nil && o.replay != "" {
		_, err = replay.Load(o.replay)
	}
	if err == nil && o.scenario != "" {
		_, err = scenario.Load(o.scenario)
	}
	if err == nil {
		_, _, err = o.levels.Load()
	}
	if err != nil {
		fmt.Fprintf(stderr, "cogplay: %v (see cogplay -h)\n", err)
		return 2
	}
	fmt.Fprintln(stderr, "cogplay: no display: DISPLAY is not set, and cogplay needs a window (under Xvfb for tests)")
	return 1
}

// printScores is --scores: the record file, best first, this user's
// games and everyone's.
func printScores(stdout, stderr io.Writer) int {
	path, err := save.RecordPath()
	if err != nil {
		fmt.Fprintln(stderr, "cogplay:", err)
		return 1
	}
	entries, err := save.ReadRecord(path)
	if err != nil {
		fmt.Fprintln(stderr, "cogplay:", err)
		return 1
	}
	if len(entries) == 0 {
		fmt.Fprintf(stdout, "No games recorded yet (%s).\n", path)
		return 0
	}
	fmt.Fprintf(stdout, "The record (%s), best first:\n", path)
	for i, table := range save.Tables(entries) {
		if t := table[0].Table(); t != "" {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "Scenario %s (ranked only with its own games):\n", table[0].Scenario)
		}
		for _, line := range save.FormatRecord(table, 0, nil) {
			fmt.Fprintln(stdout, line)
		}
	}
	return 0
}
