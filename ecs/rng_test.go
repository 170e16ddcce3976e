package ecs

import (
	"encoding/json"
	"math"
	"math/rand/v2"
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

// TestAStreamSetsBinaryFormIsItsJSON: a stream set read from its binary
// form (a packed snapshot's) is the set its JSON gives, draw for draw,
// and a damaged form is refused.
func TestAStreamSetsBinaryFormIsItsJSON(t *testing.T) {
	set := NewStreams(9)
	for _, name := range []string{"combat", "ai", "worldgen/3"} {
		set.Get(name).Uint64()
	}
	b, err := set.MarshalBinary()
	require.NoError(t, err)
	j, err := json.Marshal(set)
	require.NoError(t, err)
	var fromBinary, fromJSON Streams
	require.NoError(t, fromBinary.UnmarshalBinary(b))
	require.NoError(t, json.Unmarshal(j, &fromJSON))
	assert.Equal(t, fromJSON.Seed(), fromBinary.Seed())
	assert.Equal(t, fromJSON.States(), fromBinary.States())
	assert.Equal(t, set.Get("ai").Uint64(), fromBinary.Get("ai").Uint64())
	for _, bad := range [][]byte{nil, b[:7], b[:len(b)-1], append(append([]byte{}, b...), 0), b[:9]} {
		assert.Error(t, new(Streams).UnmarshalBinary(bad), "%x", bad)
	}
}

// mathRand is what a stream drew before it held its own generator:
// math/rand/v2's Rand over a PCG with the same seeds.
func mathRand(seed uint64, name string) (*rand.Rand, *rand.PCG) {
	pcg := rand.NewPCG(streamSeeds(seed, name))
	return rand.New(pcg), pcg
}

// streamBounds are bounds that take every path of the bounded draws: 1,
// small numbers, powers of two and their neighbours, and bounds near 2³¹,
// 2³² and 2⁶³ whose rejection threshold is large enough to be met.
var streamBounds = []uint64{
	1, 2, 3, 5, 6, 7, 8, 10, 20, 21, 22, 40, 100, 255, 256, 257, 1000, 1 << 20, 1<<20 + 1,
	1<<31 - 1, 1 << 31, 1<<31 + 1, 3 << 30, 1<<32 - 1, 1 << 32, 1<<32 + 1,
	1<<62 + 1, 3 << 61, 1<<63 - 1, 1 << 63, 1<<63 + 1, 1<<63 + 1<<62, 1<<64 - 1,
}

// TestStreamDrawsWhatMathRandDraws holds every draw of a stream to
// math/rand/v2's for the same seeds, draw for draw, over many seeds,
// names and bounds, with the draws of different methods and bounds
// interleaved so a stray extra draw anywhere shows.
func TestStreamDrawsWhatMathRandDraws(t *testing.T) {
	names := []string{StreamCombat, StreamAI, StreamItems, StreamTraps, StreamCog, "worldgen/1", "worldgen/12", ""}
	seeds := []uint64{0, 1, 2, 7, 42, 1 << 32, 0x9e3779b97f4a7c15, 1<<64 - 1}
	for i := range 24 {
		seeds = append(seeds, uint64(i)*0x2545f4914f6cdd1d+12345)
	}
	for _, seed := range seeds {
		for _, name := range names {
			s := NewStream(seed, name)
			want, _ := mathRand(seed, name)
			for i := range 3000 {
				n := streamBounds[i%len(streamBounds)]
				var got, exp uint64
				switch i % 19 {
				case 0:
					got, exp = s.Uint64(), want.Uint64()
				case 1:
					got, exp = s.Uint64N(n), want.Uint64N(n)
				case 2:
					if n < 1<<63 {
						got, exp = uint64(s.Int64N(int64(n))), uint64(want.Int64N(int64(n)))
					}
				case 3:
					if n < 1<<63 {
						got, exp = uint64(s.IntN(int(n))), uint64(want.IntN(int(n)))
					}
				case 4:
					if n < 1<<31 {
						got, exp = uint64(s.Int32N(int32(n))), uint64(want.Int32N(int32(n)))
					}
				case 5:
					if n < 1<<32 {
						got, exp = uint64(s.Uint32N(uint32(n))), uint64(want.Uint32N(uint32(n)))
					}
				case 6:
					got, exp = uint64(s.UintN(uint(n))), uint64(want.UintN(uint(n)))
				case 7:
					got, exp = uint64(s.Int()), uint64(want.Int())
				case 8:
					got, exp = uint64(s.Int64()), uint64(want.Int64())
				case 9:
					got, exp = uint64(s.Int32()), uint64(want.Int32())
				case 10:
					got, exp = uint64(s.Uint32()), uint64(want.Uint32())
				case 11:
					got, exp = uint64(s.Uint()), uint64(want.Uint())
				case 12:
					got, exp = math.Float64bits(s.Float64()), math.Float64bits(want.Float64())
				case 13:
					got, exp = uint64(math.Float32bits(s.Float32())), uint64(math.Float32bits(want.Float32()))
				case 14:
					// Rn2, Rnd and OneIn are IntN of a positive bound.
					if n < 1<<63 {
						got, exp = uint64(s.Rn2(int(n))), uint64(want.IntN(int(n)))
					}
				case 15:
					if n < 1<<63 {
						got, exp = uint64(s.Rnd(int(n))), uint64(1+want.IntN(int(n)))
					}
				case 16:
					k := int(n%5) + 1
					d := s.D(k, 6)
					e := 0
					for range k {
						e += 1 + want.IntN(6)
					}
					got, exp = uint64(d), uint64(e)
				case 17:
					m := int(n % 40)
					got, exp = permHash(s.Perm(m)), permHash(want.Perm(m))
				case 18:
					var one, other bool = s.OneIn(int(n % 64)), false
					if n%64 > 0 {
						other = want.IntN(int(n%64)) == 0
					} else {
						other = true
					}
					got, exp = boolBit(one), boolBit(other)
				}
				if got != exp {
					t.Fatalf("seed %d, stream %q, draw %d (kind %d, bound %d): %d, math/rand/v2 %d", seed, name, i, i%19, n, got, exp)
				}
			}
			if s.Uint64() != want.Uint64() {
				t.Fatalf("seed %d, stream %q: out of step after the draws", seed, name)
			}
		}
	}
}

// TestStreamRejectsAsMathRandDoes draws near bounds where Lemire's method
// rejects often (just above 2⁶³ it rejects almost half the draws), so the
// rejection loop runs thousands of times and must match draw for draw.
func TestStreamRejectsAsMathRandDoes(t *testing.T) {
	for _, n := range []uint64{1<<63 + 1, 1<<63 + 12345, 3<<62 - 1, 1<<64 - 3} {
		for seed := range uint64(8) {
			s := NewStream(seed, "reject")
			want, _ := mathRand(seed, "reject")
			for i := range 2000 {
				if got, exp := s.Uint64N(n), want.Uint64N(n); got != exp {
					t.Fatalf("bound %d, seed %d, draw %d: %d, math/rand/v2 %d", n, seed, i, got, exp)
				}
			}
		}
	}
}

// TestStreamShufflesAsMathRandDoes holds Shuffle's swaps to math/rand/v2's.
func TestStreamShufflesAsMathRandDoes(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 10, 52, 1000} {
		s := NewStream(uint64(n), StreamItems)
		want, _ := mathRand(uint64(n), StreamItems)
		var got, exp [][2]int
		s.Shuffle(n, func(i, j int) { got = append(got, [2]int{i, j}) })
		want.Shuffle(n, func(i, j int) { exp = append(exp, [2]int{i, j}) })
		require.Equal(t, exp, got, "n = %d", n)
	}
}

