package view

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// FileOptions are cogplay's options file (NetHack's .nethackrc in
// spirit): one option a line, "#" comments.
//
//	name = Ada          # the player's name in the record
//	numpad = yes        # the digits move (NetHack's number_pad)
//	bind o = x          # the key o does what x does (key names as --keys)
//	pace = 1            # ticks a count, run, travel or explore plays a
//	                    # frame (0, the default: as fast as the engine)
type FileOptions struct {
	Name      string
	NumberPad *bool
	Bind      map[Key]Key
	Pace      *int
}

// ParseOptions reads an options file; an error names the line and what
// is wrong with it.
func ParseOptions(r io.Reader) (FileOptions, error) {
	var o FileOptions
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			return o, fmt.Errorf("line %d: %q is not \"option = value\"", n, line)
		}
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		switch {
		case name == "name":
			if value == "" || len(value) > 32 || strings.ContainsAny(value, " \t") {
				return o, fmt.Errorf("line %d: name: one word of 1 to 32 characters", n)
			}
			o.Name = value
		case name == "numpad":
			switch strings.ToLower(value) {
			case "yes", "on", "true", "1":
				o.NumberPad = ptrTo(true)
			case "no", "off", "false", "0":
				o.NumberPad = ptrTo(false)
			default:
				return o, fmt.Errorf("line %d: numpad: yes or no, not %q", n, value)
			}
		case name == "pace":
			pace, err := strconv.Atoi(value)
			if err != nil || pace < 0 || pace > 10000 {
				return o, fmt.Errorf("line %d: pace: a number of ticks a frame, 0 (as fast as the engine) to 10000, not %q", n, value)
			}
			o.Pace = &pace
		case strings.HasPrefix(name, "bind "):
			from, err := ParseKey(strings.TrimSpace(strings.TrimPrefix(name, "bind ")))
			if err != nil {
				return o, fmt.Errorf("line %d: bind: %v", n, err)
			}
			to, err := ParseKey(value)
			if err != nil {
				return o, fmt.Errorf("line %d: bind: %v", n, err)
			}
			if _, ok := PlayBinding(to); !ok {
				if _, run := RunOf(to); !run {
					return o, fmt.Errorf("line %d: bind: %s is not a command of cogplay", n, to)
				}
			}
			if o.Bind == nil {
				o.Bind = map[Key]Key{}
			}
			o.Bind[from] = to
		default:
			return o, fmt.Errorf("line %d: unknown option %q (name, numpad, pace, bind KEY)", n, name)
		}
	}
	return o, sc.Err()
}

func ptrTo[T any](v T) *T { return &v }
