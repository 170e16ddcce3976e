package obs

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
)

// slowGlyphs is the glyph ids of the current map by their definition:
// every cell's character through the glyph table, and a monster's
// letter the cog sees told by its species.
func slowGlyphs(s *sim.Sim, chars []byte) []int16 {
	e := s.State()
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
func slowMask(s *sim.Sim, a *Action) bool {
	e := s.State()
	inv := e.Inventory.Get(e.Run.Cog)
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
// resets, in the cog game and with the wands' letter-and-aim verbs (and
// the text deferred), the characters, message and status line
// FillRecord writes are the observation text's, and the glyphs (from
// its cache of unchanged cells), the colours (from theirs, against
// FillColours' drawn anew) and the mask's letter entries (from the pack
// read once) equal their definitions at every step; so do a map and a
// mask kept in place between two places written in turn (MapKey,
// MaskKey).
func TestTheCachedGlyphsAndMaskAreTheDefinitions(t *testing.T) {
	for _, mech := range [][]string{nil, {"wands"}} {
		s, err := sim.New(sim.Config{Seed: 1, Mechanics: mech, DeferText: mech != nil})
		if err != nil {
			t.Fatal(err)
		}
		table := NewActionTable(s.State().Mechanics)
		// A table not made by NewActionTable, reversed: no letter run,
		// so FillMask goes action by action.
		bare := &ActionTable{Actions: slices.Clone(table.Actions)}
		slices.Reverse(bare.Actions)
		bareMask := make([]byte, table.Len())
		var (
			enc        Encoder
			chars, msg [c.N]byte
			status     [128]byte
			glyphs     [2 * c.N]byte
			colours    [c.N]byte
			fresh      [c.N]byte
			mask       = make([]byte, table.Len())
			inv        packFields
			regions    [2]struct {
				chars, colours [c.N]byte
				glyphs         [2 * c.N]byte
				mask, recMask  []byte
				mapKey         MapKey
				maskKey        MaskKey
				recMaskKey     MaskKey
				inv            packFields
				pack           uint64
			}
			monsters int
			x        = uint32(3)
		)
		for i := range regions {
			regions[i].mask = make([]byte, table.Len())
			regions[i].recMask = make([]byte, table.Len())
		}
		for step := range 4000 {
			if s.Done() {
				if err := s.Reset(uint64(step)); err != nil {
					t.Fatal(err)
				}
			} else {
				x = x*1664525 + 1013904223
				if step < 2000 {
					TurnAction(s, table, int(x>>8)%table.Len())
				} else {
					s.TickStep(table.Actions[int(x>>8)%table.Len()].Prim) // §37.1
				}
			}
			withLine := enc.FillRecord(s, RecordFields{Message: msg[:], Chars: chars[:], Glyphs: glyphs[:], Status: status[:]})
			if without := enc.FillRecord(s, RecordFields{Glyphs: glyphs[:]}); without != withLine {
				t.Fatalf("%v step %d: the stats without the status line %v, with it %v", mech, step, without, withLine)
			}
			checkCrops(t, &enc, s, chars[:], glyphs[:], step)
			lines := strings.Split(string(s.Observe()), "\n")
			for y := range c.H {
				if got := string(chars[y*c.W : (y+1)*c.W]); got != lines[y] {
					t.Fatalf("%v step %d row %d: chars %q, the text %q", mech, step, y, got, lines[y])
				}
			}
			if got := strings.TrimRight(string(msg[:]), "\x00"); got != lines[c.H] {
				t.Fatalf("%v step %d: message %q, the text %q", mech, step, got, lines[c.H])
			}
			if got := strings.TrimRight(string(status[:]), "\x00"); got != lines[c.H+1] {
				t.Fatalf("%v step %d: status %q, the text %q", mech, step, got, lines[c.H+1])
			}
			want := slowGlyphs(s, chars[:])
			for i, g := range want {
				if got := int16(binary.LittleEndian.Uint16(glyphs[2*i:])); got != g {
					t.Fatalf("%v step %d cell %d %q: glyph %d, want %d", mech, step, i, chars[i], got, g)
				}
				if g >= text.SpeciesGlyphBase+1 {
					monsters++
				}
			}
			enc.FillRecord(s, RecordFields{Message: msg[:], Chars: chars[:], Glyphs: glyphs[:], Colors: colours[:]})
			FillColours(s, fresh[:])
			if colours != fresh {
				for i := range colours {
					if colours[i] != fresh[i] {
						t.Fatalf("%v step %d cell %d %q: colour %d from the cache, %d anew", mech, step, i, chars[i], colours[i], fresh[i])
					}
				}
			}
			enc.FillMask(s, table, mask)
			// Two places written in turn, each keeping what it holds,
			// as the two regions of shared memory do.
			reg := &regions[step%2]
			enc.FillMaskKeyed(s, table, reg.mask, &reg.maskKey)
			if string(reg.mask) != string(mask) {
				t.Fatalf("%v step %d: the mask kept in place %v, written anew %v", mech, step, reg.mask, mask)
			}
			held := reg.inv.fields(RecordFields{Message: msg[:], Chars: reg.chars[:], Glyphs: reg.glyphs[:], Colors: reg.colours[:], Map: &reg.mapKey})
			held.Pack, held.Mask, held.MaskTable, held.MaskKey = &reg.pack, reg.recMask, table, &reg.recMaskKey
			enc.FillRecord(s, held)
			enc.FillRecord(s, inv.fields(RecordFields{Message: msg[:], Chars: chars[:], Glyphs: glyphs[:], Colors: colours[:]}))
			if reg.chars != chars || reg.glyphs != glyphs || reg.colours != colours {
				t.Fatalf("%v step %d: the map kept in place differs from the map written anew", mech, step)
			}
			if reg.inv != inv {
				t.Fatalf("%v step %d: the pack kept in place differs from the pack written anew", mech, step)
			}
			if string(reg.recMask) != string(mask) {
				t.Fatalf("%v step %d: the record's mask kept in place %v, written anew %v", mech, step, reg.recMask, mask)
			}
			enc.FillMask(s, bare, bareMask)
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

// checkCrops checks the crops of s's observation (§37.3), of several
// sides, against their definition: the window of the whole map's
// arrays (chars and glyphs, as just written) centred on the cog, rock
// (' ', glyph 0, colour 7) off the board.
func checkCrops(t *testing.T, enc *Encoder, s *sim.Sim, chars, glyphs []byte, step int) {
	t.Helper()
	if text.GlyphTable()[' '] != 0 {
		t.Fatal("rock's glyph is not 0")
	}
	var colours [c.N]byte
	enc.FillRecord(s, RecordFields{Colors: colours[:]})
	at := s.State().CogPos()
	for _, n := range []int{1, 9, 15, MaxCrop} {
		gc, cc, oc := make([]byte, 2*n*n), make([]byte, n*n), make([]byte, n*n)
		// Alone (cut from the Encoder's own arrays) and beside the
		// whole map's arrays (cut from the record's).
		for _, whole := range []bool{false, true} {
			r := RecordFields{GlyphsCrop: gc, CharsCrop: cc, ColorsCrop: oc, Crop: n}
			var ch, gl, co [2 * c.N]byte
			if whole {
				r.Chars, r.Glyphs, r.Colors = ch[:c.N], gl[:], co[:c.N]
			}
			enc.FillRecord(s, r)
			for row := range n {
				for col := range n {
					x, y := at.X-n/2+col, at.Y-n/2+row
					k := row*n + col
					wantC, wantG, wantO := byte(' '), int16(0), byte(c.Gray)
					if x >= 0 && x < c.W && y >= 0 && y < c.H {
						i := y*c.W + x
						wantC, wantG, wantO = chars[i], int16(binary.LittleEndian.Uint16(glyphs[2*i:])), colours[i]
					}
					if cc[k] != wantC || int16(binary.LittleEndian.Uint16(gc[2*k:])) != wantG || oc[k] != wantO {
						t.Fatalf("step %d crop %d (whole %v) cell (%d, %d): %q %d %d, want %q %d %d", step, n, whole, col, row,
							cc[k], int16(binary.LittleEndian.Uint16(gc[2*k:])), oc[k], wantC, wantG, wantO)
					}
				}
			}
		}
	}
}

// packFields is room for the pack's arrays of a record.
type packFields struct {
	letters, classes [InvSlots]byte
	glyphs           [2 * InvSlots]byte
	strs             [InvSlots * InvStrBytes]byte
}

// fields is r with the pack's fields in p.
func (p *packFields) fields(r RecordFields) RecordFields {
	r.InvLetters, r.InvClasses, r.InvGlyphs, r.InvStrs = p.letters[:], p.classes[:], p.glyphs[:], p.strs[:]
	return r
}

// TestVersionsAreUniqueAcrossEncoders: the numbers the display and the
// pack arrays are named by, which sessions compare across Encoders, are
// never 0 and never taken twice, across blocks and Encoders.
func TestVersionsAreUniqueAcrossEncoders(t *testing.T) {
	var a, b versions
	seen := map[uint64]bool{}
	for range 3*versionBlock + 5 {
		for _, v := range []*versions{&a, &b} {
			n := v.take()
			if n == 0 || seen[n] {
				t.Fatalf("version %d: zero or taken twice", n)
			}
			seen[n] = true
		}
	}
}

// TestDeferredTextIsTheText: a session that defers the observation text
// reads, between turns, the same text as one that draws it each turn,
// through play, deaths and resets.
func TestDeferredTextIsTheText(t *testing.T) {
	eager, err := sim.New(sim.Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	lazy, err := sim.New(sim.Config{Seed: 5, DeferText: true})
	if err != nil {
		t.Fatal(err)
	}
	table := NewActionTable(eager.State().Mechanics)
	x := uint32(9)
	for step := range 2000 {
		if eager.Done() {
			if err := eager.Reset(uint64(step)); err != nil {
				t.Fatal(err)
			}
			if err := lazy.Reset(uint64(step)); err != nil {
				t.Fatal(err)
			}
		} else {
			x = x*1664525 + 1013904223
			TurnAction(eager, table, int(x>>8)%table.Len())
			TurnAction(lazy, table, int(x>>8)%table.Len())
		}
		if step%3 == 0 {
			continue // the deferred text skips some turns unread
		}
		if got, want := string(lazy.Observe()), string(eager.Observe()); got != want {
			t.Fatalf("step %d: deferred\n%s\ndrawn each turn\n%s", step, got, want)
		}
	}
}

// TestHasTrapGlyph: the word-wide test finds a '^' in any of the eight
// cells, and nothing in words without one, whatever the neighbours.
func TestHasTrapGlyph(t *testing.T) {
	for _, fill := range []byte{' ', '.', '#', '|', '-', '+', 0, 0xFF, '^' + 1, '^' - 1, 0x80} {
		var w [8]byte
		for i := range w {
			w[i] = fill
		}
		if hasTrapGlyph(w[:]) {
			t.Fatalf("a word of %q: a trap found", fill)
		}
		for i := range w {
			v := w
			v[i] = '^'
			if !hasTrapGlyph(v[:]) {
				t.Fatalf("a word of %q with '^' at %d: no trap found", fill, i)
			}
		}
	}
}
