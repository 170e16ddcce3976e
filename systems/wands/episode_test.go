package wands_test

import (
	"bytes"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/mechtest"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheCogGameIsUnchangedWhenLinked: with the mechanic linked (this
// package) but not installed, the explore agent's games are those of a
// build before wands existed, observation for observation (§32.9);
// installed, the same seeds play otherwise (a wand lies on some level),
// so the comparison is not vacuous.
func TestTheCogGameIsUnchangedWhenLinked(t *testing.T) {
	mechtest.UnchangedWhenLinked(t, "testdata/cog-game.golden", wands.Name)
}

// TestInstalledItChangesNothingOnLevelOne: the same seed and replies give
// the same observations with the mechanic installed (its movement-points
// system in place of the core's, its appearances drawn) as without, on
// the first level, which gets no wand.
func TestInstalledItChangesNothingOnLevelOne(t *testing.T) {
	dirs := []string{"n", "ne", "e", "se", "move s", "sw", "w", "nw"}
	for seed := uint64(1); seed <= 4; seed++ {
		plain, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		with, err := sim.New(sim.Config{Seed: seed, Mechanics: []string{wands.Name}})
		require.NoError(t, err)
		turns := 0
		for ; turns < 300 && !plain.Done() && plain.State().Level.Depth == 1; turns++ {
			r := dirs[(turns*7+int(seed))%8] + " search"
			plain.Turn(r)
			with.Turn(r)
			require.Equal(t, string(plain.Observe()), string(with.Observe()), "seed %d turn %d", seed, turns)
		}
		assert.Greater(t, turns, 20, "seed %d", seed)
	}
}

// TestThePotionAppearancesAreUnchanged: installing wands draws the
// wands' appearances from their own stream; the potions' stay those of
// the episode without it.
func TestThePotionAppearancesAreUnchanged(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		plain, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		with, err := sim.New(sim.Config{Seed: seed, Mechanics: []string{wands.Name}})
		require.NoError(t, err)
		n := 0
		for i, row := range c.ItemKinds {
			if row.Mechanic != "" || len(row.Class.Info().Appearances) == 0 {
				continue
			}
			n++
			k := c.ItemKind(i)
			assert.Equal(t, plain.State().Knowledge.AppearanceOf(k), with.State().Knowledge.AppearanceOf(k), "seed %d %s", seed, row.Name)
		}
		require.Positive(t, n)
		assert.Empty(t, plain.State().Knowledge.AppearanceOf(wands.ItemKinds[wands.Striking]), "no wands without the mechanic")
	}
}

// TestAScenarioNamingAWandNeedsTheMechanic: a wand in the pack or on the
// floor is refused without --mechanics wands, naming it; without the
// mechanic `zap` is no verb.
func TestAScenarioNamingAWandNeedsTheMechanic(t *testing.T) {
	sc := duel("jackal", 5)
	sc.Cog = &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "apple"}, {Kind: "wand of digging", Spe: ptr[int32](4)}}}
	_, err := sim.New(sim.Config{Seed: 1, Scenario: &sc})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cog.inventory[1].kind: wand of digging needs the mechanic wands")

	sc = duel("jackal", 5)
	sc.Items = []sim.ScenarioThing{{At: []int{5, 3}, Kind: "wand of striking", Spe: ptr[int32](4)}}
	_, err = sim.New(sim.Config{Seed: 1, Scenario: &sc})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "items[0].kind: wand of striking needs the mechanic wands")

	sc = duel("floating eye", 5)
	s, err := sim.New(sim.Config{Seed: 1, Scenario: &sc})
	require.NoError(t, err)
	s.Turn("zap a e")
	assert.Contains(t, message(s), "Ignored: zap")
}

// armoury is a lit room with wands in the pack and on the floor and two
// monsters, for snapshots and replays.
func armoury() sim.Scenario {
	return sim.Scenario{Name: "armoury", Depth: 3, Lit: ptr(true),
		Map: []string{"", " ----------", " |.@......|", " |........|", " |........|", " ----------"},
		Cog: &sim.ScenarioCog{HP: ptr(500), MaxHP: ptr(500), Inventory: []sim.ScenarioStack{
			{Kind: "wand of striking", Spe: ptr[int32](6)}, {Kind: "wand of slow monster", Spe: ptr[int32](5)},
			{Kind: "wand of digging", Spe: ptr[int32](4)}, {Kind: "wand of create monster", Spe: ptr[int32](12)}, {Kind: "food ration"}}},
		Monsters: []sim.ScenarioThing{{At: []int{6, 2}, Species: "jackal", HP: 60}, {At: []int{8, 4}, Species: "gnome", HP: 60}},
		Items:    []sim.ScenarioThing{{At: []int{5, 4}, Kind: "wand of digging", Spe: ptr[int32](7)}, {At: []int{2, 4}, Kind: "wand of striking"}}}
}

