package sim_test

import (
	"encoding/json"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonOf is a snapshot's JSON form, the portable one.
func jsonOf(t *testing.T, snap *sim.Snapshot) string {
	t.Helper()
	b, err := snap.MarshalBinary()
	require.NoError(t, err)
	return string(b)
}

// TestAPackedSnapshotIsTheSnapshot: an episode's packed snapshot
// (§37.7) unpacks to the snapshot the episode takes — in every variant,
// with mechanics, between the tick steps of a turn and at the end — and
// this process's own unpack trusted.
func TestAPackedSnapshotIsTheSnapshot(t *testing.T) {
	for _, cfg := range []sim.Config{{Seed: 4}, {Seed: 5, Rules: "nethack"}, {Seed: 6, Rules: "rogue"},
		{Seed: 7, Mechanics: []string{"wands"}}, {Seed: 8, Mechanics: []string{"yellow-mold"}}} {
		s, err := sim.New(cfg)
		require.NoError(t, err)
		table := obs.NewActionTable(s.State().Mechanics)
		for k := 0; !s.Done(); k++ {
			if k%3 == 0 {
				s.Turn("e*4 s*3 , search")
			} else {
				s.TickStep(table.Actions[(k*37)%table.Len()].Prim)
			}
			if k%7 != 0 && !s.Done() {
				continue
			}
			b, err := s.Pack(nil)
			require.NoError(t, err)
			got, trusted, err := sim.UnpackSnapshot(b)
			require.NoError(t, err, "%+v step %d", cfg, k)
			assert.True(t, trusted)
			require.Equal(t, jsonOf(t, s.Snapshot()), jsonOf(t, got), "%+v step %d", cfg, k)
		}
	}
}

// TestAPackedSnapshotRestoresAndContinues: restored from its packed
// snapshot — in place, into the episode itself and into another of the
// same configuration and another seed, and, as a snapshot from elsewhere
// (its tag not this process's), through the checks of FromSnapshot — an
// episode continues exactly as the original did, between tick steps of
// a turn included.
func TestAPackedSnapshotRestoresAndContinues(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 9})
	require.NoError(t, err)
	table := obs.NewActionTable(nil)
	play := func(s *sim.Sim, from int) []string {
		var out []string
		for k := from; k < from+300 && !s.Done(); k++ {
			s.TickStep(table.Actions[(k*53)%table.Len()].Prim)
			out = append(out, string(s.Observe()))
		}
		r := s.Result()
		b, _ := json.Marshal(r)
		return append(out, string(b))
	}
	play(s, 0)
	require.True(t, s.InTickTurn(), "in the middle of a turn")
	b, err := s.Pack(nil)
	require.NoError(t, err)
	want := play(s, 300)

	ok, err := s.RestorePacked(b)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, want, play(s, 300), "restored in place")

	other, err := sim.New(sim.Config{Seed: 10})
	require.NoError(t, err)
	ok, err = other.RestorePacked(b)
	require.NoError(t, err)
	require.True(t, ok, "an episode of the same configuration, another seed")
	assert.Equal(t, want, play(other, 300), "restored into another episode")

	foreign := append([]byte(nil), b...)
	foreign[len(foreign)-1] ^= 1 // another process's tag
	ok, err = s.RestorePacked(foreign)
	require.NoError(t, err)
	assert.False(t, ok, "a snapshot from elsewhere is not put in place unchecked")
	snap, trusted, err := sim.UnpackSnapshot(foreign)
	require.NoError(t, err)
	assert.False(t, trusted)
	fresh, err := sim.FromSnapshot(snap)
	require.NoError(t, err)
	assert.Equal(t, want, play(fresh, 300), "checked and restored")

	nethack, err := sim.New(sim.Config{Seed: 9, Rules: "nethack"})
	require.NoError(t, err)
	ok, err = nethack.RestorePacked(b)
	require.NoError(t, err)
	assert.False(t, ok, "another configuration")
}

// TestADamagedPackedSnapshotIsRefused: a packed snapshot cut short, of
// another build's layout, or with a damaged byte is refused or checked,
// never put in place unchecked and never a crash.
func TestADamagedPackedSnapshotIsRefused(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 9})
	require.NoError(t, err)
	s.Turn("e*5 s*5")
	b, err := s.Pack(nil)
	require.NoError(t, err)
	_, _, err = sim.UnpackSnapshot(b[:20])
	assert.ErrorContains(t, err, "cut short")
	layout := append([]byte(nil), b...)
	layout[10] ^= 1
	_, _, err = sim.UnpackSnapshot(layout)
	assert.ErrorContains(t, err, "another build")
	_, err = s.RestorePacked(layout)
	assert.ErrorContains(t, err, "another build")
	assert.False(t, sim.IsPacked([]byte(`{"format":"cogsim-snapshot"}`)))
	for i := 40; i < len(b)-8; i += 97 {
		for _, x := range []byte{1, 0x80, 0xff} {
			bad := append([]byte(nil), b...)
			bad[i] ^= x
			ok, err := s.RestorePacked(bad)
			require.NoError(t, err)
			require.False(t, ok, "byte %d", i)
			snap, trusted, err := sim.UnpackSnapshot(bad)
			if err != nil {
				continue
			}
			require.False(t, trusted)
			if r, err := sim.FromSnapshot(snap); err == nil {
				r.Turn("e s w n search")
			}
		}
	}
}
