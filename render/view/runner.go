package view

import (
	"fmt"
	"strings"

	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
)

// Runner is the mode of the commands one key starts and many ticks play
// (§22): a count, a run, travel and auto-explore. Each only ever sends
// ordinary primitives, one per tick through Game.Step; play sends as
// many a frame as its pace allows and draws the frame after the last (a
// replay records them like any other). Travel and auto-explore plan
// their steps themselves over what the cog knows (plan.go).
type Runner struct {
	kind autoKind
	// prim is a count's primitive, what its command's name, left how
	// many are still to come.
	prim c.Primitive
	what string
	left int
	// dir is a run's direction.
	dir c.Dir
	// to is where travel goes.
	to c.Pos
	// steps counts the primitives sent; still the ticks the cog did
	// not move on travel or auto-explore.
	steps, still int
	// picking: the primitive just sent is auto-explore's pickup of the
	// gold underfoot, whose message is no interruption.
	picking bool
	// stopped says why the last command stopped, at tick stopTick (the
	// row is cleared once another tick is played); stoppedBy is the
	// monster that stopped it (the row is cleared once it is out of
	// sight).
	stopped     string
	stopTick    int
	stoppedBy   arche.Entity
	byMonster   bool
	monsterStop bool
	// mem is what auto-explore keeps of the level.
	mem exploreMemory
}

type autoKind uint8

const (
	autoNone autoKind = iota
	autoCount
	autoRun
	autoTravel
	autoExplore
)

// maxRun is the most steps a run or a travel takes.
const maxRun = 400

// before is what an interruption is measured against: the cog's hp and
// cell, the level, and the monsters in view before a tick.
type before struct {
	hp, depth int
	pos       c.Pos
	seen      []arche.Entity
}

// Busy reports whether a command is under way.
func (r *Runner) Busy() bool { return r.kind != autoNone }

// Activity is what the command under way is doing ("Running east"), or
// why the last one stopped, for the activity row: until another tick is
// played, or the monster that stopped it is out of sight.
func (r *Runner) Activity(g *Game) string {
	switch r.kind {
	case autoCount:
		return fmt.Sprintf("Repeating %s: %d more", r.what, r.left)
	case autoRun:
		return "Running " + r.dir.Word()
	case autoTravel:
		return fmt.Sprintf("Travelling to (%d, %d)", r.to.X, r.to.Y)
	case autoExplore:
		return "Exploring"
	}
	if (r.byMonster && !inView(g, r.stoppedBy)) || g.Tick() != r.stopTick {
		r.stopped, r.byMonster = "", false
	}
	return r.stopped
}

// inView reports whether the cog sees monster m (alive, on this level).
func inView(g *Game, m arche.Entity) bool {
	e := g.Sim.State()
	if !g.Sim.State().W.Alive(m) || !e.Pos.Has(m) {
		return false
	}
	q := *e.Pos.Get(m)
	if !e.Vision.Contains(q) {
		return false
	}
	ent, ok := e.Level.Creatures.At(q)
	return ok && ent == m
}

// Advance plays the next primitive of the command under way (one tick)
// and reports whether one was played.
func (r *Runner) Advance(g *Game) bool {
	if !r.Busy() {
		return false
	}
	prim, ok := r.next(g)
	if !ok {
		if r.kind != autoNone {
			r.Stop(g, "")
		}
		return false
	}
	b := r.measure(g)
	r.steps++
	if !g.Step(prim) {
		r.Stop(g, "Stopped: "+g.Refused())
		return false
	}
	if g.Sim.Done() {
		r.kind = autoNone
		return true
	}
	if why := r.interruption(g, &b, prim); why != "" {
		r.Stop(g, why)
	}
	r.picking = false
	return true
}

// Stop ends the command under way; why, when given, is kept for the
// activity row.
func (r *Runner) Stop(g *Game, why string) {
	if r.kind == autoExplore && why == "" {
		why = "You stop exploring."
	}
	r.kind = autoNone
	r.stopped, r.stopTick, r.byMonster, r.monsterStop = why, g.Tick(), r.monsterStop, false
}

// stopFor is why, a stop for monster m: Stop then keeps m, whose row
// goes when it does.
func (r *Runner) stopFor(m arche.Entity, why string) string {
	r.stoppedBy, r.monsterStop = m, true
	return why
}

