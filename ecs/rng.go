package ecs

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"

	arche "github.com/mlange-42/arche/ecs"
)

// Stream is one named random stream (§18): a 128-bit PCG generator with
// the DXSM output, drawing exactly what math/rand/v2's
// rand.New(rand.NewPCG(…)) would, and whose state can be saved and
// restored. It holds the generator itself rather than a *rand.Rand, so a
// draw is a few inlined multiplies instead of a call through the
// rand.Source interface; rng_test.go checks it against math/rand/v2 draw
// for draw. A *Stream is itself a rand.Source, for the rare draw it
// lacks (rand.New(s).NormFloat64()).
type Stream struct {
	hi, lo uint64
}

// The PCG's 128-bit multiplier and increment, and the 64-bit multiplier
// of its DXSM output: the constants of O'Neill's pcg-cpp, which
// math/rand/v2's PCG uses.
const (
	pcgMulHi  = 0x2360ed051fc65da4
	pcgMulLo  = 0x4385df649fccf645
	pcgIncHi  = 0x5851f42d4c957f2d
	pcgIncLo  = 0x14057b7ef767814f
	dxsmMul   = 0xda942042e4dd58b5
	pcgPrefix = "pcg:"
)

// streamSeeds are the PCG seeds of the stream called name.
func streamSeeds(seed uint64, name string) (uint64, uint64) {
	h := fnv.New64a()
	h.Write([]byte(name))
	return seed, h.Sum64() ^ 0x9e3779b97f4a7c15
}

// NewStream derives the stream called name from the episode seed. The
// same seed and name always give the same numbers; different names give
// independent streams, so adding a stream never changes another's draws.
func NewStream(seed uint64, name string) *Stream {
	hi, lo := streamSeeds(seed, name)
	return &Stream{hi: hi, lo: lo}
}

