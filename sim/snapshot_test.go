package sim_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rest plays the script from turn i to the end and returns the
// observations.
func rest(s *sim.Sim, i int) [][]byte {
	var out [][]byte
	for ; !s.Done(); i++ {
		s.Turn(script[i%len(script)])
		out = append(out, append([]byte(nil), s.Observe()...))
	}
	return append(out, []byte(s.Result().Cause))
}

func TestRestoreAndContinueEqualsContinue(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		for _, at := range []int{0, 1, 5, 12, 30} {
			s, err := sim.New(sim.Config{Seed: seed})
			require.NoError(t, err)
			i := 0
			for ; i < at && !s.Done(); i++ {
				s.Turn(script[i%len(script)])
			}
			snap := s.Snapshot()
			obsAt := append([]byte(nil), s.Observe()...)
			want := rest(s, i)

			// Restore into the same episode, and into a fresh one.
			require.NoError(t, s.Restore(snap))
			assert.Equal(t, string(obsAt), string(s.Observe()), "seed %d turn %d: the observation is restored", seed, at)
			assert.Equal(t, want, rest(s, i), "seed %d turn %d: same sim", seed, at)

			b, err := snap.MarshalBinary()
			require.NoError(t, err)
			var decoded sim.Snapshot
			require.NoError(t, decoded.UnmarshalBinary(b))
			fresh, err := sim.FromSnapshot(&decoded)
			require.NoError(t, err)
			assert.Equal(t, want, rest(fresh, i), "seed %d turn %d: fresh sim from bytes", seed, at)
		}
	}
}

func TestSnapshotsOfScenariosKeepStatusAndTheLichen(t *testing.T) {
	s := seedWhere(t, func(seed uint64) *sim.Sim { return duel(seed, "lichen", 100, nil) },
		func(s *sim.Sim) bool { waitN(s, 12); return message(s) == "The lichen touches you!" })
	snap := s.Snapshot()
	fresh, err := sim.FromSnapshot(snap)
	require.NoError(t, err)
	assert.Equal(t, string(s.Observe()), string(fresh.Observe()))
	fresh.Turn("w")
	assert.Equal(t, "You cannot escape from the lichen!", message(fresh))
}

func TestSnapshotEncodingIsStable(t *testing.T) {
	s, _ := sim.New(sim.Config{Seed: 4})
	s.Turn("e*10 s*10")
	a, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	b, _ := s.Snapshot().MarshalBinary()
	assert.True(t, bytes.Equal(a, b), "the same state encodes to the same bytes")
}

func TestBadSnapshotsAreRefused(t *testing.T) {
	s, _ := sim.New(sim.Config{Seed: 4})
	other, _ := sim.New(sim.Config{Seed: 5})
	assert.ErrorContains(t, other.Restore(s.Snapshot()), "of seed 4")
	var snap sim.Snapshot
	assert.ErrorContains(t, snap.UnmarshalBinary([]byte("junk")), "not a cogsim snapshot")
	bad := s.Snapshot()
	for _, col := range bad.Components {
		if col.Name == "position" {
			for k := range col.Values {
				col.Values[k] = c.Pos{X: 99}
			}
		}
	}
	before := string(s.Observe())
	assert.ErrorContains(t, s.Restore(bad), "off the board")
	assert.Equal(t, before, string(s.Observe()), "a refused snapshot leaves the episode as it was")
	s.Turn("e")
	bad = s.Snapshot()
	bad.Version = 99
	assert.ErrorContains(t, s.Restore(bad), "version 99")
}

func BenchmarkSnapshotRestore(b *testing.B) {
	s, _ := sim.New(sim.Config{Seed: 4})
	s.Turn("e*10 s*10")
	b.Run("snapshot", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = s.Snapshot()
		}
	})
	snap := s.Snapshot()
	b.Run("restore", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = s.Restore(snap)
		}
	})
	b.Run("encode", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, _ = snap.MarshalBinary()
		}
	})
}