// measure notes what an interruption is measured against.
func (r *Runner) measure(g *Game) before {
	e := g.Sim.State()
	return before{hp: e.Health.Get(e.Run.Cog).HP, depth: e.Level.Depth, pos: e.CogPos(), seen: hostilesInView(g, nil)}
}

// hostilesInView lists the monsters the cog sees that are not peaceful
// (the Oracle is passed by, as DCSS passes peaceful monsters).
func hostilesInView(g *Game, dst []arche.Entity) []arche.Entity {
	e := g.Sim.State()
	r := e.Vision.Rect
	for y := max(r.Y0, 0); y <= min(r.Y1, c.H-1); y++ {
		for x := max(r.X0, 0); x <= min(r.X1, c.W-1); x++ {
			q := c.Pos{X: x, Y: y}
			if ent, ok := e.Level.Creatures.At(q); ok && ent != e.Run.Cog && e.Vision.Contains(q) && !peaceful(g, ent) {
				dst = append(dst, ent)
			}
		}
	}
	return dst
}

// hostileNext is a monster the cog sees next to it that is not
// peaceful.
func hostileNext(g *Game) (arche.Entity, bool) {
	e := g.Sim.State()
	cur := e.CogPos()
	for _, d := range c.Dirs {
		q := cur.Add(d)
		if ent, ok := e.Level.Creatures.At(q); ok && e.Vision.Contains(q) && !peaceful(g, ent) {
			return ent, true
		}
	}
	return arche.Entity{}, false
}

// monsterName names monster m the cog sees: "a jackal".
func monsterName(g *Game, m arche.Entity) string {
	e := g.Sim.State()
	return describeMonster(g, m, e.Level.Creatures.Glyph(*e.Pos.Get(m)))
}

// interruption says why the tick just played (primitive prim) stops the
// command under way, or "": hp dropped, a hostile monster came into
// view or next to the cog, the cog changed level, the tick had a
// message (travel and auto-explore go on through a door that opens and
// auto-explore through its pickup of gold); a run also stops by the
// running rules.
func (r *Runner) interruption(g *Game, b *before, prim c.Primitive) string {
	e := g.Sim.State()
	if e.Health.Get(e.Run.Cog).HP < b.hp {
		return "Stopped: you were hurt."
	}
	for _, m := range hostilesInView(g, nil) {
		if !contains(b.seen, m) {
			return r.stopFor(m, fmt.Sprintf("Stopped: %s comes into view.", monsterName(g, m)))
		}
	}
	if e.Level.Depth != b.depth {
		return "Stopped: a new level."
	}
	moved := e.CogPos() != b.pos
	if moved {
		if names := g.ItemsHere(); len(names) > 0 && !(r.kind == autoExplore && g.onlyGoldHere()) {
			return "Stopped: " + names[0] + "."
		}
	}
	opened := false
	if msg, tick := e.Log.Last(); tick == e.Clock.Tick && len(msg) > 0 && !r.picking {
		m := string(msg)
		opened = strings.HasPrefix(m, "The door opens.")
		locked := strings.HasPrefix(m, "This door is locked.")
		switch {
		case opened && (r.kind == autoTravel || r.kind == autoExplore):
		case locked && r.kind == autoExplore:
			// Explore leaves a locked door (Game remembers it) and goes on.
		default:
			return "Stopped: " + m
		}
	}
	if r.kind != autoExplore {
		if m, ok := hostileNext(g); ok {
			return r.stopFor(m, fmt.Sprintf("Stopped: %s is next to you.", monsterName(g, m)))
		}
	}
	switch r.kind {
	case autoRun:
		return r.runStops(g, b.pos)
	case autoTravel, autoExplore:
		if moved || opened || r.picking || prim.Op != c.OpMove {
			r.still = 0
			break
		}
		r.still++
		if r.kind == autoExplore {
			r.mem.block(g, b.pos.Add(prim.Dir))
		}
		if r.still >= 3 {
			return "Stopped: the way is blocked."
		}
	}
	return ""
}

func contains(list []arche.Entity, x arche.Entity) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// inTheWay is a stop for a monster the cog sees on cell q, which a run
// or travel never attacks (NetHack's lookaround): "" when none is there.
func (r *Runner) inTheWay(g *Game, q c.Pos) string {
	e := g.Sim.State()
	if m, ok := e.Level.Creatures.At(q); ok && e.Vision.Contains(q) && m != e.Run.Cog {
		return r.stopFor(m, fmt.Sprintf("Stopped: %s is in the way.", monsterName(g, m)))
	}
	return ""
}

