package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/atomicfile"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
)

// maxField bounds each string and extra value of a trajectory line.
const maxField = 64 << 10

// trajectory writes an episode's JSONL trajectory (--log DIR, §30): a
// header, one line per command turn with the observation answered, the
// reply, the agent's extra fields verbatim and how the reply was read,
// and the result.
type trajectory struct {
	f   *atomicfile.File
	w   *bufio.Writer
	err error
}

type trajHeader struct {
	Type      string            `json:"type"`
	Seed      uint64            `json:"seed"`
	Rules     string            `json:"rules"`
	Mechanics []ecs.MechanicRef `json:"mechanics"`
	Agent     string            `json:"agent"`
	Scenario  *string           `json:"scenario"`
	Strict    bool              `json:"strict"`
	MaxTurns  int               `json:"maxTurns"`
}

type trajTurn struct {
	Turn      int                        `json:"turn"`
	Obs       string                     `json:"obs"`
	Reply     *string                    `json:"reply"`
	Raw       *string                    `json:"raw,omitempty"`
	Extra     map[string]json.RawMessage `json:"extra,omitempty"`
	Unusable  bool                       `json:"unusable"`
	Ignored   string                     `json:"ignored"`
	Truncated []string                   `json:"truncated,omitempty"`
}

type trajEnd struct {
	Type   string     `json:"type"`
	Obs    string     `json:"obs"`
	Result sim.Result `json:"result"`
}

// newTrajectory creates DIR/seed-N.jsonl and writes its header.
func newTrajectory(dir string, s *sim.Sim) (*trajectory, error) {
	cfg := s.Config()
	path := filepath.Join(dir, fmt.Sprintf("seed-%d.jsonl", cfg.Seed))
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return nil, err
	}
	t := &trajectory{f: f, w: bufio.NewWriterSize(f, 32<<10)}
	h := trajHeader{Type: "header", Seed: cfg.Seed, Rules: cfg.Rules, Mechanics: s.Mechanics(), Agent: cfg.Agent,
		Strict: cfg.Strict, MaxTurns: s.State().Clock.MaxTurns}
	if cfg.Scenario != nil {
		h.Scenario = &cfg.Scenario.Name
	}
	t.line(h)
	if t.err != nil {
		f.Abort()
		return nil, t.err
	}
	return t, nil
}

func (t *trajectory) line(v any) {
	if t.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err == nil {
		b = append(b, '\n')
		_, err = t.w.Write(b)
	}
	t.err = err
}

// bound cuts s to maxField bytes on a rune boundary.
func bound(s string, name string, cut *[]string) string {
	if len(s) <= maxField {
		return s
	}
	i := maxField
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	*cut = append(*cut, name)
	return s[:i]
}

// turn records a command turn: obs is the observation the reply
// answered; for a built-in agent reply is its reply and line nil, for an
// outside agent line is what it sent (nil: too long to read).
func (t *trajectory) turn(turn int, obs []byte, reply *string, line []byte, s *sim.Sim) {
	tt := trajTurn{Turn: turn, Unusable: s.Unusable(), Ignored: s.Ignored()}
	tt.Obs = bound(string(obs), "obs", &tt.Truncated)
	if line != nil {
		if r, ok := protocol.ParseReply(line); ok {
			reply = &r
			var fields map[string]json.RawMessage
			if json.Unmarshal(line, &fields) == nil {
				delete(fields, "reply")
				tt.extra(fields)
			}
		} else {
			raw := bound(string(line), "raw", &tt.Truncated)
			tt.Raw = &raw
		}
	}
	if reply != nil {
		r := bound(*reply, "reply", &tt.Truncated)
		tt.Reply = &r
	}
	t.line(tt)
}

// extra keeps an agent's extra reply fields, each bounded: one longer
// than 64 KiB is kept as its first 64 KiB, as a string.
func (tt *trajTurn) extra(fields map[string]json.RawMessage) {
	for k, v := range fields {
		if len(v) > maxField {
			i := maxField
			for i > 0 && !utf8.RuneStart(v[i]) {
				i--
			}
			fields[k], _ = json.Marshal(string(v[:i]))
			tt.Truncated = append(tt.Truncated, "extra."+k)
		}
	}
	slices.Sort(tt.Truncated)
	if len(fields) > 0 {
		tt.Extra = fields
	}
}

// modelTurn records a command turn of an LLM agent (§36.2): the reply
// played (nil: unusable) and what the agent says of the turn — its
// reasoning, the API's usage — as extra fields.
func (t *trajectory) modelTurn(turn int, obs []byte, reply *string, extra map[string]any, s *sim.Sim) {
	tt := trajTurn{Turn: turn, Unusable: s.Unusable(), Ignored: s.Ignored()}
	tt.Obs = bound(string(obs), "obs", &tt.Truncated)
	if reply != nil {
		r := bound(*reply, "reply", &tt.Truncated)
		tt.Reply = &r
	}
	fields := make(map[string]json.RawMessage, len(extra))
	for k, v := range extra {
		if b, err := json.Marshal(v); err == nil {
			fields[k] = b
		}
	}
	tt.extra(fields)
	t.line(tt)
}

// end writes the result and puts the file in place, whole (§30): a
// trajectory is never seen half written.
func (t *trajectory) end(s *sim.Sim, res sim.Result) error {
	t.line(trajEnd{Type: "result", Obs: string(s.Observe()), Result: res})
	if t.err == nil {
		t.err = t.w.Flush()
	}
	if t.err != nil {
		t.f.Abort()
		return t.err
	}
	t.err = t.f.Commit()
	return t.err
}

// discard drops the file (an episode cut short or failed); the file of
// a previous run of the seed, if any, stays.
func (t *trajectory) discard() { t.f.Abort() }
