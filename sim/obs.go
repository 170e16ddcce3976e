package sim

import (
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

// The bits of StatConditions: what the status line shows.
const (
	ConditionConfused  = 1 << iota // Conf
	ConditionParalysed             // Para
	ConditionStuck                 // Stuck
	ConditionTrapped               // Trap
)

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
	const stride = c.W + 1
	obs := s.obs
	e := s.env
	table := text.GlyphTable()
	for y := 0; y < c.H; y++ {
		copy(a.Chars[y][:], obs[y*stride:y*stride+c.W])
	}
	chars := (*[c.N]byte)(unsafe.Pointer(&a.Chars))
	glyphs := (*[c.N]int16)(unsafe.Pointer(&a.Glyphs))
	monsters := false
	for i, ch := range chars {
		g := table[ch]
		glyphs[i] = g
		monsters = monsters || g >= text.SpeciesGlyphBase
	}
	if monsters {
		// A monster's letter: told by the monster standing there.
		vis := e.Vision.Rect
		for i, g := range glyphs {
			if g < text.SpeciesGlyphBase {
				continue
			}
			p := c.PosOf(i)
			if m, ok := e.Level.Creatures.At(p); ok && vis.Contains(p) && m != e.Run.Cog {
				glyphs[i] = text.SpeciesGlyph(e.Monster.Get(m).Species)
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
	n := copy(a.Message[:], msg)
	clear(a.Message[n:])
	f := s.Frame()
	st := f.Status
	var cond int32
	for bit, on := range [...]bool{st.Confused, st.Paralysed, st.Stuck, st.Trapped} {
		if on {
			cond |= 1 << bit
		}
	}
	a.Stats = [NumStats]int32{int32(st.Depth), int32(st.Gold), int32(st.HP), int32(st.MaxHP), int32(st.AC),
		int32(st.XLevel), int32(st.XP), int32(st.Tick), int32(st.Turn), int32(st.MaxTurns), int32(st.Hunger), cond}
}

// Score is the score of the episode so far (§16).
func (s *Sim) Score() int {
	e := s.env
	cog := e.Run.Cog
	return 50*(e.Run.MaxDepth-1) + e.Experience.Get(cog).Points + e.Purse.Get(cog).Gold + 25*len(e.Run.Deeds.List)
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