// Uint64 is uniform on all 64-bit values: the PCG's state advances by
// state·mul + inc (mod 2¹²⁸) and the new state is scrambled by DXSM
// ("double xorshift multiply") of its high half with its low half.
func (s *Stream) Uint64() uint64 {
	hi, lo := bits.Mul64(s.lo, pcgMulLo)
	hi += s.hi*pcgMulLo + s.lo*pcgMulHi
	lo, carry := bits.Add64(lo, pcgIncLo, 0)
	hi += pcgIncHi + carry
	s.hi, s.lo = hi, lo
	hi ^= hi >> 32
	hi *= dxsmMul
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// below is uniform on 0 … n−1 for n ≥ 1, mapping draws to the bound as
// math/rand/v2 does on a 64-bit machine, so that every bounded draw
// takes the same values and the same number of draws: a power of two
// masks one draw; any other n takes the high word of draw·n, drawing
// again while the low word falls in the 2⁶⁴ mod n products that would
// make some results likelier (Lemire's method; the division that finds
// that threshold is needed only when the low word is below n).
func (s *Stream) below(n uint64) uint64 {
	if n&(n-1) == 0 {
		return s.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(s.Uint64(), n)
	if lo < n {
		for threshold := -n % n; lo < threshold; {
			hi, lo = bits.Mul64(s.Uint64(), n)
		}
	}
	return hi
}

// IntN, Int64N, Int32N, UintN, Uint64N and Uint32N are uniform on
// 0 … n−1; they panic when n is not positive (as rand.Rand's do).
func (s *Stream) IntN(n int) int          { return bounded(s, n, "IntN") }
func (s *Stream) Int64N(n int64) int64    { return bounded(s, n, "Int64N") }
func (s *Stream) Int32N(n int32) int32    { return bounded(s, n, "Int32N") }
func (s *Stream) UintN(n uint) uint       { return bounded(s, n, "UintN") }
func (s *Stream) Uint64N(n uint64) uint64 { return bounded(s, n, "Uint64N") }
func (s *Stream) Uint32N(n uint32) uint32 { return bounded(s, n, "Uint32N") }

// bounded is the draw of the bounded methods (method names which).
func bounded[T ~int | ~int64 | ~int32 | ~uint | ~uint64 | ~uint32](s *Stream, n T, method string) T {
	if n <= 0 {
		panic(badBound(method))
	}
	return T(s.below(uint64(n)))
}

// badBound is the panic of a bounded method given a bound that is not
// positive: an error whose text is made only when read, so that the
// methods stay small enough to inline.
type badBound string

func (b badBound) Error() string {
	return "ecs: Stream." + string(b) + " of a bound that is not positive"
}

// Uint is uniform on the uints.
func (s *Stream) Uint() uint { return uint(s.Uint64()) }

// Int is uniform on the non-negative ints: a draw without its top bit.
func (s *Stream) Int() int { return int(s.Uint64() &^ (1 << 63)) }

// Int64 is uniform on the non-negative int64s.
func (s *Stream) Int64() int64 { return int64(s.Uint64() &^ (1 << 63)) }

// Uint32 is uniform on the uint32s: a draw's high half.
func (s *Stream) Uint32() uint32 { return uint32(s.Uint64() >> 32) }

// Int32 is uniform on the non-negative int32s: a draw's top 31 bits.
func (s *Stream) Int32() int32 { return int32(s.Uint64() >> 33) }

// Float64 is uniform on [0, 1): a draw's low 53 bits over 2⁵³.
func (s *Stream) Float64() float64 { return float64(s.Uint64()&(1<<53-1)) / (1 << 53) }

// Float32 is uniform on [0, 1): the low 24 bits of a draw's high half
// over 2²⁴.
func (s *Stream) Float32() float32 { return float32(s.Uint32()&(1<<24-1)) / (1 << 24) }

// Shuffle puts n elements in a uniformly random order, swapping with swap
// (Fisher–Yates from the last element down, as rand.Rand's); it panics
// when n < 0.
func (s *Stream) Shuffle(n int, swap func(i, j int)) {
	if n < 0 {
		panic("ecs: Stream.Shuffle of a negative length")
	}
	for i := n - 1; i > 0; i-- {
		swap(i, int(s.below(uint64(i)+1)))
	}
}

// Perm is a uniformly random permutation of 0 … n−1.
func (s *Stream) Perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	s.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// Rn2 is uniform on 0 … n−1 (NetHack's rn2); 0 when n ≤ 0.
func (s *Stream) Rn2(n int) int {
	if n <= 0 {
		return 0
	}
	return int(s.below(uint64(n)))
}

// Rnd is uniform on 1 … n (NetHack's rnd); 0 when n ≤ 0.
func (s *Stream) Rnd(n int) int {
	if n <= 0 {
		return 0
	}
	return 1 + int(s.below(uint64(n)))
}

// D is the sum of n rolls of rnd(x) (NetHack's d(n, x)).
func (s *Stream) D(n, x int) int {
	t := 0
	for i := 0; i < n; i++ {
		t += s.Rnd(x)
	}
	return t
}

// OneIn reports true with chance 1/n.
func (s *Stream) OneIn(n int) bool { return s.Rn2(n) == 0 }

// seed starts the stream afresh from the PCG seeds hi and lo.
func (s *Stream) seed(hi, lo uint64) { s.hi, s.lo = hi, lo }

// errStreamState refuses a saved state that MarshalBinary did not write.
var errStreamState = errors.New("invalid PCG encoding")

// MarshalBinary saves the stream's state, byte for byte as math/rand/v2's
// PCG does: "pcg:" and the state's two halves, big-endian.
func (s *Stream) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(pcgPrefix)+16)
	b = append(b, pcgPrefix...)
	b = binary.BigEndian.AppendUint64(b, s.hi)
	return binary.BigEndian.AppendUint64(b, s.lo), nil
}

// UnmarshalBinary restores a state saved by MarshalBinary.
func (s *Stream) UnmarshalBinary(b []byte) error {
	if len(b) != len(pcgPrefix)+16 || string(b[:len(pcgPrefix)]) != pcgPrefix {
		return errStreamState
	}
	s.hi = binary.BigEndian.Uint64(b[len(pcgPrefix):])
	s.lo = binary.BigEndian.Uint64(b[len(pcgPrefix)+8:])
	return nil
}

// The names of the episode's play-time streams (§18). Level generation
// uses its own, worldgen/<depth> (worldgen.StreamName).
const (
	StreamCombat = "combat"
	StreamAI     = "ai"
	StreamItems  = "items"
	StreamTraps  = "traps"
	StreamCog    = "cog"
)

// Streams are the episode's play-time streams, one per name, made on first
// use and kept in creation order.
type Streams struct {
	seed    uint64
	names   []string
	streams []*Stream
}

// NewStreams makes the stream set of an episode.
func NewStreams(seed uint64) *Streams { return &Streams{seed: seed} }

// Begin keeps the streams as they are: the episode's driver, which knows
// the seed, reseeds them ([Streams.Reseed]); systems keep the streams
// they were given.
func (s *Streams) Begin(*arche.World) {}

// Seed is the episode seed.
func (s *Streams) Seed() uint64 { return s.seed }

