package scrolls_test

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/mechtest"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/systems/scrolls"
)

// floor names the level's floor items with their cells, in board order.
func floor(s *sim.Sim) []string {
	e := s.State()
	var list []string
	for _, it := range e.FloorItems(nil) {
		list = append(list, fmt.Sprintf("%s@%v", e.Item.Get(it).Kind.Info().Name, *e.Pos.Get(it)))
	}
	slices.Sort(list)
	return list
}

// TestALevelsScroll: one level in two gets a scroll, its kind by
// NetHack's odds, on a free cell of room floor; the level is otherwise
// the level without the mechanic, and the scroll a function of seed and
// depth alone (the level's stream, §39.4).
func TestALevelsScroll(t *testing.T) {
	const seeds, depths = 150, 4
	got, kinds := 0, map[scrolls.Kind]int{}
	for seed := uint64(1); seed <= seeds; seed++ {
		plain, err := sim.New(sim.Config{Seed: seed})
		require.NoError(t, err)
		with, err := sim.New(sim.Config{Seed: seed, Mechanics: []string{scrolls.Name}})
		require.NoError(t, err)
		for depth := 1; depth <= depths; depth++ {
			if depth > 1 {
				mechtest.Enter(t, plain, depth)
				mechtest.Enter(t, with, depth)
			}
			where := fmt.Sprintf("seed %d depth %d", seed, depth)
			lvl := with.State().Level
			require.Equal(t, plain.State().Level.Terrain, lvl.Terrain, where)
			want, all := floor(plain), floor(with)
			var extra []string
			for _, f := range all {
				if i := slices.Index(want, f); i >= 0 {
					want = slices.Delete(want, i, i+1)
					continue
				}
				extra = append(extra, f)
			}
			require.Empty(t, want, "%s: the level's own items are all there", where)
			require.LessOrEqual(t, len(extra), 1, where)
			if len(extra) == 0 {
				continue
			}
			got++
			name, _, _ := strings.Cut(extra[0], "@")
			k, ok := c.LookupItem(name)
			require.True(t, ok)
			kind := k.Info().Effect.(scrolls.Kind)
			kinds[kind]++
			p, ok := scrolls.Draw(ecs.NewStream(seed, ecs.LevelStream(scrolls.Name, depth)), plain.State().Level)
			require.True(t, ok, where)
			assert.Equal(t, kind, p.Kind, "%s: Draw says the same", where)
			assert.Equal(t, extra[0], fmt.Sprintf("%s@%v", name, p.At), where)
			i := p.At.Index()
			require.NotZero(t, lvl.RoomOf[i], where)
			require.Equal(t, c.Floor, lvl.Terrain[i], where)
		}
	}
	levels := float64(seeds * depths)
	assert.InDelta(t, levels/2, got, 3.5*math.Sqrt(levels/4), "one in two")
	total := 0
	for _, w := range scrolls.Probability {
		total += w
	}
	for k := range scrolls.NumKinds {
		p := float64(scrolls.Probability[k]) / float64(total)
		assert.InDelta(t, float64(got)*p, kinds[k], 3.5*math.Sqrt(float64(got)*p*(1-p))+1, k.String())
	}
}

// TestTheFilterCountStaysFlat (§39.6): over 1 000 levels with every
// mechanic that lays items installed (and the others that can be
// together), arche's count of cached filters stays what it was after
// the first: no Populate hook, system or helper registers one per level.
func TestTheFilterCountStaysFlat(t *testing.T) {
	var all []string
	for _, name := range ecs.MechanicNames() {
		m, _ := ecs.LookupMechanic(name)
		if m.Doc != "" && !strings.HasPrefix(name, "rogue-") && !strings.HasPrefix(name, "nethack-") {
			all = append(all, name)
		}
	}
	require.Contains(t, all, scrolls.Name)
	require.Contains(t, all, "wands")
	s, err := sim.New(sim.Config{Seed: 9, Rules: "nethack", Mechanics: all})
	require.NoError(t, err)
	w := s.State().W
	first := w.Stats().CachedFilters
	for level := range 1000 {
		mechtest.Enter(t, s, 2+level%30)
	}
	assert.Equal(t, first, w.Stats().CachedFilters, "cached filters after 1000 levels")
	require.NoError(t, s.Reset(10))
	mechtest.Enter(t, s, 3)
	assert.Equal(t, first, w.Stats().CachedFilters, "nor a new episode of the same world")
}

