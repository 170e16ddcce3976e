package sim

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim/scenario"
)

// Result is the record of an episode (§16).
type Result struct {
	Seed  uint64 `json:"seed"`
	Agent string `json:"agent"`
	Rules string `json:"rules"`
	// Mechanics are the installed mechanics with their versions, the
	// variant's first (§27.1).
	Mechanics []ecs.MechanicRef `json:"mechanics"`
	// Engine is the [Fingerprint] of the engine that played the episode
	// (issue 34); results written before it have none.
	Engine   string   `json:"engine,omitempty"`
	Scenario string   `json:"scenario,omitempty"`
	Score    int      `json:"score"`
	Parts    Parts    `json:"parts"`
	Deeds    []c.Deed `json:"deeds"`
	Cause    string   `json:"cause"`
	MaxDepth int      `json:"maxDepth"`
	Ticks    int      `json:"ticks"`
	Turns    int      `json:"turns"`
	// Unusable counts the replies that could not be used at all (not
	// JSON, no reply; under Strict, any unknown token) and Ignored the
	// usable replies that skipped a token (§30). Neither is in the score.
	Unusable int `json:"unusable"`
	Ignored  int `json:"ignored"`
	// MaxTurns is the clock's length in command turns (--turns, the
	// scenario's clock or the rules' 55) and Strict is --strict: with
	// ScenarioDigest they say what the episode was played under, so
	// that results of other settings are not merged (issue 25).
	MaxTurns int  `json:"maxTurns"`
	Strict   bool `json:"strict"`
	// ScenarioDigest identifies the scenario, named or not:
	// "sha256:" and the first 16 hex digits of the SHA-256 of its JSON
	// encoding; "" without a scenario.
	ScenarioDigest string `json:"scenarioDigest,omitempty"`
	// Tokens are the model's token counts over the episode (§36): the
	// API's usage summed over every request of an LLM agent. The engine
	// does not know them: the runner sets them, and they are absent for
	// other agents (and in results written before them).
	Tokens *Tokens `json:"tokens,omitempty"`
	// LLM are an LLM agent's settings (§36.1) beside its model, which
	// the agent names: what else decides its replies, so that results
	// of other settings are not merged or resumed into one another.
	// Absent for other agents (and in results written before them).
	LLM *LLMSettings `json:"llm,omitempty"`
}

// LLMSettings are an LLM agent's settings: its template ("naive",
// "cot"), the earlier turns each request carries, the sampling
// temperature, max_tokens (0: not sent) and the seed sent (-1: each
// episode's).
type LLMSettings struct {
	Template    string  `json:"template"`
	History     int     `json:"history"`
	Temperature float64 `json:"temperature"`
	MaxTokens   int     `json:"maxTokens"`
	Seed        int64   `json:"seed"`
}

// String is the settings as a summary's header shows them.
func (l *LLMSettings) String() string {
	if l == nil {
		return "none"
	}
	seed := "each episode's"
	if l.Seed >= 0 {
		seed = fmt.Sprint(l.Seed)
	}
	return fmt.Sprintf("template %s, history %d, temperature %g, max tokens %d, seed %s", Printable(l.Template), l.History, l.Temperature, l.MaxTokens, seed)
}

// Tokens count a model's tokens (§36): those of its prompts and those it
// generated.
type Tokens struct {
	Prompt     int `json:"prompt"`
	Completion int `json:"completion"`
}

// MaxResultTokens bounds each token count of a result: ten times what
// 100 000 turns of a million-token context would use.
const MaxResultTokens = 1_000_000_000_000

// Parts are the parts of the score (§16): 50·(maxDepth − 1), xpPoints,
// gold, and 25 per deed.
type Parts struct {
	Depth int `json:"depth"`
	XP    int `json:"xp"`
	Gold  int `json:"gold"`
	Deeds int `json:"deeds"`
}

// Score is the sum of the parts.
func (p Parts) Score() int { return p.Depth + p.XP + p.Gold + p.Deeds }

