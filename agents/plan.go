package agents

// plan builds the reply to the current observation in x.p.
func (x *Explore) plan() {
	st, p := &x.st, &x.p
	p.start(&x.lvl, st.hunger >= weak)
	x.dead = x.dead[:0]
	// Two primitives stay free for the end: a quaff and an inventory.
	p.budget = maxReply - 2

	x.prepare()
	if p.cur >= 0 && p.item[p.cur] != 0 {
		x.pickup(p.cur)
	}
	x.chain()
	x.guard()
	x.spareEyes()

	p.budget = maxReply
	descends := len(p.prims) > 0 && p.prims[len(p.prims)-1].op == opDescend
	if !descends {
		x.identify()
		x.readUnknown()
		if x.invDirty {
			p.add(prim{op: opInventory})
		}
	}
	if len(p.prims) == 0 {
		p.add(prim{op: opSearch})
	}
}

// prepare plans what comes before setting out: eating when Hungry,
// drinking when badly hurt, wielding and wearing the best the pack holds,
// the monster next to the cog, and waiting out a confusion or a pit.
func (x *Explore) prepare() {
	st, p, inv := &x.st, &x.p, &x.inv
	if st.hunger >= hungry {
		if f := inv.food(); f >= 0 {
			p.add(prim{op: opEat, letter: byte('a' + f)})
			inv.use(f)
		}
	}
	helped := x.pray()
	if !helped && st.hp <= max(4, st.maxHP/3) && (x.hostilesWithin(3) > 0 || st.hp <= 4) {
		if q := inv.healingPotion(); q >= 0 {
			p.add(prim{op: opQuaff, letter: byte('a' + q)})
			inv.use(q)
			inv.identifiedPotion = true
			x.invDirty = true
			helped = true
		}
	}
	if !helped && x.escape() {
		return
	}
	if w := inv.betterWeapon(); w >= 0 {
		p.add(prim{op: opWield, letter: byte('a' + w)})
		inv.wielded = w
	}
	if a := inv.betterArmour(); a >= 0 {
		p.add(prim{op: opWear, letter: byte('a' + a)})
		inv.worn = a
	}
	x.readKnown()
	if x.fightAdjacent() {
		return
	}
	if st.conf {
		// Moves go astray (§8), into lava too: stand still until the
		// confusion (ten ticks, §10) passes.
		for k := 0; k < 10; k++ {
			p.add(prim{op: opSearch})
		}
	}
	if st.trapped {
		for k := 0; k < 3; k++ {
			p.add(prim{op: opSearch})
		}
	}
}

// hostilesWithin counts the visible monsters within Chebyshev distance r
// that the cog fights.
func (x *Explore) hostilesWithin(r int) int {
	n := 0
	for _, m := range x.lvl.monsters {
		if !x.species(x.lvl.mon[m]).peaceful && cheb(m, x.lvl.pos) <= r {
			n++
		}
	}
	return n
}

// fightAdjacent attacks the monster next to the cog that should die
// quickest, never the floating eye or the Oracle: as many blows as it
// likely takes (§7), and the plan ends there, since a blow after the kill
// steps into the monster's cell. Confused, the cog kicks instead: a kick
// never goes astray (§8). It reports whether it fought.
func (x *Explore) fightAdjacent() bool {
	l, st, p := &x.lvl, &x.st, &x.p
	target, n := -1, 0
	for _, m := range l.monsters {
		if cheb(m, l.pos) != 1 {
			continue
		}
		s := x.species(l.mon[m])
		if k := attacks(s, st.xlevel); !s.peaceful && (target < 0 || k < n) {
			target, n = m, k
		}
	}
	if target < 0 {
		return false
	}
	d := dirTo(l.pos, target)
	kick := st.conf && st.hunger < weak
	for k := 0; k < n; k++ {
		if kick {
			p.add(prim{op: opKick, d: d})
			continue
		}
		p.add(prim{op: opMove, d: d})
		// The first blow is certainly one; the next may be a step.
		p.cur = -1
	}
	x.dead = append(x.dead, target)
	p.cur = -1
	return true
}

