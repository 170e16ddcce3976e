package agents

// level is the explorer's memory of the level it is on, built from the
// observations alone (§12): what the terrain looks like, where items and
// traps were seen, which unseen-looking cells it knows to be rock, where
// it has searched and which doors are locked.
type level struct {
	depth, arrivedTick int
	// terr is the remembered terrain glyph (' ' unknown); a cell seen
	// only under an item, a trap or a monster is taken for floor.
	terr     [cells]byte
	prevTerr [cells]byte
	item     [cells]byte
	trap     [cells]bool
	// seen cells are known: drawn, or next to a cell the cog stood on (a
	// space there is rock, since the cog always sees its 8 neighbours).
	seen [cells]bool
	// searched counts the searches made next to a cell (§11: three reveal).
	searched [cells]uint8
	locked   [cells]bool
	// mon is the monster letter visible on a cell this turn, monsters
	// their cells.
	mon      [cells]byte
	monsters []int
	// eye marks where a floating eye was seen: it never moves (§9), and
	// it is never attacked, so it is there still when out of sight.
	eye [cells]bool
	// pos is the cog's cell.
	pos int
	// underUnknown says the cog stands on a cell it never saw bare, which
	// might be an open door (no diagonal moves out of it).
	underUnknown bool
	// hint is the Oracle's octant to the stairs, told at hintFrom; -1 none.
	hint     dir
	hintFrom int

	// fresh says no observation of the level was read yet.
	fresh bool

	// trail, opens and searchAt are retrace's scratch.
	trail, opens, searchAt []int
}

func (l *level) reset(depth, tick int) {
	trail, opens, monsters := l.trail[:0], l.opens[:0], l.monsters[:0]
	searchAt := l.searchAt[:0]
	*l = level{depth: depth, arrivedTick: tick, hint: -1, pos: -1, fresh: true}
	l.trail, l.opens, l.monsters, l.searchAt = trail, opens, monsters, searchAt
	for i := range l.terr {
		l.terr[i] = ' '
	}
}

// update reads the map of o into the memory; false if the cog is not on it.
func (l *level) update(o *observation) bool {
	l.prevTerr = l.terr
	l.monsters = l.monsters[:0]
	pos := -1
	items := itemGlyphs() // once, not per cell
	for i := 0; i < cells; i++ {
		g := o.glyph(i)
		l.mon[i] = 0
		switch {
		case g == '@':
			pos = i
		case isMonster(g):
			l.mon[i] = g
			l.eye[i] = l.eye[i] || g == 'e'
			l.monsters = append(l.monsters, i)
			if l.terr[i] == ' ' {
				l.terr[i] = '.'
			}
		case items[g]:
			l.item[i] = g
			if l.terr[i] == ' ' {
				l.terr[i] = '.'
			}
		case g == '^':
			l.trap[i], l.item[i] = true, 0
			if l.terr[i] == ' ' {
				l.terr[i] = '.'
			}
		case g == ' ':
			l.item[i] = 0
		default:
			l.terr[i], l.item[i] = g, 0
		}
		if g != ' ' {
			l.seen[i] = true
		}
	}
	if pos < 0 {
		return false
	}
	l.pos = pos
	l.underUnknown = false
	if l.terr[pos] == ' ' {
		// Never seen bare: the arrival cell is room floor (§17.5); a cell
		// a probe stepped onto may be a corridor, or even an open door.
		l.terr[pos] = '.'
		if !l.fresh {
			if l.countGlyph(pos, '#') > 0 && l.countGlyph(pos, '.') == 0 {
				l.terr[pos] = '#'
			}
			l.underUnknown = true
		}
	}
	l.fresh = false
	return true
}

// isEye reports whether a floating eye stands on i, in sight or not.
func (l *level) isEye(i int) bool { return l.mon[i] == 'e' || l.eye[i] }

// countGlyph counts the orthogonal neighbours of i drawn g.
func (l *level) countGlyph(i int, g byte) int {
	n := 0
	for d := dir(0); d < 8; d += 2 {
		if j := step(i, d); j >= 0 && l.terr[j] == g {
			n++
		}
	}
	return n
}

// markAround marks the 8 neighbours of i as seen.
func (l *level) markAround(i int) {
	l.seen[i] = true
	for d := dir(0); d < 8; d++ {
		if j := step(i, d); j >= 0 {
			l.seen[j] = true
		}
	}
}

// walkable reports whether the remembered terrain glyph g may be stood on.
func walkable(g byte) bool {
	switch g {
	case '.', '#', '\'', '>':
		return true
	}
	return false
}

// retrace replays the last reply, started at start, on what the map now
// shows. When it ends where the cog stands, the cog's path is known: the
// cells around it were seen, its searches counted, and a door it moved
// into that is still shut is locked.
func (l *level) retrace(last []prim, start int) {
	p := start
	l.trail = append(l.trail[:0], p)
	l.opens = l.opens[:0]
	opened := func(i int) bool {
		for _, o := range l.opens {
			if o == i {
				return true
			}
		}
		return false
	}
	var triedDoor [8]int
	nTried := 0
	l.searchAt = l.searchAt[:0]
	for _, pr := range last {
		switch pr.op {
		case opMove:
			to := step(p, pr.d)
			if to < 0 || !interior(to) {
				continue
			}
			t := l.terr[to]
			if l.prevTerr[to] == '+' && !opened(to) {
				l.opens = append(l.opens, to)
				if t == '+' && nTried < len(triedDoor) {
					triedDoor[nTried] = to
					nTried++
				}
				continue
			}
			if to != l.pos && !walkable(t) {
				continue
			}
			if pr.d.diagonal() && (t == '\'' || l.terr[p] == '\'') {
				continue
			}
			p = to
			l.trail = append(l.trail, p)
		case opKick:
			if to := step(p, pr.d); to >= 0 && l.prevTerr[to] == '+' && l.terr[to] != '+' {
				l.opens = append(l.opens, to)
			}
		case opSearch:
			l.searchAt = append(l.searchAt, p)
		}
	}
	if p != l.pos {
		// Something (a monster in the way, a trap) made the cog stop or
		// stray: trust the trail only up to where the cog stands, if it
		// stands on it at all.
		k := len(l.trail) - 1
		for k >= 0 && l.trail[k] != l.pos {
			k--
		}
		for _, t := range l.trail[:k+1] {
			l.markAround(t)
		}
		return
	}
	for _, t := range l.trail {
		l.markAround(t)
	}
	for _, d := range triedDoor[:nTried] {
		l.locked[d] = true
	}
	for _, s := range l.searchAt {
		l.countSearch(s, &l.searched)
	}
}

// countSearch counts a search made at i on its 8 neighbours in n.
func (l *level) countSearch(i int, n *[cells]uint8) {
	for d := dir(0); d < 8; d++ {
		if j := step(i, d); j >= 0 && n[j] < 255 {
			n[j]++
		}
	}
}
