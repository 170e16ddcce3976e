package view

import (
	"fmt"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
)

// The commands one key starts and many ticks play (§22): a count, a run,
// travel and auto-explore. Each only ever sends ordinary primitives, one
// per tick through sim.Step, one per frame so they are seen as they play;
// a replay records them like any other.

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

// auto is the command under way.
type auto struct {
	kind autoKind
	// prim is a count's primitive, what its command's name, left how
	// many are still to come.
	prim c.Primitive
	what string
	left int
	// dir is a run's direction; prev the cell it stepped from.
	dir  c.Dir
	prev c.Pos
	// to is where travel goes.
	to c.Pos
	// steps counts the primitives sent; still the ticks the cog did
	// not move on travel.
	steps, still int
	// reply is the explore agent's reply for the turn under way.
	reply string
}

// before is what an interruption is measured against: the cog's hp and
// cell, the level, and the monsters in view before a tick.
type before struct {
	hp, depth int
	pos       c.Pos
	seen      []arche.Entity
}

// Busy reports whether a count, a run, travel or auto-explore is under
// way: each frame without a key then plays its next primitive.
func (p *Play) Busy() bool { return p.auto.kind != autoNone }

// Activity is what the command under way is doing ("Running east"), or
// why the last one stopped, for the activity row.
func (p *Play) Activity() string {
	a := &p.auto
	switch a.kind {
	case autoCount:
		return fmt.Sprintf("Repeating %s: %d more", a.what, a.left)
	case autoRun:
		return "Running " + a.dir.Word()
	case autoTravel:
		return fmt.Sprintf("Travelling to (%d, %d)", a.to.X, a.to.Y)
	case autoExplore:
		return "Exploring (the explore agent): " + a.reply
	}
	return p.stopped
}

// Advance plays the next primitive of the command under way (one tick)
// and reports whether one was played.
func (p *Play) Advance() bool {
	if !p.Busy() || p.mode != playing {
		p.auto = auto{}
		return false
	}
	prim, ok := p.nextPrim()
	if !ok {
		if p.auto.kind != autoNone {
			p.stop("")
		}
		return false
	}
	b := p.measure()
	p.auto.steps++
	p.step(prim)
	if p.mode != playing {
		p.auto = auto{}
		return true
	}
	if why := p.interruption(&b); why != "" {
		p.stop(why)
	}
	return true
}

// stop ends the command under way; why, when given, is kept for the
// activity row.
func (p *Play) stop(why string) {
	if p.auto.kind == autoExplore && why == "" {
		why = "You stop exploring."
	}
	p.auto = auto{}
	p.stopped = why
}

// measure notes what an interruption is measured against.
func (p *Play) measure() before {
	e := p.Sim.State()
	return before{
		hp:    e.Health.Get(e.Run.Cog).HP,
		depth: e.Level.Depth,
		pos:   e.CogPos(),
		seen:  p.monstersInView(nil),
	}
}

// monstersInView lists the monsters the cog sees.
func (p *Play) monstersInView(dst []arche.Entity) []arche.Entity {
	e := p.Sim.State()
	r := e.Vision.Rect
	for y := max(r.Y0, 0); y <= min(r.Y1, c.H-1); y++ {
		for x := max(r.X0, 0); x <= min(r.X1, c.W-1); x++ {
			if ent, ok := e.Level.Creatures.At(c.Pos{X: x, Y: y}); ok && ent != e.Run.Cog {
				dst = append(dst, ent)
			}
		}
	}
	return dst
}

