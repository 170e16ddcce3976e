package worldgen

import "github.com/cogsim/cogsim/components"

// Reveal draws the level fully revealed: 18 lines of 48 characters joined
// by "\n". Terrain is drawn with its glyph (§4), secret doors as the wall
// they hide in, or 'S' when showSecret; over it, by rising priority, the
// traps '^', the top item of each pile, the monsters and '@' at the
// arrival cell. pop may be nil.
func Reveal(lvl *components.Level, pop *Population, showSecret bool) string {
	const stride = components.W + 1
	var b [components.H*stride - 1]byte
	for y := range components.H {
		for x := range components.W {
			t := lvl.Terrain[y*components.W+x]
			c := t.Glyph()
			if showSecret && t.IsSecretDoor() {
				c = 'S'
			}
			b[y*stride+x] = c
		}
		if y < components.H-1 {
			b[y*stride+components.W] = '\n'
		}
	}
	at := func(p components.Pos) *byte { return &b[p.Y*stride+p.X] }
	if pop != nil {
		for _, t := range pop.Traps {
			*at(t.At) = '^'
		}
		for _, it := range pop.Items {
			*at(it.At) = it.Kind.Glyph()
		}
		for _, m := range pop.Monsters {
			*at(m.At) = m.Species.Info().Glyph
		}
	}
	*at(lvl.Arrival) = '@'
	return string(b[:])
}
