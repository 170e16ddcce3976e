package result

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim/scenario"
)

// Fields are the fields every result line has, in order; only
// engine (results written before fingerprints), scenario and
// scenarioDigest (no scenario) and tokens (not an LLM agent) may be
// left out.
var Fields = []string{"seed", "agent", "rules", "mechanics", "score", "parts", "deeds",
	"cause", "maxDepth", "ticks", "turns", "unusable", "ignored", "maxTurns", "strict"}

// Parse reads one result line and checks it against the schema
// of [Result] (issue 25): every field present, not null, of its type and
// no other; the score the sum of its parts, the parts as maxDepth and
// the deeds make them; turns within maxTurns, ticks within turns × 40;
// a known cause; known deeds, once each, in the order earned, each
// within the ticks; the full-clock deed exactly when the cause is the
// clock. The error names the field.
func Parse(line []byte) (Result, error) {
	var r Result
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil {
		return r, fmt.Errorf("not a JSON object: %v", err)
	}
	if fields == nil {
		return r, errors.New("not a JSON object: null")
	}
	if err := present(fields, "", Fields...); err != nil {
		return r, err
	}
	if err := decode(line, &r); err != nil {
		return r, err
	}
	if err := presentWithin(fields); err != nil {
		return r, err
	}
	return r, r.Check()
}

// decode decodes line into r, refusing unknown fields; the error names
// the field and the type it wants.
func decode(line []byte, r *Result) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	err := dec.Decode(r)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("%s: %s, want %s", te.Field, te.Value, goType(te.Type.Kind().String()))
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("%s: not a field of a result", strings.Trim(f, `"`))
	}
	return err
}

// presentWithin checks the fields of the objects within a result line:
// the parts, each mechanic, the tokens, the LLM's settings, each deed.
func presentWithin(fields map[string]json.RawMessage) error {
	var parts map[string]json.RawMessage
	_ = json.Unmarshal(fields["parts"], &parts)
	if err := present(parts, "parts.", "depth", "xp", "gold", "deeds"); err != nil {
		return err
	}
	if err := presentEach(fields["mechanics"], "mechanics", "name", "version"); err != nil {
		return err
	}
	if raw, ok := fields["tokens"]; ok {
		var tokens map[string]json.RawMessage
		_ = json.Unmarshal(raw, &tokens)
		if err := present(tokens, "tokens.", "prompt", "completion"); err != nil {
			return err
		}
	}
	if raw, ok := fields["llm"]; ok {
		var llm map[string]json.RawMessage
		_ = json.Unmarshal(raw, &llm)
		if err := present(llm, "llm.", "template", "history", "temperature", "maxTokens", "seed"); err != nil {
			return err
		}
	}
	return presentEach(fields["deeds"], "deeds", "name", "tick")
}

