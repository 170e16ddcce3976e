package serve_test

import (
	"encoding/json"
	"testing"

	"github.com/cogsim/cogsim/internal/verbtest"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestActionsFollowTheVerbTable: info's actions are the cog game's 159
// (§29's 142, then kick and chat each way and inventory), then the
// installed mechanics' verbs by shape (§32.3, §35.1); each is a reply
// the episode reads.
func TestActionsFollowTheVerbTable(t *testing.T) {
	core := obs.NewActionTable(nil).Replies()
	require.Len(t, core, 159)
	assert.Equal(t, []string{"kick n", "kick ne"}, core[142:144])
	assert.Equal(t, []string{"chat nw", "inventory"}, core[157:159])
	assert.Equal(t, core, obs.NewActionTable([]string{"tally"}).Replies(), "a mechanic without verbs adds no action")

	s := start(t, serve.Options{Envs: 1, Mechanics: []string{verbtest.Name}})
	_, body := s.ask(`{"op":"info"}`)
	var info serve.Info
	require.NoError(t, json.Unmarshal(body, &info))
	acts := info.Actions
	// hum, chant, point × 8, polish × 26, aim × 26 × (8 + 1).
	require.Len(t, acts, 159+1+1+8+26+26*9)
	assert.Equal(t, core, acts[:159], "the cog game's actions come first, unchanged")
	assert.Equal(t, []string{"hum", "chant", "point n", "point ne"}, acts[159:163])
	assert.Equal(t, "polish a", acts[169])
	assert.Equal(t, []string{"aim a n", "aim a ne", "aim a e", "aim a se", "aim a s", "aim a sw", "aim a w", "aim a nw", "aim a >", "aim b n"}, acts[195:205])
	assert.Equal(t, "aim z >", acts[len(acts)-1])

	s.obs(`{"op":"reset","env":0,"seed":3}`)
	for _, tc := range []struct{ action, want string }{{"aim c >", "You aim c down."}, {"point sw", "You point sw."}, {"hum", "You hum."}} {
		req, err := json.Marshal(map[string]any{"op": "step", "env": 0, "reply": tc.action})
		require.NoError(t, err)
		o := s.obs(string(req))
		assert.Contains(t, o.Message, tc.want)
		assert.Empty(t, o.Ignored, tc.action)
	}
}
