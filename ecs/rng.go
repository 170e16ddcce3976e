package ecs

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	arche "github.com/mlange-42/arche/ecs"
)

// Stream is one named random stream (§18): a PCG generator whose state can
// be saved and restored.
type Stream struct {
	*rand.Rand
	src *rand.PCG
}

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
	src := rand.NewPCG(streamSeeds(seed, name))
	return &Stream{Rand: rand.New(src), src: src}
}

// Rn2 is uniform on 0 … n−1 (NetHack's rn2); 0 when n ≤ 0.
func (s *Stream) Rn2(n int) int {
	if n <= 0 {
		return 0
	}
	return s.IntN(n)
}

// Rnd is uniform on 1 … n (NetHack's rnd); 0 when n ≤ 0.
func (s *Stream) Rnd(n int) int {
	if n <= 0 {
		return 0
	}
	return 1 + s.IntN(n)
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

// MarshalBinary saves the stream's state.
func (s *Stream) MarshalBinary() ([]byte, error) { return s.src.MarshalBinary() }

// UnmarshalBinary restores a state saved by MarshalBinary.
func (s *Stream) UnmarshalBinary(b []byte) error { return s.src.UnmarshalBinary(b) }

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
		s.streams[i].src.Seed(streamSeeds(seed, n))
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

// UnmarshalJSON reads what MarshalJSON wrote.
func (s *Streams) UnmarshalJSON(b []byte) error {
	var st streamsState
	if err := json.Unmarshal(b, &st); err != nil {
		return err
	}
	*s = Streams{seed: st.Seed}
	return s.Restore(st.Streams)
}
