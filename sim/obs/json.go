package obs

import (
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
)

// Observation is the observation message (§20) with the researcher's
// fields of §29: the glyph ids, the stats, the reward, how the episode
// ended and how the reply was read. Every path that sends observations
// as JSON (serve, agent, exec agents, replay --turn --json) sends it.
type Observation struct {
	Type    string   `json:"type"`
	Env     *int     `json:"env,omitempty"`
	Turn    int      `json:"turn"`
	Tick    int      `json:"tick"`
	Text    string   `json:"text"`
	Map     []string `json:"map"`
	Message string   `json:"message"`
	Status  string   `json:"status"`
	// Glyphs are the map's cells as glyph ids (render/text.Glyphs).
	Glyphs [c.H][c.W]int16 `json:"glyphs"`
	// Colors are the map's cells' colours: the palette index, plus 16
	// when the cell is dimmed ([FillColours], docs/serve.md).
	Colors [c.H][c.W]byte `json:"colors"`
	Stats  Stats          `json:"stats"`
	// Reward is the change of the score (§16) since the previous
	// observation: an episode's rewards sum to its final score less its
	// first (0 but for a scenario that starts with gold or xp).
	Reward     int    `json:"reward"`
	Terminated bool   `json:"terminated"`
	Truncated  bool   `json:"truncated"`
	Unusable   bool   `json:"unusable"`
	Ignored    string `json:"ignored"`
	// Deeds are the deeds earned since the previous observation (§35.3),
	// set by a session (serve).
	Deeds []string `json:"deeds,omitempty"`
	// End is the result, on the observation that ends the episode.
	End *sim.Result `json:"end,omitempty"`
}

// Stats are the status line's numbers (§29), named.
type Stats struct {
	Depth      int `json:"depth"`
	Gold       int `json:"gold"`
	HP         int `json:"hp"`
	MaxHP      int `json:"maxHp"`
	AC         int `json:"ac"`
	XLevel     int `json:"xlevel"`
	XP         int `json:"xp"`
	Tick       int `json:"tick"`
	Turn       int `json:"turn"`
	MaxTurns   int `json:"maxTurns"`
	Hunger     int `json:"hunger"`
	Conditions int `json:"conditions"`
	// X and Y are the cog's cell (§35.2).
	X int `json:"x"`
	Y int `json:"y"`
}

// Observation builds the observation message of s's episode now;
// prevScore is the score at the previous observation (0 at the first),
// for the reward.
func (en *Encoder) Observation(s *sim.Sim, prevScore int) Observation {
	a := &en.arrays
	en.FillArrays(s, a)
	text := string(s.Observe())
	lines := strings.Split(text, "\n")
	st := a.Stats
	clock := s.State().Clock
	o := Observation{Type: "observation", Turn: clock.Turn, Tick: clock.Tick, Text: text,
		Map: lines[:c.H], Message: lines[c.H], Status: lines[c.H+1], Glyphs: a.Glyphs, Colors: a.Colors,
		Stats: Stats{Depth: int(st[StatDepth]), Gold: int(st[StatGold]), HP: int(st[StatHP]), MaxHP: int(st[StatMaxHP]),
			AC: int(st[StatAC]), XLevel: int(st[StatXLevel]), XP: int(st[StatXP]), Tick: int(st[StatTick]),
			Turn: int(st[StatTurn]), MaxTurns: int(st[StatMaxTurns]), Hunger: int(st[StatHunger]), Conditions: int(st[StatConditions]),
			X: int(st[StatX]), Y: int(st[StatY])},
		Reward: s.State().Score() - prevScore, Terminated: Terminated(s), Truncated: Truncated(s),
		Unusable: s.State().Reply.Unusable, Ignored: s.State().Reply.Ignored,
	}
	if s.Done() {
		r := s.Result()
		o.End = &r
	}
	return o
}
