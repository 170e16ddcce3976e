package eval

import (
	"strings"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	// The A/B below plays the built-in mechanics, which the commands
	// link and the library does not (§2).
	_ "github.com/cogsim/cogsim/systems/builtin"
)

// ticks makes a log of n ticks of moves, each tick's facts as given by
// at (tick → facts).
func ticks(n int, moves string, at map[int][]string) []tickRecord {
	var log []tickRecord
	for t := 1; t <= n; t++ {
		log = append(log, tickRecord{tick: t, side: TickSide{Action: "move " + moves, Events: []string{}, Messages: []string{}}, facts: at[t]})
	}
	return log
}

// TestTheCauseIsTheFirstThingOneSideDid: the divergent tick is the first
// whose happenings differ; the cause is the first fact one side has and
// the other has not from there, the earlier one, both when on one tick;
// facts before the divergence are the same on both sides and do not
// count.
func TestTheCauseIsTheFirstThingOneSideDid(t *testing.T) {
	a := ticks(20, "e", map[int][]string{2: {"the cog killed a jackal"}, 15: {"the cog went down a level"}})
	b := ticks(20, "e", map[int][]string{2: {"the cog killed a jackal"}, 9: {"the cog picked up a scroll"}, 16: {"the cog went down a level"}})
	for i := 5; i < 20; i++ {
		b[i].side.Action = "move n"
	}
	d := diverge(7, [2][]tickRecord{a, b})
	assert.Equal(t, 6, d.Tick)
	assert.Equal(t, "move e", d.A.Action)
	assert.Equal(t, "move n", d.B.Action)
	assert.Equal(t, "B: the cog picked up a scroll", d.Cause)
	assert.Equal(t, 9, d.CauseTick)

	// On one tick: both named, A first.
	a = ticks(10, "e", map[int][]string{4: {"a jackal missed the cog"}})
	b = ticks(10, "e", map[int][]string{4: {"a jackal hit the cog"}})
	b[3].side.Events = []string{"attack"}
	d = diverge(8, [2][]tickRecord{a, b})
	assert.Equal(t, 4, d.Tick)
	assert.Equal(t, "A: a jackal missed the cog; B: a jackal hit the cog", d.Cause)

	// A side that ended: the other's next fact.
	a = ticks(5, "e", nil)
	a[4].side.Ended, a[4].facts = "killed by a newt", []string{"the cog died (killed by a newt)"}
	b = ticks(9, "e", map[int][]string{7: {"the cog ate food"}})
	d = diverge(9, [2][]tickRecord{a, b})
	assert.Equal(t, 5, d.Tick)
	assert.Equal(t, "A: the cog died (killed by a newt)", d.Cause)

	// Moves alone.
	a, b = ticks(5, "e", nil), ticks(5, "w", nil)
	assert.Equal(t, "only the cog's moves differ", diverge(1, [2][]tickRecord{a, b}).Cause)
}

// episodes runs the explore agent on seeds with the mechanics and returns
// the results.
func episodes(t *testing.T, seeds []uint64, mechanics ...string) []result.Result {
	t.Helper()
	var out []result.Result
	for _, seed := range seeds {
		s, err := sim.New(sim.Config{Seed: seed, Agent: "explore", Mechanics: mechanics})
		require.NoError(t, err)
		a := agents.NewExplore()
		a.Reset(seed)
		a.Know(s.State().Mechanics)
		for !s.Done() {
			s.Turn(a.Reply(s.Observe()))
		}
		out = append(out, s.Result())
	}
	return out
}

