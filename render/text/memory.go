package text

import (
	"encoding/binary"

	c "github.com/cogsim/cogsim/components"
)

// Memory is a level's memory as the map draws it, kept by whoever draws
// many observations of one episode ([Frame.Memory]), so that an
// observation copies rows instead of deciding 864 cells
// ([components.Level.MemoryGlyph]). It keeps the memory it was drawn
// from and redraws only the 8-cell words that differ from it, so any
// write to the memory shows — through the level's setters or directly,
// as a decoder or a scenario builder writes it — and nothing is to be
// invalidated. The zero Memory draws the whole map on first use.
type Memory struct {
	ok      bool
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
// and the next Draw changes it.
func (m *Memory) Draw(l *c.Level) *[c.N]byte {
	if m.ok && l.MemTerrain == m.terrain && l.MemItem == m.item && l.TrapShown == m.trap {
		return &m.drawn
	}
	le := binary.LittleEndian
	for w := 0; w < c.N; w += 8 {
		terrain, item := le.Uint64(l.MemTerrain[w:]), le.Uint64(l.MemItem[w:])
		trap := [8]bool(l.TrapShown[w : w+8])
		if m.ok && terrain == le.Uint64(m.terrain[w:]) && item == le.Uint64(m.item[w:]) && trap == [8]bool(m.trap[w:w+8]) {
			continue
		}
		if terrain|item == 0 && trap == [8]bool{} {
			// Eight cells remembering nothing (most of a new level).
			le.PutUint64(m.drawn[w:], blankWord)
			continue
		}
		for i := w; i < w+8; i++ {
			m.drawn[i] = l.MemoryGlyph(i)
		}
	}
	m.terrain, m.item, m.trap = l.MemTerrain, l.MemItem, l.TrapShown
	m.ok = true
	m.changes++
	return &m.drawn
}

// Drawn is the memory as the last Draw drew it, for the reader that has
// just brought m up to date. The array must not be written.
func (m *Memory) Drawn() *[c.N]byte { return &m.drawn }

// Changes counts the Draws that found the memory changed: while it and
// the level's [components.Level.Changes] stay the same, so does what the
// memory draws, its colours included (a cache of them keys on it).
func (m *Memory) Changes() uint64 { return m.changes }
