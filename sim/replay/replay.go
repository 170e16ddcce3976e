// Package replay records and re-simulates episodes (§21). A replay is a
// JSON-lines file: a header, one line per command turn with the reply and
// the SHA-256 of the observation that followed, then the result. Replaying
// runs the same seed and replies and compares every hash.
package replay

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/worldgen/script"
)

// Format and Version identify the file format.
const (
	Format  = "cogsim-replay"
	Version = 1
	// MaxLine bounds one line of a replay file.
	MaxLine = 16 << 20
	// MaxTurns bounds the turn lines of a replay, and MaxBytes the whole
	// file, so that a huge file is refused before it fills the memory.
	MaxTurns = 100_000
	MaxBytes = 256 << 20
)

// Header is a replay's first line.
type Header struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Seed    uint64 `json:"seed"`
	Rules   string `json:"rules"`
	// Mechanics are the installed mechanics with their versions, the
	// variant's first (§27.1); replaying installs them again.
	Mechanics []ecs.MechanicRef `json:"mechanics"`
	Scenario  *sim.Scenario     `json:"scenario"`
	Agent     string            `json:"agent"`
	Engine    string            `json:"engine"`
	// Obs is the hash of the first observation (before any turn).
	Obs string `json:"obs"`
	// MaxTurns and TurnTicks are the clock the run set (--turns), 0 for
	// the rules' or the scenario's; Strict is --strict (§30).
	MaxTurns  int  `json:"maxTurns,omitempty"`
	TurnTicks int  `json:"turnTicks,omitempty"`
	Strict    bool `json:"strict,omitempty"`
	// Goal is the deed that ends the episode (a task's, §35.3), if any.
	Goal string `json:"goal,omitempty"`
	// Level and Dungeon are the episode's level and dungeon scripts
	// (§38.4), whole, with their names and sha256: the replay plays
	// without the files, and Verify refuses one whose file changed
	// (CheckScripts).
	Level   *script.Script  `json:"level,omitempty"`
	Dungeon *script.Dungeon `json:"dungeon,omitempty"`
}

// Turn is one command turn: the reply, the tick after it, and the hash of
// the observation after it. An unusable reply (§20) is recorded as such.
type Turn struct {
	Turn     int    `json:"turn"`
	Reply    string `json:"reply"`
	Unusable bool   `json:"unusable,omitempty"`
	Tick     int    `json:"tick"`
	Obs      string `json:"obs"`
}

// Replay is a whole replay file.
type Replay struct {
	Header
	Turns  []Turn
	Result *sim.Result
	// settingsUnrecorded says the result line predates the results'
	// settings (maxTurns, strict, scenarioDigest): a replay written
	// before they were added still verifies, on its other fields.
	settingsUnrecorded bool
	// AnyEngine lets Play re-simulate a replay recorded by another
	// engine (its Warning says so); without it Play refuses one with an
	// *EngineError.
	AnyEngine bool
}

// EngineError refuses to re-simulate a replay of another engine (issue
// 34): replayed elsewhere, it would only "diverge at turn K".
type EngineError struct{ Recorded string }

func (e *EngineError) Error() string {
	return "replay " + sim.EngineDiff(e.Recorded) + ": a replay re-simulates only on the engine that recorded it"
}

// Config is the episode configuration the replay was recorded with. A
// mechanic the replay names and this binary lacks is refused by name.
func (r *Replay) Config() (sim.Config, error) {
	extra, err := sim.ExtraMechanics(r.Rules, r.Mechanics)
	if err != nil {
		return sim.Config{}, fmt.Errorf("replay: %w", err)
	}
	return sim.Config{Seed: r.Seed, Rules: r.Rules, Mechanics: extra, Scenario: r.Scenario, Agent: r.Agent,
		MaxTurns: r.MaxTurns, TurnTicks: r.TurnTicks, Strict: r.Strict, Goal: r.Goal,
		Level: r.Level, Dungeon: r.Dungeon}, nil
}

// CheckScripts refuses a replay whose level or dungeon script changed
// since it was recorded: a file at a recorded script's name whose
// sha256 is not the recorded one, naming the script. A file that is
// not there is no change: the replay carries each script whole.
func (r *Replay) CheckScripts() error {
	var refs []script.Ref
	if r.Level != nil {
		refs = append(refs, r.Level.Ref())
	}
	if r.Dungeon != nil {
		refs = append(refs, r.Dungeon.Refs()...)
	}
	for _, ref := range refs {
		b, err := os.ReadFile(ref.Name)
		if err != nil {
			continue
		}
		h := sha256.Sum256(b)
		if got := hex.EncodeToString(h[:]); got != ref.SHA256 {
			return fmt.Errorf("replay: the script %s changed since the replay was recorded (sha256 %.12s… now, %.12s… recorded)", ref.Name, got, ref.SHA256)
		}
	}
	return nil
}

