package agents

// species is what the explorer assumes about a monster from its letter
// (§9): the letter alone cannot tell a sewer rat from a giant rat, so it
// takes the strongest species of that letter generated at the depth for
// the level (how long a fight lasts) and the commonest for the speed.
type species struct {
	level, speed, ac int
	orthogonal       bool
	// static monsters never move: the floating eye, the Oracle; the lichen
	// (speed 1) as good as never.
	static bool
	// peaceful monsters are never attacked: the floating eye (§7.4) and the
	// Oracle (§16).
	peaceful bool
}

// speciesOf is the explorer's guess at the monster drawn g at depth.
func speciesOf(g byte, depth int) species {
	deep := func(from int) int { // 1 if the stronger species exists here
		if depth >= from {
			return 1
		}
		return 0
	}
	switch g {
	case ':':
		return species{level: deep(3), speed: 6, ac: 8}
	case 'd':
		return species{level: deep(3), speed: 12, ac: 7}
	case 'r':
		return species{level: deep(3), speed: 12, ac: 7}
	case 'x':
		return species{level: 0, speed: 12, ac: 9, orthogonal: true}
	case 'F':
		return species{level: 0, speed: 1, ac: 9, static: true}
	case 'k':
		return species{level: deep(3), speed: 6, ac: 10}
	case 'h':
		return species{level: 1 + deep(7), speed: 9, ac: 10}
	case 'e':
		return species{level: 2, speed: 0, ac: 9, static: true, peaceful: true}
	case 'G':
		return species{level: 1 + 2*deep(7), speed: 6, ac: 10}
	case 'i':
		return species{level: 2, speed: 12, ac: 6}
	case 'o':
		return species{level: 2, speed: 9, ac: 10}
	case 'a':
		return species{level: 2, speed: 18, ac: 3}
	case 'O':
		return species{level: 12, speed: 0, ac: 0, static: true, peaceful: true}
	}
	return species{level: 2, speed: 12, ac: 7}
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
