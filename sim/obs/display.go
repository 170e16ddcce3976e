package obs

import (
	"encoding/binary"
	"sync"
	"sync/atomic"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
)

// ColourDimmed is the bit of a [FillColours] value set on a cell drawn
// dimmed: something remembered but not in sight (§35.2). The value less
// the bit is the palette index ([components.Colour]), so a value indexes
// a 32-colour palette: the sixteen, then the same sixteen dimmed.
const ColourDimmed = 16

// display is the map drawn from the level's memory alone, as the
// observation's arrays give it: each cell's glyph id, and its colour in
// sight (bright) and out of it (dim). It recomputes only the 8-cell
// words whose memory changed while the level's terrain did not
// ([components.Level.Changes]), and the words that show a trap, so that
// most observations copy it; [display.fill] draws the creatures in
// sight and the cog over the copy.
type display struct {
	valid   bool
	changes uint64
	// version names what the display holds ([MapKey]).
	version uint64
	// writes is the memory's Changes when last brought up to date.
	writes  uint64
	drawn   [c.N]byte
	memItem [c.N]byte
	// trap marks the words that show a trap, traps counts them: their
	// colours are recomputed each time, a trap's colour being its
	// kind's, which the glyph does not tell.
	trap  [c.N / 8]bool
	traps int
	// trapWords lists the words trap marks, made anew when trapsMoved.
	trapWords  []uint8
	trapsMoved bool
	glyphs     [2 * c.N]byte
	bright     [c.N]byte
	dim        [c.N]byte
	// overlay is room for the creatures drawn over the memory.
	overlay []overlayCell
}

// update brings d up to the level's memory, as mem draws it; v, when
// not nil, numbers what d then holds.
func (d *display) update(e *sim.State, mem *text.Memory, v *versions) {
	l := e.Level
	mem.Draw(l) // first: a whole redraw counts as a change
	if ch := l.Changes(); !d.valid || d.changes != ch {
		d.valid, d.changes = false, ch
	}
	const word = 8
	changed := !d.valid
	if writes := mem.Changes(); !d.valid || writes != d.writes {
		d.writes = writes
		changed = d.compare(e, mem.Drawn()) || changed
	}
	if d.traps > 0 {
		if d.trapsMoved {
			d.trapsMoved, d.trapWords = false, d.trapWords[:0]
			for w, t := range d.trap {
				if t {
					d.trapWords = append(d.trapWords, uint8(w))
				}
			}
		}
		for _, w := range d.trapWords {
			changed = d.redraw(e, mem.Drawn(), int(w)*word) || changed
		}
	}
	if changed && v != nil {
		d.version = v.take()
	}
	d.valid = true
}

// compare redraws the words whose memory changed since d last saw it,
// and reports whether any did.
func (d *display) compare(e *sim.State, drawn *[c.N]byte) bool {
	const word = 8
	le := binary.LittleEndian
	l := e.Level
	if !d.valid {
		// Everything anew (a new level: mostly blank words).
		d.drawn, d.memItem, d.traps = *drawn, l.MemItem, 0
		for w := 0; w < c.N; w += word {
			trap := hasTrapGlyph(drawn[w:])
			d.trap[w/word] = trap
			d.traps += int(b2u8(trap))
			d.trapsMoved = true
			d.redrawWord(e, drawn, w)
		}
		return true
	}
	changed := false
	if *drawn == d.drawn && l.MemItem == d.memItem {
		return false
	}
	for y := range c.H {
		lo, hi := y*c.W, (y+1)*c.W
		if string(drawn[lo:hi]) == string(d.drawn[lo:hi]) && string(l.MemItem[lo:hi]) == string(d.memItem[lo:hi]) {
			continue
		}
		for w := lo; w < hi; w += word {
			if le.Uint64(drawn[w:]) == le.Uint64(d.drawn[w:]) && le.Uint64(l.MemItem[w:]) == le.Uint64(d.memItem[w:]) {
				continue
			}
			copy(d.drawn[w:w+word], drawn[w:w+word])
			copy(d.memItem[w:w+word], l.MemItem[w:w+word])
			trap := hasTrapGlyph(drawn[w:])
			if trap != d.trap[w/word] {
				d.trap[w/word], d.trapsMoved = trap, true
				d.traps += int(b2u8(trap)) - int(b2u8(!trap))
			}
			changed = d.redraw(e, drawn, w) || changed
		}
	}
	return changed
}

// blankWord is eight blank cells of the drawn memory.
const blankWord = 0x2020202020202020

// redraw recomputes the 8 cells from w and reports whether they changed.
func (d *display) redraw(e *sim.State, drawn *[c.N]byte, w int) bool {
	le := binary.LittleEndian
	was := [4]uint64{le.Uint64(d.glyphs[2*w:]), le.Uint64(d.glyphs[2*w+8:]), le.Uint64(d.bright[w:]), le.Uint64(d.dim[w:])}
	d.redrawWord(e, drawn, w)
	return was != [4]uint64{le.Uint64(d.glyphs[2*w:]), le.Uint64(d.glyphs[2*w+8:]), le.Uint64(d.bright[w:]), le.Uint64(d.dim[w:])}
}

