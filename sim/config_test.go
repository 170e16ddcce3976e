package sim_test

import (
	"encoding/json"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResolveAnswersWhatTheEpisodeIs: for every rules variant, with
// extra mechanics, a scenario and the clock's flags, Resolve answers
// the seed, rules, mechanics, clock, goal, scenario and tick order the
// built episode has.
func TestResolveAnswersWhatTheEpisodeIs(t *testing.T) {
	sc, err := scenario.Parse([]byte(`{"name": "short", "seed": 9, "map": ["", " -----", " |@.>|", " -----"], "clock": {"maxTurns": 3, "turnTicks": 5}}`))
	require.NoError(t, err)
	require.Subset(t, ecs.VariantNames(), []string{"cog", "nethack", "rogue"})
	var cfgs []sim.Config
	for _, v := range append([]string{""}, ecs.VariantNames()...) {
		cfgs = append(cfgs,
			sim.Config{Seed: 4, Rules: v, Agent: "explore"},
			sim.Config{Seed: 5, Rules: v, Mechanics: []string{"wands"}, MaxTurns: 12, TurnTicks: 7, Strict: true, Goal: "oracle"},
			sim.Config{Rules: v, Scenario: sc},
			sim.Config{Seed: 2, Rules: v, Scenario: sc, MaxTurns: 30, TurnTicks: 99},
		)
	}
	for _, cfg := range cfgs {
		r, err := cfg.Resolve()
		require.NoError(t, err, "%+v", cfg)
		s, err := sim.New(cfg)
		require.NoError(t, err)
		got := s.Config()
		clock := s.State().Clock
		assert.Equal(t, got.Seed, r.Seed)
		assert.Equal(t, got.Rules, r.Rules)
		assert.Equal(t, s.Mechanics(), r.Mechanics)
		assert.Equal(t, clock.MaxTurns, r.MaxTurns, "%+v", cfg)
		assert.Equal(t, clock.TurnTicks, r.TurnTicks, "%+v", cfg)
		assert.Equal(t, clock.MaxTurns*clock.TurnTicks, r.MaxTicks)
		assert.Equal(t, cfg.Goal, r.Goal)
		assert.Equal(t, cfg.Strict, r.Strict)
		assert.Equal(t, cfg.Agent, r.Agent)
		res := s.Result()
		assert.Equal(t, res.Scenario, r.Scenario)
		assert.Equal(t, res.ScenarioDigest, r.ScenarioDigest)
		entries := s.Scheduler().Entries()
		require.Len(t, r.Systems, len(entries))
		for i, e := range entries {
			assert.Equal(t, sim.SystemRef{Name: e.Name, By: e.By, ReplacedBy: e.ReplacedBy, Enabled: e.Enabled, Final: e.Final}, r.Systems[i])
		}
	}
}

// TestResolveMaxTicksEndsASteppedEpisode: an episode stepped one tick a
// turn ends at MaxTicks.
func TestResolveMaxTicksEndsASteppedEpisode(t *testing.T) {
	cfg := sim.Config{Seed: 1, Scenario: &sim.Scenario{Map: []string{"", " -----", " |@.>|", " -----"}, Clock: &sim.ScenarioClock{MaxTurns: 3, TurnTicks: 5}}}
	r, err := cfg.Resolve()
	require.NoError(t, err)
	require.Equal(t, 15, r.MaxTicks)
	s, err := sim.New(cfg)
	require.NoError(t, err)
	for range r.MaxTicks - 1 {
		s.Step(c.Primitive{Op: c.OpWait})
	}
	assert.False(t, s.Done())
	s.Step(c.Primitive{Op: c.OpWait})
	assert.True(t, s.Done())
	assert.Equal(t, "clock", s.Result().Cause)
}

// TestResolveRefusesWhatNewRefuses: the configuration's errors are
// New's, word for word.
func TestResolveRefusesWhatNewRefuses(t *testing.T) {
	room := []string{"", " -----", " |@.>|", " -----"}
	for _, cfg := range []sim.Config{
		{Goal: "full-clock"},
		{Goal: "bored"},
		{MaxTurns: sim.MaxClockTurns + 1},
		{Rules: "chess"},
		{Mechanics: []string{"bogus"}},
		{Scenario: &sim.Scenario{Map: room, Items: []sim.ScenarioThing{{At: []int{3, 2}, Kind: "flask of water"}}}},
		{Scenario: &sim.Scenario{Map: room, Mechanics: map[string]json.RawMessage{"wands": json.RawMessage(`{}`)}}},
	} {
		_, want := sim.New(cfg)
		require.Error(t, want, "%+v", cfg)
		_, err := cfg.Resolve()
		assert.EqualError(t, err, want.Error())
	}
}
