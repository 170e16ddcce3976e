package sim_test

import (
	"encoding/json"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/thirst"
	"github.com/cogsim/cogsim/sim"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The thirst mechanic (internal/thirst) proves §32.4–§32.7 from a package.

func withThirst(cfg *sim.Config) { cfg.Mechanics = []string{thirst.Name} }

func thirstOf(s *sim.Sim) *thirst.Thirst { return arche.GetResource[thirst.Thirst](s.State().W) }

func TestAMechanicsKindsReadByAppearanceUntilIdentified(t *testing.T) {
	s := startWith(t, 3, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{
		{Kind: "flask of water"}, {Kind: "trinket of calm"}, {Kind: "trinket of noise", Count: 1}}}}, withThirst)
	kn := s.State().Knowledge
	water, calm := kn.AppearanceOf(thirst.Water), kn.AppearanceOf(thirst.Calm)
	require.NotEmpty(t, water)
	require.Contains(t, []string{"oak", "ebony", "marble", "tin"}, calm)
	s.Turn("i")
	assert.Equal(t, "a - a "+water+" potion; b - "+c.Article(calm)+calm+" trinket; c - "+
		c.Article(kn.AppearanceOf(thirst.Noise))+kn.AppearanceOf(thirst.Noise)+" trinket", message(s))
	thirstOf(s).Value = 150
	s.Turn("quaff a")
	assert.Equal(t, "This tastes like water.", message(s), "its own message, not food's")
	assert.Equal(t, 1, thirstOf(s).Value, "its own effect: quenched, then the tick's thirst")
	assert.Equal(t, 1, thirstOf(s).Drank, "its Drank event was read by its system")
	assert.Equal(t, "drank", thirst.Drank.String())
	assert.True(t, kn.Identified[thirst.Water])
	kn.Identify(thirst.Calm)
	s.Turn("i")
	assert.Equal(t, "b - a trinket of calm; c - "+c.Article(kn.AppearanceOf(thirst.Noise))+kn.AppearanceOf(thirst.Noise)+" trinket",
		message(s))
}

func TestAppearancesArePermutedPerClassAndTheCogsStayTheSame(t *testing.T) {
	perms := map[[2]uint8]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		plain := start(t, seed, sim.Scenario{Map: withCog(hall, 5, 3)})
		with := startWith(t, seed, sim.Scenario{Map: withCog(hall, 5, 3)}, withThirst)
		kp, kw := plain.State().Knowledge, with.State().Knowledge
		for e := c.PotionEffect(0); e < c.NumPotions; e++ {
			k := c.PotionKind(e)
			require.Equal(t, kp.Appearance[k], kw.Appearance[k], "installing a mechanic keeps the core draw")
		}
		assert.False(t, kp.Drawn[thirst.Water] || kp.Drawn[thirst.Calm], "nothing of the mechanic without it")
		require.NotEqual(t, kw.Appearance[thirst.Calm], kw.Appearance[thirst.Noise], "a permutation of the class")
		require.NoError(t, kw.Check(nil))
		perms[[2]uint8{kw.Appearance[thirst.Calm], kw.Appearance[thirst.Noise]}] = true
		// The snapshot of the plain game names no kind of the mechanic.
		b, err := json.Marshal(kp)
		require.NoError(t, err)
		assert.NotContains(t, string(b), "water")
	}
	assert.Greater(t, len(perms), 6, "seeds draw different permutations of the trinkets (12 possible)")
}

func TestAMechanicsStatusWordsFollowTheCoresInOrder(t *testing.T) {
	sc := sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Confused: 5},
		Mechanics: map[string]json.RawMessage{thirst.Name: json.RawMessage(`{"thirst": 250}`)}}
	s := startWith(t, 1, sc, withThirst)
	assert.True(t, strings.HasSuffix(statusLine(s), " Conf Thirsty Parched"), statusLine(s))

	sc.Mechanics[thirst.Name] = json.RawMessage(`{"thirst": 150}`)
	s = startWith(t, 1, sc, withThirst)
	assert.True(t, strings.HasSuffix(statusLine(s), " Conf Thirsty"), statusLine(s))

	thirstOf(s).Value = 0
	s.Turn("s")
	assert.NotContains(t, statusLine(s), "Thirsty", "only while it holds")

	plain := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	for range 300 {
		plain.Turn("s")
	}
	assert.NotContains(t, statusLine(plain), "Thirsty", "not in an episode without the mechanic")
}

