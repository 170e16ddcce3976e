package sim_test

import (
	"fmt"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/tally"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResetIsANewEpisode: a Sim reset to a seed plays exactly the episode
// a new Sim of that seed plays — every observation, the result, and the
// snapshot bytes at the start and the end — whatever it played before.
func TestResetIsANewEpisode(t *testing.T) {
	script := []string{"e e e s s", "search*3 w w", "n n n e", "se se se se", "kick e", "w*5 s*2", ", i", "eat b", "> e"}
	// record is the observation as a session's arrays hold it: every
	// field of the record, the pack's and the mask included, which
	// come from caches a reset must not carry over.
	// Each Sim keeps its encoder, as a session's slot does.
	encoders := map[*sim.Sim]*obs.Encoder{}
	record := func(s *sim.Sim) string {
		enc := encoders[s]
		if enc == nil {
			enc = &obs.Encoder{}
			encoders[s] = enc
		}
		var buf [obs.MessageBytes + 128 + 4*c.N + obs.InvSlots*(4+obs.InvStrBytes)]byte
		b := buf[:]
		cut := func(n int) []byte { f := b[:n:n]; b = b[n:]; return f }
		stats := enc.FillRecord(s, obs.RecordFields{Message: cut(obs.MessageBytes), Status: cut(128), Chars: cut(c.N),
			Glyphs: cut(2 * c.N), Colors: cut(c.N), InvLetters: cut(obs.InvSlots), InvClasses: cut(obs.InvSlots),
			InvGlyphs: cut(2 * obs.InvSlots), InvStrs: cut(obs.InvSlots * obs.InvStrBytes)})
		table := obs.NewActionTable(s.State().Mechanics)
		mask := make([]byte, table.Len())
		enc.FillMask(s, table, mask)
		return fmt.Sprint(stats) + string(buf[:]) + string(mask)
	}
	play := func(s *sim.Sim) (obs []string, start, end string) {
		b, err := s.Snapshot().MarshalBinary()
		require.NoError(t, err)
		start = string(b)
		obs = append(obs, record(s))
		for i := 0; !s.Done(); i++ {
			s.Turn(script[i%len(script)])
			obs = append(obs, string(s.Observe()), record(s))
		}
		b, err = s.Snapshot().MarshalBinary()
		require.NoError(t, err)
		return obs, start, string(b)
	}
	// A kit of potions, whose names hang on the appearances each seed
	// draws: a pack the script leaves alone stays the same bytes from
	// one episode to the next.
	kit, err := scenario.Parse([]byte(`{"map": ["", " -------", " |@....|", " -------"],
		"cog": {"inventory": [{"kind": "potion of healing"}, {"kind": "potion of sleeping"}]}}`))
	require.NoError(t, err)
	for _, cfg := range []sim.Config{
		{Rules: "cog"}, {Rules: "nethack", Mechanics: []string{tally.Name}}, {Rules: "rogue", Mechanics: []string{"yellow-mold"}},
		{Rules: "cog", Scenario: kit},
	} {
		reused := mustNew(t, sim.Config{Seed: 99, Rules: cfg.Rules, Mechanics: cfg.Mechanics, Scenario: cfg.Scenario})
		reused.Turn("e e e")
		for seed := uint64(1); seed <= 8; seed++ {
			cfg.Seed = seed
			fresh := mustNew(t, cfg)
			wantObs, wantStart, wantEnd := play(fresh)
			require.NoError(t, reused.Reset(seed))
			assert.Equal(t, seed, reused.Config().Seed)
			gotObs, gotStart, gotEnd := play(reused)
			require.Equal(t, wantStart, gotStart, "%s seed %d: the start", cfg.Rules, seed)
			require.Equal(t, len(wantObs), len(gotObs), "%s seed %d: the turns", cfg.Rules, seed)
			for i := range wantObs {
				if gotObs[i] != wantObs[i] {
					// Not the whole record: it is 9 KB of mostly zeros.
					t.Fatalf("%s seed %d: observation %d differs (the start's record, then each turn's text and record)", cfg.Rules, seed, i)
				}
			}
			require.Equal(t, wantEnd, gotEnd, "%s seed %d: the end", cfg.Rules, seed)
			assert.Equal(t, fresh.Result(), reused.Result())
		}
	}
}

func BenchmarkReset(b *testing.B) {
	s, err := sim.New(sim.Config{Seed: 1, Setup: sim.WithoutInvariants})
	require.NoError(b, err)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := s.Reset(uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}
