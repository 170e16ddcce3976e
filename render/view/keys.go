package view

import (
	"fmt"
	"strings"
)

// Key is one key press: a printable ASCII character (its own code), a
// control letter ([Ctrl]) or a named key (arrows, the keypad …). Front
// ends turn their input into Keys; tests and --keys scripts write them by
// name ([ParseKeys]).
type Key uint16

// The named keys.
const (
	KeyUp Key = 0x100 + iota
	KeyDown
	KeyLeft
	KeyRight
	KeyHome
	KeyEnd
	KeyPageUp
	KeyPageDown
	KeyEnter
	KeyEscape
	KeyBackspace
	KeyKP1 // the keypad's 1 … 9 follow in order
	KeyKP2
	KeyKP3
	KeyKP4
	KeyKP5
	KeyKP6
	KeyKP7
	KeyKP8
	KeyKP9
	KeyF3  // the profiler overlay
	KeyF11 // full screen: the window's own, never given to an app
	// Shift and an arrow: run (§22).
	KeyShiftUp
	KeyShiftDown
	KeyShiftLeft
	KeyShiftRight
	// KeyNone is no key: in a --keys script, a frame in which nothing
	// is pressed (a command under way goes on).
	KeyNone
)

const ctrlBase Key = 0x200

// Shifted is k with Shift held: an arrow runs (§22); other keys are
// themselves (a shifted letter is already its capital).
func (k Key) Shifted() Key {
	if k >= KeyUp && k <= KeyRight {
		return KeyShiftUp + (k - KeyUp)
	}
	return k
}

// Char is the key of the printable character ch.
func Char(ch byte) Key { return Key(ch) }

// Ctrl is the key of Ctrl and a letter (Ctrl('d') is ^D).
func Ctrl(letter byte) Key {
	if letter >= 'A' && letter <= 'Z' {
		letter += 'a' - 'A'
	}
	return ctrlBase | Key(letter)
}

// Printable reports the key's character when it is a printable one.
func (k Key) Printable() (byte, bool) {
	if k >= ' ' && k <= '~' {
		return byte(k), true
	}
	return 0, false
}

var keyNames = map[Key]string{
	' ': "space", KeyUp: "up", KeyDown: "down", KeyLeft: "left", KeyRight: "right",
	KeyHome: "home", KeyEnd: "end", KeyPageUp: "pgup", KeyPageDown: "pgdn",
	KeyEnter: "enter", KeyEscape: "esc", KeyBackspace: "backspace",
	KeyKP1: "kp1", KeyKP2: "kp2", KeyKP3: "kp3", KeyKP4: "kp4", KeyKP5: "kp5",
	KeyKP6: "kp6", KeyKP7: "kp7", KeyKP8: "kp8", KeyKP9: "kp9",
	KeyF3: "f3", KeyF11: "f11", KeyShiftUp: "s-up", KeyShiftDown: "s-down", KeyShiftLeft: "s-left", KeyShiftRight: "s-right",
	KeyNone: "none",
}

// String names the key as [ParseKey] reads it: "l", ">", "space", "up",
// "kp7", "^D".
func (k Key) String() string {
	if n, ok := keyNames[k]; ok {
		return n
	}
	if ch, ok := k.Printable(); ok {
		return string(ch)
	}
	if k&^0xff == ctrlBase {
		return "^" + strings.ToUpper(string(byte(k)))
	}
	return fmt.Sprintf("key(%#x)", uint16(k))
}

// ParseKey reads one key name: a single printable character, a named key
// ("space", "up", "down", "left", "right", "home", "end", "pgup", "pgdn",
// "enter", "esc", "backspace", "kp1" … "kp9", "f3", "f11", "s-up", "s-down",
// "s-left", "s-right", "none": a frame without a key), or a control
// letter ("^D", "C-d", "ctrl-d").
func ParseKey(name string) (Key, error) {
	if len(name) == 1 {
		if k, ok := Char(name[0]).Printable(); ok {
			return Key(k), nil
		}
	}
	lower := strings.ToLower(name)
	for k, n := range keyNames {
		if n == lower {
			return k, nil
		}
	}
	for _, prefix := range []string{"^", "c-", "ctrl-", "ctrl+"} {
		if rest, ok := strings.CutPrefix(lower, prefix); ok && len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z' {
			return Ctrl(rest[0]), nil
		}
	}
	if lower == "escape" || lower == "return" {
		return map[string]Key{"escape": KeyEscape, "return": KeyEnter}[lower], nil
	}
	return 0, fmt.Errorf("unknown key %q", name)
}

// ParseKeys reads a whitespace-separated key script such as "l l j ^D h".
func ParseKeys(script string) ([]Key, error) {
	var keys []Key
	for _, f := range strings.Fields(script) {
		k, err := ParseKey(f)
		if err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, nil
}
