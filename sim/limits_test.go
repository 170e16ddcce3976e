package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConflictingMechanicsAreRefused: two mechanics that set the same
// thing (the hunger system, a to-hit roll) cannot be installed together;
// the last would silently win (issue 25). Compatible ones still go.
func TestConflictingMechanicsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		rules     string
		mechanics []string
		want      string
	}{
		{"cog", []string{"rogue-hunger", "nethack-hunger"}, `system "hunger" is replaced by mechanic "rogue-hunger" already`},
		{"rogue", []string{"nethack-hunger"}, `system "hunger" is replaced by mechanic "rogue-hunger" already`},
		{"nethack", []string{"rogue-swing"}, `the cog's to-hit roll is set by mechanic "nethack-swing" already`},
	} {
		field, err := CheckSelection(tc.rules, tc.mechanics)
		require.Error(t, err, tc)
		assert.Equal(t, "mechanics", field)
		assert.ErrorContains(t, err, tc.want)
		_, err = New(Config{Seed: 1, Rules: tc.rules, Mechanics: tc.mechanics})
		assert.ErrorContains(t, err, tc.want)
	}
	for _, ok := range [][]string{{"rogue-hunger", "nethack-swing"}, {"yellow-mold"}} {
		_, err := CheckSelection("cog", ok)
		assert.NoError(t, err, ok)
	}
	_, err := CheckSelection("nethack", []string{"yellow-mold"})
	assert.NoError(t, err)
}

// TestTheClockIsBounded: a clock past MaxClockTurns is refused, however
// it is set (issue 25: 3e9 turns showed stats.maxTurns −1294967296, and
// 53 687 092 made the server's own snapshots unrestorable); the largest
// allowed clock snapshots and restores.
func TestTheClockIsBounded(t *testing.T) {
	for _, n := range []int{-1, MaxClockTurns + 1, 53687092, 3000000000} {
		_, err := New(Config{Seed: 1, MaxTurns: n})
		assert.ErrorContains(t, err, "out of range 1…100000", n)
	}
	s, err := New(Config{Seed: 1, MaxTurns: MaxClockTurns})
	require.NoError(t, err)
	s.Turn("s")
	assert.Equal(t, MaxClockTurns, s.Frame().Status.MaxTurns)
	b, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	var snap Snapshot
	require.NoError(t, snap.UnmarshalBinary(b))
	_, err = FromSnapshot(&snap)
	assert.NoError(t, err, "the largest clock restores")
}
