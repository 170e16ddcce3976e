package sim_test

import (
	"testing"

	"github.com/cogsim/cogsim/internal/verbtest"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
)

// §32.3: a mechanic's verb reaches its system from a reply, and is an
// unknown token ("Ignored:", refused under --strict) in an episode
// without the mechanic.
func TestAMechanicsVerbIsReadOnlyWhereItIsInstalled(t *testing.T) {
	with := func(mechanics []string, strict bool) func(*sim.Config) {
		return func(cfg *sim.Config) { cfg.Mechanics, cfg.Strict = mechanics, strict }
	}
	for _, tc := range []struct{ reply, want string }{
		{"aim f e", "You aim f e."},
		{"AM g >", "You aim g down."},
		{"aim h", "You aim h nowhere."},
		{"point nw", "You point nw."},
		{"polish c", "You polish c."},
		{"hum", "You hum."},
		{"chant 2", "You chant."},
	} {
		for _, strict := range []bool{false, true} {
			s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)}, with([]string{verbtest.Name}, strict))
			s.Turn(tc.reply)
			assert.Equal(t, tc.want, message(s), "reply %q, strict %v", tc.reply, strict)
			assert.Empty(t, s.State().Reply.Ignored, "reply %q", tc.reply)
		}
	}
	s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)}, with(nil, false))
	s.Turn("aim f e")
	assert.Equal(t, "aim f", s.State().Reply.Ignored)
	assert.Equal(t, "Ignored: aim f.", message(s))
	s = startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)}, with([]string{"tally"}, true))
	s.Turn("hum")
	assert.Equal(t, `Unusable reply: "hum" is not an action.`, message(s))
}
