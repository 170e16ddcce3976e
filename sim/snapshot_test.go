package sim_test

import (
	"bytes"
	"testing"

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