// RulesLabel names the rules a replay was played under: the variant, and
// any extra mechanics after a "+" ("nethack + yellow-mold").
func (r *Replay) RulesLabel() string {
	label := r.Rules
	if cfg, err := r.Config(); err == nil && len(cfg.Mechanics) > 0 {
		label += " + " + strings.Join(cfg.Mechanics, ", ")
	}
	return label
}

// Hash is the hex SHA-256 of an observation.
func Hash(obs []byte) string {
	h := sha256.Sum256(obs)
	return hex.EncodeToString(h[:])
}

// Recorder writes an episode's replay as it is played: it records,
// never drives. The caller that plays each turn tells it what it played
// ([Recorder.Played]; play.Record makes it an observer of play.Run).
// Every line is flushed at once, so an interrupted run keeps what it
// played.
type Recorder struct {
	Sim  *sim.Sim
	w    *bufio.Writer
	turn int
	err  error
}

// NewRecorder starts recording s to w (the header is written at once).
func NewRecorder(s *sim.Sim, w io.Writer) (*Recorder, error) {
	cfg := s.Config()
	rec := &Recorder{Sim: s, w: bufio.NewWriter(w)}
	h := Header{Format: Format, Version: Version, Seed: cfg.Seed, Rules: cfg.Rules, Mechanics: s.Mechanics(), Scenario: cfg.Scenario,
		Agent: cfg.Agent, Engine: sim.Fingerprint(), Obs: Hash(s.Observe()),
		MaxTurns: cfg.MaxTurns, TurnTicks: cfg.TurnTicks, Strict: cfg.Strict, Goal: cfg.Goal,
		Level: cfg.Level, Dungeon: cfg.Dungeon}
	return rec, rec.line(h)
}

// ResumeRecorder carries on recording s to w after turns recorded
// turns (a replay kept in a saved game, its header already written).
func ResumeRecorder(s *sim.Sim, w io.Writer, turns int) *Recorder {
	return &Recorder{Sim: s, w: bufio.NewWriter(w), turn: turns}
}

// Played records a command turn with reply that the caller played on
// the Sim (s.Turn(reply), or an action by index, §35.4).
func (r *Recorder) Played(reply string) error { return r.record(Turn{Reply: reply}) }

// PlayedUnusable records a command turn of an unusable reply
// (s.TurnUnusable()).
func (r *Recorder) PlayedUnusable() error { return r.record(Turn{Unusable: true}) }

func (r *Recorder) record(t Turn) error {
	r.turn++
	t.Turn, t.Tick, t.Obs = r.turn, r.Sim.State().Clock.Tick, Hash(r.Sim.Observe())
	return r.line(t)
}

// Finish writes the result line.
func (r *Recorder) Finish() error {
	res := r.Sim.Result()
	return r.line(struct {
		Result sim.Result `json:"result"`
	}{res})
}

func (r *Recorder) line(v any) error {
	if r.err != nil {
		return r.err
	}
	b, err := json.Marshal(v)
	if err == nil {
		b = append(b, '\n')
		_, err = r.w.Write(b)
	}
	if err == nil {
		err = r.w.Flush()
	}
	r.err = err
	return err
}

// Load reads a replay file.
func Load(path string) (*Replay, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	r, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", path, err)
	}
	return r, nil
}

// Read parses a replay, refusing a corrupt or truncated one with the line
// number and the reason.
func Read(in io.Reader) (*Replay, error) { return read(in, false) }

// ReadUnfinished parses the replay of a game still under way (a saved
// game's, §24): as Read, but the result line may be missing.
func ReadUnfinished(in io.Reader) (*Replay, error) { return read(in, true) }