// next is the next primitive of the command under way; false when it is
// done.
func (r *Runner) next(g *Game) (c.Primitive, bool) {
	cog := g.Sim.State().CogPos()
	switch r.kind {
	case autoCount:
		if r.left <= 0 {
			return c.Primitive{}, false
		}
		r.left--
		return r.prim, true
	case autoRun:
		if r.steps >= maxRun {
			return c.Primitive{}, false
		}
		if why := r.inTheWay(g, cog.Add(r.dir)); why != "" {
			r.Stop(g, why)
			return c.Primitive{}, false
		}
		return c.Primitive{Op: c.OpMove, Dir: r.dir}, true
	case autoTravel:
		if r.steps >= maxRun || cog == r.to {
			return c.Primitive{}, false
		}
		d, ok := planStep(g, r.to, nil)
		if !ok {
			r.Stop(g, "Travel: no known way there.")
			return c.Primitive{}, false
		}
		if why := r.inTheWay(g, cog.Add(d)); why != "" {
			r.Stop(g, why)
			return c.Primitive{}, false
		}
		return c.Primitive{Op: c.OpMove, Dir: d}, true
	case autoExplore:
		if r.steps >= 4*maxRun {
			r.Stop(g, "You stop exploring.")
			return c.Primitive{}, false
		}
		if ms := hostilesInView(g, nil); len(ms) > 0 {
			r.Stop(g, r.stopFor(ms[0], fmt.Sprintf("You stop exploring: %s is in view.", monsterName(g, ms[0]))))
			return c.Primitive{}, false
		}
		r.mem.sync(g)
		if g.onlyGoldHere() {
			// DCSS's autopickup of gold: the pickup is a tick of its own.
			r.picking = true
			return c.Primitive{Op: c.OpPickup}, true
		}
		d, ok := r.mem.step(g)
		if !ok {
			r.Stop(g, doneExploring(g))
			return c.Primitive{}, false
		}
		return c.Primitive{Op: c.OpMove, Dir: d}, true
	}
	return c.Primitive{}, false
}

// doneExploring is what auto-explore says when nothing it knows a way to
// is left: with a hint when the way down is still unknown (it never
// searches) or a door it found locked is left (it never kicks).
func doneExploring(g *Game) string {
	msg := "Done exploring."
	if _, ok := knownStairs(g); !ok {
		msg += " No way down found: search (20s) at dead ends and along the walls."
	}
	l := g.Sim.State().Level
	for i := range l.MemTerrain {
		if g.knownLocked(c.PosOf(i)) {
			msg += " A locked door is left: kick it (^D, a direction)."
			break
		}
	}
	return msg
}

// StartCount repeats the command b n times.
func (r *Runner) StartCount(b Binding, n int) {
	*r = Runner{kind: autoCount, prim: b.Prim, what: b.Help, left: n, mem: r.mem}
}

// StartRun runs in direction d.
func (r *Runner) StartRun(d c.Dir) { *r = Runner{kind: autoRun, dir: d, mem: r.mem} }

// StartTravel walks to the cell to, if the cog knows a way; else it
// says why not (no tick).
func (r *Runner) StartTravel(g *Game, to c.Pos) string {
	if to == g.Sim.State().CogPos() {
		return "You are already there."
	}
	if _, ok := planStep(g, to, nil); !ok {
		return "Travel: you know no way there."
	}
	*r = Runner{kind: autoTravel, to: to, mem: r.mem}
	return ""
}

// StartExplore explores as DCSS does: never with a hostile monster in
// view (a peaceful one is passed by), walking (to the nearest item not
// yet stood on, else the nearest edge of what the cog knows) and picking
// up the gold it walks onto, never using an item. It says why it does
// not start (no tick).
func (r *Runner) StartExplore(g *Game) string {
	if ms := hostilesInView(g, nil); len(ms) > 0 {
		return fmt.Sprintf("You can't explore with %s in view.", monsterName(g, ms[0]))
	}
	r.mem.sync(g)
	if _, ok := r.mem.step(g); !ok && !g.onlyGoldHere() {
		return doneExploring(g)
	}
	*r = Runner{kind: autoExplore, mem: r.mem}
	return ""
}

