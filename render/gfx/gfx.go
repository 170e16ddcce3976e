// Package gfx is cogplay's window (§22), on ebiten: it runs a view.App,
// turning the keyboard and mouse into view.Input and drawing the app's
// character grid with Go Mono, integer-scaled to the window as it is
// resized (F11: full screen). It can feed
// a scripted key sequence and save a screenshot, for tests and docs.
// Nothing else in the project imports ebiten.
package gfx

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/cogsim/cogsim/render/view"
)

// Run opens the window and runs app until it quits, the window is
// closed, or the screenshot is taken.
func Run(app view.App, o view.WindowOptions) error {
	f, err := newFont()
	if err != nil {
		return err
	}
	cols, rows := app.Size()
	g := &game{app: app, o: o, font: f, grid: view.NewGrid(cols, rows), lw: cols * f.cw, lh: rows * f.ch}
	if o.Screenshot != "" {
		g.shotFrame = max(o.Frames, len(o.Keys)+1, 1)
	}
	scale := max(o.Scale, 1)
	ebiten.SetWindowTitle(o.Title)
	ebiten.SetWindowSize(g.lw*scale, g.lh*scale)
	if o.Width > 0 && o.Height > 0 {
		ebiten.SetWindowSize(o.Width, o.Height)
	}
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// The window may grow as it likes; below the grid at scale 1 the grid
	// is scaled down to fit, to half its size.
	ebiten.SetWindowSizeLimits(g.lw/2, g.lh/2, -1, -1)
	ebiten.SetWindowClosingHandled(true)
	ebiten.SetFullscreen(o.FullScreen)
	ebiten.SetScreenClearedEveryFrame(false)
	g.autoScale = o.Scale == 0 && o.Width == 0
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return g.err
}

type game struct {
	app    view.App
	o      view.WindowOptions
	font   *font
	grid   *view.Grid
	lw, lh int // the grid's size in pixels
	canvas *ebiten.Image
	frame  int
	// clicks are presses from WindowOptions.ClickSource not yet given
	// to the app, in screen pixels.
	clicks []image.Point
	// drawn is the grid the screen shows, and the screen's size then.
	drawn          []view.GridCell
	drawnW, drawnH int

	autoScale bool
	// The last frame's placement of the grid on the screen: the scale
	// (fractional when the screen asks for it) and the top-left corner.
	scale      float64
	offX, offY int
	// big is the grid at the whole scale above a fractional one, which
	// is then scaled down smoothly (sharper than scaling 1x up).
	big *ebiten.Image

	shotFrame int  // the frame to take the screenshot at (0: none)
	shoot     bool // take it in the next Draw
	done      bool
	err       error
}

// Update implements ebiten.Game.
func (g *game) Update() error {
	if g.done {
		return ebiten.Termination
	}
	if g.shoot {
		// The app stays as the screenshot will show it.
		return nil
	}
	if g.autoScale {
		g.autoScale = false
		if m := ebiten.Monitor(); m != nil {
			mw, mh := m.Size()
			s := view.DefaultScale(mw, mh, g.lw, g.lh)
			ebiten.SetWindowSize(int(float64(g.lw)*s), int(float64(g.lh)*s))
		}
	}
	if ebiten.IsWindowBeingClosed() || g.stopped() {
		g.app.Close()
		return ebiten.Termination
	}
	g.frame++
	in := g.input()
	if i := g.frame - 1; i < len(g.o.Keys) && g.o.Keys[i] != view.KeyNone {
		in.Keys = append([]view.Key{g.o.Keys[i]}, in.Keys...)
	}
	// F11 is the window's own: full screen and back.
	keys := in.Keys[:0]
	for _, k := range in.Keys {
		if k == view.KeyF11 {
			ebiten.SetFullscreen(!ebiten.IsFullscreen())
			continue
		}
		keys = append(keys, k)
	}
	in.Keys = keys
	quit := g.app.Update(in)
	switch {
	case g.shotFrame > 0 && (quit || g.frame >= g.shotFrame):
		g.shoot = true
	case quit:
		return ebiten.Termination
	}
	return nil
}

// stopped reports whether the program was told to stop (WindowOptions.Stop).
func (g *game) stopped() bool {
	select {
	case <-g.o.Stop:
		return true
	default:
		return false
	}
}

