package sim

import (
	"encoding/json"
	"testing"

	"github.com/cogsim/cogsim/sim/result"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseResultKeepsEpisodes: the results of real episodes pass,
// scenario or not.
func TestParseResultKeepsEpisodes(t *testing.T) {
	sc, err := scenario.Parse([]byte(`{"depth": 2, "map": ["", " -----", " |@.>|", " -----"], "clock": {"maxTurns": 7}}`))
	require.NoError(t, err)
	for seed := range uint64(12) {
		cfg := Config{Seed: seed, Agent: "wait", MaxTurns: 30, Strict: seed%2 == 0}
		if seed%3 == 0 {
			cfg.Scenario, cfg.MaxTurns = sc, 0
		}
		s, err := New(cfg)
		require.NoError(t, err)
		for !s.Done() {
			s.Turn("e e search")
		}
		line, err := json.Marshal(s.Result())
		require.NoError(t, err)
		r, err := result.Parse(line)
		require.NoError(t, err, "%s", line)
		assert.Equal(t, s.Result(), r)
		if cfg.Scenario != nil {
			assert.Equal(t, 7, r.MaxTurns)
			assert.Regexp(t, `^sha256:[0-9a-f]{16}$`, r.ScenarioDigest, "a scenario without a name is told from none")
		}
	}
}