// TestEveryGenuineSnapshotRestores: the checks of a restore refuse no
// state a real episode reaches, in any variant, at any turn — including
// deaths, the lichen's hold and deep levels.
func TestEveryGenuineSnapshotRestores(t *testing.T) {
	replies := []string{"s*5", "e*8 s*8 w*8 n*8", "> search", ", e e e", "se*10 nw*10", "eat b", "quaff d", "wait*40", "kick e", "chat w"}
	for _, rules := range []string{"cog", "nethack", "rogue"} {
		for seed := uint64(1); seed <= 6; seed++ {
			s, err := sim.New(sim.Config{Seed: seed, Rules: rules, Invariants: true})
			require.NoError(t, err)
			for i := 0; !s.Done(); i++ {
				s.Turn(replies[(i*int(seed))%len(replies)])
				snap := s.Snapshot()
				_, err := sim.FromSnapshot(snap)
				require.NoError(t, err, "%s seed %d turn %d", rules, seed, i+1)
			}
		}
		for seed := uint64(1); seed <= 12; seed++ {
			s, err := sim.New(sim.Config{Seed: seed, Rules: rules, Invariants: true})
			require.NoError(t, err)
			a, err := agents.New("explore")
			require.NoError(t, err)
			a.Reset(seed)
			for i := 0; !s.Done(); i++ {
				s.Turn(a.Reply(s.Observe()))
				_, err := sim.FromSnapshot(s.Snapshot())
				require.NoError(t, err, "%s seed %d turn %d, explore", rules, seed, i+1)
			}
		}
	}
}

// damage decodes an encoded snapshot to generic JSON, lets change edit
// it, and encodes it again.
func damage(t *testing.T, b []byte, change func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	change(m)
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return out
}

// named finds a component's first value or a resource's value by name.
func named(m map[string]any, list, name string) map[string]any {
	for _, x := range m[list].([]any) {
		x := x.(map[string]any)
		if x["name"] == name {
			if list == "components" {
				return x["values"].([]any)[0].(map[string]any)
			}
			return x["value"].(map[string]any)
		}
	}
	panic("no " + name)
}

