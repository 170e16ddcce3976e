package agents_test

import (
	"strings"
	"testing"

	"github.com/cogsim/cogsim/agents"
	"github.com/stretchr/testify/assert"
)

// board pads map rows to an observation: 18 map lines, a message, a
// status line.
func board(rows ...string) []byte {
	lines := make([]string, 18)
	copy(lines, rows)
	return []byte(strings.Join(lines, "\n") + "\n\nDlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:1 Turn:0/55")
}

func TestRouteWalksTheRememberedMap(t *testing.T) {
	obs := board(
		"",
		" -------   ",
		" |.@...|   ",
		" |.....+###",
		" -------  #",
	)
	r, ok := agents.Route(obs, nil, 10, 4)
	assert.True(t, ok)
	assert.Equal(t, "e se e*5 se", r, "e*5: two steps, a move that opens the door, two more")
	_, ok = agents.Route(obs, nil, 12, 6)
	assert.False(t, ok, "an unknown cell is never reached")
	_, ok = agents.Route(obs, nil, 3, 2)
	assert.False(t, ok, "the cog's own cell")
}

func TestRouteTakesTheTerrainUnderAnItem(t *testing.T) {
	obs := board(
		"",
		" ----- ",
		" |.@.| ",
		" --)-- ",
		"   #   ",
	)
	mem := make([]byte, 48*18)
	mem[3*48+3] = '\''
	r, ok := agents.Route(obs, mem, 3, 4)
	assert.True(t, ok)
	assert.Equal(t, "j*2", r, "no diagonal through the open door under the dagger")
}
