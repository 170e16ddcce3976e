package sim

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim/result"
)

// Result is the record of an episode (§16). The type and its file
// format live in package [result]; new code names result.Result.
type Result = result.Result

// Result reports the episode so far (final once Done).
func (s *Sim) Result() Result {
	e := s.env
	parts := scoreParts(e)
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
	for _, ref := range s.cfg.scripts() {
		r.Scripts = append(r.Scripts, result.Script{Name: ref.Name, SHA256: ref.SHA256})
	}
	if s.cfg.Scenario != nil {
		r.Scenario = s.cfg.Scenario.Name
		r.ScenarioDigest = result.ScenarioDigest(s.cfg.Scenario)
	}
	return r
}

// scoreParts are the score's parts of the episode of e now (§16).
func scoreParts(e *State) result.Parts {
	cog := e.Run.Cog // alive as long as the episode
	return partsOf(e.Run.MaxDepth, e.Experience.GetUnchecked(cog).Points, e.Purse.GetUnchecked(cog).Gold,
		e.Run.Deeds.Points())
}

// partsOf are the score's parts of a run that reached maxDepth with xp
// experience points, gold and deeds worth deedPoints (§16, §39.1).
func partsOf(maxDepth, xp, gold, deedPoints int) result.Parts {
	return result.Parts{Depth: 50 * (maxDepth - 1), XP: xp, Gold: gold, Deeds: deedPoints}
}

// ScoreOf is the score (§16) of the episode of e with xp experience
// points, gold and deeds worth deedPoints, which the caller read already
// (a session's stats, and its count of the deeds).
func (e *State) ScoreOf(xp, gold, deedPoints int) int {
	return partsOf(e.Run.MaxDepth, xp, gold, deedPoints).Score()
}

// Score is the score so far (§16), as the result would count it.
func (e *State) Score() int { return scoreParts(e).Score() }