func read(in io.Reader, unfinished bool) (*Replay, error) {
	limited := &io.LimitedReader{R: in, N: MaxBytes + 1}
	br := bufio.NewReaderSize(limited, 64<<10)
	rep := &Replay{}
	for n := 1; ; n++ {
		line, err := readLine(br)
		if err == io.EOF {
			if n == 1 {
				return nil, errors.New("line 1: empty file, no header")
			}
			if rep.Result == nil && !unfinished {
				return nil, fmt.Errorf("line %d: truncated: the file ends before the result line", n)
			}
			return rep, nil
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if limited.N <= 0 {
			return nil, fmt.Errorf("line %d: the file is larger than %d bytes", n, MaxBytes)
		}
		if rep.Result != nil {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			return nil, fmt.Errorf("line %d: data after the result line", n)
		}
		if n == 1 {
			if err := strict(line, &rep.Header); err != nil {
				return nil, fmt.Errorf("line 1: not a replay header: %w", err)
			}
			if rep.Format != Format {
				return nil, fmt.Errorf("line 1: format %q, want %q", rep.Format, Format)
			}
			if rep.Version != Version {
				return nil, fmt.Errorf("line 1: replay version %d, this engine reads %d", rep.Version, Version)
			}
			if err := present(line, "seed", "rules", "mechanics", "agent", "engine", "obs"); err != nil {
				return nil, fmt.Errorf("line 1: not a replay header: %w", err)
			}
			if rep.Scenario != nil {
				if err := rep.Scenario.Check(); err != nil {
					return nil, fmt.Errorf("line 1: scenario: %w", err)
				}
			}
			continue
		}
		if bytes.Contains(line, []byte(`"result"`)) && !bytes.Contains(line, []byte(`"turn"`)) {
			var end struct {
				Result *sim.Result `json:"result"`
			}
			if err := strict(line, &end); err != nil || end.Result == nil {
				return nil, fmt.Errorf("line %d: not a result line: %v", n, err)
			}
			if end.Result.Turns != len(rep.Turns) {
				return nil, fmt.Errorf("line %d: the result says %d turns, the replay has %d", n, end.Result.Turns, len(rep.Turns))
			}
			rep.Result = end.Result
			rep.settingsUnrecorded = !bytes.Contains(line, []byte(`"maxTurns"`))
			continue
		}
		var t Turn
		if err := strict(line, &t); err != nil {
			return nil, fmt.Errorf("line %d: not a turn line: %w", n, err)
		}
		if err := present(line, "turn", "reply", "tick", "obs"); err != nil {
			return nil, fmt.Errorf("line %d: not a turn line: %w", n, err)
		}
		if len(rep.Turns) == MaxTurns {
			return nil, fmt.Errorf("line %d: more than %d turns", n, MaxTurns)
		}
		if t.Turn != len(rep.Turns)+1 {
			return nil, fmt.Errorf("line %d: turn %d where turn %d was expected", n, t.Turn, len(rep.Turns)+1)
		}
		if len(t.Obs) != 64 {
			return nil, fmt.Errorf("line %d: obs is not a SHA-256 hex digest", n)
		}
		rep.Turns = append(rep.Turns, t)
	}
}

// readLine reads one line of at most MaxLine bytes.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > MaxLine {
			return nil, fmt.Errorf("line longer than %d bytes", MaxLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(line) > 0 {
			return bytes.TrimRight(line, "\r\n"), nil
		}
		if err != nil {
			return nil, err
		}
		return bytes.TrimRight(line, "\r\n"), nil
	}
}

// present checks that the JSON object line has each field of names:
// what a writer always writes, whose zero value a reader cannot tell
// from its absence (a seed 0, a reply "").
func present(line []byte, names ...string) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil {
		return err
	}
	for _, name := range names {
		if _, ok := fields[name]; !ok {
			return fmt.Errorf("no %q field", name)
		}
	}
	return nil
}

func strict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

// Mismatch is where a re-simulation first differs from the replay.
type Mismatch struct {
	Turn      int // 0: the first observation
	Want, Got string
	WantTick  int
	GotTick   int
}

func (m *Mismatch) Error() string {
	if m.Turn == 0 {
		return "the first observation differs from the recorded one"
	}
	if m.WantTick != m.GotTick {
		return fmt.Sprintf("turn %d diverges: tick %d, recorded %d", m.Turn, m.GotTick, m.WantTick)
	}
	return fmt.Sprintf("turn %d diverges: observation hash %.12s…, recorded %.12s…", m.Turn, m.Got, m.Want)
}

// Warning says the replay was recorded by another engine version or with
// other versions of its mechanics, or "".
func (r *Replay) Warning() string {
	var parts []string
	if d := sim.EngineDiff(r.Engine); d != "" {
		parts = append(parts, "replay "+d+": it may diverge")
	}
	parts = append(parts, sim.VersionWarnings(r.Mechanics)...)
	return strings.Join(parts, "; ")
}

