package agents

// simMonster is a visible monster in the explorer's prediction of the
// coming ticks.
type simMonster struct {
	pos   int
	s     species
	alive bool
}

// guard predicts how the visible monsters chase the cog while it follows
// the plan, by the AI rule of §9 (step to the legal neighbour nearest the
// cog, ties e, se, s, …; speed in movement points per 12 ticks), and puts
// kicks where a monster is expected to arrive next to the cog. A kick
// never moves the cog, so if the prediction is wrong it is only a wasted
// tick and the rest of the plan still starts from the right cell.
func (x *Explore) guard() {
	l, st, p := &x.lvl, &x.st, &x.p
	ms := x.sim[:0]
	for _, m := range l.monsters {
		s := x.species(l.mon[m])
		if s.peaceful || x.isDead(m) {
			continue
		}
		ms = append(ms, simMonster{pos: m, s: s, alive: true})
	}
	x.sim = ms
	if len(ms) == 0 {
		return
	}
	x.outPrims, x.outAt = x.outPrims[:0], x.outAt[:0]
	var cog int
	t := st.tick + 1
	// Ticks already planned before the path (eating, fighting) let the
	// monsters come on too.
	for i := 0; i < len(p.prims); i++ {
		pr, at := p.prims[i], p.at[i]
		if at < 0 {
			x.outPrims = append(x.outPrims, p.prims[i:]...)
			x.outAt = append(x.outAt, p.at[i:]...)
			break
		}
		cog = at
		x.outPrims = append(x.outPrims, pr)
		x.outAt = append(x.outAt, at)
		x.monstersAct(t, cog)
		t++
		if pr.op == opKick {
			continue
		}
		for k := range ms {
			m := &ms[k]
			if !m.alive || cheb(m.pos, cog) != 1 {
				continue
			}
			m.alive = false
			d := dirTo(cog, m.pos)
			n := attacks(m.s, st.xlevel)
			for j := 0; j < n; j++ {
				if st.hunger >= weak {
					x.outPrims = append(x.outPrims, prim{op: opMove, d: d})
					x.outAt = append(x.outAt, -1)
					x.finishGuard()
					return
				}
				x.outPrims = append(x.outPrims, prim{op: opKick, d: d})
				x.outAt = append(x.outAt, cog)
				x.monstersAct(t, cog)
				t++
			}
		}
	}
	x.finishGuard()
}

// finishGuard makes the guarded plan the plan, cut to the budget.
func (x *Explore) finishGuard() {
	p := &x.p
	n := min(len(x.outPrims), p.budget)
	p.prims = append(p.prims[:0], x.outPrims[:n]...)
	p.at = append(p.at[:0], x.outAt[:n]...)
	p.cur = -1
	if n > 0 {
		p.cur = p.at[n-1]
	}
}

// monstersAct plays tick t for the predicted monsters, the cog at cog.
func (x *Explore) monstersAct(t, cog int) {
	for k := range x.sim {
		m := &x.sim[k]
		if !m.alive || m.s.static {
			continue
		}
		for n := t*m.s.speed/12 - (t-1)*m.s.speed/12; n > 0; n-- {
			if cheb(m.pos, cog) <= 1 {
				continue // it attacks
			}
			if cheb(m.pos, cog) > 10 || (x.lvl.terr[m.pos] == '#') != (x.lvl.terr[cog] == '#') {
				break // it wanders, who knows where
			}
			x.chaseStep(m, cog)
		}
	}
}

// chaseStep moves m to its legal neighbour nearest the cog (§9).
func (x *Explore) chaseStep(m *simMonster, cog int) {
	l := &x.lvl
	best, bestDist := -1, 0
	for d := dir(0); d < 8; d++ {
		if m.s.orthogonal && d.diagonal() {
			continue
		}
		to := step(m.pos, d)
		if to < 0 || !interior(to) || to == cog || !walkable(l.terr[to]) {
			continue
		}
		if d.diagonal() && (l.terr[to] == '\'' || l.terr[m.pos] == '\'') {
			continue
		}
		if x.occupied(to) {
			continue
		}
		if dist := cheb(to, cog); best < 0 || dist < bestDist {
			best, bestDist = to, dist
		}
	}
	if best >= 0 {
		m.pos = best
	}
}

// occupied reports whether a predicted or motionless monster stands on i.
func (x *Explore) occupied(i int) bool {
	for _, m := range x.sim {
		if m.alive && m.pos == i {
			return true
		}
	}
	c := x.lvl.mon[i]
	return c != 0 && x.species(c).peaceful
}

// isDead reports whether the plan already fights the monster at i.
func (x *Explore) isDead(i int) bool {
	for _, d := range x.dead {
		if d == i {
			return true
		}
	}
	return false
}

// spareEyes cuts the plan before the first move or kick that could land
// on a floating eye, in sight or remembered (§7.4), following every cell the cog could
// be on: a step onto known floor is taken, a step into rock or a wall is
// not, and a step into an unknown cell, a door or another monster may go
// either way.
func (x *Explore) spareEyes() {
	l, p := &x.lvl, &x.p
	eye := false
	for i := range l.eye {
		eye = eye || l.isEye(i)
	}
	if !eye {
		return
	}
	cur, next := &x.maybe[0], &x.maybe[1]
	clear(cur[:])
	cur[l.pos] = true
	for k, pr := range p.prims {
		if pr.op != opMove && pr.op != opKick {
			continue
		}
		clear(next[:])
		for i := 0; i < cells; i++ {
			if !cur[i] {
				continue
			}
			t := step(i, pr.d)
			if t < 0 {
				next[i] = true
				continue
			}
			if l.isEye(t) {
				p.prims, p.at = p.prims[:k], p.at[:k]
				return
			}
			switch g := l.terr[t]; {
			case pr.op == opKick:
				next[i] = true
			case l.mon[t] != 0 || g == ' ' || g == '+':
				next[i], next[t] = true, true
			case walkable(g):
				next[t] = true
			default:
				next[i] = true
			}
		}
		cur, next = next, cur
	}
}
