// Package obs encodes an episode's observation for learning agents
// (§29, §35): the fixed-shape arrays ([Arrays]), the binary record of
// cogsim serve ([RecordFields]) and its [Layout], the canonical action
// list and its mask ([ActionTable]), the map's colours ([FillColours])
// and the JSON observation message ([Observation]). The observation
// text itself is sim's ([sim.Sim.Observe]).
//
// It reads the episode only through sim's exported accessors (State,
// Frame, Observe, Score, Result …). What it keeps between observations —
// the map's glyph ids and colours, the pack's arrays, the mask's letter
// runs — lives in an [Encoder], one per place that encodes (a session's
// slot, an agent's connection), never in the Sim.
package obs

import (
	"bytes"
	"encoding/binary"
	"unsafe"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
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
	// StatConditions is a bitmask of the conditions ([Conditions]).
	StatConditions
	// StatX and StatY are the cog's cell: column 0…47, row 0…17 of the
	// map (§35.2).
	StatX
	StatY
)

// StatNames names the stats in order.
var StatNames = [NumStats]string{"depth", "gold", "hp", "maxHp", "ac", "xlevel", "xp", "tick", "turn", "maxTurns", "hunger", "conditions", "x", "y"}

// The bits of StatConditions: what the status line shows. The status
// words of the episode's mechanics follow, bit 4+i for the i-th
// ([components.ActiveStatuses]: by mechanic in the order the episode
// installs them), so that a bit depends on the episode's mechanics, not
// on what else the program links; [Conditions] names them all.
const (
	ConditionConfused  = 1 << iota // Conf
	ConditionParalysed             // Para
	ConditionStuck                 // Stuck
	ConditionTrapped               // Trap
)

// Conditions names the bits of StatConditions in order for an episode
// that installs the mechanics active (the variant's first, as
// [sim.Sim.MechanicNames] lists them): Conf, Para, Stuck, Trap, then
// the mechanics' status words.
func Conditions(active []string) []string {
	out := append([]string(nil), c.CoreStatusWords[:]...)
	all := c.Statuses()
	for _, j := range c.ActiveStatuses(active) {
		out = append(out, all[j].Word)
	}
	return out
}

// Arrays is an observation as fixed-shape arrays: glyph ids (see
// [text.Glyphs]), the map's characters, the cells' colours (see
// [FillColours]), the stats and the message line. Every value is
// derived from what the observation text shows (and, for a visible
// monster, its species).
type Arrays struct {
	Glyphs  [c.H][c.W]int16
	Chars   [c.H][c.W]byte
	Colors  [c.H][c.W]byte
	Stats   [NumStats]int32
	Message [MessageBytes]byte
}

// Encoder writes the observations of an episode, keeping what it can
// between them: the map drawn from memory (glyph ids and colours), the
// pack's arrays and the mask's letter runs. Its zero value is ready. It
// may encode any Sim; its caches start anew when the Sim is another, or
// when the Sim starts a new episode or is restored
// ([sim.State.Epoch]). Not safe for concurrent use: parallel sessions
// keep one each.
type Encoder struct {
	// s and epoch are the episode the caches are of.
	s       *sim.Sim
	epoch   uint64
	display display
	pack    packArrays
	mask    maskCache
	// line is room for the status line; arrays for the JSON message's.
	line   []byte
	arrays Arrays
	// versions numbers the display's and the pack arrays' versions.
	versions versions
}

// sync makes the caches s's.
func (en *Encoder) sync(s *sim.Sim) *sim.State {
	e := s.State()
	if en.s != s || en.epoch != e.Epoch() {
		en.s, en.epoch = s, e.Epoch()
		en.display.valid, en.pack.valid = false, false
	}
	return e
}