// TestASnapshotMidEpisodeContinuesIdentically: with wands in the pack
// and on the floor and a slowed monster, a snapshot encoded, decoded and
// restored into a new episode continues exactly as the original.
func TestASnapshotMidEpisodeContinuesIdentically(t *testing.T) {
	sc := armoury()
	s, err := sim.New(sim.Config{Seed: 5, Scenario: &sc, Mechanics: []string{wands.Name}})
	require.NoError(t, err)
	s.Turn("zap b e")
	require.Equal(t, "The jackal seems to be moving slower.", first(message(s)))
	s.Turn("zap a e")
	require.Equal(t, int32(5), s.State().Inventory.Get(s.State().Run.Cog).Slots[0].Spe)

	b, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	var snap sim.Snapshot
	require.NoError(t, snap.UnmarshalBinary(b))
	r, err := sim.FromSnapshot(&snap)
	require.NoError(t, err)
	require.Equal(t, string(s.Observe()), string(r.Observe()))
	rb, err := r.Snapshot().MarshalBinary()
	require.NoError(t, err)
	require.Equal(t, b, rb, "byte for byte")

	replies := []string{"search", "zap a e", "zap d", "s e", "zap c s", "zap b se", "search*3", "i", "zap c >", "e e", "search*10"}
	for _, reply := range replies {
		s.Turn(reply)
		r.Turn(reply)
		require.Equal(t, string(s.Observe()), string(r.Observe()), "after %q", reply)
	}
	assert.Equal(t, 4, s.State().Level.Depth, "the episode went on through the hole")
	ob, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	rb, err = r.Snapshot().MarshalBinary()
	require.NoError(t, err)
	assert.Equal(t, ob, rb)
}

// TestAReplayWithZapsVerifies: a replay of zaps records the mechanic and
// the scenario, and re-simulates with every hash matching; without the
// mechanic the same replay is refused.
func TestAReplayWithZapsVerifies(t *testing.T) {
	sc := armoury()
	sc.Clock = &sim.ScenarioClock{MaxTurns: 14}
	s, err := sim.New(sim.Config{Seed: 6, Scenario: &sc, Mechanics: []string{wands.Name}, Agent: "test"})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	replies := []string{"zap b e", "z a", "zap a e", "zap d", "zap c s", "i", "search*4", "zap a e", "zap c >", "e e search"}
	for i := 0; !s.Done(); i++ {
		{
			r := replies[i%len(replies)]
			rec.Sim.Turn(r)
			require.NoError(t, rec.Played(r))
		}
	}
	require.NoError(t, rec.Finish())
	data := buf.Bytes()
	rep, err := replay.Read(bytes.NewReader(data))
	require.NoError(t, err)
	require.NoError(t, rep.Play(nil))
	assert.Equal(t, 4, s.State().Level.Depth)

	lines := strings.SplitN(string(data), "\n", 2)
	header := strings.Replace(lines[0], `{"name":"wands","version":"1"}`, "", 1)
	require.NotEqual(t, lines[0], header)
	rep, err = replay.Read(strings.NewReader(header + "\n" + lines[1]))
	require.NoError(t, err)
	assert.Error(t, rep.Play(nil), "without the mechanic the scenario is refused")
}

// TestAScenarioWandWithoutSpeIsAsGenerated (§39.5): a wand in the pack,
// on the floor or drawn on the map without "spe" has its charges as
// generated (4…8, create monster 11…15), not 0; "spe": 0 stays 0; the
// draws come from the scenario's stream after the monsters' hit points,
// so two seeds give different charges.
func TestAScenarioWandWithoutSpeIsAsGenerated(t *testing.T) {
	seen := map[int32]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		sc := duel("jackal", 0)
		sc.Map = []string{"", " --------", " |.@.../|", " |......|", " --------"}
		sc.Cog = &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "wand of striking"}, {Kind: "wand of digging", Spe: ptr[int32](0)}}}
		sc.Items = []sim.ScenarioThing{{At: []int{3, 3}, Kind: "wand of create monster"}}
		s, err := sim.New(sim.Config{Seed: seed, Scenario: &sc, Mechanics: []string{wands.Name}})
		require.NoError(t, err)
		e := s.State()
		inv := e.Inventory.Get(e.Cog())
		assert.GreaterOrEqual(t, inv.Slots[0].Spe, int32(4))
		assert.LessOrEqual(t, inv.Slots[0].Spe, int32(8))
		seen[inv.Slots[0].Spe] = true
		assert.Zero(t, inv.Slots[1].Spe, `"spe": 0 is 0`)
		require.Len(t, e.ItemsAt(nil, c.Pos{X: 3, Y: 3}), 1)
		require.Len(t, e.ItemsAt(nil, c.Pos{X: 7, Y: 2}), 1)
		for _, it := range e.ItemsAt(nil, c.Pos{X: 3, Y: 3}) {
			spe := e.Item.Get(it).Spe
			assert.True(t, spe >= 11 && spe <= 15, "create monster with %d charges", spe)
		}
		for _, it := range e.ItemsAt(nil, c.Pos{X: 7, Y: 2}) {
			spe := e.Item.Get(it).Spe
			assert.True(t, spe >= 4 && spe <= 15, "the map's wand with %d charges", spe)
		}
	}
	assert.Greater(t, len(seen), 2, "charges drawn per seed")
}