// Get returns the stream called name, creating it on first use. Systems
// call it once, at Init, and keep the pointer.
func (s *Streams) Get(name string) *Stream {
	for i, n := range s.names {
		if n == name {
			return s.streams[i]
		}
	}
	st := NewStream(s.seed, name)
	s.names = append(s.names, name)
	s.streams = append(s.streams, st)
	return st
}

// Reseed starts every stream afresh from episode seed seed, in place:
// systems keep the *Stream they were given at Init, and each now draws
// what a new stream of its name would.
func (s *Streams) Reseed(seed uint64) {
	s.seed = seed
	for i, n := range s.names {
		s.streams[i].seed(streamSeeds(seed, n))
	}
}

// StreamState is the saved state of one named stream.
type StreamState struct {
	Name  string
	State []byte
}

// States saves every stream's state, in creation order.
func (s *Streams) States() []StreamState {
	out := make([]StreamState, len(s.names))
	for i, n := range s.names {
		b, _ := s.streams[i].MarshalBinary() // a PCG always marshals
		out[i] = StreamState{Name: n, State: b}
	}
	return out
}

// Restore sets the streams to saved states, creating any missing one.
func (s *Streams) Restore(states []StreamState) error {
	for _, st := range states {
		if err := s.Get(st.Name).UnmarshalBinary(st.State); err != nil {
			return fmt.Errorf("stream %q: %w", st.Name, err)
		}
	}
	return nil
}

// Clone copies the stream set with its states.
func (s *Streams) Clone() Streams {
	c := Streams{seed: s.seed}
	_ = c.Restore(s.States()) // states from States always restore
	return c
}

// Assign sets the streams to the states of from in place: systems keep
// the *Stream they were given at Init. A stream from lacks keeps its
// state (it was made after from was taken, so it has not drawn since).
func (s *Streams) Assign(from *Streams) { _ = s.Restore(from.States()) }

// streamsState is the saved form of a stream set.
type streamsState struct {
	Seed    uint64        `json:"seed"`
	Streams []StreamState `json:"streams"`
}

// MarshalJSON writes the seed and every stream's state.
func (s Streams) MarshalJSON() ([]byte, error) {
	return json.Marshal(streamsState{Seed: s.seed, Streams: s.States()})
}

// MarshalBinary writes the seed and every stream's name and state, the
// form a packed snapshot holds (sim.Sim.Pack; JSON is the portable one):
// the seed (8 bytes, little-endian), the count, then each stream's name
// and its state (MarshalBinary's 16 bytes, after "pcg:"), the count and
// the lengths as uvarints.
func (s *Streams) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 8+1+len(s.names)*(1+12+16))
	b = binary.LittleEndian.AppendUint64(b, s.seed)
	b = binary.AppendUvarint(b, uint64(len(s.names)))
	for i, n := range s.names {
		b = binary.AppendUvarint(b, uint64(len(n)))
		b = append(b, n...)
		st := s.streams[i]
		b = binary.BigEndian.AppendUint64(b, st.hi)
		b = binary.BigEndian.AppendUint64(b, st.lo)
	}
	return b, nil
}

// UnmarshalBinary reads what MarshalBinary wrote into a new set, as
// UnmarshalJSON does.
func (s *Streams) UnmarshalBinary(b []byte) error {
	if len(b) < 8 {
		return errStreamsState
	}
	*s = Streams{seed: binary.LittleEndian.Uint64(b)}
	n, k := binary.Uvarint(b[8:])
	if k <= 0 || n > uint64(len(b)) {
		return errStreamsState
	}
	b = b[8+k:]
	for range n {
		l, k := binary.Uvarint(b)
		if k <= 0 || l > uint64(len(b)-k) || uint64(len(b)-k)-l < 16 {
			return errStreamsState
		}
		st := s.Get(string(b[k : k+int(l)]))
		b = b[k+int(l):]
		st.hi, st.lo = binary.BigEndian.Uint64(b), binary.BigEndian.Uint64(b[8:])
		b = b[16:]
	}
	if len(b) != 0 {
		return errStreamsState
	}
	return nil
}

// errStreamsState refuses a stream set that MarshalBinary did not write.
var errStreamsState = errors.New("streams: not a stream set's binary form")

// UnmarshalJSON reads what MarshalJSON wrote.
func (s *Streams) UnmarshalJSON(b []byte) error {
	var st streamsState
	if err := json.Unmarshal(b, &st); err != nil {
		return err
	}
	*s = Streams{seed: st.Seed}
	return s.Restore(st.Streams)
}