// Result reports the episode so far (final once Done).
func (s *Sim) Result() Result {
	e := s.env
	parts := s.parts()
	r := Result{
		Seed: s.cfg.Seed, Agent: s.cfg.Agent, Rules: s.cfg.Rules, Mechanics: s.Mechanics(),
		Engine: Fingerprint(),
		Score:  parts.Score(), Parts: parts,
		Deeds:    append([]c.Deed{}, e.Run.Deeds.List...),
		Cause:    e.Run.Cause,
		MaxDepth: e.Run.MaxDepth,
		Ticks:    e.Clock.Tick,
		Turns:    e.Clock.Turn,
		Unusable: e.Run.Unusable,
		Ignored:  e.Run.Ignored,
		MaxTurns: e.Clock.MaxTurns,
		Strict:   s.cfg.Strict,
	}
	if s.cfg.Scenario != nil {
		r.Scenario = s.cfg.Scenario.Name
		r.ScenarioDigest = ScenarioDigest(s.cfg.Scenario)
	}
	return r
}

// ScenarioDigest is a result's scenarioDigest for sc: "sha256:" and the
// first 16 hex digits of the SHA-256 of sc's JSON encoding (which Go
// writes in a fixed order), so the layout of its file does not count.
func ScenarioDigest(sc *Scenario) string {
	b, err := json.Marshal(sc)
	if err != nil {
		return "sha256:?"
	}
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:8])
}

// parts are the score's parts now (§16).
func (s *Sim) parts() Parts {
	e := s.env
	cog := e.Run.Cog
	return Parts{
		Depth: 50 * (e.Run.MaxDepth - 1),
		XP:    e.Experience.Get(cog).Points,
		Gold:  e.Purse.Get(cog).Gold,
		Deeds: 25 * len(e.Run.Deeds.List),
	}
}

// Score is the score of the episode so far (§16).
func (s *Sim) Score() int { return s.parts().Score() }

// DeedNames are the deeds an episode can earn (§16).
var DeedNames = []string{"descend-2", "descend-3", "descend-5", "descend-8", "descend-12",
	"first-kill", "xlevel-3", "xlevel-5", "ate", "identified", "found", "oracle", "gold-100", "full-clock"}

// Causes are the ends of an episode with a fixed name ("goal": the
// Config's goal deed was earned); the others are
// "killed by …" and "choked on …" followed by what did it.
var Causes = []string{"clock", "starvation", "lava", "disconnected", "timeout", "goal"}

// causePrefixes begin the causes that name a monster, trap or food.
var causePrefixes = []string{"killed by ", "choked on "}

// maxResultPart bounds a result's gold and experience points: far above
// what 100 000 turns can gather from a scenario's 1 000 000.
const maxResultPart = 1_000_000_000

// ResultFields are the fields every result line has, in order; only
// engine (results written before fingerprints), scenario and
// scenarioDigest (no scenario) and tokens (not an LLM agent) may be
// left out.
var ResultFields = []string{"seed", "agent", "rules", "mechanics", "score", "parts", "deeds",
	"cause", "maxDepth", "ticks", "turns", "unusable", "ignored", "maxTurns", "strict"}

// ParseResult reads one result line and checks it against the schema
// of [Result] (issue 25): every field present, not null, of its type and
// no other; the score the sum of its parts, the parts as maxDepth and
// the deeds make them; turns within maxTurns, ticks within turns × 40;
// a known cause; known deeds, once each, in the order earned, each
// within the ticks; the full-clock deed exactly when the cause is the
// clock. The error names the field.
func ParseResult(line []byte) (Result, error) {
	var r Result
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil {
		return r, fmt.Errorf("not a JSON object: %v", err)
	}
	if fields == nil {
		return r, errors.New("not a JSON object: null")
	}
	if err := present(fields, "", ResultFields...); err != nil {
		return r, err
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return r, fmt.Errorf("%s: %s, want %s", te.Field, te.Value, goType(te.Type.Kind().String()))
		}
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return r, fmt.Errorf("%s: not a field of a result", strings.Trim(f, `"`))
		}
		return r, err
	}
	var parts map[string]json.RawMessage
	_ = json.Unmarshal(fields["parts"], &parts)
	if err := present(parts, "parts.", "depth", "xp", "gold", "deeds"); err != nil {
		return r, err
	}
	var list []map[string]json.RawMessage
	_ = json.Unmarshal(fields["mechanics"], &list)
	for i, m := range list {
		if err := present(m, fmt.Sprintf("mechanics[%d].", i), "name", "version"); err != nil {
			return r, err
		}
	}
	if raw, ok := fields["tokens"]; ok {
		var tokens map[string]json.RawMessage
		_ = json.Unmarshal(raw, &tokens)
		if err := present(tokens, "tokens.", "prompt", "completion"); err != nil {
			return r, err
		}
	}
	if raw, ok := fields["llm"]; ok {
		var llm map[string]json.RawMessage
		_ = json.Unmarshal(raw, &llm)
		if err := present(llm, "llm.", "template", "history", "temperature", "maxTokens", "seed"); err != nil {
			return r, err
		}
	}
	list = nil
	_ = json.Unmarshal(fields["deeds"], &list)
	for i, d := range list {
		if err := present(d, fmt.Sprintf("deeds[%d].", i), "name", "tick"); err != nil {
			return r, err
		}
	}
	return r, r.Check()
}