// namedKeys are the ebiten keys with a view.Key of their own.
var namedKeys = []struct {
	k ebiten.Key
	v view.Key
}{
	{ebiten.KeyArrowUp, view.KeyUp}, {ebiten.KeyArrowDown, view.KeyDown},
	{ebiten.KeyArrowLeft, view.KeyLeft}, {ebiten.KeyArrowRight, view.KeyRight},
	{ebiten.KeyHome, view.KeyHome}, {ebiten.KeyEnd, view.KeyEnd},
	{ebiten.KeyPageUp, view.KeyPageUp}, {ebiten.KeyPageDown, view.KeyPageDown},
	{ebiten.KeyEnter, view.KeyEnter}, {ebiten.KeyNumpadEnter, view.KeyEnter},
	{ebiten.KeyEscape, view.KeyEscape}, {ebiten.KeyBackspace, view.KeyBackspace},
	{ebiten.KeyNumpad1, view.KeyKP1}, {ebiten.KeyNumpad2, view.KeyKP2}, {ebiten.KeyNumpad3, view.KeyKP3},
	{ebiten.KeyNumpad4, view.KeyKP4}, {ebiten.KeyNumpad5, view.KeyKP5}, {ebiten.KeyNumpad6, view.KeyKP6},
	{ebiten.KeyNumpad7, view.KeyKP7}, {ebiten.KeyNumpad8, view.KeyKP8}, {ebiten.KeyNumpad9, view.KeyKP9},
	{ebiten.KeyF3, view.KeyF3},
}

// ctrlKeys are the control letters play uses.
var ctrlKeys = []struct {
	k      ebiten.Key
	letter byte
}{{ebiten.KeyD, 'd'}, {ebiten.KeyP, 'p'}}

// Key repeat for named keys, in frames (printable characters repeat by
// the system's own repeat).
const (
	repeatDelay = 20
	repeatEvery = 4
)

func repeating(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d >= repeatDelay && (d-repeatDelay)%repeatEvery == 0)
}

// input reads the keyboard and mouse.
func (g *game) input() view.Input {
	var in view.Input
	if g.o.KeySource != nil {
		in.Keys = g.o.KeySource()
	} else {
		in.Keys = g.keyboard()
	}
	if p, ok := g.cellAt(ebiten.CursorPosition()); ok {
		in.Hover = &p
	}
	held := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	if g.o.ClickSource != nil {
		// The page's presses, one a frame; the button's state only
		// drags.
		g.clicks = append(g.clicks, g.o.ClickSource()...)
		if len(g.clicks) > 0 {
			c := g.clicks[0]
			g.clicks = g.clicks[1:]
			if p, ok := g.cellAt(c.X, c.Y); ok {
				in.Click = &p
				return in
			}
		}
	} else if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		if p, ok := g.cellAt(ebiten.CursorPosition()); ok {
			in.Click = &p
			return in
		}
	}
	if held {
		if p, ok := g.cellAt(ebiten.CursorPosition()); ok {
			in.Click, in.Drag = &p, true
		}
	}
	return in
}

// cellAt is the grid cell under screen pixel (x, y), as last drawn.
func (g *game) cellAt(x, y int) (view.Point, bool) {
	if g.scale == 0 || x < g.offX || y < g.offY {
		return view.Point{}, false
	}
	p := view.Point{X: int(float64(x-g.offX) / g.scale / float64(g.font.cw)), Y: int(float64(y-g.offY) / g.scale / float64(g.font.ch))}
	return p, p.X < g.grid.W && p.Y < g.grid.H
}