// TestAScenarioNeedsTheMechanic: a scroll in the pack or on the floor is
// refused without --mechanics scrolls, naming it.
func TestAScenarioNeedsTheMechanic(t *testing.T) {
	sc := room(true)
	sc.Items = []sim.ScenarioThing{{At: []int{4, 3}, Kind: "scroll of identify"}}
	_, err := sim.New(sim.Config{Seed: 1, Scenario: &sc})
	assert.ErrorContains(t, err, "items[0].kind: scroll of identify needs the mechanic scrolls")
}

// library is a room of scrolls in the pack and on the floor, a dagger
// wielded and armour worn, and a jackal, for snapshots and replays.
func library() sim.Scenario {
	sc := room(false, stack("scroll of identify", 2), stack("scroll of light", 1), stack("scroll of enchant weapon", 2),
		stack("scroll of enchant armour", 1), stack("scroll of teleportation", 2), stack("scroll of magic mapping", 1),
		sim.ScenarioStack{Kind: "dagger", Wielded: true}, sim.ScenarioStack{Kind: "leather armour", Worn: true},
		stack("potion of healing", 1))
	sc.Items = []sim.ScenarioThing{{At: []int{5, 3}, Kind: "scroll of light"}, {At: []int{6, 4}, Kind: "scroll of identify", Count: 3}}
	sc.Monsters = []sim.ScenarioThing{{At: []int{10, 5}, Species: "jackal", HP: 40}}
	return sc
}

// TestASnapshotMidEpisodeContinuesIdentically: with scrolls read, a
// room lit and a weapon enchanted, a snapshot encoded, decoded and
// restored into a new episode continues exactly as the original.
func TestASnapshotMidEpisodeContinuesIdentically(t *testing.T) {
	g := newGame(t, 5, library())
	g.turn("read c")
	g.turn("read e read b")
	b, err := g.s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	var snap sim.Snapshot
	require.NoError(t, snap.UnmarshalBinary(b))
	r, err := sim.FromSnapshot(&snap)
	require.NoError(t, err)
	require.Equal(t, string(g.s.Observe()), string(r.Observe()))
	replies := []string{"read a", "e e s", "pickup", "read f", "read g", "i", "read d", "search*5", "read a"}
	for _, reply := range replies {
		g.s.Turn(reply)
		r.Turn(reply)
		require.Equal(t, string(g.s.Observe()), string(r.Observe()), "after %q", reply)
	}
	ob, err := g.s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	rb, err := r.Snapshot().MarshalBinary()
	require.NoError(t, err)
	assert.Equal(t, ob, rb)
}

// TestAReplayWithReadsVerifies: a replay of readings records the
// mechanic and re-simulates with every hash matching; without the
// mechanic the same replay is refused.
func TestAReplayWithReadsVerifies(t *testing.T) {
	sc := library()
	sc.Clock = &sim.ScenarioClock{MaxTurns: 12}
	s, err := sim.New(sim.Config{Seed: 6, Scenario: &sc, Mechanics: []string{scrolls.Name}, Agent: "test"})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	replies := []string{"read c", "r a", "read f", "e e s pickup", "read e", "read g", "i", "read d", "read b", "search*4"}
	for i := 0; !s.Done(); i++ {
		r := replies[i%len(replies)]
		rec.Sim.Turn(r)
		require.NoError(t, rec.Played(r))
	}
	require.NoError(t, rec.Finish())
	rep, err := replay.Read(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	require.NoError(t, rep.Play(nil))

	lines := strings.SplitN(buf.String(), "\n", 2)
	header := strings.Replace(lines[0], `{"name":"scrolls","version":"1"}`, "", 1)
	require.NotEqual(t, lines[0], header)
	rep, err = replay.Read(strings.NewReader(header + "\n" + lines[1]))
	require.NoError(t, err)
	assert.Error(t, rep.Play(nil), "without the mechanic the scenario is refused")
}

// TestCheckConformance is the mechanic's conformance run (§34.3).
func TestCheckConformance(t *testing.T) { mechtest.Conformance(t, scrolls.Name) }

// TestTheCogGameIsUnchangedWhenLinked: with the mechanic linked but not
// installed, the explore agent's games are the cog game's reference,
// observation for observation; installed, some differ.
func TestTheCogGameIsUnchangedWhenLinked(t *testing.T) {
	mechtest.UnchangedWhenLinked(t, mechtest.CogGame, scrolls.Name)
}