// TestAStreamIsARandSource draws what the stream lacks (NormFloat64,
// ExpFloat64) through rand.New over the stream itself.
func TestAStreamIsARandSource(t *testing.T) {
	s := NewStream(4, StreamAI)
	want, _ := mathRand(4, StreamAI)
	r := rand.New(s)
	for range 1000 {
		require.Equal(t, want.NormFloat64(), r.NormFloat64())
		require.Equal(t, want.ExpFloat64(), r.ExpFloat64())
		require.Equal(t, want.IntN(6), s.Rn2(6))
	}
}

// TestStreamStateIsMathRandsPCGState holds the saved state to the bytes
// math/rand/v2's PCG saves, before and after draws and reseeding, and
// checks that either restores into the other.
func TestStreamStateIsMathRandsPCGState(t *testing.T) {
	for seed := range uint64(20) {
		s := NewStream(seed, StreamCog)
		want, pcg := mathRand(seed, StreamCog)
		for i := range 50 {
			got, err := s.MarshalBinary()
			require.NoError(t, err)
			exp, err := pcg.MarshalBinary()
			require.NoError(t, err)
			require.Equal(t, exp, got, "seed %d after %d draws", seed, i)
			s.Rn2(i + 1)
			want.IntN(i + 1)
		}
		// A state saved by math/rand/v2 restores into a stream, and back.
		saved, _ := pcg.MarshalBinary()
		r := NewStream(0, "other")
		require.NoError(t, r.UnmarshalBinary(saved))
		mine, _ := s.MarshalBinary()
		require.NoError(t, pcg.UnmarshalBinary(mine))
		for range 100 {
			x := want.Uint64()
			require.Equal(t, x, r.Uint64())
			require.Equal(t, x, s.Uint64())
		}
	}
	s := NewStream(1, "x")
	for _, bad := range [][]byte{nil, []byte("pcg:"), []byte("gcp:0123456789abcdef"), append([]byte("pcg:0123456789abcdef"), 0)} {
		assert.Error(t, s.UnmarshalBinary(bad), "%q", bad)
	}
}