// redrawWord recomputes the 8 cells from w.
func (d *display) redrawWord(e *sim.State, drawn *[c.N]byte, w int) {
	memoryColours.once.Do(buildMemoryColours)
	mc := &memoryColours
	table := text.GlyphTable()
	l := e.Level
	le := binary.LittleEndian
	if le.Uint64(drawn[w:]) == blankWord {
		// Never seen, or rock (most of a new level): Gray, never dimmed.
		g := uint64(uint16(table[' ']))
		g |= g << 16
		g |= g << 32
		le.PutUint64(d.glyphs[2*w:], g)
		le.PutUint64(d.glyphs[2*w+8:], g)
		const gray = uint64(c.Gray) * 0x0101010101010101
		le.PutUint64(d.bright[w:], gray)
		le.PutUint64(d.dim[w:], gray)
		return
	}
	for i := w; i < w+8; i++ {
		le.PutUint16(d.glyphs[2*i:], uint16(table[drawn[i]]))
		col := c.Gray // blank: never seen, or rock; never dimmed
		dim := byte(0)
		if drawn[i] != ' ' {
			dim = ColourDimmed
			switch {
			case l.MemItem[i] != 0:
				col = mc.item[l.MemItem[i]]
			case l.TrapShown[i]:
				col = c.Magenta
				if t, ok := e.TrapAt(c.PosOf(i)); ok {
					col = e.Trap.Get(t).Kind.Info().Colour
				}
			case l.Terrain[i].Glyph() == l.MemTerrain[i]:
				col = l.Terrain[i].Colour()
			default:
				col = mc.terrain[l.MemTerrain[i]]
			}
		}
		d.bright[i] = byte(col)
		d.dim[i] = byte(col) | dim
	}
}

// hasTrapGlyph reports whether the word (8 cells) of the drawn memory at
// the start of w shows a trap, whose colour is its kind's, which the
// glyph does not tell.
func hasTrapGlyph(w []byte) bool {
	// A byte of x is zero where w holds '^' (a word-wide test).
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := binary.LittleEndian.Uint64(w) ^ ('^' * ones)
	return (x-ones)&^x&highs != 0
}

// memoryColours is the colour of each glyph the memory keeps, built on
// first use (after every package's init has added its table rows).
var memoryColours struct {
	once          sync.Once
	item, terrain [256]c.Colour
}

func buildMemoryColours() {
	m := &memoryColours
	for g := range 256 {
		m.item[g] = c.ItemGlyphColour(byte(g))
		m.terrain[g] = c.TerrainGlyphColour(byte(g))
	}
}

// MapKey names the map's arrays (characters, glyph ids, colours) as
// [Encoder.FillRecord] writes them: equal keys, of any Encoder of the
// process, are equal arrays. The zero key names none. A session that
// keeps a record's arrays in place skips writing them again this way.
type MapKey struct {
	// version is the display's: it changes whenever the map drawn from
	// memory may have.
	version uint64
	vis     c.Rect
	cog     c.Pos
	// cells are the creatures drawn over the memory, n of them.
	n     int
	cells [maxKeyCells]overlayCell
}

// is reports whether k names the map of the display's version, with
// the vision rectangle vis, the cog at at and the creatures over drawn.
// (Small enough to be inlined: most steps ask it, and most are answered
// yes.)
func (k *MapKey) is(version uint64, vis *c.Rect, at c.Pos, over []overlayCell) bool {
	if k.version != version || version == 0 || k.n != len(over) || k.cog != at || k.vis != *vis {
		return false
	}
	for j, o := range over {
		if k.cells[j&(maxKeyCells-1)] != o {
			return false
		}
	}
	return true
}

// maxKeyCells bounds the creatures a MapKey names; with more in sight
// the key is left zero.
const maxKeyCells = 16

// overlayCell is a creature drawn over the memory: its cell, character,
// glyph id and colour.
type overlayCell struct {
	i      uint16
	char   byte
	colour byte
	glyph  int16
}

// versions hands out numbers unique across the process, never 0: the
// versions of an Encoder's display and pack arrays, which sessions
// compare across Encoders. It takes them from one process-wide counter
// a block at a time, so that Encoders on different cores do not share
// a cache line on every new version.
type versions struct{ next, end uint64 }

// versionBlocks is the last number handed out in blocks.
var versionBlocks atomic.Uint64

// versionBlock is how many numbers an Encoder takes at a time.
const versionBlock = 1 << 16

// take is the next number.
func (v *versions) take() uint64 {
	if v.next == v.end {
		v.end = versionBlocks.Add(versionBlock)
		v.next = v.end - versionBlock
	}
	v.next++
	return v.next
}

