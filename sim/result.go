package sim

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// Result is the record of an episode (§16).
type Result struct {
	Seed  uint64 `json:"seed"`
	Agent string `json:"agent"`
	Rules string `json:"rules"`
	// Mechanics are the installed mechanics with their versions, the
	// variant's first (§27.1).
	Mechanics []ecs.MechanicRef `json:"mechanics"`
	Scenario  string            `json:"scenario,omitempty"`
	Score     int               `json:"score"`
	Parts     Parts             `json:"parts"`
	Deeds     []c.Deed          `json:"deeds"`
	Cause     string            `json:"cause"`
	MaxDepth  int               `json:"maxDepth"`
	Ticks     int               `json:"ticks"`
	Turns     int               `json:"turns"`
	// Unusable counts the replies that could not be used at all (not
	// JSON, no reply; under Strict, any unknown token) and Ignored the
	// usable replies that skipped a token (§30). Neither is in the score.
	Unusable int `json:"unusable"`
	Ignored  int `json:"ignored"`
}

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
		Score: parts.Score(), Parts: parts,
		Deeds:    append([]c.Deed{}, e.Run.Deeds.List...),
		Cause:    e.Run.Cause,
		MaxDepth: e.Run.MaxDepth,
		Ticks:    e.Clock.Tick,
		Turns:    e.Clock.Turn,
		Unusable: e.Run.Unusable,
		Ignored:  e.Run.Ignored,
	}
	if s.cfg.Scenario != nil {
		r.Scenario = s.cfg.Scenario.Name
	}
	return r
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
