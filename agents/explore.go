package agents

import "bytes"

// Explore is the competent baseline of §26. It sees only the observation
// text and keeps its own memory of the level it is on: it explores toward
// unseen cells by a shortest-path search over that memory, probes dark
// corridors past what it has seen, opens and kicks doors, searches walls
// when nothing is left to explore, fights what comes near except the
// floating eye and the Oracle, picks up items, eats when Hungry, quaffs
// potions when hurt (and one early, to identify it), wields and wears what
// is better, pays the Oracle, and descends once the stairs are known and
// no item is near, or when the clock runs out. Where the scrolls mechanic
// is installed it reads scrolls to learn them and then the ones that
// help; where prayer is, it prays when in trouble (§39.7).
//
// A reply is up to forty primitives (one command turn, §13), all played
// before the next observation, so the explorer plans a whole turn: paths
// to the items in reach, the nearest unexplored cell and a probe past it,
// with kicks where a visible monster's chase (§9) is predicted to bring it
// next to the cog. Every tick spent blind is a tick a monster may bite
// unanswered, so probes are kept short and a fight ends the reply.
type Explore struct {
	// Params tunes the policy; NewExplore uses DefaultExploreParams.
	Params ExploreParams

	obs observation
	st  status
	inv inventory
	// invDirty says the pack changed in ways the explorer could not follow
	// (a pickup, a quaff): the reply ends with an inventory listing.
	invDirty bool
	chatted  bool
	// reads and prays say the scrolls and prayer mechanics are installed
	// (§39.7); prayAfter is the tick from which a prayer in trouble
	// should be answered.
	reads, prays bool
	prayAfter    int

	lvl level
	// kinds is what the explorer knows of the species in play.
	kinds bestiary

	// The last reply and where it started, to retrace where the cog went
	// (§12: the cells next to its path were seen).
	last      []prim
	lastStart int
	lastDepth int

	p   planner
	out []byte
	// dead are the cells of monsters the plan already fights; sim, outPrims
	// and outAt are guard's scratch; maybe is spareEyes'.
	dead     []int
	sim      []simMonster
	outPrims []prim
	outAt    []int
	maybe    [2][cells]bool
}

// ExploreParams are the explorer's policy knobs.
type ExploreParams struct {
	// LevelTicks is how long the explorer keeps exploring a level whose
	// stairs it has seen before it goes down (0: at once, which scores
	// best: a level is worth 50 points, its gold far less).
	LevelTicks int
	// ItemDetour is how much further than the nearest unexplored cell an
	// item may be for the explorer to fetch it first.
	ItemDetour int
	// StairsItemRadius: with the stairs known, items this near are still
	// fetched before descending.
	StairsItemRadius int
	// ProbeMoves is the most steps taken blind past the explored part of
	// the map in one reply: a monster met there bites unanswered until the
	// next observation.
	ProbeMoves int
}

// DefaultExploreParams are the defaults, measured over seeds 1…3000.
var DefaultExploreParams = ExploreParams{
	LevelTicks:       0,
	ItemDetour:       12,
	StairsItemRadius: 14,
	ProbeMoves:       12,
}

// NewExplore makes an explorer with the default parameters.
func NewExplore() *Explore {
	x := &Explore{Params: DefaultExploreParams}
	x.Reset(0)
	return x
}

// Name implements Agent.
func (*Explore) Name() string { return "explore" }

// Reset implements Agent. The explorer draws no randomness: the seed is
// not needed.
func (x *Explore) Reset(uint64) {
	x.inv.reset()
	x.invDirty, x.chatted = false, false
	x.lvl.reset(0, 0)
	x.last = x.last[:0]
	x.lastDepth = 0
	x.prayAfter = firstPrayer
}

// Know implements Knower: the explorer's picture of the monsters and of
// the items takes in the species and item kinds the named mechanics add
// (§27.5). It is kept across Reset;
// until it is called the explorer knows the core game's species only.
func (x *Explore) Know(mechanics []string) {
	x.kinds.know(mechanics)
	x.inv.names = itemNames(mechanics)
	x.mechanicsKnown(mechanics)
}

// species is the explorer's guess at the monster drawn g on this level.
func (x *Explore) species(g byte) species { return x.kinds.of(g, x.st.depth) }

// Reply implements Agent.
func (x *Explore) Reply(obs []byte) string {
	if !x.obs.parse(obs) {
		return "search*40"
	}
	x.st = x.obs.status
	l := &x.lvl
	if x.st.depth != l.depth {
		l.reset(x.st.depth, x.st.tick)
		x.last = x.last[:0]
	}
	if !l.update(&x.obs) {
		return "search*40"
	}
	if len(x.last) > 0 && x.lastDepth == x.st.depth {
		l.retrace(x.last, x.lastStart)
	}
	l.markAround(l.pos)
	x.readMessage()

	x.plan()
	x.last = append(x.last[:0], x.p.prims...)
	x.lastStart, x.lastDepth = l.pos, x.st.depth
	x.out = x.p.format(x.out[:0])
	return string(x.out)
}

// readMessage learns from the message line: the pack, locked doors, the
// Oracle's hint.
func (x *Explore) readMessage() {
	msg := x.obs.msg
	if x.inv.read(msg) {
		x.invDirty = false
	}
	if bytes.Contains(msg, []byte("You don't have that object.")) ||
		bytes.Contains(msg, []byte("That is a silly thing")) ||
		bytes.Contains(msg, []byte("You cannot wield that.")) ||
		bytes.Contains(msg, []byte("You cannot wear that.")) {
		x.invDirty = true
	}
	if bytes.Contains(msg, []byte("This door is locked.")) {
		for d := dir(0); d < 8; d += 2 {
			if n := step(x.lvl.pos, d); n >= 0 && x.lvl.terr[n] == '+' {
				x.lvl.locked[n] = true
			}
		}
	}
	if _, hint, ok := bytes.Cut(msg, []byte("the stairs lie to the ")); ok {
		for d := dir(0); d < 8; d++ {
			if bytes.HasPrefix(hint, []byte(octantWords[d]+".")) {
				x.lvl.hint, x.lvl.hintFrom = d, x.lvl.pos
			}
		}
	}
	if bytes.Contains(msg, []byte("The Oracle says")) || bytes.Contains(msg, []byte("The Oracle scowls")) {
		x.chatted = true
	}
	x.readPrayer(msg)
}