// fill writes the map as the observation shows it, brought up to date
// with [display.update]: its characters (c.N bytes, the observation
// text's map lines without their newlines), and, where not nil, the
// glyph ids (2·c.N bytes, little-endian int16) and the colours (c.N
// bytes, [FillColours]). The level's memory comes first, then the
// creatures on cells in sight, then the cog's '@' wherever it stands; a
// monster's glyph id is its species'.
//
// With key not nil, key says what the arrays given hold now: when that
// is the map, they are left as they are and fill reports false; it is
// then set to the key of the map written (zero when there is none).
// Each array is optional (nil: not written).
func (d *display) fill(e *sim.State, mem *text.Memory, at c.Pos, chars, glyphs, colours []byte, key *MapKey) bool {
	vis := e.Vision.Rect
	r := vis
	r.X0, r.Y0 = max(r.X0, 0), max(r.Y0, 0)
	r.X1, r.Y1 = min(r.X1, c.W-1), min(r.Y1, c.H-1)
	table := text.GlyphTable()
	le := binary.LittleEndian
	// The monsters in sight, from the level's roster (every creature
	// but the cog, which is drawn last): a few lookups, where a scan of
	// the cells in sight reads a word for every eight of them (measured:
	// more, in a random policy's episodes).
	over := overlayOf(e, &r, d.overlay[:0])
	if cap(over) > cap(d.overlay) {
		d.overlay = over // grown: kept for the next fill
	}
	if key != nil {
		if len(over) > maxKeyCells {
			*key = MapKey{}
		} else {
			if key.is(d.version, &vis, at, over) {
				return false
			}
			*key = MapKey{version: d.version, vis: vis, cog: at, n: len(over)}
			copy(key.cells[:], over)
		}
	}
	if chars != nil {
		chars = chars[:c.N]
		copy(chars, mem.Drawn()[:])
	}
	if glyphs != nil {
		glyphs = glyphs[:2*c.N]
		copy(glyphs, d.glyphs[:])
	}
	if colours != nil {
		colours = colours[:c.N]
		copy(colours, d.dim[:]) // out of sight: dimmed
		for y := r.Y0; y <= r.Y1 && r.X0 <= r.X1; y++ {
			copy(colours[y*c.W+r.X0:y*c.W+r.X1+1], d.bright[y*c.W+r.X0:y*c.W+r.X1+1])
		}
	}
	for _, o := range over {
		if chars != nil {
			chars[o.i] = o.char
		}
		if glyphs != nil {
			le.PutUint16(glyphs[2*int(o.i):], uint16(o.glyph))
		}
		if colours != nil {
			colours[o.i] = o.colour
		}
	}
	if at.In() {
		i := at.Index()
		if chars != nil {
			chars[i] = '@'
		}
		if glyphs != nil {
			le.PutUint16(glyphs[2*i:], uint16(table['@']))
		}
		if colours != nil {
			v := byte(c.CogColour)
			if !vis.Contains(at) {
				v |= ColourDimmed
			}
			colours[i] = v
		}
	}
	return true
}

// overlayOf appends the monsters in r to over (apart from fill, whose
// many variables would keep the loop's in memory).
func overlayOf(e *sim.State, r *c.Rect, over []overlayCell) []overlayCell {
	table := text.GlyphTable()
	occ := e.Level.Creatures.Glyphs()
	for _, m := range e.Roster.List {
		p := *e.Pos.GetUnchecked(m)
		if !r.Contains(p) {
			continue
		}
		j := p.Index()
		mon := e.Monster.GetUnchecked(m)
		id := table[occ[j]]
		if id >= text.SpeciesGlyphBase {
			id = text.SpeciesGlyph(mon.Species)
		}
		over = append(over, overlayCell{i: uint16(j), char: occ[j], colour: byte(mon.Species.Info().Colour), glyph: id})
	}
	return over
}

// FillColours writes the colour of each map cell of s's observation into
// dst (c.N bytes, row after row): the palette index the window draws its
// glyph in, plus [ColourDimmed] when the cell is remembered but not in
// sight (§35.2). Like the glyphs it derives only from what the cog sees
// and remembers:
//
//   - the cog's '@' is [components.CogColour];
//   - a monster in sight is its species' colour;
//   - a remembered item, by its glyph ([components.ItemGlyphColour]: the
//     memory keeps a pile's glyph, not its kind);
//   - a discovered trap, its kind's colour;
//   - remembered terrain, the colour of the terrain there when its glyph
//     is the one remembered (a broken door's '.' is brown), else of the
//     first terrain drawn with the glyph;
//   - a blank cell (never seen, or rock) is Gray and never dimmed.
//
// The window (render/grid's PlayMap) draws with these values, so the two
// cannot disagree; the record's colours ([RecordFields.Colors]) are the
// same values, kept by an Encoder from one observation to the next.
func FillColours(s *sim.Sim, dst []byte) {
	var (
		d     display
		chars [c.N]byte
		over  [maxKeyCells]overlayCell
	)
	d.overlay = over[:0]
	e, mem := s.State(), s.Frame().Memory
	d.update(e, mem, nil)
	d.fill(e, mem, e.CogPos(), chars[:], nil, dst, nil)
}
