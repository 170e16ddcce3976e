// Package result is the result file format (§16, issue 25): the record
// of an episode ([Result]) as cogsim run writes it, one JSON object a
// line, and the checks a line read back must pass ([Parse]). Package sim
// makes a Result of an episode (sim.Sim.Result); the summaries, boards
// and resumed runs read them with this package.
package result

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

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
	// Engine is the sim.Fingerprint of the engine that played the episode
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
	// Scripts name the level and dungeon scripts the episode was built
	// with (§38.4): the level script, then the dungeon script and its
	// level scripts. Absent without scripts.
	Scripts []Script `json:"scripts,omitempty"`
}

// Script names a level or dungeon script: the path as given (or a name
// of a source) and the sha256 of its source in hex.
type Script struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
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

// MaxTokens bounds each token count of a result: ten times what
// 100 000 turns of a million-token context would use.
const MaxTokens = 1_000_000_000_000

// Parts are the parts of the score (§16): 50·(maxDepth − 1), xpPoints,
// gold, and each deed's points (25 for the core deeds, §39.1).
type Parts struct {
	Depth int `json:"depth"`
	XP    int `json:"xp"`
	Gold  int `json:"gold"`
	Deeds int `json:"deeds"`
}

// Score is the sum of the parts.
func (p Parts) Score() int { return p.Depth + p.XP + p.Gold + p.Deeds }

// ScenarioDigest is a result's scenarioDigest for sc: "sha256:" and the
// first 16 hex digits of the SHA-256 of sc's JSON encoding (which Go
// writes in a fixed order), so the layout of its file does not count.
func ScenarioDigest(sc *scenario.Scenario) string {
	b, err := json.Marshal(sc)
	if err != nil {
		return "sha256:?"
	}
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:8])
}

// DeedNames are the deeds a result may name (§16, §39.1): the deed
// table's, the core deeds first, then those of the mechanics this
// program links.
func DeedNames() []string { return c.DeedNames() }

// Causes are the ends of an episode with a fixed name ("goal": the
// Config's goal deed was earned); the others are
// "killed by …" and "choked on …" followed by what did it.
var Causes = []string{"clock", "starvation", "lava", "disconnected", "timeout", "goal"}

// causePrefixes begin the causes that name a monster, trap or food.
var causePrefixes = []string{"killed by ", "choked on "}

// maxPart bounds a result's gold and experience points: far above
// what 100 000 turns can gather from a scenario's 1 000 000.
const maxPart = 1_000_000_000
