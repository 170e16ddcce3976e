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
	"os"
	"strconv"
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
	status  statusCache
	// line is room for the status line; arrays for the JSON message's;
	// whole for the map's arrays a record of crops alone is cut from.
	line   []byte
	arrays Arrays
	whole  struct {
		chars, colours [c.N]byte
		glyphs         [2 * c.N]byte
	}
	// versions numbers the display's and the pack arrays' versions.
	versions versions
	// cog is the cog's components, looked up once while they stay put.
	cog cogParts
}

// cogParts are pointers to the cog's components (into the ECS world's
// storage: read, never kept past a step by anyone else), which a step's
// stats read. A component stays where it is until the cog's entity
// changes archetype or its archetype's storage grows, and either moves
// its position too: the position is looked up each time, and the rest
// again only when it moved. (The pointers held keep the storage they
// point into alive, so no other storage can take the position's
// address while they are held.)
type cogParts struct {
	pos        *c.Position
	status     *c.Status
	health     *c.Health
	experience *c.Experience
	purse      *c.Purse
	inventory  *c.Inventory
	nutrition  *c.Nutrition
}

// parts is the cog's components now.
func (en *Encoder) parts(e *sim.State) *cogParts {
	if p := e.Pos.GetUnchecked(e.Run.Cog); p != en.cog.pos || checkParts { // the cog: alive as long as the episode
		en.lookUpParts(e, p)
	}
	return &en.cog
}

// lookUpParts looks the cog's components up, the cog's position p.
func (en *Encoder) lookUpParts(e *sim.State, p *c.Position) {
	cog := e.Run.Cog
	now := cogParts{p, e.Status.GetUnchecked(cog), e.Health.GetUnchecked(cog), e.Experience.GetUnchecked(cog),
		e.Purse.GetUnchecked(cog), e.Inventory.GetUnchecked(cog), e.Nutrition.GetUnchecked(cog)}
	if p == en.cog.pos && now != en.cog {
		panic("obs: the cog's components moved but its position did not")
	}
	en.cog = now
}

// checkParts has [Encoder.parts] check what it keeps against the world
// each time: with the invariant checks (COGSIM_INVARIANTS=1, as the
// tests run).
var checkParts = os.Getenv("COGSIM_INVARIANTS") == "1"

