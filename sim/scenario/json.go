package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	c "github.com/cogsim/cogsim/components"
)

// explicitZeros refuses a 0 written out where the field's range starts
// at 1: depth, the clock's maxTurns and turnTicks, a count. Left out,
// such a field takes its default; written as 0 it is a mistake, which
// the Scenario's ints cannot tell from leaving it out.
func explicitZeros(data []byte) error {
	type counted struct {
		Count *int `json:"count"`
	}
	var z struct {
		Depth *int `json:"depth"`
		Clock *struct {
			MaxTurns  *int `json:"maxTurns"`
			TurnTicks *int `json:"turnTicks"`
		} `json:"clock"`
		Items []counted `json:"items"`
		Cog   *struct {
			Inventory []counted `json:"inventory"`
		} `json:"cog"`
	}
	if json.Unmarshal(data, &z) != nil {
		return nil // the decoding proper has said what is wrong
	}
	zero := func(v *int) bool { return v != nil && *v == 0 }
	switch {
	case zero(z.Depth):
		return fmt.Errorf("depth: 0 is out of range 1…%d (leave it out for 1)", MaxDepth)
	case z.Clock != nil && zero(z.Clock.MaxTurns):
		return fmt.Errorf("clock.maxTurns: 0 is out of range 1…%d (leave it out for the rules' clock)", MaxClockTurns)
	case z.Clock != nil && zero(z.Clock.TurnTicks):
		return fmt.Errorf("clock.turnTicks: 0 is out of range 1…%d (leave it out for the rules' 40)", c.MaxQueue)
	}
	for i, it := range z.Items {
		if zero(it.Count) {
			return fmt.Errorf("items[%d].count: 0 is out of range 1…%d (leave it out for 1)", i, maxNumber)
		}
	}
	if z.Cog != nil {
		for i, st := range z.Cog.Inventory {
			if zero(st.Count) {
				return fmt.Errorf("cog.inventory[%d].count: 0 is out of range 1…%d (leave it out for 1)", i, maxNumber)
			}
		}
	}
	return nil
}

// jsonError turns a decoding error into one that names a line or field.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: not valid JSON: %v", line, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("field %q: expected %s, found %s", fieldAt(data, te), te.Type, te.Value)
	}
	return fmt.Errorf("not a scenario: %v", err)
}

// frame is a container open at a point of a JSON text: an array and the
// index of its value under way, or an object and the key of its.
type frame struct {
	array  bool
	key    string
	index  int
	hasKey bool
}

// jsonPath is where a point of a JSON text is: the containers open there,
// outermost first.
type jsonPath []frame

// String is the path with its list indices ("items[0].at").
func (p jsonPath) String() string {
	var b strings.Builder
	for _, f := range p {
		switch {
		case f.array:
			fmt.Fprintf(&b, "[%d]", f.index)
		case b.Len() > 0:
			b.WriteString("." + f.key)
		default:
			b.WriteString(f.key)
		}
	}
	return b.String()
}

// done moves past a finished value in the container holding it.
func (p jsonPath) done() {
	if n := len(p); n > 0 {
		if p[n-1].array {
			p[n-1].index++
		} else {
			p[n-1].hasKey = false
		}
	}
}

// bare is path p without its list indices, as a type error names a
// field ("items.at").
func bare(p string) string {
	var b strings.Builder
	for len(p) > 0 {
		i := strings.IndexByte(p, '[')
		if i < 0 {
			b.WriteString(p)
			break
		}
		b.WriteString(p[:i])
		j := strings.IndexByte(p[i:], ']')
		if j < 0 {
			break
		}
		p = p[i+j+1:]
	}
	return b.String()
}

// fieldAt names the field of a type error with its list indices
// ("items[0].at", where the error says "items.at"): the last value that
// began before the error's offset and has that path.
func fieldAt(data []byte, te *json.UnmarshalTypeError) string {
	var stack jsonPath
	found := te.Field
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.InputOffset() < te.Offset {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if n := len(stack); n > 0 && !stack[n-1].array && !stack[n-1].hasKey {
			if key, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].hasKey = key, true
				continue
			}
		}
		if p := stack.String(); p != "" && bare(p) == te.Field {
			found = p
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{})
		case json.Delim('['):
			stack = append(stack, frame{array: true})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			stack.done()
		default:
			stack.done()
		}
	}
	return found
}