// pickup picks up what lies at i, where the cog stands in the plan.
func (x *Explore) pickup(i int) {
	p := &x.p
	g := p.item[i]
	p.add(prim{op: opPickup})
	// Forgotten now: the map shows the cell again once the cog leaves it.
	p.item[i], x.lvl.item[i] = 0, 0
	if g != '$' {
		x.invDirty = true
	}
}

// identify quaffs an unidentified potion at the end of the reply while no
// monster is in sight: the first potion identified is a deed (§16), and a
// confusion or a sleep then begins where nothing threatens.
func (x *Explore) identify() {
	if x.inv.identifiedPotion || x.st.conf || x.hostilesWithin(boardW) > 0 {
		return
	}
	q := x.inv.unidentifiedPotion()
	if q < 0 {
		return
	}
	x.p.add(prim{op: opQuaff, letter: byte('a' + q)})
	x.inv.use(q)
	x.inv.identifiedPotion = true
	x.invDirty = true
}

// itemBonus is how many steps of detour an item is worth.
func (x *Explore) itemBonus(g byte) int32 {
	switch g {
	case '$':
		return 6 + int32(x.st.depth)
	case '%':
		if x.inv.food() < 0 {
			return 30
		}
		return 10
	case '!':
		return 10
	case ')', '[':
		return 8
	}
	if isItem(g) {
		return 8 // a mechanic's class: picked up like the others
	}
	return 0
}

// chain plans targets one after another from the cog's expected cell
// until the budget is spent: items and the Oracle, then the nearest
// unexplored cell and a probe past it, or the stairs, or searching.
func (x *Explore) chain() {
	l, st, p := &x.lvl, &x.st, &x.p
	for guard := 0; guard < 16 && p.left() > 0 && p.cur >= 0; guard++ {
		p.search()
		stairs, item, frontier, oracle := -1, -1, -1, -1
		var itemScore, frontierScore int32
		for i := 0; i < cells; i++ {
			di := p.dist[i]
			if di >= unreachable {
				continue
			}
			if l.terr[i] == '>' && (stairs < 0 || di < p.dist[stairs]) {
				stairs = i
			}
			if g := p.item[i]; g != 0 {
				if s := di - x.itemBonus(g); item < 0 || s < itemScore {
					item, itemScore = i, s
				}
			}
			if x.frontier(i) {
				if s := di + x.hintBias(i); frontier < 0 || s < frontierScore {
					frontier, frontierScore = i, s
				}
			}
		}
		if !x.chatted && st.gold >= 50 {
			oracle = x.oracleSpot()
		}
		if x.shouldDescend(stairs, item, frontier) {
			if p.walk(stairs) {
				p.add(prim{op: opDescend})
			}
			return
		}
		switch {
		case oracle >= 0:
			if !p.walk(oracle) {
				return
			}
			for d := dir(0); d < 8; d++ {
				if n := step(oracle, d); n >= 0 && l.mon[n] == 'O' {
					p.add(prim{op: opChat, d: d})
					x.chatted = true
					break
				}
			}
		case item >= 0 && (frontier < 0 || itemScore <= frontierScore+int32(x.Params.ItemDetour)):
			if !p.walk(item) {
				return
			}
			x.pickup(item)
		case frontier >= 0:
			if p.walk(frontier) {
				x.probe()
			}
			return
		case stairs >= 0:
			if p.walk(stairs) {
				p.add(prim{op: opDescend})
			}
			return
		default:
			x.searchChain()
			return
		}
	}
}

// shouldDescend decides to go down now that the stairs are known: the
// clock is about to run out, or nothing is left to explore, or the level
// has had its share of the clock and no item is near.
func (x *Explore) shouldDescend(stairs, item, frontier int) bool {
	if stairs < 0 {
		return false
	}
	st, p := &x.st, &x.p
	if st.maxTurns-st.turn <= 1 {
		return true
	}
	if item >= 0 && p.dist[item] <= int32(x.Params.StairsItemRadius) {
		return false
	}
	if frontier < 0 && item < 0 {
		return true
	}
	return st.tick-x.lvl.arrivedTick >= x.Params.LevelTicks
}