// Play re-simulates the replay, calling visit (when not nil) with each
// turn number and the observation after it (turn 0: the first). It stops
// at the first difference from the recorded hashes and returns it as a
// *Mismatch; after the last turn the result must match too.
func (r *Replay) Play(visit func(turn int, obs []byte) bool) error {
	if visit == nil {
		return r.PlaySim(nil)
	}
	return r.PlaySim(func(turn int, s *sim.Sim) bool { return visit(turn, s.Observe()) })
}

// PlaySim is Play with the episode itself shown to visit after each turn.
func (r *Replay) PlaySim(visit func(turn int, s *sim.Sim) bool) error {
	if sim.EngineDiff(r.Engine) != "" && !r.AnyEngine {
		return &EngineError{Recorded: r.Engine}
	}
	if err := r.CheckScripts(); err != nil {
		return err
	}
	cfg, err := r.Config()
	if err != nil {
		return err
	}
	s, err := sim.New(cfg)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	if Hash(s.Observe()) != r.Obs {
		return &Mismatch{Turn: 0, Want: r.Obs, Got: Hash(s.Observe())}
	}
	if visit != nil && !visit(0, s) {
		return nil
	}
	for _, t := range r.Turns {
		if s.Done() {
			return fmt.Errorf("replay: turn %d recorded after the episode ended", t.Turn)
		}
		if t.Unusable {
			s.TurnUnusable()
		} else {
			s.Turn(t.Reply)
		}
		got := Hash(s.Observe())
		tick := s.State().Clock.Tick
		if got != t.Obs || tick != t.Tick {
			return &Mismatch{Turn: t.Turn, Want: t.Obs, Got: got, WantTick: t.Tick, GotTick: tick}
		}
		if visit != nil && !visit(t.Turn, s) {
			return nil
		}
	}
	if r.Result == nil {
		return nil
	}
	if !s.Done() {
		// An agent that went away ends its episode early (§20).
		if !slices.Contains(AgentCauses, r.Result.Cause) {
			return fmt.Errorf("replay: the episode is not over after the last turn, %d, but the result says it ended (%q)", len(r.Turns), r.Result.Cause)
		}
		s.Disconnect(r.Result.Cause)
	}
	got := s.Result()
	// The engine was checked (or waived) before the first turn.
	got.Engine = r.Result.Engine
	if r.settingsUnrecorded {
		got.MaxTurns, got.Strict, got.ScenarioDigest = r.Result.MaxTurns, r.Result.Strict, r.Result.ScenarioDigest
	}
	if field := Differ(got, *r.Result); field != "" {
		return fmt.Errorf("replay: the result differs: %s", field)
	}
	return nil
}

// AgentCauses are the causes of an episode its agent cut short (§20): a
// replay's last turn may leave the episode running only with one of them.
var AgentCauses = []string{"disconnected", "timeout"}

// Differ names the first field in which the re-simulated result got
// differs from the recorded want, with both values ("parts.gold: 12,
// recorded 40"), or returns "" when they are equal.
func Differ(got, want sim.Result) string {
	return differ("", reflect.ValueOf(got), reflect.ValueOf(want))
}

func differ(path string, got, want reflect.Value) string {
	switch got.Kind() {
	case reflect.Struct:
		for i := range got.NumField() {
			f := got.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = f.Name
			}
			if d := differ(join(path, name), got.Field(i), want.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		for i := range min(got.Len(), want.Len()) {
			if d := differ(fmt.Sprintf("%s[%d]", path, i), got.Index(i), want.Index(i)); d != "" {
				return d
			}
		}
		if got.Len() != want.Len() {
			return fmt.Sprintf("%s: %d entries, recorded %d", path, got.Len(), want.Len())
		}
		return ""
	}
	if got.Interface() != want.Interface() {
		return fmt.Sprintf("%s: %s, recorded %s", path, show(got), show(want))
	}
	return ""
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func show(v reflect.Value) string {
	b, err := json.Marshal(v.Interface())
	if err != nil {
		return fmt.Sprint(v.Interface())
	}
	return string(b)
}

// Observation re-simulates up to turn k and returns the observation after
// it (k = 0: the first).
func (r *Replay) Observation(k int) ([]byte, error) {
	if k < 0 || k > len(r.Turns) {
		return nil, fmt.Errorf("replay: no turn %d (the replay has turns 0…%d)", k, len(r.Turns))
	}
	var out []byte
	err := r.Play(func(turn int, obs []byte) bool {
		if turn == k {
			out = append([]byte(nil), obs...)
			return false
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
