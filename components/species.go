package components

// SpeciesID indexes [Species].
type SpeciesID uint8

// SpeciesInfo is one row of the species table (§9). Numbers are NetHack
// 3.6.7's (src/monst.c; xp from experience() in src/exper.c; Weight is the
// generation frequency). MinDepth..MaxDepth is the generation window
// written out as depths; a zero Weight is never generated.
type SpeciesInfo struct {
	Name     string
	Glyph    byte
	Level    int
	Speed    int
	AC       int
	Die      int // damage is 1 + rnd(Die); 0: the attack does no damage
	XP       int
	Weight   int
	MinDepth int
	MaxDepth int
	Verb     string // the hit message after the name: "bites!"
	Flags    SpeciesFlag
}

// SpeciesFlag marks the species with a rule of their own.
type SpeciesFlag uint8

// The special species rules.
const (
	// Orthogonal: steps only e, s, w, n (the grid bug).
	Orthogonal SpeciesFlag = 1 << iota
	// Sticky: a hit sets the cog stuck for 3 ticks and does no damage (the
	// lichen, §7.5).
	Sticky
	// Gaze: any melee attack on it paralyses the attacker for 12 ticks;
	// it never moves or attacks (the floating eye, §7.4).
	Gaze
	// Peaceful: never attacks, cannot be attacked (the Oracle).
	Peaceful
)

// Has reports whether the species has flag f.
func (s *SpeciesInfo) Has(f SpeciesFlag) bool { return s.Flags&f != 0 }

// The species table, defined once. Identifiers below name the rows the
// rules single out.
var Species = []SpeciesInfo{
	{"newt", ':', 0, 6, 8, 2, 1, 5, 1, 11, "bites!", 0},
	{"jackal", 'd', 0, 12, 7, 2, 1, 3, 1, 11, "bites!", 0},
	{"sewer rat", 'r', 0, 12, 7, 3, 1, 1, 1, 11, "bites!", 0},
	{"grid bug", 'x', 0, 12, 9, 1, 1, 3, 1, 11, "bites!", Orthogonal},
	{"lichen", 'F', 0, 1, 9, 0, 4, 4, 1, 11, "touches you!", Sticky},
	{"kobold", 'k', 0, 6, 10, 4, 6, 1, 1, 11, "hits!", 0},
	{"giant rat", 'r', 1, 10, 7, 3, 2, 2, 3, 17, "bites!", 0},
	{"coyote", 'd', 1, 12, 7, 4, 2, 1, 3, 17, "bites!", 0},
	{"gecko", ':', 1, 6, 8, 3, 2, 5, 3, 17, "bites!", 0},
	{"large kobold", 'k', 1, 6, 10, 6, 7, 1, 3, 17, "hits!", 0},
	{"hobbit", 'h', 1, 9, 10, 6, 7, 2, 3, 17, "hits!", 0},
	{"floating eye", 'e', 2, 0, 9, 0, 7, 5, 5, 23, "", Gaze},
	{"gnome", 'G', 1, 6, 10, 6, 7, 1, 5, 23, "hits!", 0},
	{"homunculus", 'i', 2, 12, 6, 3, 9, 2, 5, 23, "bites!", 0},
	{"gnome lord", 'G', 3, 8, 10, 8, 15, 2, 7, 29, "hits!", 0},
	{"hill orc", 'o', 2, 9, 10, 6, 10, 2, 7, 29, "hits!", 0},
	{"giant ant", 'a', 2, 18, 3, 4, 8, 3, 7, 29, "bites!", 0},
	{"dwarf", 'h', 2, 6, 10, 8, 10, 3, 7, 29, "hits!", 0},
	{"Oracle", 'O', 12, 0, 0, 0, 0, 0, 0, 0, "", Peaceful},
}

// The species the rules name.
var (
	Lichen      = SpeciesByName("lichen")
	FloatingEye = SpeciesByName("floating eye")
	Oracle      = SpeciesByName("Oracle")
)

// Info returns the table row of s.
func (s SpeciesID) Info() *SpeciesInfo { return &Species[s] }

// SpeciesByName finds a species by name; it panics on an unknown name
// (the table is fixed at compile time).
func SpeciesByName(name string) SpeciesID {
	id, ok := LookupSpecies(name)
	if !ok {
		panic("components: unknown species " + name)
	}
	return id
}

// LookupSpecies finds a species by name.
func LookupSpecies(name string) (SpeciesID, bool) {
	for i := range Species {
		if Species[i].Name == name {
			return SpeciesID(i), true
		}
	}
	return 0, false
}

// SpeciesByGlyph is the first species drawn with glyph g (scenario maps, §19).
func SpeciesByGlyph(g byte) (SpeciesID, bool) {
	for i := range Species {
		if Species[i].Glyph == g {
			return SpeciesID(i), true
		}
	}
	return 0, false
}
