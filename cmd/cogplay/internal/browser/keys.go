package browser

import (
	"image"
	"strings"
	"sync"

	"github.com/cogsim/cogsim/render/view"
)

// KeyEvent is the part of a browser's keydown event that names the key:
// its key and code properties and the modifiers held.
type KeyEvent struct {
	Key, Code              string
	Ctrl, Shift, Alt, Meta bool
}

// namedCodes are the keys that have a view.Key of their own, by their
// code (the key's place on the keyboard, whatever the layout).
var namedCodes = map[string]view.Key{
	"ArrowUp": view.KeyUp, "ArrowDown": view.KeyDown, "ArrowLeft": view.KeyLeft, "ArrowRight": view.KeyRight,
	"Home": view.KeyHome, "End": view.KeyEnd, "PageUp": view.KeyPageUp, "PageDown": view.KeyPageDown,
	"Enter": view.KeyEnter, "NumpadEnter": view.KeyEnter, "Escape": view.KeyEscape, "Backspace": view.KeyBackspace,
	"Numpad1": view.KeyKP1, "Numpad2": view.KeyKP2, "Numpad3": view.KeyKP3, "Numpad4": view.KeyKP4,
	"Numpad5": view.KeyKP5, "Numpad6": view.KeyKP6, "Numpad7": view.KeyKP7, "Numpad8": view.KeyKP8,
	"Numpad9": view.KeyKP9, "F3": view.KeyF3, "F11": view.KeyF11,
}

// KeyOf is the view.Key of a keydown event, as the desktop window reads
// the same key (render/gfx): the named keys by their code (a keypad key
// is the keypad's, NumLock or not), Shift and an arrow runs, Ctrl and a
// letter is a control key, and any other key that types one printable
// character is that character. Keys held with Alt or Meta are the
// browser's.
func KeyOf(e KeyEvent) (view.Key, bool) {
	if e.Alt || e.Meta {
		return 0, false
	}
	if k, ok := namedCodes[e.Code]; ok {
		if e.Shift {
			k = k.Shifted()
		}
		return k, true
	}
	if e.Ctrl {
		if letter, ok := strings.CutPrefix(e.Code, "Key"); ok && len(letter) == 1 {
			return view.Ctrl(letter[0]), true
		}
		return 0, false
	}
	if len(e.Key) == 1 && e.Key[0] >= ' ' && e.Key[0] <= '~' {
		return view.Char(e.Key[0]), true
	}
	return 0, false
}

// queue is what the page's events leave for the game loop: pushed by
// the page's callbacks, taken once a frame.
type queue[T any] struct {
	mu    sync.Mutex
	items []T
}

func (q *queue[T]) push(v T) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = append(q.items, v)
}

// Take returns what was queued since the last call, oldest first.
func (q *queue[T]) Take() []T {
	q.mu.Lock()
	defer q.mu.Unlock()
	items := q.items
	q.items = nil
	return items
}

// Keys is the queue of the page's key presses, read once a frame. The
// browser build takes its keys from the page's keydown events rather
// than from ebiten's key states: a state is read once a frame, so a
// press shorter than a frame (a quick tap on a slow machine) would be
// lost, and the order of keys typed within one frame with it.
type Keys struct{ queue[view.Key] }

// Push queues the key of a keydown event; it reports whether the event
// was one of cogplay's keys (the page then keeps it from the browser).
func (q *Keys) Push(e KeyEvent) bool {
	k, ok := KeyOf(e)
	if ok {
		q.push(k)
	}
	return ok
}

// Clicks is the queue of the left button's presses on the canvas, in
// screen pixels, read once a frame, for the reason Keys is.
type Clicks struct{ queue[image.Point] }

// Push queues a press at CSS pixel (x, y) on a screen of scale device
// pixels to the CSS pixel.
func (q *Clicks) Push(x, y, scale float64) {
	q.push(image.Pt(int(x*scale), int(y*scale)))
}

// PushName queues the key named name as --keys names it ("h", "esc",
// "^P"): the page's touch controls press keys this way. It reports
// whether the name is a key.
func (q *Keys) PushName(name string) bool {
	k, err := view.ParseKey(name)
	if err == nil {
		q.push(k)
	}
	return err == nil
}