// FillArrays writes s's current observation into a.
func (en *Encoder) FillArrays(s *sim.Sim, a *Arrays) {
	var g [2 * c.N]byte
	stats := en.FillRecord(s, RecordFields{
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
// record's fields ([Layout], docs/serve.md): the message line
// (MessageBytes, zero padded), the map's characters (c.N) and the glyph
// ids (2·c.N bytes, little-endian int16); Colors, when not nil, the
// cells' colours (c.N bytes, [FillColours]); Status, when not nil, the
// status line (the observation text's last line, zero padded and cut to
// fit).
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
	// any Encoder of the process, are equal arrays); FillRecord leaves
	// them as they are when that is the pack, and sets it to the version
	// written.
	Pack *uint64

	// Mask, when not nil, receives MaskTable's action mask as
	// [Encoder.FillMaskKeyed] writes it, keyed by MaskKey.
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

// FillRecord writes s's current observation into r, with the action
// mask when r asks for it, and returns the stats. A long-lived session
// writes straight into its answer this way; the pack is compared with
// its cached arrays once for the pack's fields and the mask.
func (en *Encoder) FillRecord(s *sim.Sim, r RecordFields) [NumStats]int32 {
	e := en.sync(s)
	f := s.Frame()
	en.display.update(e, f.Memory, &en.versions)
	en.display.fill(e, f.Memory, r.Chars, r.Glyphs, r.Colors, r.Map)
	msg := messageLine(f.Message)
	n := copy(r.Message[:MessageBytes], msg)
	clear(r.Message[n:MessageBytes])
	if r.Status != nil {
		en.line = text.AppendStatus(en.line[:0], &f.Status)
		line := lastLine(en.line)
		clear(r.Status[copy(r.Status, line):])
	}
	st := f.Status
	var cond int32
	for bit, on := range [...]bool{st.Confused, st.Paralysed, st.Stuck, st.Trapped} {
		if on {
			cond |= 1 << bit
		}
	}
	// The mechanics' words are bit i of Mechanic in the episode's order.
	cond |= int32(st.Mechanic) << len(c.CoreStatusWords)
	pack := r.InvLetters != nil || r.InvClasses != nil || r.InvGlyphs != nil || r.InvStrs != nil
	if pack || r.Mask != nil {
		en.refreshPack(e)
	}
	if pack && (r.Pack == nil || *r.Pack != en.pack.version) {
		en.fillPack(r)
		if r.Pack != nil {
			*r.Pack = en.pack.version
		}
	}
	if r.Mask != nil {
		en.fillMask(s, r.MaskTable, r.Mask, r.MaskKey, st.Hunger >= c.Weak, st.Confused)
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
	// IndexByte first: it is the assembly one, and the status line
	// seldom holds a newline (LastIndexByte is a loop in Go).
	if bytes.IndexByte(b, '\n') < 0 {
		return b
	}
	return b[bytes.LastIndexByte(b, '\n')+1:]
}

// packArrays are the pack's arrays as last written, with what they were
// made of: the names change only when the pack or what the cog has
// identified does, so most observations copy them.
type packArrays struct {
	valid bool
	// version names these arrays: it changes, across every Encoder of
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
func (en *Encoder) fillPack(r RecordFields) {
	pa := &en.pack
	copy(r.InvLetters, pa.letters[:])
	copy(r.InvClasses, pa.classes[:])
	copy(r.InvGlyphs, pa.glyphs[:])
	copy(r.InvStrs, pa.strs[:])
}

// refreshPack remakes the pack's arrays if the pack or what the cog has
// identified changed.
func (en *Encoder) refreshPack(e *sim.State) {
	inv := e.Inventory.Get(e.Run.Cog)
	pa := &en.pack
	if !pa.valid || !sameBytes(&pa.inv, inv) || pa.identified != e.Knowledge.Identified {
		pa.valid, pa.inv, pa.identified = true, *inv, e.Knowledge.Identified
		pa.version = en.versions.take()
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

// Terminated reports whether s's episode ended with the cog's death
// (Gymnasium's terminated).
func Terminated(s *sim.Sim) bool {
	r := s.State().Run
	return r.Ended && !truncation(r.Cause)
}

// Truncated reports whether s's episode ended without a death: the
// clock ran out or the agent went away (Gymnasium's truncated).
func Truncated(s *sim.Sim) bool {
	r := s.State().Run
	return r.Ended && truncation(r.Cause)
}

// truncation reports whether an end's cause is not a death.
func truncation(cause string) bool {
	return cause == "clock" || cause == "disconnected" || cause == "timeout"
}
