package view

import (
	"image"
	"math"
)

// App is one screen the front end runs (play, or the replay viewer): it
// takes the input of a frame and draws itself as a [Grid]. Everything an
// App does is plain Go, so it is tested without a window.
type App interface {
	// Size is the grid's size in character cells. It may change between
	// frames (the browser's shell switches between play and the replay
	// viewer); the window keeps its size and fits the grid into it.
	Size() (cols, rows int)
	// Update takes one frame's input and reports whether the program
	// should end.
	Update(in Input) (quit bool)
	// Draw draws the screen into g (of Size).
	Draw(g *Grid)
	// Close is called when the window is being closed.
	Close()
	// Summary is what the program prints on stdout when it ends after a
	// screenshot: a few "name: value" lines for tests.
	Summary() string
}

// Input is one frame's input.
type Input struct {
	Keys []Key
	// Click is the grid cell under the mouse when its left button was
	// pressed this frame, or held down (Drag); nil when neither.
	Click *Point
	Drag  bool
	// Hover is the grid cell under the mouse, nil when it is outside the
	// grid.
	Hover *Point
}

// Point is a grid cell.
type Point struct{ X, Y int }

// WindowOptions configure the window an App runs in.
type WindowOptions struct {
	Title string
	// Scale is the starting integer scale of the window; 0 picks the
	// largest that fits the monitor.
	Scale int
	// Keys are fed to the app one per frame, from the first frame.
	Keys []Key
	// Screenshot, when set, is where the window's image is saved as PNG
	// after Frames frames (and at least one frame after the last
	// scripted key, or when the app quits first); the program then ends.
	Screenshot string
	Frames     int
	// FullScreen starts the window full screen (F11 toggles it).
	FullScreen bool
	// Width and Height, when set, are the window's starting size in
	// pixels (instead of the grid at Scale).
	Width, Height int
	// Stop, when it delivers, closes the window as the window manager
	// would (the app's Close saves a game under way): cogplay sends on
	// it when it is told to terminate or hang up (SIGTERM, SIGHUP).
	Stop <-chan struct{}
	// Top is the strip at the top of the window, in CSS pixels, that the
	// grid leaves free: the browser page's bar lies over it.
	Top int
	// KeySource, when set, gives each frame's keys instead of the
	// window's keyboard state (the browser's keydown events, which keep
	// presses shorter than a frame and their order).
	KeySource func() []Key
	// ClickSource, when set, gives the left button's presses since the
	// last frame, in screen pixels (the browser's mousedown events), one
	// of which is the frame's Click; the button held still drags.
	ClickSource func() []image.Point
}

// Window runs an App in a window until it quits (render/gfx.Run).
type Window func(app App, o WindowOptions) error

// FitScale is the scale the grid (lw x lh pixels at scale 1) is drawn
// at on a screen of w x h pixels: the largest that fits, whole when a
// whole scale of at least 1 comes within a tenth of it (crisp), else
// fractional in steps of 1/20 — so the grid fills the window or the
// page, and shrinks to fit one smaller than it (at least 1/4).
func FitScale(w, h, lw, lh int) float64 {
	fit := min(float64(w)/float64(lw), float64(h)/float64(lh))
	if whole := math.Floor(fit); whole >= 1 && whole >= fit*0.9 {
		return whole
	}
	return max(0.25, math.Floor(fit*20)/20)
}

// DefaultScale is the window's starting scale on a monitor of mw x mh
// pixels: the grid fills nine tenths of it (at most scale 4).
func DefaultScale(mw, mh, lw, lh int) float64 {
	return min(4, FitScale(mw*9/10, mh*9/10, lw, lh))
}