// Draw implements ebiten.Game: the grid is drawn at its own size, then
// scaled to the window, centred: at the scale a view.Fitter app picks
// (it chooses its grid for the window), else at the largest that fits.
func (g *game) Draw(screen *ebiten.Image) {
	g.font.build()
	sw, sh := screen.Bounds().Dx(), screen.Bounds().Dy()
	top := 0
	if g.o.Top > 0 {
		top = int(float64(g.o.Top) * deviceScale())
	}
	fitted := 0.0
	if f, ok := g.app.(view.Fitter); ok {
		fitted = f.Fit(sw, sh-top, g.font.cw, g.font.ch)
	}
	if cols, rows := g.app.Size(); cols != g.grid.W || rows != g.grid.H {
		// The app changed size (the browser's shell opened a replay):
		// a new grid and canvas, the window as it is.
		g.grid, g.lw, g.lh = view.NewGrid(cols, rows), cols*g.font.cw, rows*g.font.ch
		if g.canvas != nil {
			g.canvas.Deallocate()
			g.canvas = nil
		}
	}
	fresh := g.canvas == nil
	if fresh {
		g.canvas = ebiten.NewImage(g.lw, g.lh)
	}
	g.app.Draw(g.grid)
	// A frame like the last one is not drawn again: the screen is kept
	// (SetScreenClearedEveryFrame(false)). Most frames of a turn-based
	// game are, and drawing costs a browser's software WebGL ~100 ms.
	if !fresh && !g.shoot && sw == g.drawnW && sh == g.drawnH && slices.Equal(g.grid.Cells, g.drawn) {
		return
	}
	g.drawn = append(g.drawn[:0], g.grid.Cells...)
	g.drawnW, g.drawnH = sw, sh
	g.canvas.Fill(view.Background)
	g.font.drawGrid(g.canvas, g.grid)

	g.scale = view.FitScale(sw, sh-top, g.lw, g.lh)
	if fitted > 0 {
		g.scale = fitted
	}
	w, h := int(float64(g.lw)*g.scale), int(float64(g.lh)*g.scale)
	g.offX, g.offY = max(0, (sw-w)/2), top+max(0, (sh-top-h)/2)
	screen.Fill(view.Background)
	src, s := g.canvas, g.scale
	if k := math.Ceil(g.scale); k != g.scale {
		// A fractional scale: the grid at the whole scale above, then
		// scaled down with a linear filter.
		bw, bh := g.lw*int(k), g.lh*int(k)
		if g.big == nil || g.big.Bounds().Dx() != bw || g.big.Bounds().Dy() != bh {
			if g.big != nil {
				g.big.Deallocate()
			}
			g.big = ebiten.NewImage(bw, bh)
		}
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
		op.GeoM.Scale(k, k)
		g.big.DrawImage(g.canvas, op)
		src, s = g.big, g.scale/k
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
	if s != 1 && s != math.Trunc(s) {
		op.Filter = ebiten.FilterLinear
	}
	op.GeoM.Scale(s, s)
	op.GeoM.Translate(float64(g.offX), float64(g.offY))
	screen.DrawImage(src, op)

	if g.shoot && !g.done {
		g.err = screenshot(screen, g.o.Screenshot)
		g.done = true
	}
}

// Layout implements ebiten.Game: the screen has the window's size in
// device pixels, and Draw scales the grid itself.
func (g *game) Layout(ow, oh int) (int, int) {
	s := deviceScale()
	return int(float64(ow) * s), int(float64(oh) * s)
}

// deviceScale is the monitor's device pixels per logical pixel.
func deviceScale() float64 {
	if m := ebiten.Monitor(); m != nil {
		return m.DeviceScaleFactor()
	}
	return 1
}

// screenshot saves the screen as PNG (ReadPixels works only inside the
// game loop, EBITEN.md).
func screenshot(screen *ebiten.Image, path string) error {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	err = png.Encode(f, img)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	return nil
}

// keyboard reads the keys pressed this frame from the keyboard's state.
func (g *game) keyboard() []view.Key {
	var keys []view.Key
	keypad := false
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	if inpututil.IsKeyJustPressed(ebiten.KeyF11) {
		keys = append(keys, view.KeyF11)
	}
	for _, nk := range namedKeys {
		if repeating(nk.k) {
			v := nk.v
			if shift {
				v = v.Shifted()
			}
			keys = append(keys, v)
			keypad = keypad || (nk.v >= view.KeyKP1 && nk.v <= view.KeyKP9)
		}
	}
	if ebiten.IsKeyPressed(ebiten.KeyControl) {
		for _, ck := range ctrlKeys {
			if repeating(ck.k) {
				keys = append(keys, view.Ctrl(ck.letter))
			}
		}
	} else {
		for _, r := range ebiten.AppendInputChars(nil) {
			// With NumLock on, a keypad key also types its digit: the
			// key counts, the digit does not.
			if r >= ' ' && r <= '~' && !(keypad && r >= '0' && r <= '9') {
				keys = append(keys, view.Char(byte(r)))
			}
		}
	}
	return keys
}