// TestExplainGroupsAKnownCause (§39.8): explore against explore with a
// mechanic that lays an item class, seeds 1–24. Every seed whose results
// differ is explained, and the causes are what the mechanic brings: the
// cog picking up its item first (the scrolls, the wands). Each such cause
// is checked independently: B's episode replayed, the pickup at the cause
// tick brought the class named.
func TestExplainGroupsAKnownCause(t *testing.T) {
	var seeds []uint64
	for s := uint64(1); s <= 24; s++ {
		seeds = append(seeds, s)
	}
	plain := episodes(t, seeds)
	for _, tc := range []struct{ mechanic, class string }{{"scrolls", "a scroll"}, {"wands", "a wand"}} {
		with := episodes(t, seeds, tc.mechanic)
		ex, err := Explain("a.jsonl", "b.jsonl", plain, with, [2]Source{})
		require.NoError(t, err)
		require.Equal(t, len(seeds), ex.Seeds)
		require.Positive(t, ex.Differing, tc.mechanic)
		require.Len(t, ex.Episodes, ex.Differing)
		want := "B: the cog picked up " + tc.class
		require.NotEmpty(t, ex.Causes)
		assert.Equal(t, want, ex.Causes[0].Cause, "%s: the biggest group", tc.mechanic)
		assert.Greater(t, 2*len(ex.Causes[0].Seeds), ex.Differing, "%s: most seeds: %+v", tc.mechanic, ex.Causes)
		total := 0
		for _, g := range ex.Causes {
			total += len(g.Seeds)
		}
		assert.Equal(t, ex.Differing, total, "every differing seed is in one group")
		for _, d := range ex.Episodes {
			require.Positive(t, d.Tick, "seed %d", d.Seed)
			require.GreaterOrEqual(t, d.CauseTick, d.Tick, "seed %d", d.Seed)
			if d.Cause != want {
				continue
			}
			// B's pickup at d.CauseTick brought the class.
			var r *result.Result
			for i := range with {
				if with[i].Seed == d.Seed {
					r = &with[i]
				}
			}
			log, err := episodeLog(r, Source{})
			require.NoError(t, err)
			rec := log[d.CauseTick-1]
			assert.Equal(t, "pickup", rec.side.Action, "seed %d", d.Seed)
			assert.Contains(t, strings.Join(rec.side.Messages, " "), strings.TrimPrefix(tc.class, "a "), "seed %d", d.Seed)
		}
	}
}

// TestExplainRefusesWhatItCannotReplay: an outside agent without its
// replays or trajectories, and a scenario's episode, are refused,
// naming the seed and what to give; a result the engine does not
// reproduce is refused.
func TestExplainRefusesWhatItCannotReplay(t *testing.T) {
	a := episodes(t, []uint64{1})
	b := episodes(t, []uint64{1}, "scrolls")
	b[0].Agent = "exec:./bot"
	_, err := Explain("a", "b", a, b, [2]Source{})
	assert.ErrorContains(t, err, "seed 1 of B: agent exec:./bot is not built in: give its replays or its trajectories (--log)")

	b = episodes(t, []uint64{1}, "scrolls")
	b[0].Score += 7
	b[0].Parts.Gold += 7
	_, err = Explain("a", "b", a, b, [2]Source{})
	assert.ErrorContains(t, err, "seed 1 of B: re-simulated, the episode ends otherwise than its result")

	b = episodes(t, []uint64{1}, "scrolls")
	b[0].Scenario, b[0].ScenarioDigest = "x", "sha256:0123456789abcdef"
	_, err = Explain("a", "b", a, b, [2]Source{})
	assert.ErrorContains(t, err, "an episode of a scenario: give its replays")

	b = episodes(t, []uint64{2}, "scrolls")
	_, err = Explain("a", "b", a, b, [2]Source{})
	var u *UnpairedError
	assert.ErrorAs(t, err, &u)
}

// TestFactsNameWhatWasDone: the facts of an episode's ticks name the
// verbs, what a pickup brought and the events by role.
func TestFactsNameWhatWasDone(t *testing.T) {
	sc := sim.Scenario{Name: "pile", Depth: 2, Lit: new(bool),
		Map:   []string{"", " ------", " |.@..|", " ------"},
		Items: []sim.ScenarioThing{{At: []int{3, 2}, Kind: "scroll of light"}, {At: []int{3, 2}, Kind: "gold", Count: 5}},
		Cog:   &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "scroll of identify"}, {Kind: "dagger", Wielded: true}}}}
	s, err := sim.New(sim.Config{Seed: 1, Scenario: &sc, Mechanics: []string{"scrolls", "prayer"}})
	require.NoError(t, err)
	rec := recorder{s: s}
	rec.turn(s.BeginTurn("pickup read a pray e"))
	require.Len(t, rec.log, 4)
	assert.Equal(t, []string{"the cog picked up gold and a scroll"}, rec.log[0].facts)
	assert.Equal(t, "pickup", rec.log[0].side.Action)
	assert.Equal(t, []string{"the cog read a scroll"}, rec.log[1].facts)
	assert.Equal(t, "read a", rec.log[1].side.Action)
	assert.Equal(t, []string{"the cog prayed"}, rec.log[2].facts)
	assert.Empty(t, rec.log[3].facts, "a step")
	assert.Equal(t, "move e", rec.log[3].side.Action)
	assert.Contains(t, rec.log[3].side.Events[0], "move the cog 3,2→4,2")
	assert.Equal(t, "a scroll", classPhrase(rec.pack().Slots[2].Kind.Info().Class))
	assert.Equal(t, "gold", classPhrase(c.GoldClass))
}