// presentEach checks the fields named in each object of the list raw.
func presentEach(raw json.RawMessage, field string, names ...string) error {
	var list []map[string]json.RawMessage
	_ = json.Unmarshal(raw, &list)
	for i, m := range list {
		if err := present(m, fmt.Sprintf("%s[%d].", field, i), names...); err != nil {
			return err
		}
	}
	return nil
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
// (see [Parse]); the error names the field.
func (r *Result) Check() error {
	for _, check := range []func() error{r.checkNames, r.checkClock, r.checkScore, r.checkTokens, r.checkLLM, r.checkMechanics, r.checkDeeds} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// bad is the error of a field's value.
func bad(field, format string, args ...any) error {
	return fmt.Errorf("%s: %s", field, fmt.Sprintf(format, args...))
}

func (r *Result) checkNames() error {
	switch {
	case r.Agent == "":
		return bad("agent", "empty")
	case r.Rules == "":
		return bad("rules", "empty")
	case r.Scenario != "" && r.ScenarioDigest == "":
		return bad("scenarioDigest", "missing beside scenario %q", r.Scenario)
	case r.ScenarioDigest != "" && !validDigest(r.ScenarioDigest):
		return bad("scenarioDigest", "%q is not sha256: and 16 hex digits", r.ScenarioDigest)
	}
	for i, sc := range r.Scripts {
		switch {
		case sc.Name == "" || len(sc.Name) > maxScriptName:
			return bad(fmt.Sprintf("scripts[%d].name", i), "%d bytes, want 1…%d", len(sc.Name), maxScriptName)
		case !validSHA256(sc.SHA256):
			return bad(fmt.Sprintf("scripts[%d].sha256", i), "%q is not 64 lower-case hex digits", sc.SHA256)
		}
	}
	return nil
}

// maxScriptName bounds a script's name in a result.
const maxScriptName = 4096

func validSHA256(h string) bool {
	_, err := hex.DecodeString(h)
	return len(h) == 64 && err == nil && strings.ToLower(h) == h
}

// checkClock checks the counts of turns and ticks, and the depth they
// allow.
func (r *Result) checkClock() error {
	switch {
	case r.MaxTurns < 1 || r.MaxTurns > scenario.MaxClockTurns:
		return bad("maxTurns", "%d is out of range 1…%d", r.MaxTurns, scenario.MaxClockTurns)
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
	}
	return nil
}

// checkScore checks the score's parts (§16) and the cause.
func (r *Result) checkScore() error {
	switch {
	case r.Parts.Depth != 50*(r.MaxDepth-1):
		return bad("parts.depth", "%d, but 50 × (maxDepth − 1) is %d", r.Parts.Depth, 50*(r.MaxDepth-1))
	case r.Parts.XP < 0 || r.Parts.XP > maxPart:
		return bad("parts.xp", "%d is out of range 0…%d", r.Parts.XP, maxPart)
	case r.Parts.Gold < 0 || r.Parts.Gold > maxPart:
		return bad("parts.gold", "%d is out of range 0…%d", r.Parts.Gold, maxPart)
	case r.deedsKnown() && r.Parts.Deeds != r.deedPoints():
		return bad("parts.deeds", "%d, but the %d deeds are worth %d", r.Parts.Deeds, len(r.Deeds), r.deedPoints())
	case r.Score != r.Parts.Score():
		return bad("score", "%d, but its parts sum to %d", r.Score, r.Parts.Score())
	case !knownCause(r.Cause):
		return bad("cause", "%q is not an end of an episode", r.Cause)
	}
	return nil
}

func (r *Result) checkTokens() error {
	t := r.Tokens
	switch {
	case t == nil:
	case t.Prompt < 0 || t.Prompt > MaxTokens:
		return bad("tokens.prompt", "%d is out of range 0…%d", t.Prompt, MaxTokens)
	case t.Completion < 0 || t.Completion > MaxTokens:
		return bad("tokens.completion", "%d is out of range 0…%d", t.Completion, MaxTokens)
	}
	return nil
}

func (r *Result) checkLLM() error {
	l := r.LLM
	switch {
	case l == nil:
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
	return nil
}

func (r *Result) checkMechanics() error {
	for i, m := range r.Mechanics {
		if m.Name == "" || m.Version == "" {
			return bad(fmt.Sprintf("mechanics[%d]", i), "needs a name and a version")
		}
	}
	return nil
}

// checkDeeds checks the deeds: known, once each, in the order earned,
// within the ticks, and full-clock exactly when the clock ended the
// episode.
func (r *Result) checkDeeds() error {
	seen, last, clock := map[string]bool{}, 0, false
	for i, d := range r.Deeds {
		field := fmt.Sprintf("deeds[%d]", i)
		switch {
		case !knownDeed(d.Name):
			return bad(field+".name", "%q is not a deed (known: %s)", d.Name, strings.Join(DeedNames(), ", "))
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
	_, ok := c.LookupDeed(name)
	return ok
}

// deedsKnown reports whether every deed named is in the deed table
// (checkDeeds names one that is not).
func (r *Result) deedsKnown() bool {
	for _, d := range r.Deeds {
		if !knownDeed(d.Name) {
			return false
		}
	}
	return true
}

// deedPoints is what the result's deeds are worth by the deed table
// (an unknown deed, which checkDeeds refuses, adds nothing).
func (r *Result) deedPoints() int {
	d := c.Deeds{List: r.Deeds}
	return d.Points()
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