// The running rules (§22, docs/cogplay.md), over what the cog knows: the
// remembered terrain and what it sees.

// memGlyph is the remembered terrain glyph at q (0: never seen or off the
// board).
func memGlyph(g *Game, q c.Pos) byte {
	if !q.In() {
		return 0
	}
	return g.Sim.State().Level.MemTerrain[q.Index()]
}

// runnable reports whether a run may step onto q: remembered floor,
// corridor, stairs or an open door.
func runnable(g *Game, q c.Pos) bool {
	switch memGlyph(g, q) {
	case '.', '#', '>', '\'':
		return true
	}
	return false
}

// runStops decides, after a step of a run from prev, whether the run
// stops, and else turns it along a corridor.
func (r *Runner) runStops(g *Game, prev c.Pos) string {
	e := g.Sim.State()
	l := e.Level
	cur := e.CogPos()
	i := cur.Index()
	switch {
	case cur == prev:
		return "Stopped: something is in the way."
	case l.TrapShown[i]:
		return "Stopped: a trap."
	case l.Terrain[i] == c.Stairs:
		return "Stopped: the stairs."
	case g.knownDoorAt(cur):
		return "Stopped: a door."
	}
	if l.Terrain[i] == c.Corridor && memGlyph(g, cur) == '#' {
		return r.followCorridor(g, prev, cur)
	}
	for _, d := range c.Dirs {
		if q := cur.Add(d); g.knownDoorAt(q) && !adjacent(q, prev) {
			return "Stopped: a door is next to you."
		}
	}
	next := cur.Add(r.dir)
	if !runnable(g, next) || (r.dir.Diagonal() && memGlyph(g, next) == '\'') {
		return "Stopped: the way ahead ends."
	}
	return ""
}

// followCorridor turns a run in a corridor into its only way on: the
// known walkable neighbours, less the cell it came from, the cells
// orthogonally next to that one, a diagonal neighbour orthogonally next
// to an orthogonal one (a corner, not a fork), and the cells of a second
// lane beside the run (a corridor two wide: a neighbour to the side
// whose cell ahead or behind is walkable too, and the one ahead of it
// while the run's own lane goes on). None left is a dead end, more than
// one a fork: either stops the run.
func (r *Runner) followCorridor(g *Game, prev, cur c.Pos) string {
	walk := func(q c.Pos) bool { return runnable(g, q) || memGlyph(g, q) == '+' }
	var lane [c.N]bool
	if d := r.dir; !d.Diagonal() {
		for _, side := range c.Dirs {
			if side.Diagonal() || side == d || cur.Add(side).Add(d) == cur {
				continue
			}
			// A second lane runs beside the run: the cell to the side
			// with the cell ahead of it or behind it walkable too.
			if s := cur.Add(side); walk(s) && (walk(s.Add(d)) || walk(c.Pos{X: s.X - d.DX(), Y: s.Y - d.DY()})) {
				lane[s.Index()] = true
				if walk(cur.Add(d)) && walk(s.Add(d)) {
					lane[s.Add(d).Index()] = true
				}
			}
		}
	}
	var ways [8]c.Dir
	n := 0
	for _, d := range c.Dirs {
		q := cur.Add(d)
		if q == prev || orthNext(q, prev) || !walk(q) || lane[q.Index()] {
			continue
		}
		ways[n] = d
		n++
	}
	k := 0
	for _, d := range ways[:n] {
		corner := false
		if d.Diagonal() {
			for _, o := range ways[:n] {
				if !o.Diagonal() && orthNext(cur.Add(d), cur.Add(o)) {
					corner = true
				}
			}
		}
		if !corner {
			ways[k] = d
			k++
		}
	}
	switch {
	case k == 0:
		return "Stopped: a dead end."
	case k > 1:
		return "Stopped: the corridor forks."
	}
	way := ways[0]
	q := cur.Add(way)
	if memGlyph(g, q) == '+' || (way.Diagonal() && memGlyph(g, q) == '\'') {
		return "Stopped: a door."
	}
	r.dir = way
	return ""
}

func adjacent(a, b c.Pos) bool { return max(abs(a.X-b.X), abs(a.Y-b.Y)) <= 1 }

func orthNext(a, b c.Pos) bool { return abs(a.X-b.X)+abs(a.Y-b.Y) == 1 }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
