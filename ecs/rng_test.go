package ecs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStreamsAreDeterministicAndIndependent(t *testing.T) {
	a, b := NewStream(7, "combat"), NewStream(7, "combat")
	other := NewStream(7, "ai")
	seed8 := NewStream(8, "combat")
	same, diffName, diffSeed := 0, 0, 0
	for i := 0; i < 100; i++ {
		x := a.Uint64()
		if x == b.Uint64() {
			same++
		}
		if x == other.Uint64() {
			diffName++
		}
		if x == seed8.Uint64() {
			diffSeed++
		}
	}
	assert.Equal(t, 100, same)
	assert.Less(t, diffName, 3)
	assert.Less(t, diffSeed, 3)
}

func TestStreamSetReturnsOneStreamPerName(t *testing.T) {
	s := NewStreams(3)
	x := s.Get("ai")
	assert.Same(t, x, s.Get("ai"))
	// Creating another stream first does not change what "combat" draws.
	s2 := NewStreams(3)
	s2.Get("traps")
	assert.Equal(t, NewStreams(3).Get("combat").Uint64(), s2.Get("combat").Uint64())
}

func TestRnRanges(t *testing.T) {
	s := NewStream(1, "x")
	seen := map[int]bool{}
	for i := 0; i < 2000; i++ {
		r := s.Rnd(6)
		require.True(t, r >= 1 && r <= 6)
		seen[r] = true
		z := s.Rn2(6)
		require.True(t, z >= 0 && z < 6)
	}
	assert.Len(t, seen, 6)
	assert.Zero(t, s.Rn2(0))
	d := s.D(3, 8)
	assert.True(t, d >= 3 && d <= 24)
}

func TestStreamStateRoundTrips(t *testing.T) {
	s := NewStream(5, "cog")
	s.Uint64()
	state, err := s.MarshalBinary()
	require.NoError(t, err)
	want := s.Uint64()
	require.NoError(t, s.UnmarshalBinary(state))
	assert.Equal(t, want, s.Uint64())
}
