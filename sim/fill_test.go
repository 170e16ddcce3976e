package sim

import (
	"encoding/binary"
	"slices"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
)

// slowGlyphs is the glyph ids of the current map by their definition:
// every cell's character through the glyph table, and a monster's
// letter the cog sees told by its species.
func slowGlyphs(s *Sim, chars []byte) []int16 {
	e := s.env
	out := make([]int16, c.N)
	for i, ch := range chars {
		out[i] = text.GlyphTable()[ch]
		p := c.PosOf(i)
		if out[i] >= text.SpeciesGlyphBase && e.Vision.Rect.Contains(p) {
			if m, ok := e.Level.Creatures.At(p); ok && m != e.Run.Cog {
				out[i] = text.SpeciesGlyph(e.Monster.Get(m).Species)
			}
		}
	}
	return out
}

// slowMask is FillMask's rule for a letter verb, read from the pack.
func slowMask(s *Sim, a *Action) bool {
	inv := s.env.Inventory.Get(s.env.Run.Cog)
	slot := inv.Slot(a.Prim.Letter)
	if slot < 0 {
		return false
	}
	if len(a.Verb.Classes) == 0 {
		return true
	}
	for _, cl := range a.Verb.Classes {
		if inv.Slots[slot].Kind.Info().Class == cl {
			return true
		}
	}
	return false
}

// TestTheCachedGlyphsAndMaskAreTheDefinitions: over random play with
// resets, in the cog game and with the wands' letter-and-aim verbs, the
// glyphs FillRecord writes (from its cache of unchanged cells), the
// colours (from theirs) and the
// mask's letter entries (from the pack read once) equal their
// definitions at every step.
func TestTheCachedGlyphsAndMaskAreTheDefinitions(t *testing.T) {
	for _, mech := range [][]string{nil, {"wands"}} {
		s, err := New(Config{Seed: 1, Mechanics: mech})
		if err != nil {
			t.Fatal(err)
		}
		table := NewActionTable(s.MechanicNames())
		// A table not made by NewActionTable, reversed: no letter run,
		// so FillMask goes action by action.
		bare := &ActionTable{Actions: slices.Clone(table.Actions)}
		slices.Reverse(bare.Actions)
		bareMask := make([]byte, table.Len())
		var (
			chars, msg [c.N]byte
			glyphs     [2 * c.N]byte
			colours    [c.N]byte
			fresh      [c.N]byte
			mask       = make([]byte, table.Len())
			monsters   int
			x          = uint32(3)
		)
		for step := range 4000 {
			if s.Done() {
				if err := s.Reset(uint64(step)); err != nil {
					t.Fatal(err)
				}
			} else {
				x = x*1664525 + 1013904223
				s.TurnAction(table, int(x>>8)%table.Len())
			}
			s.FillRecord(RecordFields{Message: msg[:], Chars: chars[:], Glyphs: glyphs[:]})
			want := slowGlyphs(s, chars[:])
			for i, g := range want {
				if got := int16(binary.LittleEndian.Uint16(glyphs[2*i:])); got != g {
					t.Fatalf("%v step %d cell %d %q: glyph %d, want %d", mech, step, i, chars[i], got, g)
				}
				if g >= text.SpeciesGlyphBase+1 {
					monsters++
				}
			}
			s.FillColours(colours[:])
			kept := s.colours
			s.colours = colourCache{}
			s.FillColours(fresh[:])
			s.colours = kept
			if colours != fresh {
				for i := range colours {
					if colours[i] != fresh[i] {
						t.Fatalf("%v step %d cell %d %q: colour %d from the cache, %d anew", mech, step, i, chars[i], colours[i], fresh[i])
					}
				}
			}
			s.FillMask(table, mask)
			s.FillMask(bare, bareMask)
			slices.Reverse(bareMask)
			if string(mask) != string(bareMask) {
				t.Fatalf("%v step %d: the planned mask %v, the plain one %v", mech, step, mask, bareMask)
			}
			for k := range table.Actions {
				a := &table.Actions[k]
				if (a.Verb.Arg == c.ArgLetter || a.Verb.Arg == c.ArgLetterAim) && !s.Done() {
					if want := slowMask(s, a); (mask[k] == 1) != want {
						t.Fatalf("%v step %d %q: mask %d, want %v", mech, step, a.Reply, mask[k], want)
					}
				}
			}
		}
		if monsters == 0 {
			t.Fatalf("%v: no monster seen: the test proves nothing of species", mech)
		}
	}
}
