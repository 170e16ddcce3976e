package agents

import "strconv"

// op is a primitive of the reply grammar (§14).
type op uint8

const (
	opMove op = iota
	opSearch
	opPickup
	opDescend
	opEat
	opQuaff
	opWield
	opWear
	opKick
	opChat
	opInventory
	// A mechanic's verbs, used only where it is installed (§39.7).
	opRead
	opPray
)

// prim is one primitive of a planned reply.
type prim struct {
	op     op
	d      dir
	letter byte
}

// maxReply is the most primitives a command turn executes (§13).
const maxReply = 40

// unreachable marks a cell the path search did not reach.
const unreachable = 1 << 30

// planner builds one reply: the primitives, where the cog is expected to
// stand after each (-1 once it is not known), and the shortest paths from
// the cog's expected cell over the level memory.
type planner struct {
	l      *level
	prims  []prim
	at     []int
	cur    int
	weak   bool
	budget int

	// item and searched are the plan's copies of the memory: items it
	// picked up and searches it made are counted here.
	item     [cells]byte
	searched [cells]uint8

	dist [cells]int32
	prev [cells]int32
	heap []int32
	path []int
}

// start begins a plan for the cog at l.pos.
func (p *planner) start(l *level, weak bool) {
	p.l, p.weak = l, weak
	p.prims, p.at = p.prims[:0], p.at[:0]
	p.cur = l.pos
	p.item, p.searched = l.item, l.searched
	p.budget = maxReply
}

// left is how many primitives still fit.
func (p *planner) left() int { return p.budget - len(p.prims) }

// add appends a primitive that leaves the cog where it is.
func (p *planner) add(pr prim) {
	if p.left() <= 0 {
		return
	}
	p.prims = append(p.prims, pr)
	p.at = append(p.at, p.cur)
}

// move appends a step in direction d to cell to (-1: unknown outcome).
func (p *planner) move(d dir, to int) {
	if p.left() <= 0 {
		return
	}
	p.cur = to
	p.prims = append(p.prims, prim{op: opMove, d: d})
	p.at = append(p.at, to)
}

// stepCost is the cost of the step from a to its neighbour b in direction
// d over the memory, 0 if the planner must not take it: walls, rock,
// lava, unknown cells, the floating eye and the Oracle; no diagonal into
// or out of a door (§8); a shut door costs its opening, a locked one its
// kicks; a trap and a monster cost extra.
func (p *planner) stepCost(a, b int, d dir) int32 {
	l := p.l
	if !interior(b) {
		return 0
	}
	m := l.mon[b]
	if m == 'O' || l.isEye(b) {
		return 0
	}
	c := int32(1)
	switch l.terr[b] {
	case '.', '#', '>':
	case '\'':
		if d.diagonal() {
			return 0
		}
	case '+':
		if d.diagonal() {
			return 0
		}
		c = 2
		if l.locked[b] {
			if p.weak {
				return 0
			}
			c = 8
		}
	default:
		return 0
	}
	if d.diagonal() && (l.terr[a] == '\'' || a == l.pos && l.underUnknown) {
		return 0
	}
	if l.trap[b] {
		c += 20
	}
	if m != 0 {
		c += 4
	}
	return c
}

// search fills dist and prev with the cheapest paths from the cog's
// expected cell (Dijkstra over a small binary heap).
func (p *planner) search() {
	for i := range p.dist {
		p.dist[i] = unreachable
		p.prev[i] = -1
	}
	if p.cur < 0 {
		return
	}
	p.dist[p.cur] = 0
	p.heap = append(p.heap[:0], int32(p.cur))
	for len(p.heap) > 0 {
		a := int(p.pop())
		da := p.dist[a]
		for d := dir(0); d < 8; d++ {
			b := step(a, d)
			if b < 0 {
				continue
			}
			c := p.stepCost(a, b, d)
			if c == 0 || da+c >= p.dist[b] {
				continue
			}
			p.dist[b] = da + c
			p.prev[b] = int32(a)
			p.push(int32(b))
		}
	}
}

// push and pop keep p.heap a min-heap on dist (an entry may be stale:
// pushed again with a lower distance; the stale one pops later and finds
// nothing to improve).
func (p *planner) push(v int32) {
	h := append(p.heap, v)
	i := len(h) - 1
	for i > 0 {
		j := (i - 1) / 2
		if p.dist[h[j]] <= p.dist[h[i]] {
			break
		}
		h[i], h[j] = h[j], h[i]
		i = j
	}
	p.heap = h
}

func (p *planner) pop() int32 {
	h := p.heap
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		j := 2*i + 1
		if j >= n {
			break
		}
		if k := j + 1; k < n && p.dist[h[k]] < p.dist[h[j]] {
			j = k
		}
		if p.dist[h[i]] <= p.dist[h[j]] {
			break
		}
		h[i], h[j] = h[j], h[i]
		i = j
	}
	p.heap = h
	return top
}

// walk appends the path to target found by the last search: a shut door
// is opened (kicked first when locked) and then entered. It stops early
// when the budget runs out and reports whether the cog reaches target.
func (p *planner) walk(target int) bool {
	if p.dist[target] >= unreachable {
		return false
	}
	p.path = p.path[:0]
	for c := target; c != p.cur; c = int(p.prev[c]) {
		p.path = append(p.path, c)
	}
	l := p.l
	for i := len(p.path) - 1; i >= 0; i-- {
		next := p.path[i]
		d := dirTo(p.cur, next)
		if l.terr[next] == '+' {
			if l.locked[next] {
				for k := 0; k < 6; k++ {
					p.add(prim{op: opKick, d: d})
				}
			} else {
				p.add(prim{op: opMove, d: d})
			}
		}
		if p.left() <= 0 {
			return false
		}
		p.move(d, next)
	}
	return p.cur == target
}

// format spells the plan as a reply, runs of one step or one search
// folded into "e*3" and "s*3".
func (p *planner) format(b []byte) []byte {
	pr := p.prims
	for i := 0; i < len(pr); {
		n := 1
		if pr[i].op == opMove || pr[i].op == opSearch {
			for i+n < len(pr) && pr[i+n] == pr[i] {
				n++
			}
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		switch x := pr[i]; x.op {
		case opMove:
			b = append(b, moveWord[x.d]...)
		case opSearch:
			b = append(b, 's')
		case opPickup:
			b = append(b, "pickup"...)
		case opDescend:
			b = append(b, '>')
		case opEat:
			b = append(b, "eat "...)
		case opQuaff:
			b = append(b, "quaff "...)
		case opWield:
			b = append(b, "wield "...)
		case opWear:
			b = append(b, "wear "...)
		case opKick:
			b = append(b, "kick "...)
			b = append(b, argWord[x.d]...)
		case opChat:
			b = append(b, "chat "...)
			b = append(b, argWord[x.d]...)
		case opInventory:
			b = append(b, 'i')
		case opRead:
			b = append(b, "read "...)
		case opPray:
			b = append(b, "pray"...)
		}
		switch pr[i].op {
		case opEat, opQuaff, opWield, opWear, opRead:
			b = append(b, pr[i].letter)
		}
		if n > 1 {
			b = append(b, '*')
			b = strconv.AppendInt(b, int64(n), 10)
		}
		i += n
	}
	return b
}
