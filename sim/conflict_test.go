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
