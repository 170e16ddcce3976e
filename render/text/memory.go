package text

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	c "github.com/cogsim/cogsim/components"
)

// Memory is a level's memory as the map draws it, kept by whoever draws
// many observations of one episode ([Frame.Memory]), so that an
// observation copies rows instead of deciding 864 cells
// ([components.Level.MemoryGlyph]). It looks at the memory again only
// when the level's [components.Level.MemoryVersion] changed, and then
// keeps the memory it was drawn from and redraws only the cells that
// differ from it: a write through the level's setters shows at once, a
// direct write once [components.Level.MemoryChanged] says so (or with
// the next setter's). A level replaced whole (a snapshot restored) is
// drawn afresh after [Memory.Forget]. The zero Memory draws the whole
// map on first use.
type Memory struct {
	ok bool
	// version is the level's MemoryVersion when m was drawn.
	version uint64
	changes uint64
	drawn   [c.N]byte
	// The memory drawn is the level's as it was then.
	terrain, item [c.N]byte
	trap          [c.N]bool
}

// blankWord is eight cells of the drawn memory that remember nothing.
const blankWord = 0x2020202020202020

// Draw brings m up to l's memory and returns it drawn: MemoryGlyph of
// every cell, row after row. The array is m's: it must not be written,
// and the next Draw changes it. A turn changes the memory of a few
// cells, so only the cells whose memory changed are drawn again, found
// eight at a time.
func (m *Memory) Draw(l *c.Level) *[c.N]byte {
	if m.ok && m.version == l.MemoryVersion() {
		return &m.drawn
	}
	m.version = l.MemoryVersion()
	le := binary.LittleEndian
	// The trap flags read eight at a time (a bool is a byte, 0 or 1).
	traps := unsafe.Slice((*byte)(unsafe.Pointer(&l.TrapShown[0])), c.N)
	drawnTraps := unsafe.Slice((*byte)(unsafe.Pointer(&m.trap[0])), c.N)
	for w := 0; w <= c.N-8; w += 8 {
		terrain, item, trap := le.Uint64(l.MemTerrain[w:w+8]), le.Uint64(l.MemItem[w:w+8]), le.Uint64(traps[w:w+8])
		// The bytes of the cells whose memory changed, or all of them.
		diff := ^uint64(0)
		if m.ok {
			diff = (terrain ^ le.Uint64(m.terrain[w:w+8])) | (item ^ le.Uint64(m.item[w:w+8])) | (trap ^ le.Uint64(drawnTraps[w:w+8]))
			if diff == 0 {
				continue
			}
		}
		le.PutUint64(m.terrain[w:w+8], terrain)
		le.PutUint64(m.item[w:w+8], item)
		le.PutUint64(drawnTraps[w:w+8], trap)
		if terrain|item|trap == 0 {
			// Eight cells remembering nothing (most of a new level).
			le.PutUint64(m.drawn[w:w+8], blankWord)
			continue
		}
		for diff != 0 {
			b := bits.TrailingZeros64(diff) / 8
			m.drawn[w+b] = l.MemoryGlyph(w + b)
			diff &^= 0xff << (8 * b)
		}
	}
	m.ok = true
	m.changes++
	return &m.drawn
}

// Forget makes the next Draw draw the whole map afresh: for a level
// replaced whole, whose MemoryVersion says nothing of what m drew.
func (m *Memory) Forget() { m.ok = false }

// Drawn is the memory as the last Draw drew it, for the reader that has
// just brought m up to date. The array must not be written.
func (m *Memory) Drawn() *[c.N]byte { return &m.drawn }

// Changes counts the Draws that found the memory changed: while it and
// the level's [components.Level.Changes] stay the same, so does what the
// memory draws, its colours included (a cache of them keys on it).
func (m *Memory) Changes() uint64 { return m.changes }
