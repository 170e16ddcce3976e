package obs_test

import (
	"math/rand/v2"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maskOf is the mask of s over t, as a map of the allowed replies.
func maskOf(s *sim.Sim, t *obs.ActionTable) map[string]bool {
	m := make([]byte, t.Len())
	new(obs.Encoder).FillMask(s, t, m)
	out := map[string]bool{}
	for i, a := range t.Actions {
		if m[i] == 1 {
			out[a.Reply] = true
		}
	}
	return out
}

// TestTheActionListCoversEveryPrimitive: every primitive of the core
// grammar (§14) has an action (§35.1), and each action is a reply the
// parser reads as exactly its primitive.
func TestTheActionListCoversEveryPrimitive(t *testing.T) {
	tab := obs.NewActionTable(nil)
	require.Equal(t, 159, tab.Len())
	ops := map[c.Op]int{}
	for _, a := range tab.Actions {
		ops[a.Prim.Op]++
		var q c.Queue
		var p reply.Parser
		require.Empty(t, p.Parse(a.Reply, &q), a.Reply)
		require.Equal(t, 1, q.Len, a.Reply)
		assert.Equal(t, a.Prim, q.Items[0], a.Reply)
	}
	for op, n := range map[c.Op]int{c.OpMove: 8, c.OpSearch: 1, c.OpWait: 1, c.OpPickup: 1, c.OpDescend: 1,
		c.OpEat: 26, c.OpQuaff: 26, c.OpWield: 26, c.OpWear: 26, c.OpDrop: 26, c.OpKick: 8, c.OpChat: 8, c.OpInventory: 1} {
		assert.Equal(t, n, ops[op], "op %d", op)
	}
}

// TestTurnActionIsTheReplysTurn: playing an action by index is the same
// turn as playing its reply: the same observations, step by step.
func TestTurnActionIsTheReplysTurn(t *testing.T) {
	tab := obs.NewActionTable(nil)
	a, err := sim.New(sim.Config{Seed: 5})
	require.NoError(t, err)
	b, err := sim.New(sim.Config{Seed: 5})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	for !a.Done() {
		i := rng.IntN(tab.Len())
		require.True(t, obs.TurnAction(a, tab, i))
		b.Turn(tab.Actions[i].Reply)
		require.Equal(t, string(b.Observe()), string(a.Observe()), tab.Actions[i].Reply)
	}
	assert.Equal(t, b.Result(), a.Result())
	assert.False(t, obs.TurnAction(a, tab, tab.Len()), "out of range")
	assert.False(t, obs.TurnAction(a, tab, -1), "out of range")
}

// TestTheMaskAllowsWhatCanDoSomething: letters only of the right class,
// descend only on the stairs, pickup only on an item, moves not into a
// remembered wall, chat and kick only toward a creature (or a door).
func TestTheMaskAllowsWhatCanDoSomething(t *testing.T) {
	m := withCog(hall, 2, 3)
	m = put(m, 3, 3, '>')
	s := start(t, 1, scenario.Scenario{Map: m,
		Monsters: []scenario.Thing{{At: []int{2, 4}, Species: "newt"}},
		Items:    []scenario.Thing{{At: []int{2, 3}, Kind: "food ration"}},
		Cog:      &scenario.Cog{Inventory: []scenario.Stack{{Kind: "food ration"}, {Kind: "potion of healing"}, {Kind: "dagger"}}}})
	tab := obs.NewActionTable(nil)
	mask := maskOf(s, tab)
	for _, r := range []string{"eat a", "quaff b", "wield c", "drop a", "drop b", "drop c", "pickup", "search", "wait", "inventory",
		"e", "n", "move s", "chat s", "kick s"} {
		assert.True(t, mask[r], r)
	}
	for _, r := range []string{"eat b", "eat c", "eat d", "quaff a", "wield a", "wear a", "wear c", "drop d", "descend",
		"w", "nw", "sw", "chat n", "kick n", "chat e"} {
		assert.False(t, mask[r], r)
	}
	s.Turn("e")
	mask = maskOf(s, tab)
	assert.True(t, mask["descend"], "on the stairs")
	assert.False(t, mask["pickup"], "nothing here")
}

// TestTheMaskLeavesOutWhatTheGameRefuses: a step into lava the cog
// remembers (unless confused, when a step goes any way), a step or a
// kick into the Oracle, and any kick while Weak do nothing: they are
// out of the mask; chat with the Oracle is in. The turns played show
// each refused.
func TestTheMaskLeavesOutWhatTheGameRefuses(t *testing.T) {
	m := put(withCog(hall, 5, 3), 6, 3, '}')
	sc := scenario.Scenario{Map: m, Monsters: []scenario.Thing{{At: []int{5, 4}, Species: "Oracle"}}}
	s := start(t, 1, sc)
	tab := obs.NewActionTable(nil)
	mask := maskOf(s, tab)
	for _, r := range []string{"e", "move s", "kick s", "kick e"} {
		assert.False(t, mask[r], r)
	}
	for _, r := range []string{"n", "w", "se", "chat s", "kick n"} {
		assert.Equal(t, r != "kick n", mask[r], r)
	}
	for r, says := range map[string]string{"e": "You refuse to step into the lava.", "move s": "You stop. The Oracle is in your way."} {
		s := start(t, 1, sc)
		s.Turn(r)
		assert.Equal(t, says, message(s), r)
	}
	confused := sc
	confused.Cog = &scenario.Cog{Confused: 100}
	assert.True(t, maskOf(start(t, 1, confused), tab)["e"], "a confused step goes any way")

	weak := scenario.Scenario{Map: withCog(hall, 5, 3), Monsters: []scenario.Thing{{At: []int{6, 3}, Species: "newt"}},
		Cog: &scenario.Cog{Nutrition: ptr(20)}}
	s = start(t, 1, weak)
	mask = maskOf(s, tab)
	assert.False(t, mask["kick e"], "too weak to kick")
	assert.True(t, mask["e"], "a step attacks")
	s.Turn("kick e")
	assert.Equal(t, "You are too weak to kick.", message(s))
	weak.Cog = nil
	assert.True(t, maskOf(start(t, 1, weak), tab)["kick e"], "not Weak: a kick")
}

// TestARandomMaskedPolicyEarnsMore: over 1000 episodes a policy drawing
// uniformly among the allowed actions scores above the clock's 25 on
// average and earns some deed other than the clock's (issue 23).
func TestARandomMaskedPolicyEarnsMore(t *testing.T) {
	episodes := 1000
	if testing.Short() {
		episodes = 200
	}
	tab := obs.NewActionTable(nil)
	mask := make([]byte, tab.Len())
	allowed := make([]int, 0, tab.Len())
	rng := rand.New(rand.NewPCG(23, 35))
	s, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	var enc obs.Encoder
	total, other := 0, map[string]int{}
	for ep := range episodes {
		if ep > 0 {
			require.NoError(t, s.Reset(uint64(ep+1)))
		}
		for !s.Done() {
			enc.FillMask(s, tab, mask)
			allowed = allowed[:0]
			for i, ok := range mask {
				if ok == 1 {
					allowed = append(allowed, i)
				}
			}
			require.NotEmpty(t, allowed)
			obs.TurnAction(s, tab, allowed[rng.IntN(len(allowed))])
		}
		r := s.Result()
		total += r.Score
		for _, d := range r.Deeds {
			if d.Name != "full-clock" {
				other[d.Name]++
			}
		}
	}
	mean := float64(total) / float64(episodes)
	t.Logf("mean score %.2f over %d episodes; deeds other than the clock's: %v", mean, episodes, other)
	assert.Greater(t, mean, 25.0)
	assert.NotEmpty(t, other)
}
