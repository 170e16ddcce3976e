package sim_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestATickStepEpisodeOnOneLevelLasts2200Steps: a tick step is one
// tick (§37.1), and the command turns go on beneath the steps, 40 ticks
// each, so an episode that stays on its level and runs out the clock
// lasts 55 × 40 steps; the turn counter and the full-clock deed mean
// what they mean for replies.
func TestATickStepEpisodeOnOneLevelLasts2200Steps(t *testing.T) {
	sc := sim.Scenario{Map: withCog(hall, 4, 3), Lit: ptr(true), Cog: &sim.ScenarioCog{Nutrition: ptr(5000)}}
	s := start(t, 1, sc)
	search := c.Primitive{Op: c.OpSearch}
	steps := 0
	for !s.Done() {
		used, ended := s.TickStep(search)
		steps++
		require.True(t, used, "step %d: a cog that is not paralysed uses its action", steps)
		assert.Equal(t, steps%40 == 0, ended, "step %d ends a command turn every 40 ticks", steps)
		require.Equal(t, steps/40, s.State().Clock.Turn, "step %d", steps)
		require.Equal(t, steps, tick(s))
		require.LessOrEqual(t, steps, 2200)
	}
	r := s.Result()
	assert.Equal(t, 2200, steps)
	assert.Equal(t, "clock", r.Cause)
	assert.Equal(t, 55, r.Turns)
	assert.True(t, s.State().Run.Deeds.Has("full-clock"))
	assert.Contains(t, statusLine(s), "Turn:55/55")
	used, ended := s.TickStep(search)
	assert.False(t, used || ended, "a step after the end does nothing")
	assert.Equal(t, 2200, tick(s))
}

// TestTickStepsPlayTheTurnsOfTheirReplies: a command turn of tick steps
// is the turn of one reply, its used primitives joined (§37.2) — the
// explore agent's primitives mixed with random ones of the action list
// (item verbs, kicks, chats, descend), over whole episodes of several
// seeds that change level: the replies played as turns give the same
// observation after every turn, and the same result.
func TestTickStepsPlayTheTurnsOfTheirReplies(t *testing.T) {
	levels := 0
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			a, err := sim.New(sim.Config{Seed: seed})
			require.NoError(t, err)
			turns, texts := playTicks(t, a, seed, explorer(t), 0)
			levels += a.State().Run.MaxDepth - 1
			b, err := sim.New(sim.Config{Seed: seed})
			require.NoError(t, err)
			for k, r := range turns {
				require.False(t, b.Done(), "turn %d", k+1)
				b.Turn(r)
				require.Equal(t, texts[k], string(b.Observe()), "turn %d (%q)", k+1, r)
			}
			assert.True(t, b.Done())
			assert.Equal(t, a.Result(), b.Result())
		})
	}
	assert.Positive(t, levels, "the episodes go down stairs")
}

// TestTickStepsWhileParalysed: a paralysed cog's steps pass their ticks
// without their actions (§37.1); the turn's reply keeps the turn going
// to its end with a "wait" when its last ticks used none, so the replies
// still play the same turns. The floating eye of the eye-trap scenario
// paralyses the cog that hits it, for longer than a turn.
func TestTickStepsWhileParalysed(t *testing.T) {
	sc, err := scenario.Load("../scenarios/eye-trap.json")
	require.NoError(t, err)
	east := c.Primitive{Op: c.OpMove, Dir: c.East}
	a, err := sim.New(sim.Config{Seed: 11, Scenario: sc})
	require.NoError(t, err)
	// Into the pit, then wait until late in the turn before hitting the
	// eye, so that the paralysis outlasts the turn.
	plan := []c.Primitive{east}
	for range 30 {
		plan = append(plan, c.Primitive{Op: c.OpSearch})
	}
	for range 40 {
		plan = append(plan, east)
	}
	turns, texts := playTicks(t, a, 11, func(*sim.Sim) []c.Primitive { return plan }, 40*12)
	require.False(t, a.InTickTurn(), "whole turns")
	b, err := sim.New(sim.Config{Seed: 11, Scenario: sc})
	require.NoError(t, err)
	paddings := 0
	for k, r := range turns {
		if len(r) >= 4 && r[len(r)-4:] == "wait" {
			paddings++
		}
		b.Turn(r)
		require.Equal(t, texts[k], string(b.Observe()), "turn %d (%q)", k+1, r)
	}
	assert.Positive(t, paddings, "some turn ends paralysed")
	assert.Equal(t, a.Result(), b.Result())
}

// playTicks plays s as tick steps of the primitives next gives (asked
// again when they run out), every seventh step one drawn from the
// action list instead, until the episode ends or after limit steps (0:
// none). It returns the replies of its command turns and the
// observation text after each.
func playTicks(t *testing.T, s *sim.Sim, seed uint64, next func(*sim.Sim) []c.Primitive, limit int) (turns, texts []string) {
	t.Helper()
	table := obs.NewActionTable(s.State().Mechanics)
	names := map[c.Primitive]string{}
	for _, a := range table.Actions {
		names[a.Prim] = a.Reply
	}
	rng := rand.New(rand.NewPCG(seed, 37))
	var (
		tr      sim.TickReplies
		pending []c.Primitive
		unused  int
	)
	for k := 1; !s.Done() && (limit == 0 || k <= limit); k++ {
		var p c.Primitive
		if k%7 == 0 {
			p = table.Actions[rng.IntN(table.Len())].Prim
		} else {
			if len(pending) == 0 {
				pending = next(s)
			}
			p, pending = pending[0], pending[1:]
		}
		name, ok := names[p]
		require.True(t, ok, "%+v is in the action list", p)
		used, ended := s.TickStep(p)
		tr.Add(name, used)
		if !used {
			unused++
		}
		if ended {
			turns = append(turns, tr.Turn())
			texts = append(texts, string(s.Observe()))
		}
	}
	if limit > 0 {
		require.Positive(t, unused, "some steps fall on a paralysed cog")
	}
	return turns, texts
}

// explorer is the explore agent's replies, a primitive at a time.
func explorer(t *testing.T) func(*sim.Sim) []c.Primitive {
	x := agents.NewExplore()
	x.Reset(0)
	var p reply.Parser
	return func(s *sim.Sim) []c.Primitive {
		var q c.Queue
		p.Parse(x.Reply(s.Observe()), &q)
		if q.Len == 0 {
			return []c.Primitive{{Op: c.OpSearch}}
		}
		return append([]c.Primitive(nil), q.Items[:q.Len]...)
	}
}