func TestAScenarioRefusesAMechanicsThingsWithoutIt(t *testing.T) {
	for _, tc := range []struct {
		sc   sim.Scenario
		want string
	}{
		{sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "dagger"}, {Kind: "flask of water"}}}},
			"cog.inventory[1].kind: flask of water needs the mechanic thirst"},
		{sim.Scenario{Map: withCog(hall, 5, 3), Items: []sim.ScenarioThing{{At: []int{6, 3}, Kind: "trinket of calm"}}},
			"items[0].kind: trinket of calm needs the mechanic thirst"},
		{sim.Scenario{Map: put(withCog(hall, 5, 3), 7, 3, '=')}, "items[0].kind: trinket of calm needs the mechanic thirst"},
		{sim.Scenario{Map: withCog(hall, 5, 3), Mechanics: map[string]json.RawMessage{thirst.Name: json.RawMessage(`{}`)}},
			"mechanics.thirst: the episode does not install the mechanic thirst"},
	} {
		_, err := sim.New(sim.Config{Seed: 1, Scenario: &tc.sc})
		assert.ErrorContains(t, err, tc.want)
	}
	sc := sim.Scenario{Map: withCog(hall, 5, 3), Mechanics: map[string]json.RawMessage{"quench": json.RawMessage(`{}`)}}
	assert.ErrorContains(t, sc.Check(), `mechanics.quench: unknown mechanic "quench"`)
	sc = sim.Scenario{Map: withCog(hall, 5, 3), Mechanics: map[string]json.RawMessage{thirst.Name: json.RawMessage(`{"thirst": -3}`)}}
	_, err := sim.New(sim.Config{Seed: 1, Scenario: &sc, Mechanics: []string{thirst.Name}})
	assert.ErrorContains(t, err, "mechanics.thirst: thirst: -3 is negative", "the mechanic checks its own field")
}

func TestSpeIsKeptThroughPickupAndDrop(t *testing.T) {
	sc := sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "flask of water", Spe: ptr[int32](2)}}},
		Items: []sim.ScenarioThing{{At: []int{5, 3}, Kind: "flask of water", Spe: ptr[int32](7)}, {At: []int{5, 3}, Kind: "flask of water", Spe: ptr[int32](2)}}}
	s := startWith(t, 1, sc, withThirst)
	s.Turn(",")
	inv := inventory(s)
	assert.Equal(t, c.Stack{Kind: thirst.Water, Count: 1, Spe: 7}, inv.Slots[1], "a different Spe takes its own letter")
	assert.Equal(t, c.Stack{Kind: thirst.Water, Count: 2, Spe: 2}, inv.Slots[0], "the same Spe stacks")
	s.Turn("drop b")
	e := s.State()
	items := e.ItemsAt(nil, cog(s))
	require.Len(t, items, 1)
	assert.Equal(t, int32(7), e.Item.Get(items[0]).Spe)
	s.Turn(",")
	assert.Equal(t, int32(7), inventory(s).Slots[1].Spe)
}

func TestAMechanicPopulatesGeneratedLevelsOnly(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		plain, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		with, err := sim.New(sim.Config{Seed: seed, Mechanics: []string{thirst.Name}})
		require.NoError(t, err)
		kinds := func(s *sim.Sim) (out []c.Item) {
			e := s.State()
			for _, it := range e.FloorItems(nil) {
				item := *e.Item.Get(it)
				item.Serial = 0
				out = append(out, item)
			}
			return out
		}
		p, w := kinds(plain), kinds(with)
		require.Len(t, w, len(p)+1, "one trinket more")
		var trinkets int
		for _, it := range w {
			if it.Kind == thirst.Calm {
				trinkets++
				assert.Equal(t, int32(1), it.Spe, "placed by the hook with the depth")
			}
		}
		assert.Equal(t, 1, trinkets)
		assert.Subset(t, w, p, "the level is otherwise the same")
		assert.Equal(t, plain.State().Level.Terrain, with.State().Level.Terrain)
	}
	s := startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)}, withThirst)
	assert.Empty(t, s.State().FloorItems(nil), "not on a scenario's own level")
}

// TestAMechanicsVerbUsesItsClass: thirst's `drink L` (§32.3) acts on its
// own class, in its own system, and is an unknown word without it.
func TestAMechanicsVerbUsesItsClass(t *testing.T) {
	sc := sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "dagger"}, {Kind: "canteen"}}},
		Mechanics: map[string]json.RawMessage{thirst.Name: json.RawMessage(`{"thirst": 150}`)}}
	s := startWith(t, 1, sc, withThirst)
	s.Turn("drink b")
	assert.Contains(t, message(s), "You drink from the canteen. Refreshing!")
	assert.Equal(t, 1, thirstOf(s).Value, "quenched, then the tick's thirst")
	assert.Equal(t, 1, thirstOf(s).Drank, "its Drank event")
	s.Turn("drink a")
	assert.Contains(t, message(s), "You can't drink from that!")
	assert.Equal(t, 2, thirstOf(s).Value, "a tick spent")

	plain := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	plain.Turn("drink a")
	assert.Contains(t, message(plain), "Ignored: drink", "not a word without the mechanic")
}