// TestDamagedSnapshotsAreRefusedNamingTheField: every field a damaged
// save file may hold out of range is refused, naming it, by
// FromSnapshot (which validates, as Restore does), and nothing panics.
func TestDamagedSnapshotsAreRefusedNamingTheField(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 4})
	require.NoError(t, err)
	s.Turn("e*3")
	good, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	comp := func(name string) func(m map[string]any) map[string]any {
		return func(m map[string]any) map[string]any { return named(m, "components", name) }
	}
	res := func(name string) func(m map[string]any) map[string]any {
		return func(m map[string]any) map[string]any { return named(m, "resources", name) }
	}
	cases := []struct {
		at    func(m map[string]any) map[string]any
		field string
		value any
		want  string
	}{
		{comp("inventory"), "Worn", -7, "inventory.Worn -7"},
		{comp("inventory"), "Wielded", 99, "inventory.Wielded 99"},
		{comp("inventory"), "Worn", 1, "inventory.Worn 1: not armour"},
		{comp("nutrition"), "State", 9, "nutrition.State 9"},
		{comp("experience"), "Level", 99, "experience 0 points at level 99"},
		{comp("purse"), "Gold", -5, "purse.Gold -5"},
		{comp("status"), "StuckTo", []any{99, 0}, "status.StuckTo entity 99"},
		{comp("status"), "StuckTo", []any{5, 0}, "status.StuckTo entity 5"},
		{comp("monster"), "Species", 99, "cannot unmarshal number into Go struct field Monster.Species"},
		{comp("monster"), "Species", "killer bee", `snapshot: monster: unknown species "killer bee" (made by a mechanic this binary lacks?)`},
		{comp("item"), "Kind", "wand of sorcery", `snapshot: item: unknown item kind "wand of sorcery"`},
		{comp("item"), "Kind", "wand of striking", `item.Kind "wand of striking" of entity`},
		{comp("trap"), "Kind", "magic trap", `snapshot: trap: unknown trap kind "magic trap"`},
		{comp("monster"), "Serial", 0, "monster.Serial 0"},
		{comp("movement-points"), "Actions", 100000, "movement-points.Actions 100000"},
		{res("level"), "Rooms", []any{}, "level.RoomOf at (7, 2): room 2 of 0"},
		{res("level"), "Rooms", nil, "level.RoomOf at (7, 2): room 2 of 0"},
		{res("level"), "Depth", 0, "level.Depth 0"},
		{res("level"), "Depth", 1000000, "level.Depth 1000000"},
		{res("level"), "Arrival", map[string]any{"X": 99, "Y": 0}, "level.Arrival (99, 0)"},
		{res("level"), "Stairs", map[string]any{"X": 3, "Y": -4}, "level.Stairs (3, -4)"},
		{res("clock"), "Tick", -5, "clock.Tick -5"},
		{res("clock"), "Turn", 500, "clock.Turn 500"},
		{res("clock"), "TurnTicks", 0, "clock.TurnTicks 0"},
		{res("clock"), "MaxTurns", 0, "clock.MaxTurns 0"},
		{res("run"), "Cog", []any{0, 0}, "run.Cog entity 0"},
		{res("run"), "Cog", []any{99, 0}, "run.Cog entity 99"},
		{res("run"), "Cog", []any{2, 0}, "run.Cog entity 2"},
		{res("run"), "MaxDepth", -1, "run.MaxDepth -1"},
		{res("run"), "Ended", true, "run.Ended true"},
		{res("run"), "Cause", "clock", "run.Cause \"clock\""},
		{res("run"), "Deeds", map[string]any{"List": []any{map[string]any{"name": "ate", "tick": 99}}}, `run.Deeds[0] "ate" at tick 99`},
		{res("vision"), "X0", -50, "vision (-50,"},
	}
	for _, tc := range cases {
		b := damage(t, good, func(m map[string]any) { tc.at(m)[tc.field] = tc.value })
		var snap sim.Snapshot
		err := snap.UnmarshalBinary(b)
		if err == nil {
			_, err = sim.FromSnapshot(&snap)
		}
		assert.ErrorContains(t, err, tc.want, "%s = %v", tc.field, tc.value)
	}
	// The knowledge is written by kind and appearance names (§32.1).
	known := func(change func(list []any)) []byte {
		return damage(t, good, func(m map[string]any) {
			for _, x := range m["resources"].([]any) {
				if x := x.(map[string]any); x["name"] == "knowledge" {
					change(x["value"].([]any))
				}
			}
		})
	}
	entry := func(list []any, i int) map[string]any { return list[i].(map[string]any) }
	for _, tc := range []struct {
		b    []byte
		want string
	}{
		{known(func(l []any) { entry(l, 1)["appearance"] = entry(l, 0)["appearance"] }), `"potion of extra healing": appearance`},
		{known(func(l []any) { entry(l, 0)["appearance"] = "plaid" }), `the potion class has no appearance "plaid"`},
		{known(func(l []any) { entry(l, 0)["kind"] = "potion of stray" }), `unknown item kind "potion of stray"`},
		{known(func(l []any) { entry(l, 0)["kind"] = "dagger" }), `"dagger": the weapon class has no appearance`},
		{known(func(l []any) { l[3] = l[0] }), `"potion of healing" written twice`},
	} {
		var snap sim.Snapshot
		err := snap.UnmarshalBinary(tc.b)
		if err == nil {
			_, err = sim.FromSnapshot(&snap)
		}
		assert.ErrorContains(t, err, tc.want)
	}
	cell := func(field string, v any) []byte {
		return damage(t, good, func(m map[string]any) { named(m, "resources", "level")[field].([]any)[500] = v })
	}
	for _, tc := range []struct {
		b    []byte
		want string
	}{
		{cell("RoomOf", 200), "level.RoomOf at (20, 10): room 200 of"},
		{cell("RoomOf", 1), "level.RoomOf at (20, 10): room 1, whose interior does not hold the cell"},
		{cell("Terrain", 99), "level.Terrain at (20, 10): unknown terrain 99"},
	} {
		var snap sim.Snapshot
		require.NoError(t, snap.UnmarshalBinary(tc.b))
		_, err := sim.FromSnapshot(&snap)
		assert.ErrorContains(t, err, tc.want)
	}
}