// frontier reports whether i is a cell the cog can stand on next to a
// cell it has never seen.
func (x *Explore) frontier(i int) bool {
	l := &x.lvl
	switch l.terr[i] {
	case '.', '#', '\'', '>', '+':
	default:
		return false
	}
	for d := dir(0); d < 8; d++ {
		if j := step(i, d); j >= 0 && interior(j) && l.terr[j] == ' ' && !l.seen[j] {
			return true
		}
	}
	return false
}

// hintBias favours unexplored cells in the octant the Oracle named.
func (x *Explore) hintBias(i int) int32 {
	l := &x.lvl
	if l.hint < 0 {
		return 0
	}
	if octant(l.hintFrom, i) == l.hint {
		return -10
	}
	return 0
}

// octant is the compass octant from a to b (§16).
func octant(a, b int) dir {
	dx, dy := b%boardW-a%boardW, b/boardW-a/boardW
	if dx == 0 && dy == 0 {
		return -1
	}
	best, bestDot := dir(0), -1.0
	for d := dir(0); d < 8; d++ {
		ux, uy := float64(dirDX[d]), float64(dirDY[d])
		if d.diagonal() {
			ux, uy = ux*0.7071, uy*0.7071
		}
		if dot := ux*float64(dx) + uy*float64(dy); dot > bestDot {
			best, bestDot = d, dot
		}
	}
	return best
}

// oracleSpot is the nearest cell next to a visible Oracle, or -1.
func (x *Explore) oracleSpot() int {
	l, p := &x.lvl, &x.p
	best := -1
	for _, m := range l.monsters {
		if l.mon[m] != 'O' {
			continue
		}
		for d := dir(0); d < 8; d++ {
			if n := step(m, d); n >= 0 && p.dist[n] < unreachable && (best < 0 || p.dist[n] < p.dist[best]) {
				best = n
			}
		}
	}
	return best
}

// probe spends the rest of its budget past the frontier cell the cog has
// reached: alternating a step toward the unseen cells next to it and a
// step to the side with more unseen cells beyond. A dark corridor runs
// toward the room it joins mostly along two directions (§17), so this
// follows it without seeing it; a step into rock only costs its tick (§8).
func (x *Explore) probe() {
	l, p := &x.lvl, &x.p
	f := p.cur
	travel := dir(-1)
	if n := len(p.prims); n > 0 && p.prims[n-1].op == opMove {
		travel = p.prims[n-1].d
	}
	// toward[d] weighs the unseen neighbours of f in orthogonal direction d.
	var toward [8]int
	for d := dir(0); d < 8; d++ {
		j := step(f, d)
		if j < 0 || !interior(j) || l.terr[j] != ' ' || l.seen[j] {
			continue
		}
		if d.diagonal() {
			toward[(d+7)&7]++
			toward[(d+1)&7]++
		} else {
			toward[d] += 3
		}
	}
	score := func(d dir) int {
		n := step(f, d)
		if n < 0 || !interior(n) {
			return -1000
		}
		s := toward[d]*10 + x.unseenMass(f, d)/4
		switch g := l.terr[n]; {
		case g == ' ' && !l.seen[n]:
		case g == '+':
			s += 5
		case walkable(g):
			s -= 20 // back where the cog has been
		default:
			s -= 1000 // a wall, lava or rock: no way on
		}
		if d == travel {
			s += 4
		}
		return s
	}
	bestP, bestScore := dir(-1), -500
	for d := dir(0); d < 8; d += 2 {
		if s := score(d); toward[d] > 0 && s > bestScore {
			bestP, bestScore = d, s
		}
	}
	if bestP < 0 {
		return
	}
	if back := step(f, bestP.opposite()); x.doorCell(f) && back >= 0 && l.terr[back] == '#' {
		// A door seen from its corridor: the room behind it lies right
		// there. One step in shows it whole when it is lit (§12).
		if n := step(f, bestP); l.mon[n] == 0 {
			p.move(bestP, -1)
		}
		return
	}
	if n := step(f, bestP); l.terr[n] == '.' {
		// Into a room seen through its doorway: one step onto its floor
		// shows the whole room when it is lit (§12), monsters included;
		// probing on blind there walks into whatever waits.
		if l.mon[n] == 0 {
			p.move(bestP, n)
		}
		return
	}
	side := (bestP + 2) & 7
	ms, mo := toward[side]*10+x.unseenMass(f, side), toward[side.opposite()]*10+x.unseenMass(f, side.opposite())
	if mo > ms {
		side = side.opposite()
	}
	for k := 0; k < x.Params.ProbeMoves && p.left() > 0; k++ {
		d := bestP
		if k%2 == 1 {
			d = side
		}
		if k == 0 {
			if n := step(f, d); n >= 0 && l.isEye(n) {
				return
			}
		}
		p.move(d, -1)
	}
}