// present checks that the fields named are in m and not null.
func present(m map[string]json.RawMessage, prefix string, names ...string) error {
	if m == nil {
		return fmt.Errorf("%s: null, not an object", strings.TrimSuffix(prefix, "."))
	}
	for _, n := range names {
		v, ok := m[n]
		if !ok {
			return fmt.Errorf("%s%s: missing", prefix, n)
		}
		if string(v) == "null" {
			return fmt.Errorf("%s%s: null", prefix, n)
		}
	}
	return nil
}

func goType(kind string) string {
	switch kind {
	case "int", "uint64":
		return "an integer in range"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice":
		return "a list"
	case "struct":
		return "an object"
	}
	return "a " + kind
}

// Check checks a result's values against one another and the rules
// (see [ParseResult]); the error names the field.
func (r *Result) Check() error {
	bad := func(field, format string, args ...any) error {
		return fmt.Errorf("%s: %s", field, fmt.Sprintf(format, args...))
	}
	switch {
	case r.Agent == "":
		return bad("agent", "empty")
	case r.Rules == "":
		return bad("rules", "empty")
	case r.Scenario != "" && r.ScenarioDigest == "":
		return bad("scenarioDigest", "missing beside scenario %q", r.Scenario)
	case r.ScenarioDigest != "" && !validDigest(r.ScenarioDigest):
		return bad("scenarioDigest", "%q is not sha256: and 16 hex digits", r.ScenarioDigest)
	case r.MaxTurns < 1 || r.MaxTurns > MaxClockTurns:
		return bad("maxTurns", "%d is out of range 1…%d", r.MaxTurns, MaxClockTurns)
	case r.Turns < 0 || r.Turns > r.MaxTurns:
		return bad("turns", "%d is out of range 0…%d (maxTurns)", r.Turns, r.MaxTurns)
	case r.Ticks < r.Turns || r.Ticks > r.Turns*c.MaxQueue:
		return bad("ticks", "%d is out of range %d…%d (turns … turns × %d)", r.Ticks, r.Turns, r.Turns*c.MaxQueue, c.MaxQueue)
	case r.MaxDepth < 1 || r.MaxDepth > scenario.MaxDepth+r.Ticks:
		return bad("maxDepth", "%d is out of range 1…%d (%d + ticks)", r.MaxDepth, scenario.MaxDepth+r.Ticks, scenario.MaxDepth)
	case r.Unusable < 0 || r.Unusable > r.Turns:
		return bad("unusable", "%d is out of range 0…%d (turns)", r.Unusable, r.Turns)
	case r.Ignored < 0 || r.Ignored > r.Turns:
		return bad("ignored", "%d is out of range 0…%d (turns)", r.Ignored, r.Turns)
	case r.Parts.Depth != 50*(r.MaxDepth-1):
		return bad("parts.depth", "%d, but 50 × (maxDepth − 1) is %d", r.Parts.Depth, 50*(r.MaxDepth-1))
	case r.Parts.XP < 0 || r.Parts.XP > maxResultPart:
		return bad("parts.xp", "%d is out of range 0…%d", r.Parts.XP, maxResultPart)
	case r.Parts.Gold < 0 || r.Parts.Gold > maxResultPart:
		return bad("parts.gold", "%d is out of range 0…%d", r.Parts.Gold, maxResultPart)
	case r.Parts.Deeds != 25*len(r.Deeds):
		return bad("parts.deeds", "%d, but 25 × %d deeds is %d", r.Parts.Deeds, len(r.Deeds), 25*len(r.Deeds))
	case r.Score != r.Parts.Score():
		return bad("score", "%d, but its parts sum to %d", r.Score, r.Parts.Score())
	case !knownCause(r.Cause):
		return bad("cause", "%q is not an end of an episode", r.Cause)
	}
	if t := r.Tokens; t != nil {
		switch {
		case t.Prompt < 0 || t.Prompt > MaxResultTokens:
			return bad("tokens.prompt", "%d is out of range 0…%d", t.Prompt, MaxResultTokens)
		case t.Completion < 0 || t.Completion > MaxResultTokens:
			return bad("tokens.completion", "%d is out of range 0…%d", t.Completion, MaxResultTokens)
		}
	}
	if l := r.LLM; l != nil {
		switch {
		case l.Template == "" || len(l.Template) > 32:
			return bad("llm.template", "%q: a name of 1 to 32 bytes", l.Template)
		case l.History < 0 || l.History > 1000:
			return bad("llm.history", "%d is out of range 0…1000", l.History)
		case !(l.Temperature >= 0 && l.Temperature <= 2):
			return bad("llm.temperature", "%g is out of range 0…2", l.Temperature)
		case l.MaxTokens < 0 || l.MaxTokens > 1<<24:
			return bad("llm.maxTokens", "%d is out of range 0…%d", l.MaxTokens, 1<<24)
		case l.Seed < -1:
			return bad("llm.seed", "%d: -1 (each episode's) or a seed ≥ 0", l.Seed)
		}
	}
	for i, m := range r.Mechanics {
		if m.Name == "" || m.Version == "" {
			return bad(fmt.Sprintf("mechanics[%d]", i), "needs a name and a version")
		}
	}
	seen, last, clock := map[string]bool{}, 0, false
	for i, d := range r.Deeds {
		field := fmt.Sprintf("deeds[%d]", i)
		switch {
		case !knownDeed(d.Name):
			return bad(field+".name", "%q is not a deed", d.Name)
		case seen[d.Name]:
			return bad(field+".name", "%q again", d.Name)
		case d.Tick < last || d.Tick > r.Ticks:
			return bad(field+".tick", "%d is out of range %d…%d (the deed before … ticks)", d.Tick, last, r.Ticks)
		}
		seen[d.Name], last = true, d.Tick
		clock = clock || d.Name == "full-clock"
	}
	if clock != (r.Cause == "clock") {
		return bad("deeds", "full-clock is earned exactly when the cause is \"clock\" (cause %q)", r.Cause)
	}
	return nil
}

func validDigest(d string) bool {
	h, ok := strings.CutPrefix(d, "sha256:")
	if !ok || len(h) != 16 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil && strings.ToLower(h) == h
}

func knownDeed(name string) bool {
	for _, n := range DeedNames {
		if n == name {
			return true
		}
	}
	return false
}

func knownCause(cause string) bool {
	for _, n := range Causes {
		if n == cause {
			return true
		}
	}
	for _, p := range causePrefixes {
		if rest, ok := strings.CutPrefix(cause, p); ok && strings.TrimSpace(rest) != "" && len(rest) <= 100 {
			return true
		}
	}
	return false
}

// Printable is s as it is when every rune is printable (graphic or a
// space), else s quoted with Go's escapes ("a\x1b[2Jb"), so that a string
// read from a file — an agent's name, a scenario's, an engine's — cannot
// write control sequences to a terminal (issue 34).
func Printable(s string) string {
	for _, r := range s {
		if r == utf8.RuneError || (r != ' ' && !unicode.IsGraphic(r)) || unicode.Is(unicode.Bidi_Control, r) {
			return strconv.QuoteToGraphic(s)
		}
	}
	return s
}
