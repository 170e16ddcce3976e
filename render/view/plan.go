package view

import (
	c "github.com/cogsim/cogsim/components"
)

// Travel and auto-explore plan their steps themselves, as primitives,
// over what the cog knows: the remembered terrain (a secret door is the
// wall it looks like, a hidden trap floor), the doors it found locked,
// the traps it found and the monsters it sees. A shortest-path search
// from the cog over the eight directions; no diagonal step into or out
// of a door; a found trap is stepped on only when there is no other way
// (it costs trapCost steps).

// trapCost is what stepping onto a found trap costs a plan, in steps.
const trapCost = 12

// passable reports whether a plan may step onto q: remembered floor,
// corridor, stairs, an open or a closed door (a move opens it) that it
// did not find locked, not a monster the cog sees.
func passable(g *Game, q c.Pos) bool {
	switch memGlyph(g, q) {
	case '.', '#', '>', '\'':
	case '+':
		if g.knownLocked(q) {
			return false
		}
	default:
		return false
	}
	e := g.Sim.State()
	if ent, ok := e.Level.Creatures.At(q); ok && ent != e.Run.Cog && e.Vision.Contains(q) {
		return false
	}
	return true
}

// doorish reports whether the cog knows q for a door that forbids
// diagonal steps (open, or shut and opened by the step).
func doorish(g *Game, q c.Pos) bool {
	m := memGlyph(g, q)
	return m == '\'' || m == '+'
}

// search finds the nearest cell (by steps, a found trap counting
// trapCost) for which goal returns true, and the direction of the first
// step toward it (ok false: none is reached). blocked cells are never
// entered; goal may accept a cell a plan cannot step onto (it is then
// reached, not crossed).
func search(g *Game, blocked *[c.N]bool, goal func(q c.Pos) bool) (c.Pos, c.Dir, bool) {
	e := g.Sim.State()
	start := e.CogPos()
	var first [c.N]int8
	var dist [c.N]int32
	for i := range dist {
		dist[i] = -1
	}
	// A bucket queue: costs are small whole numbers.
	buckets := make([][]c.Pos, 1, 64)
	buckets[0] = append(buckets[0], start)
	dist[start.Index()] = 0
	for cost := 0; cost < len(buckets); cost++ {
		for k := 0; k < len(buckets[cost]); k++ {
			cur := buckets[cost][k]
			if int(dist[cur.Index()]) != cost {
				continue
			}
			if cur != start && goal(cur) {
				return cur, c.Dirs[first[cur.Index()]], true
			}
			if cur != start && !passable(g, cur) {
				continue // a goal-only cell is not crossed
			}
			for i, d := range c.Dirs {
				q := cur.Add(d)
				if !q.In() || memGlyph(g, q) == 0 {
					continue
				}
				if blocked != nil && blocked[q.Index()] {
					continue
				}
				if !passable(g, q) && !goal(q) {
					continue
				}
				if d.Diagonal() && (doorish(g, q) || doorish(g, cur)) {
					continue
				}
				step := 1
				if e.Level.TrapShown[q.Index()] {
					step = trapCost
				}
				nd := cost + step
				if old := dist[q.Index()]; old >= 0 && int(old) <= nd {
					continue
				}
				dist[q.Index()] = int32(nd)
				if cur == start {
					first[q.Index()] = int8(i)
				} else {
					first[q.Index()] = first[cur.Index()]
				}
				for len(buckets) <= nd {
					buckets = append(buckets, nil)
				}
				buckets[nd] = append(buckets[nd], q)
			}
		}
	}
	return c.Pos{}, 0, false
}

// planStep is the first step of the shortest known way to the cell to.
func planStep(g *Game, to c.Pos, blocked *[c.N]bool) (c.Dir, bool) {
	if !to.In() || memGlyph(g, to) == 0 {
		return 0, false
	}
	_, d, ok := search(g, blocked, func(q c.Pos) bool { return q == to })
	return d, ok
}

// exploreMemory is what auto-explore keeps of a level: the cells the cog
// stood on (an item there has been seen up close; a frontier there is
// done) and the cells it could not step onto.
type exploreMemory struct {
	depth   int
	stood   [c.N]bool
	blocked [c.N]bool
}

func (m *exploreMemory) sync(g *Game) {
	e := g.Sim.State()
	if m.depth != e.Level.Depth {
		*m = exploreMemory{depth: e.Level.Depth}
	}
	m.stood[e.CogPos().Index()] = true
}

// block notes that the cog could not step onto q.
func (m *exploreMemory) block(g *Game, q c.Pos) {
	m.sync(g)
	if q.In() {
		m.blocked[q.Index()] = true
	}
}

// step is auto-explore's next move: toward the nearest remembered item
// the cog has not stood on, else the nearest known walkable cell next to
// a cell never seen.
func (m *exploreMemory) step(g *Game) (c.Dir, bool) {
	m.sync(g)
	return m.plan(g)
}

func (m *exploreMemory) plan(g *Game) (c.Dir, bool) {
	l := g.Sim.State().Level
	_, d, ok := search(g, &m.blocked, func(q c.Pos) bool {
		i := q.Index()
		if m.stood[i] || !passable(g, q) {
			return false
		}
		if l.MemItem[i] != 0 {
			return true
		}
		for _, dd := range c.Dirs {
			if n := q.Add(dd); n.In() && l.MemTerrain[n.Index()] == 0 {
				return true
			}
		}
		return false
	})
	return d, ok
}