// TestStreamsReseedAndRestoreAsMathRandDoes checks the stream set's
// reseeding, saved states and JSON against streams of math/rand/v2.
func TestStreamsReseedAndRestoreAsMathRandDoes(t *testing.T) {
	set := NewStreams(3)
	names := []string{StreamAI, StreamCombat, StreamTraps}
	for _, n := range names {
		set.Get(n).Rn2(10)
	}
	set.Reseed(99)
	for _, n := range names {
		want, pcg := mathRand(99, n)
		got, _ := set.Get(n).MarshalBinary()
		exp, _ := pcg.MarshalBinary()
		require.Equal(t, exp, got, n)
		for i := range 200 {
			require.Equal(t, want.IntN(i+1), set.Get(n).Rn2(i+1), n)
		}
	}
	b, err := json.Marshal(set)
	require.NoError(t, err)
	var back Streams
	require.NoError(t, json.Unmarshal(b, &back))
	clone := set.Clone()
	for _, n := range names {
		x := set.Get(n).Uint64()
		require.Equal(t, x, back.Get(n).Uint64(), n)
		require.Equal(t, x, clone.Get(n).Uint64(), n)
	}
}

func permHash(p []int) uint64 {
	h := uint64(len(p))
	for _, v := range p {
		h = h*1000003 + uint64(v)
	}
	return h
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// BenchmarkStreamRn2 is one bounded draw, as the systems and level
// generation make them.
func BenchmarkStreamRn2(b *testing.B) {
	s := NewStream(1, StreamCombat)
	t := 0
	for i := 0; b.Loop(); i++ {
		t += s.Rn2(i&63 + 1)
	}
	sink = t
}

// BenchmarkMathRandIntN is the same draw through math/rand/v2, for
// comparison.
func BenchmarkMathRandIntN(b *testing.B) {
	r, _ := mathRand(1, StreamCombat)
	t := 0
	for i := 0; b.Loop(); i++ {
		t += r.IntN(i&63 + 1)
	}
	sink = t
}

var sink int

// TestBoundedDrawsRefuseABoundThatIsNotPositive: each bounded method
// panics, naming itself, at 0 (and the signed ones at −1), as rand.Rand's
// do; Rn2 and Rnd give 0 instead.
func TestBoundedDrawsRefuseABoundThatIsNotPositive(t *testing.T) {
	s := NewStream(1, "bounds")
	for name, draw := range map[string]func(){
		"IntN": func() { s.IntN(0) }, "Int64N": func() { s.Int64N(-1) }, "Int32N": func() { s.Int32N(0) },
		"UintN": func() { s.UintN(0) }, "Uint64N": func() { s.Uint64N(0) }, "Uint32N": func() { s.Uint32N(0) },
	} {
		assert.PanicsWithError(t, "ecs: Stream."+name+" of a bound that is not positive", draw, name)
	}
	assert.Zero(t, s.Rn2(0))
	assert.Zero(t, s.Rnd(-1))
}