// interruption says why the tick just played stops the command under
// way, or "": hp dropped, a monster came into view, the cog changed
// level; and for all but auto-explore (whose agent reads the messages
// itself) any message.
func (p *Play) interruption(b *before) string {
	e := p.Sim.State()
	if e.Health.Get(e.Run.Cog).HP < b.hp {
		return "Stopped: you were hurt."
	}
	for _, m := range p.monstersInView(nil) {
		if !contains(b.seen, m) {
			g := e.Level.Creatures.Glyph(*e.Pos.Get(m))
			return fmt.Sprintf("Stopped: %s comes into view.", p.describeMonster(m, g))
		}
	}
	if e.Level.Depth != b.depth && p.auto.kind != autoExplore {
		return "Stopped: a new level."
	}
	if p.auto.kind != autoExplore {
		if msg := p.Sim.Frame().Message; len(msg) > 0 {
			return "Stopped: " + string(msg)
		}
	}
	switch p.auto.kind {
	case autoRun:
		return p.runStops(b.pos)
	case autoTravel:
		if e.CogPos() == b.pos {
			p.auto.still++
			if p.auto.still >= 3 {
				return "Stopped: travel is blocked."
			}
		} else {
			p.auto.still = 0
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

// nextPrim is the next primitive of the command under way; false when it
// is done.
func (p *Play) nextPrim() (c.Primitive, bool) {
	a := &p.auto
	switch a.kind {
	case autoCount:
		if a.left <= 0 {
			return c.Primitive{}, false
		}
		a.left--
		return a.prim, true
	case autoRun:
		if a.steps >= maxRun {
			return c.Primitive{}, false
		}
		a.prev = p.Sim.State().CogPos()
		return c.Primitive{Op: c.OpMove, Dir: a.dir}, true
	case autoTravel:
		if a.steps >= maxRun || p.Sim.State().CogPos() == a.to {
			return c.Primitive{}, false
		}
		prim, ok := p.route(a.to)
		if !ok {
			p.stop("Travel: no known way there.")
		}
		return prim, ok
	case autoExplore:
		q := &p.queue
		if q.Empty() {
			a.reply = p.explorer.Reply(p.Sim.Observe())
			p.parser.Parse(a.reply, q)
			if q.Empty() {
				p.stop("The explore agent has nothing to do.")
				return c.Primitive{}, false
			}
		}
		prim := q.Items[q.Head]
		q.Head++
		return prim, true
	}
	return c.Primitive{}, false
}

// route is the first primitive of the way to, planned by the explore
// agent's planner over what the cog knows (agents.Route).
func (p *Play) route(to c.Pos) (c.Primitive, bool) {
	l := p.Sim.State().Level
	r, ok := agents.Route(p.Sim.Observe(), l.MemTerrain[:], to.X, to.Y)
	if !ok {
		return c.Primitive{}, false
	}
	p.parser.Parse(r, &p.queue)
	if p.queue.Empty() {
		return c.Primitive{}, false
	}
	prim := p.queue.Items[0]
	p.queue.Reset()
	return prim, true
}

// startCount repeats the command b n times.
func (p *Play) startCount(b Binding, n int) {
	p.auto = auto{kind: autoCount, prim: b.Prim, what: b.Help, left: n}
	p.stopped = ""
}

// startRun runs in direction d.
func (p *Play) startRun(d c.Dir) {
	p.auto = auto{kind: autoRun, dir: d}
	p.stopped = ""
}

// startTravel walks to the cell to, if the cog knows a way.
func (p *Play) startTravel(to c.Pos) {
	p.travelTo, p.travelSet = to, true
	if to == p.Sim.State().CogPos() {
		p.note = "You are already there."
		return
	}
	if _, ok := p.route(to); !ok {
		p.note = "Travel: you know no way there."
		return
	}
	p.auto = auto{kind: autoTravel, to: to}
	p.stopped = ""
}

// startExplore lets the explore agent play.
func (p *Play) startExplore() {
	if p.explorer == nil {
		p.explorer = agents.NewExplore()
		p.explorer.Know(p.Sim.MechanicNames())
	}
	p.queue.Reset()
	p.auto = auto{kind: autoExplore}
	p.stopped = ""
}

// The running rules (§22, docs/cogplay.md), over what the cog knows: the
// remembered terrain and what it sees.

// memGlyph is the remembered terrain glyph at q (0: never seen or off the
// board).
func (p *Play) memGlyph(q c.Pos) byte {
	if !q.In() {
		return 0
	}
	return p.Sim.State().Level.MemTerrain[q.Index()]
}

// knownDoor reports whether the cog knows q for a door or a doorway: seen
// as one (a secret door is remembered as the wall it looks like).
func (p *Play) knownDoor(q c.Pos) bool {
	g := p.memGlyph(q)
	if g == 0 {
		return false
	}
	t := p.Sim.State().Level.Terrain[q.Index()]
	switch t {
	case c.Doorway, c.BrokenDoor, c.OpenDoor, c.ClosedDoor, c.LockedDoor:
		return t.Glyph() == g
	}
	return false
}

// runnable reports whether a run may step onto q: remembered floor,
// corridor, stairs or an open door.
func (p *Play) runnable(q c.Pos) bool {
	switch p.memGlyph(q) {
	case '.', '#', '>', '\'':
		return true
	}
	return false
}

// runStops decides, after a step of a run from prev, whether the run
// stops, and else turns it along a corridor.
func (p *Play) runStops(prev c.Pos) string {
	e := p.Sim.State()
	l := e.Level
	cur := e.CogPos()
	i := cur.Index()
	switch {
	case cur == prev:
		return "Stopped: something is in the way."
	case l.FloorItems.Top(cur) != 0:
		return "Stopped: an item."
	case l.TrapShown[i]:
		return "Stopped: a trap."
	case l.Terrain[i] == c.Stairs:
		return "Stopped: the stairs."
	case p.knownDoor(cur):
		return "Stopped: a door."
	}
	for _, d := range c.Dirs {
		if l.Creatures.Occupied(cur.Add(d)) && e.Vision.Contains(cur.Add(d)) {
			return "Stopped: a monster is next to you."
		}
	}
	if l.Terrain[i] == c.Corridor && p.memGlyph(cur) == '#' {
		return p.followCorridor(prev, cur)
	}
	for _, d := range c.Dirs {
		if q := cur.Add(d); p.knownDoor(q) && !adjacent(q, prev) {
			return "Stopped: a door is next to you."
		}
	}
	next := cur.Add(p.auto.dir)
	if !p.runnable(next) || (p.auto.dir.Diagonal() && p.memGlyph(next) == '\'') {
		return "Stopped: the way ahead ends."
	}
	return ""
}

// followCorridor turns a run in a corridor into its only way on: the
// known walkable neighbours, less the cell it came from, the cells
// orthogonally next to that one, and a diagonal neighbour orthogonally
// next to an orthogonal one (a corner, not a fork). None left is a dead
// end, more than one a fork: either stops the run.
func (p *Play) followCorridor(prev, cur c.Pos) string {
	var ways [8]c.Dir
	n := 0
	for _, d := range c.Dirs {
		q := cur.Add(d)
		if q == prev || orthNext(q, prev) || !(p.runnable(q) || p.memGlyph(q) == '+') {
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
	if p.memGlyph(q) == '+' || (way.Diagonal() && p.memGlyph(q) == '\'') {
		return "Stopped: a door."
	}
	p.auto.dir = way
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
