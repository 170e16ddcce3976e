package protocol_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheAgentProtocolSendsObservationV2: an outside agent gets §29's
// fields too — glyphs matching the map, stats, rewards that sum to the
// score with the end message's, terminated or truncated, unusable and
// ignored.
func TestTheAgentProtocolSendsObservationV2(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 9, MaxTurns: 12})
	require.NoError(t, err)
	var in strings.Builder
	for i := range 12 {
		if i == 3 {
			in.WriteString("junk\n")
			continue
		}
		in.WriteString(`{"reply":"e e e s s fly search*5 w w"}` + "\n")
	}
	var out bytes.Buffer
	res, err := protocol.Serve(s, strings.NewReader(in.String()), &out, nil)
	require.NoError(t, err)
	char := map[int16]string{}
	for _, g := range text.Glyphs() {
		char[g.ID] = g.Char
	}
	sum, sawIgnored, sawUnusable := 0, false, false
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for _, l := range lines[:len(lines)-1] {
		var o protocol.Observation
		require.NoError(t, json.Unmarshal([]byte(l), &o))
		require.Equal(t, "observation", o.Type)
		for y, row := range o.Map {
			for x := range row {
				require.Equal(t, string(row[x]), char[o.Glyphs[y][x]])
			}
		}
		assert.Equal(t, o.Tick, o.Stats.Tick)
		assert.Equal(t, 12, o.Stats.MaxTurns)
		sum += o.Reward
		sawIgnored = sawIgnored || o.Ignored == "fly"
		sawUnusable = sawUnusable || o.Unusable
	}
	var end protocol.End
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &end))
	require.Equal(t, "end", end.Type)
	sum += end.Reward
	assert.Equal(t, res.Score, sum, "the rewards sum to the score")
	assert.Equal(t, res.Turns, end.Turn)
	assert.Equal(t, res.Ticks, end.Tick)
	assert.True(t, end.Truncated != end.Terminated)
	assert.True(t, sawIgnored, "ignored tokens are reported")
	assert.True(t, sawUnusable, "an unusable reply is reported")
}