// sync makes the caches s's.
func (en *Encoder) sync(s *sim.Sim) *sim.State {
	e := s.State()
	if en.s != s || en.epoch != e.Epoch() {
		en.s, en.epoch = s, e.Epoch()
		en.display.valid, en.pack.valid, en.mask.valid, en.status.valid = false, false, false, false
		en.cog = cogParts{}
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
// record's fields ([Layout], docs/serve.md), each optional (nil: not
// written): the message line (MessageBytes, zero padded), the map's
// characters (c.N) and the glyph ids (2·c.N bytes, little-endian
// int16); Colors, the cells' colours (c.N bytes, [FillColours]);
// Status, the status line (the observation text's last line, zero
// padded and cut to fit).
//
// The crops (§37.3), GlyphsCrop, CharsCrop and ColorsCrop, are Crop ×
// Crop windows of those arrays centred on the cog (Crop odd), row by
// row: a cell off the board is solid rock — glyph 0, ' ', colour 7.
//
// The pack (§35.2): InvLetters, one byte a slot a…z, the slot's letter
// or 0 when empty; InvClasses, the item class id (the class table's
// order, [components.Classes]) or [InvEmptyClass]; InvGlyphs, 2 bytes a
// slot, the little-endian int16 glyph id of the item as the map draws
// it, 0 when empty; InvStrs, [InvStrBytes] a slot, the stack as the
// inventory line names it without its "x - " prefix ("2 food rations",
// "a dagger (weapon in hand)"), zero-padded and cut to fit.
type RecordFields struct {
	Message, Chars, Glyphs, Colors, Status []byte
	// Map, when not nil, names what the map's fields (Chars, Glyphs,
	// Colors and the crops, those given) hold now (the zero key:
	// unknown); FillRecord leaves them as they are when that is the
	// map, and sets it to the key of the map written. A place keeps the
	// same fields from one write to the next.
	Map *MapKey

	GlyphsCrop, CharsCrop, ColorsCrop []byte
	Crop                              int

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
func (en *Encoder) FillRecord(s *sim.Sim, r RecordFields) (stats [NumStats]int32) {
	en.Fill(s, &r, &stats)
	return stats
}

// Fill is FillRecord of the fields *r, its stats written to *stats: a
// session keeps each record's fields, and passes them without a copy.
func (en *Encoder) Fill(s *sim.Sim, r *RecordFields, stats *[NumStats]int32) {
	e := en.sync(s)
	cp := en.parts(e)
	at := c.Pos(*cp.pos)
	if crops := r.GlyphsCrop != nil || r.CharsCrop != nil || r.ColorsCrop != nil; r.Chars != nil || r.Glyphs != nil || r.Colors != nil || crops {
		en.fillMap(e, s.Memory(), at, r, crops)
	}
	if r.Message != nil {
		msg := messageLine(s.Message())
		n := copy(r.Message[:MessageBytes], msg)
		clear(r.Message[n:MessageBytes])
	}
	if r.Status != nil {
		st := s.Status()
		line := en.statusLine(&st)
		clear(r.Status[copy(r.Status, line):])
		*stats = statsOf(&st)
	} else {
		numbersOf(s, e, cp, stats)
	}
	stats[StatX], stats[StatY] = int32(at.X), int32(at.Y)
	if r.InvLetters != nil || r.InvClasses != nil || r.InvGlyphs != nil || r.InvStrs != nil {
		en.refreshPack(e)
		if r.Pack == nil || *r.Pack != en.pack.version {
			en.fillPack(r)
			if r.Pack != nil {
				*r.Pack = en.pack.version
			}
		}
	}
	if r.Mask != nil {
		if r.InvClasses != nil {
			// The pack was checked just now: the mask takes its classes.
			en.mask.fromPack(&en.pack)
		}
		en.fillMask(s, r.MaskTable, r.Mask, r.MaskKey, c.HungerState(stats[StatHunger]) >= c.Weak,
			stats[StatConditions]&ConditionConfused != 0)
	}
}

// statsOf is the stats of the status line's st, but for the cog's x
// and y.
func statsOf(st *text.Status) [NumStats]int32 {
	var cond int32
	for bit, on := range [...]bool{st.Confused, st.Paralysed, st.Stuck, st.Trapped} {
		if on {
			cond |= 1 << bit
		}
	}
	// The mechanics' words are bit i of Mechanic in the episode's order.
	cond |= int32(st.Mechanic) << len(c.CoreStatusWords)
	return [NumStats]int32{int32(st.Depth), int32(st.Gold), int32(st.HP), int32(st.MaxHP), int32(st.AC),
		int32(st.XLevel), int32(st.XP), int32(st.Tick), int32(st.Turn), int32(st.MaxTurns), int32(st.Hunger), cond}
}

// numbersOf is statsOf(s.Status()) read from the episode without
// making the status line's Status, for a record that has no status
// line.
func numbersOf(s *sim.Sim, e *sim.State, cp *cogParts, stats *[NumStats]int32) {
	st := cp.status
	next := e.Clock.Tick + 1
	cond := int32(b2u8(st.Confused(next))) | int32(b2u8(st.Paralysed(next)))<<1 | int32(b2u8(st.Stuck(next)))<<2 |
		int32(b2u8(st.Trapped(next)))<<3 | int32(s.MechanicStatuses())<<len(c.CoreStatusWords)
	h, ex, ck := cp.health, cp.experience, e.Clock
	*stats = [NumStats]int32{int32(e.Level.Depth), int32(cp.purse.Gold), int32(h.HP), int32(h.MaxHP),
		int32(cp.inventory.AC()), int32(ex.Level), int32(ex.Points), int32(ck.Tick), int32(ck.Turn),
		int32(ck.MaxTurns), int32(cp.nutrition.State), cond}
}

// PutStats writes stats into b (4·NumStats bytes) as little-endian
// int32s, the record's.
func PutStats(b []byte, stats *[NumStats]int32) {
	b = b[:4*NumStats]
	if littleEndian {
		*(*[4 * NumStats]byte)(b) = *(*[4 * NumStats]byte)(unsafe.Pointer(stats)) // no call to memmove
		return
	}
	for k, v := range stats {
		binary.LittleEndian.PutUint32(b[4*k:], uint32(v))
	}
}

// littleEndian says the machine stores an int32 as the record does.
var littleEndian = func() bool { x := uint16(1); return *(*byte)(unsafe.Pointer(&x)) == 1 }()

// statusCache is the status line as last drawn, with the numbers it was
// drawn from and where its tick's digits are: from one tick to the next
// most often only the tick changes, and only its digits are redrawn.
type statusCache struct {
	valid          bool
	st             text.Status
	line           []byte
	tickAt, tickTo int
}

// statusLine is the status line of st (the observation text's last
// line).
func (en *Encoder) statusLine(st *text.Status) []byte {
	sc := &en.status
	if sc.valid && sameButTick(&sc.st, st) {
		if st.Tick == sc.st.Tick {
			return sc.line
		}
		var digits [20]byte
		d := strconv.AppendInt(digits[:0], int64(st.Tick), 10)
		if len(d) == sc.tickTo-sc.tickAt {
			copy(sc.line[sc.tickAt:], d)
			sc.st.Tick = st.Tick
			return sc.line
		}
	}
	en.line = text.AppendStatus(en.line[:0], st)
	line := lastLine(en.line)
	sc.valid, sc.st, sc.line = true, *st, line
	sc.tickAt = bytes.Index(line, []byte(" T:")) + len(" T:")
	sc.tickTo = sc.tickAt
	for sc.tickTo < len(line) && line[sc.tickTo] >= '0' && line[sc.tickTo] <= '9' {
		sc.tickTo++
	}
	if sc.tickAt < len(" T:") {
		sc.valid = false // no tick drawn: never patched
	}
	return line
}

// sameButTick reports whether two statuses draw the same line but for
// the tick.
func sameButTick(a, b *text.Status) bool {
	return a.Depth == b.Depth && a.Gold == b.Gold && a.HP == b.HP && a.MaxHP == b.MaxHP && a.AC == b.AC &&
		a.XLevel == b.XLevel && a.XP == b.XP && a.Turn == b.Turn && a.MaxTurns == b.MaxTurns &&
		a.MaxTicks == b.MaxTicks && a.Hunger == b.Hunger && a.Confused == b.Confused &&
		a.Paralysed == b.Paralysed && a.Stuck == b.Stuck && a.Trapped == b.Trapped && a.Mechanic == b.Mechanic &&
		len(a.Words) == len(b.Words) && (len(a.Words) == 0 || &a.Words[0] == &b.Words[0])
}

// fillMap writes the map's fields of r, and its crops when it has any
// (from the map's arrays, its own or the Encoder's room for them).
func (en *Encoder) fillMap(e *sim.State, mem *text.Memory, at c.Pos, r *RecordFields, crops bool) {
	en.display.update(e, mem, &en.versions)
	chars, glyphs, colours := r.Chars, r.Glyphs, r.Colors
	if crops {
		// The crops are cut from the whole map's arrays: the record's,
		// else the Encoder's.
		if chars == nil && r.CharsCrop != nil {
			chars = en.whole.chars[:]
		}
		if glyphs == nil && r.GlyphsCrop != nil {
			glyphs = en.whole.glyphs[:]
		}
		if colours == nil && r.ColorsCrop != nil {
			colours = en.whole.colours[:]
		}
	}
	if !en.display.fill(e, mem, at, chars, glyphs, colours, r.Map) || !crops {
		return
	}
	cropMap(r.CharsCrop, chars, 1, r.Crop, at, ' ')
	cropMap(r.GlyphsCrop, glyphs, 2, r.Crop, at, 0)
	cropMap(r.ColorsCrop, colours, 1, r.Crop, at, byte(c.Gray))
}

// cropMap writes into dst (nil: nothing) the n × n window of the map's
// array src (size bytes a cell) centred on at, row by row; a cell off
// the board is rock (each of its bytes: the rock's value; a glyph's
// rock, 0, is both bytes zero).
func cropMap(dst, src []byte, size, n int, at c.Pos, rock byte) {
	if dst == nil {
		return
	}
	half := n / 2
	if x0, y0 := at.X-half, at.Y-half; x0 >= 0 && y0 >= 0 && x0+n <= c.W && y0+n <= c.H {
		// Inside the board: a copy a row.
		w := n * size
		for row, at := 0, (y0*c.W+x0)*size; row < n; row, at = row+1, at+c.W*size {
			copy(dst[row*w:(row+1)*w], src[at:at+w])
		}
		return
	}
	for row := range n {
		y := at.Y - half + row
		line := dst[row*n*size : (row+1)*n*size]
		if y < 0 || y >= c.H {
			fillBytes(line, rock)
			continue
		}
		x0, x1 := at.X-half, at.X+half+1 // the window's columns [x0, x1)
		lo, hi := max(x0, 0), min(x1, c.W)
		fillBytes(line[:(lo-x0)*size], rock)
		if lo < hi {
			copy(line[(lo-x0)*size:], src[(y*c.W+lo)*size:(y*c.W+hi)*size])
		}
		fillBytes(line[(max(hi, lo)-x0)*size:], rock)
	}
}

// fillBytes sets every byte of b to v.
func fillBytes(b []byte, v byte) {
	for i := range b {
		b[i] = v
	}
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
	version uint64
	inv     c.Inventory
	// identified is whether each slot's kind was identified, for the
	// slots named lists (those whose kind has an appearance this
	// episode): the names hang on that of the kinds in the pack.
	identified [InvSlots]bool
	named      []uint8
	letters    [InvSlots]byte
	classes    [InvSlots]byte
	glyphs     [2 * InvSlots]byte
	strs       [InvSlots * InvStrBytes]byte
	// name is room for a slot's inventory line.
	name []byte
}

// fillPack writes the pack's arrays, refreshed, into r's non-nil
// fields.
func (en *Encoder) fillPack(r *RecordFields) {
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
	if !pa.valid || !sameBytes(&pa.inv, inv) || !pa.sameIdentified(&e.Knowledge.Identified) {
		pa.valid, pa.inv = true, *inv
		pa.named = pa.named[:0]
		for i := range inv.Slots {
			if st := &inv.Slots[i]; !st.Empty() && e.Knowledge.Drawn[st.Kind] {
				pa.named = append(pa.named, uint8(i))
				pa.identified[i] = e.Knowledge.Identified[st.Kind]
			}
		}
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

// sameIdentified reports whether the kinds of the pack's slots are
// identified as they were when the arrays were made (of the same
// inventory).
func (pa *packArrays) sameIdentified(identified *[len(c.Knowledge{}.Identified)]bool) bool {
	for _, i := range pa.named {
		if identified[pa.inv.Slots[i].Kind] != pa.identified[i] {
			return false
		}
	}
	return true
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
