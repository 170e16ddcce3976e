package sim

import (
	"encoding/binary"
	"unsafe"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
)

// The observation as arrays (§29), NLE's convention: the shapes are fixed.
const (
	// NumStats is the length of [Arrays.Stats].
	NumStats = 12
	// MessageBytes is the length of [Arrays.Message].
	MessageBytes = 256
)

// The stats, in [Arrays.Stats] order.
const (
	StatDepth = iota
	StatGold
	StatHP
	StatMaxHP
	StatAC
	StatXLevel
	StatXP
	StatTick
	StatTurn
	StatMaxTurns
	// StatHunger is 0 Satiated, 1 Not Hungry, 2 Hungry, 3 Weak, 4 Fainting.
	StatHunger
	// StatConditions is a bitmask of [ConditionBits].
	StatConditions
)

// StatNames names the stats in order.
var StatNames = [NumStats]string{"depth", "gold", "hp", "maxHp", "ac", "xlevel", "xp", "tick", "turn", "maxTurns", "hunger", "conditions"}

// The bits of StatConditions: what the status line shows. A mechanic's
// status word takes bit 4+j, j its index in [components.Statuses] (the
// order mechanics added them, §32.6); [ConditionNames] lists them all.
const (
	ConditionConfused  = 1 << iota // Conf
	ConditionParalysed             // Para
	ConditionStuck                 // Stuck
	ConditionTrapped               // Trap
)

// ConditionNames names the bits of StatConditions in order: Conf, Para,
// Stuck, Trap, then every status word a linked mechanic added.
func ConditionNames() []string {
	out := append([]string(nil), c.CoreStatusWords[:]...)
	for _, st := range c.Statuses() {
		out = append(out, st.Word)
	}
	return out
}

// Arrays is an observation as fixed-shape arrays: glyph ids (see
// [text.Glyphs]), the map's characters, the stats and the message line.
// Every value is derived from what the observation text shows (and, for a
// visible monster, its species).
type Arrays struct {
	Glyphs  [c.H][c.W]int16
	Chars   [c.H][c.W]byte
	Stats   [NumStats]int32
	Message [MessageBytes]byte
}

// FillArrays writes the current observation into a.
func (s *Sim) FillArrays(a *Arrays) {
	var g [2 * c.N]byte
	stats := s.FillRecord(RecordFields{
		Message: a.Message[:],
		Chars:   unsafe.Slice(&a.Chars[0][0], c.N),
		Glyphs:  g[:],
	})
	a.Stats = stats
	glyphs := unsafe.Slice(&a.Glyphs[0][0], c.N)
	for i := range glyphs {
		glyphs[i] = int16(binary.LittleEndian.Uint16(g[2*i:]))
	}
}

// RecordFields are the places an observation is written to as the binary
// record's fields (docs/serve.md): the message line (MessageBytes, zero
// padded), the map's characters (c.N) and the glyph ids (2·c.N bytes,
// little-endian int16).
type RecordFields struct {
	Message, Chars, Glyphs []byte
}

// FillRecord writes the current observation into r and returns the
// stats. A long-lived session writes straight into its answer this way.
func (s *Sim) FillRecord(r RecordFields) [NumStats]int32 {
	const stride = c.W + 1
	obs := s.obs
	e := s.env
	table := text.GlyphTable()
	for y := 0; y < c.H; y++ {
		copy(r.Chars[y*c.W:(y+1)*c.W], obs[y*stride:y*stride+c.W])
	}
	chars := r.Chars[:c.N]
	glyphs := r.Glyphs[:2*c.N]
	monsters := false
	for i, ch := range chars {
		g := table[ch]
		binary.LittleEndian.PutUint16(glyphs[2*i:], uint16(g))
		monsters = monsters || g >= text.SpeciesGlyphBase
	}
	if monsters {
		// A monster's letter: told by the monster standing there.
		vis := e.Vision.Rect
		for i, ch := range chars {
			if table[ch] < text.SpeciesGlyphBase {
				continue
			}
			p := c.PosOf(i)
			if m, ok := e.Level.Creatures.At(p); ok && vis.Contains(p) && m != e.Run.Cog {
				binary.LittleEndian.PutUint16(glyphs[2*i:], uint16(text.SpeciesGlyph(e.Monster.Get(m).Species)))
			}
		}
	}
	msg := obs[c.H*stride:]
	for i, b := range msg {
		if b == '\n' {
			msg = msg[:i]
			break
		}
	}
	n := copy(r.Message[:MessageBytes], msg)
	clear(r.Message[n:MessageBytes])
	f := s.Frame()
	st := f.Status
	var cond int32
	for bit, on := range [...]bool{st.Confused, st.Paralysed, st.Stuck, st.Trapped} {
		if on {
			cond |= 1 << bit
		}
	}
	for i, j := range s.statuses {
		if st.Mechanic&(1<<i) != 0 {
			cond |= 1 << (len(c.CoreStatusWords) + j)
		}
	}
	return [NumStats]int32{int32(st.Depth), int32(st.Gold), int32(st.HP), int32(st.MaxHP), int32(st.AC),
		int32(st.XLevel), int32(st.XP), int32(st.Tick), int32(st.Turn), int32(st.MaxTurns), int32(st.Hunger), cond}
}

// Terminated reports whether the episode ended with the cog's death
// (Gymnasium's terminated).
func (s *Sim) Terminated() bool {
	r := s.env.Run
	return r.Ended && !Truncation(r.Cause)
}

// Truncated reports whether the episode ended without a death: the clock
// ran out or the agent went away (Gymnasium's truncated).
func (s *Sim) Truncated() bool {
	r := s.env.Run
	return r.Ended && Truncation(r.Cause)
}

// Truncation reports whether an end's cause is not a death.
func Truncation(cause string) bool {
	return cause == "clock" || cause == "disconnected" || cause == "timeout"
}

// Ignored is the tokens the last turn's reply skipped (§14), "" if none.
func (s *Sim) Ignored() string { return s.lastIgnored }

// Unusable reports whether the last turn's reply could not be read at all
// (§20).
func (s *Sim) Unusable() bool { return s.lastUnusable }
