package agents

import (
	"slices"

	"github.com/cogsim/cogsim/components"
)

// species is what the explorer assumes about a monster from its letter
// (§9), derived from the species table (§27.5): the letter alone cannot
// tell a sewer rat from a giant rat, so it takes the strongest species of
// that letter generated at the depth for the level (how long a fight
// lasts) and the first in table order for the speed and AC.
type species struct {
	level, speed, ac int
	// orthogonal monsters step only e, s, w, n: every candidate does.
	orthogonal bool
	// static monsters never move: the floating eye, the Oracle; the lichen
	// (speed 1) as good as never.
	static bool
	// peaceful monsters are never attacked: the floating eye (§7.4), the
	// Oracle (§16) and a mechanic's passive species, whose every hit
	// hurts the cog.
	peaceful bool
}

// unknownSpecies is the guess at a letter no species in play is drawn
// with.
var unknownSpecies = species{level: 2, speed: 12, ac: 7}

// speciesOf is the explorer's guess at the monster drawn g at depth when
// mechanics are installed. The candidates are the rows in play drawn g
// whose generation window holds depth; when none is, those whose window
// is nearest the depth (the species of the letter met first going down,
// or last), for a monster out of its window is most likely one of them.
func speciesOf(g byte, depth int, mechanics []string) species {
	nearest := -1
	for i := range components.Species {
		row := &components.Species[i]
		if row.Glyph == g && components.ActiveIn(row.Mechanic, mechanics) {
			if d := windowDistance(row, depth); nearest < 0 || d < nearest {
				nearest = d
			}
		}
	}
	if nearest < 0 {
		return unknownSpecies
	}
	s := species{static: true, orthogonal: true}
	first := true
	for i := range components.Species {
		row := &components.Species[i]
		if row.Glyph != g || !components.ActiveIn(row.Mechanic, mechanics) || windowDistance(row, depth) != nearest {
			continue
		}
		if first {
			s.speed, s.ac, first = row.Speed, row.AC, false
		}
		s.level = max(s.level, row.Level)
		s.static = s.static && row.Speed <= 1
		s.orthogonal = s.orthogonal && row.Has(components.Orthogonal)
		s.peaceful = s.peaceful || row.Has(components.Gaze|components.Peaceful|components.Passive)
	}
	return s
}

// windowDistance is how many levels depth lies outside row's generation
// window, 0 inside it.
func windowDistance(row *components.SpeciesInfo, depth int) int {
	switch {
	case depth < row.MinDepth:
		return row.MinDepth - depth
	case depth > row.MaxDepth:
		return depth - row.MaxDepth
	}
	return 0
}

// bestiary caches the explorer's guesses for the letters met at one depth.
type bestiary struct {
	mechanics []string
	depth     int
	known     [256]bool
	guess     [256]species
}

// of is speciesOf(g, depth, b.mechanics), remembered until the depth or
// the mechanics change.
func (b *bestiary) of(g byte, depth int) species {
	if depth != b.depth {
		b.depth, b.known = depth, [256]bool{}
	}
	if !b.known[g] {
		b.guess[g], b.known[g] = speciesOf(g, depth, b.mechanics), true
	}
	return b.guess[g]
}

// know sets the installed mechanics and forgets every guess.
func (b *bestiary) know(mechanics []string) {
	*b = bestiary{mechanics: slices.Clone(mechanics)}
}

// attacks is how many melee attacks the explorer spends on a monster of
// species s before it assumes it dead: enough to kill one with the most
// likely hit points (level × d8, rnd(4) at level 0, §7) about nine times
// in ten, with kicks (die 2, no hit bonus) after the first blow.
func attacks(s species, xlevel int) int {
	hit := 21 - (15 - xlevel - s.ac) // d20 rolls that hit
	hit = min(max(hit, 2), 20)
	var hp float64
	if s.level == 0 {
		hp = 3.5
	} else {
		hp = float64(s.level)*4.5 + 2.5
	}
	n := hp / 2.5 * 20 / float64(hit)
	return min(max(int(n+1.5), 2), 12)
}
