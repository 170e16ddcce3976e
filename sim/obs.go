package sim

import (
	"bytes"
	"encoding/binary"
	"unsafe"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
)

// The observation as arrays (§29), NLE's convention: the shapes are fixed.
const (
	// NumStats is the length of [Arrays.Stats].
	NumStats = 14
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
	// StatX and StatY are the cog's cell: column 0…47, row 0…17 of the
	// map (§35.2).
	StatX
	StatY
)

// StatNames names the stats in order.
var StatNames = [NumStats]string{"depth", "gold", "hp", "maxHp", "ac", "xlevel", "xp", "tick", "turn", "maxTurns", "hunger", "conditions", "x", "y"}

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
// [text.Glyphs]), the map's characters, the cells' colours (see
// [Sim.FillColours]), the stats and the message line. Every value is
// derived from what the observation text shows (and, for a visible
// monster, its species).
type Arrays struct {
	Glyphs  [c.H][c.W]int16
	Chars   [c.H][c.W]byte
	Colors  [c.H][c.W]byte
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
		Colors:  unsafe.Slice(&a.Colors[0][0], c.N),
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
// little-endian int16); Colors, when not nil, the cells' colours (c.N
// bytes, [Sim.FillColours]); Status, when not nil, the status line (the
// observation text's last line, zero padded and cut to fit).
//
// The pack (§35.2), each optional (nil: not written): InvLetters, one
// byte a slot a…z, the slot's letter or 0 when empty; InvClasses, the
// item class id (the class table's order, [components.Classes]) or
// [InvEmptyClass]; InvGlyphs, 2 bytes a slot, the little-endian int16
// glyph id of the item as the map draws it, 0 when empty; InvStrs,
// [InvStrBytes] a slot, the stack as the inventory line names it without
// its "x - " prefix ("2 food rations", "a dagger (weapon in hand)"),
// zero-padded and cut to fit.
type RecordFields struct {
	Message, Chars, Glyphs, Colors, Status []byte
	// Map, when not nil, names what Chars, Glyphs and Colors hold now
	// (the zero key: unknown); FillRecord leaves them as they are when
	// that is the map, and sets it to the key of the map written.
	Map *MapKey

	InvLetters, InvClasses, InvGlyphs, InvStrs []byte
	// Pack, when not nil, names what the pack's fields hold now (0:
	// unknown, else the version FillRecord set it to: equal versions, of
	// any Sim of the process, are equal arrays); FillRecord leaves them
	// as they are when that is the pack, and sets it to the version
	// written.
	Pack *uint64

	// Mask, when not nil, receives MaskTable's action mask as
	// [Sim.FillMaskKeyed] writes it, keyed by MaskKey.
	Mask      []byte
	MaskTable *ActionTable
	MaskKey   *MaskKey
}

// The pack's arrays.
const (
	// InvSlots is the number of pack slots, a…z.
	InvSlots = len(c.Letters)
	// InvStrBytes is the room for one slot's name.
	InvStrBytes = 80
	// InvEmptyClass is InvClasses' value for an empty slot.
	InvEmptyClass = 255
)

// FillRecord writes the current observation into r, with the action
// mask when r asks for it, and returns the stats. A long-lived session
// writes straight into its answer this way; the pack is compared with
// its cached arrays once for the pack's fields and the mask.
func (s *Sim) FillRecord(r RecordFields) [NumStats]int32 {
	e := s.env
	s.fillMap(r.Chars, r.Glyphs, r.Colors, r.Map)
	f := s.Frame()
	msg := messageLine(f.Message)
	n := copy(r.Message[:MessageBytes], msg)
	clear(r.Message[n:MessageBytes])
	if r.Status != nil {
		s.line = text.AppendStatus(s.line[:0], &f.Status)
		line := lastLine(s.line)
		clear(r.Status[copy(r.Status, line):])
	}
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
	pack := r.InvLetters != nil || r.InvClasses != nil || r.InvGlyphs != nil || r.InvStrs != nil
	if pack || r.Mask != nil {
		s.refreshPack()
	}
	if pack && (r.Pack == nil || *r.Pack != s.pack.version) {
		s.fillPack(r)
		if r.Pack != nil {
			*r.Pack = s.pack.version
		}
	}
	if r.Mask != nil {
		s.fillMask(r.MaskTable, r.Mask, r.MaskKey, st.Hunger >= c.Weak, st.Confused)
	}
	at := *e.Pos.Get(e.Run.Cog)
	return [NumStats]int32{int32(st.Depth), int32(st.Gold), int32(st.HP), int32(st.MaxHP), int32(st.AC),
		int32(st.XLevel), int32(st.XP), int32(st.Tick), int32(st.Turn), int32(st.MaxTurns), int32(st.Hunger), cond,
		int32(at.X), int32(at.Y)}
}

// messageLine is the message as the observation text's message line
// shows it: cut to [text.MaxMessage] bytes, and at a newline.
func messageLine(msg []byte) []byte {
	msg = text.CutMessage(msg)
	if i := bytes.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// lastLine is what follows b's last newline, or all of b.
func lastLine(b []byte) []byte {
	if bytes.IndexByte(b, '\n') < 0 {
		return b
	}
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		return b[i+1:]
	}
	return b
}

// packArrays are the pack's arrays as last written, with what they were
// made of: the names change only when the pack or what the cog has
// identified does, so most observations copy them.
type packArrays struct {
	valid bool
	// version names these arrays: it changes, across every episode of
	// the process, whenever they do.
	version    uint64
	inv        c.Inventory
	identified [len(c.Knowledge{}.Identified)]bool
	letters    [InvSlots]byte
	classes    [InvSlots]byte
	glyphs     [2 * InvSlots]byte
	strs       [InvSlots * InvStrBytes]byte
	// name is room for a slot's inventory line.
	name []byte
}

// fillPack writes the pack's arrays, refreshed, into r's non-nil
// fields.
func (s *Sim) fillPack(r RecordFields) {
	pa := &s.pack
	copy(r.InvLetters, pa.letters[:])
	copy(r.InvClasses, pa.classes[:])
	copy(r.InvGlyphs, pa.glyphs[:])
	copy(r.InvStrs, pa.strs[:])
}

// refreshPack remakes the pack's arrays if the pack or what the cog has
// identified changed.
func (s *Sim) refreshPack() {
	e := s.env
	inv := e.Inventory.Get(e.Run.Cog)
	pa := &s.pack
	if !pa.valid || !sameBytes(&pa.inv, inv) || pa.identified != e.Knowledge.Identified {
		pa.valid, pa.inv, pa.identified = true, *inv, e.Knowledge.Identified
		pa.version = s.versions.take()
		clear(pa.strs[:])
		name := pa.name[:0]
		for i := range inv.Slots {
			st := inv.Slots[i]
			if st.Empty() {
				pa.letters[i], pa.classes[i] = 0, InvEmptyClass
				binary.LittleEndian.PutUint16(pa.glyphs[2*i:], 0)
				continue
			}
			cl := st.Kind.Info().Class
			pa.letters[i], pa.classes[i] = c.Letters[i], byte(cl)
			binary.LittleEndian.PutUint16(pa.glyphs[2*i:], uint16(text.GlyphOfChar(cl.Glyph())))
			name = c.AppendStack(name[:0], inv, e.Knowledge, i)
			copy(pa.strs[i*InvStrBytes:(i+1)*InvStrBytes], name[len("a - "):])
		}
		pa.name = name
	}
}

// sameBytes reports whether two inventories are the same bytes: a cheap
// test of equality (padding that differs only makes a needless refresh).
func sameBytes(a, b *c.Inventory) bool {
	n := unsafe.Sizeof(*a)
	return string(unsafe.Slice((*byte)(unsafe.Pointer(a)), n)) == string(unsafe.Slice((*byte)(unsafe.Pointer(b)), n))
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
