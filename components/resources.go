package components

import (
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// Clock counts the episode's ticks and command turns (§13).
type Clock struct {
	// Tick is the number of the tick being run (1 for the first); between
	// ticks it is the number of ticks done.
	Tick      int
	Turn      int // command turns done
	MaxTurns  int
	TurnTicks int
}

// Run is the episode's standing: whether it has ended and why, the deeds
// earned, the deepest level reached and what the cog has asked of the
// level system.
type Run struct {
	Cog      arche.Entity
	Ended    bool
	Cause    string
	MaxDepth int
	// Descend is set by the input system when the cog descends the stairs.
	Descend bool
	Deeds   Deeds
	// NextSerial numbers creations: monsters act and items pile in order.
	NextSerial int
	// Unusable counts the episode's replies that could not be used at
	// all, Ignored the usable ones that skipped a token (§30).
	Unusable, Ignored int
}

// End ends the episode with cause, once.
func (r *Run) End(cause string) {
	if !r.Ended {
		r.Ended, r.Cause = true, cause
	}
}

// Serial returns a fresh creation serial number.
func (r *Run) Serial() int {
	r.NextSerial++
	return r.NextSerial
}

// Deed is an achievement and the tick it was earned (§16).
type Deed struct {
	Name string `json:"name"`
	Tick int    `json:"tick"`
}

// Deeds is the list of deeds earned, each at most once, in order.
type Deeds struct{ List []Deed }

// Earn records deed name at tick t unless it is already earned.
func (d *Deeds) Earn(name string, t int) {
	if !d.Has(name) {
		d.List = append(d.List, Deed{name, t})
	}
}

// Has reports whether name is earned.
func (d *Deeds) Has(name string) bool {
	for _, x := range d.List {
		if x.Name == name {
			return true
		}
	}
	return false
}

// Op is a primitive's kind (§14): the scheduler's, by which it
// dispatches the systems that serve verbs (§39.6).
type Op = ecs.Op

// The core primitives, numbered from 1 so that the zero Op, what an
// inactive [Action] or an empty [Primitive] holds (a paralysed tick), is
// none of them. Each is a row of the verb table ([Verbs]); a mechanic's
// verbs get the Ops after these ([AddVerb]).
const (
	OpMove Op = iota + 1
	OpSearch
	OpWait
	OpPickup
	OpDescend
	OpEat
	OpQuaff
	OpWield
	OpWear
	OpDrop
	OpKick
	OpChat
	OpInventory
)

// Primitive is one action of the cog: it costs exactly one tick.
// Aim says where an [ArgLetterAim] verb points (Dir with AimDir); the
// core verbs leave it AimNone.
type Primitive struct {
	Op     Op
	Dir    Dir
	Letter byte
	Aim    Aim
}

// MaxQueue is the most primitives a command turn executes (turnTicks).
const MaxQueue = 40

// Queue is the cog's queued primitives for the current command turn.
type Queue struct {
	Items [MaxQueue]Primitive
	Head  int
	Len   int
}

// Reset empties the queue.
func (q *Queue) Reset() { q.Head, q.Len = 0, 0 }

// Push appends p unless the queue is full; it reports whether p fitted.
func (q *Queue) Push(p Primitive) bool {
	if q.Len >= MaxQueue {
		return false
	}
	q.Items[q.Len] = p
	q.Len++
	return true
}

// Empty reports whether no primitive is left.
func (q *Queue) Empty() bool { return q.Head >= q.Len }

// Pop takes the next primitive.
func (q *Queue) Pop() (Primitive, bool) {
	if q.Head >= q.Len {
		return Primitive{}, false
	}
	p := q.Items[q.Head]
	q.Head++
	return p, true
}

// Action is the primitive the cog performs this tick, as the input system
// popped it; the systems that handle the other primitives (search, items,
// kick, chat) read it. Moved says the cog entered a new cell (traps).
type Action struct {
	Primitive
	Active bool
	Moved  bool
}

// Intent is an attack to resolve in the combat system: by the cog
// (Attacker is the cog) or by a monster, on Target.
type Intent struct {
	Attacker arche.Entity
	Target   arche.Entity
	// Kick marks the cog's kick: weaponHitBonus 0 and die 2 (§8).
	Kick bool
}

// Intents are this tick's attacks in the order they were declared: the
// cog's first, then monsters' in the order they acted (§3).
type Intents struct{ List []Intent }

// Roster lists the monsters of the level in creation order (§9).
type Roster struct{ List []arche.Entity }

// Remove drops e from the roster, keeping the order.
func (r *Roster) Remove(e arche.Entity) {
	for i, x := range r.List {
		if x == e {
			r.List = append(r.List[:i], r.List[i+1:]...)
			return
		}
	}
}

// Vision is what the cog sees this tick: always a rectangle — a lit room
// with its walls, or the cog's cell and its 8 neighbours (§12).
type Vision struct{ Rect }

// Installed names the mechanics installed in the episode, the variant's
// first (§27.1): what a system reads to know which table rows are in
// play (§27.5), such as the species a wand of create monster may make.
// The driver sets it as the episode is built; configuration, not saved.
type Installed struct{ Names []string }

// Begin keeps the names: a new episode of the same configuration
// installs the same mechanics (§32.2).
func (in *Installed) Begin(*arche.World) {}