// doorCell reports whether i is a door or a doorway: a door glyph, or
// floor between two walls facing each other.
func (x *Explore) doorCell(i int) bool {
	l := &x.lvl
	switch l.terr[i] {
	case '\'', '+':
		return true
	case '.':
	default:
		return false
	}
	wall := func(d dir) bool {
		j := step(i, d)
		return j >= 0 && (l.terr[j] == '|' || l.terr[j] == '-')
	}
	return wall(0) && wall(4) || wall(2) && wall(6)
}

// unseenMass counts the unseen cells in a window beyond cell i in the
// orthogonal direction d.
func (x *Explore) unseenMass(i int, d dir) int {
	l := &x.lvl
	x0, y0 := i%boardW, i/boardW
	n := 0
	for a := 1; a <= 14; a++ {
		for b := -6; b <= 6; b++ {
			xx, yy := x0+dirDX[d]*a+dirDY[d]*b, y0+dirDY[d]*a+dirDX[d]*b
			if xx <= 0 || yy <= 0 || xx >= boardW-1 || yy >= boardH-1 {
				continue
			}
			if j := yy*boardW + xx; l.terr[j] == ' ' && !l.seen[j] {
				n++
			}
		}
	}
	return n
}

// searchChain walks to the walls most likely to hide a door (§11) and
// searches three times at each: a secret door shows on the third search
// next to it.
func (x *Explore) searchChain() {
	l, p := &x.lvl, &x.p
	planned := false
	for p.left() >= 4 && p.cur >= 0 {
		p.search()
		best, bestScore := -1, int32(0)
		for i := 0; i < cells; i++ {
			if p.dist[i] >= unreachable {
				continue
			}
			v := x.searchValue(i)
			if v == 0 {
				continue
			}
			if s := p.dist[i] - 8*int32(v); best < 0 || s < bestScore {
				best, bestScore = i, s
			}
		}
		if best < 0 || !p.walk(best) {
			break
		}
		for k := 0; k < 3; k++ {
			p.add(prim{op: opSearch})
			l.countSearch(best, &p.searched)
		}
		planned = true
	}
	if !planned {
		// Every likely wall was searched: start over, in case a search was
		// cut short, and wait here meanwhile.
		clear(l.searched[:])
		for p.left() > 0 {
			p.add(prim{op: opSearch})
		}
	}
}

// searchValue is how many wall cells next to i might hide a door: a wall
// (not yet searched three times) with something walkable on one side and
// a never-seen cell on the other.
func (x *Explore) searchValue(i int) int {
	l, p := &x.lvl, &x.p
	if !walkable(l.terr[i]) {
		return 0
	}
	v := 0
	for d := dir(0); d < 8; d++ {
		j := step(i, d)
		if j < 0 || p.searched[j] >= 3 || (l.terr[j] != '|' && l.terr[j] != '-') {
			continue
		}
		for e := dir(0); e < 4; e += 2 {
			a, b := step(j, e), step(j, e.opposite())
			if a < 0 || b < 0 {
				continue
			}
			if walkable(l.terr[a]) && l.terr[b] == ' ' && !l.seen[b] && interior(b) ||
				walkable(l.terr[b]) && l.terr[a] == ' ' && !l.seen[a] && interior(a) {
				v++
				break
			}
		}
	}
	return v
}
