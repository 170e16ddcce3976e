package play

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
)

// MaxField bounds each string and extra value of a trajectory line.
const MaxField = 64 << 10

// Trajectory writes an episode's JSONL trajectory (--log DIR, §30) as
// it is played, an [Observer]: a header, one line per command turn with
// the observation answered, the reply, the agent's extra fields verbatim
// and how the reply was read, and the result. The file is put in place
// whole when the episode ends ([Trajectory.End]); [Trajectory.Discard]
// drops one cut short.
type Trajectory struct {
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

// NewTrajectory creates DIR/seed-N.jsonl and writes its header.
func NewTrajectory(dir string, s *sim.Sim) (*Trajectory, error) {
	cfg := s.Config()
	path := filepath.Join(dir, fmt.Sprintf("seed-%d.jsonl", cfg.Seed))
	f, err := atomicfile.Create(path, 0o644)
	if err != nil {
		return nil, err
	}
	t := &Trajectory{f: f, w: bufio.NewWriterSize(f, 32<<10)}
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

func (t *Trajectory) line(v any) {
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

// bound cuts s to MaxField bytes on a rune boundary.
func bound(s string, name string, cut *[]string) string {
	if len(s) <= MaxField {
		return s
	}
	i := MaxField
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	*cut = append(*cut, name)
	return s[:i]
}

// Turn implements Observer: it writes the turn's line — the reply
// played (none when it was unusable, with the line as received when
// there was one), and what the agent said of the turn beside it.
func (t *Trajectory) Turn(s *sim.Sim, pt *Turn) error {
	tt := trajTurn{Turn: pt.Turn, Unusable: s.State().Reply.Unusable, Ignored: s.State().Reply.Ignored}
	tt.Obs = bound(string(pt.Before), "obs", &tt.Truncated)
	switch {
	case !pt.Unusable:
		r := bound(pt.Text, "reply", &tt.Truncated)
		tt.Reply = &r
	case pt.Raw != nil:
		raw := bound(string(pt.Raw), "raw", &tt.Truncated)
		tt.Raw = &raw
	}
	if pt.Extra != nil {
		fields := make(map[string]json.RawMessage, len(pt.Extra))
		for k, v := range pt.Extra {
			fields[k] = v
		}
		tt.extra(fields)
	}
	t.line(tt)
	return nil
}

// extra keeps an agent's extra reply fields, each bounded: one longer
// than 64 KiB is kept as its first 64 KiB, as a string.
func (tt *trajTurn) extra(fields map[string]json.RawMessage) {
	for k, v := range fields {
		if len(v) > MaxField {
			i := MaxField
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

// End implements Observer: it writes the result and puts the file in
// place, whole (§30): a trajectory is never seen half written.
func (t *Trajectory) End(s *sim.Sim, res sim.Result) error {
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

// Discard drops the file (an episode cut short or failed); the file of
// a previous run of the seed, if any, stays.
func (t *Trajectory) Discard() { t.f.Abort() }
