package components

import arche "github.com/mlange-42/arche/ecs"

// EventKind says what happened (§27.3).
type EventKind uint8

// The events of a tick.
const (
	// Attack: Actor attacked Target (Kick for the cog's kick); Hit,
	// Damage and Killed say how it went; Species is the monster's (the
	// target's or the attacker's), still readable once a killed monster
	// is gone.
	Attack EventKind = iota + 1
	// Death: the cog died of Cause with HP hit points.
	Death
	// Meal: the cog ate Item; nutrition went from Before to After, and
	// Hunger was its state when the meal began.
	Meal
	// Quaff: the cog quaffed Item.
	Quaff
	// TrapFired: Trap fired on the cog, doing Damage.
	TrapFired
	// Move: Actor stepped From → To.
	Move
	// Descend: the cog went from depth Before to depth After.
	Descend
	// StatusSet: Condition was set on the cog for Ticks more ticks.
	StatusSet
	// StatusEnded: Condition held on the cog for the last time this tick.
	StatusEnded
)

// eventNames names the event kinds by kind: the core's, then those
// mechanics registered.
var eventNames = []string{Attack: "attack", Death: "death", Meal: "meal", Quaff: "quaff",
	TrapFired: "trap", Move: "move", Descend: "descend", StatusSet: "status-set", StatusEnded: "status-ended"}

// RegisterEvent adds a mechanic's own event kind called name (§32.5) and
// returns it; [EventKind.String] names it. A mechanic calls it from its
// package init and documents which [Event] fields the kind sets. It
// panics on an empty or taken name, or when the kinds run out.
func RegisterEvent(name string) EventKind {
	if name == "" {
		panic("components: an event kind needs a name")
	}
	for _, n := range eventNames {
		if n == name {
			panic("components: event kind " + name + " registered twice")
		}
	}
	if len(eventNames) > maxRow {
		panic("components: event kinds full at " + name)
	}
	eventNames = append(eventNames, name)
	return EventKind(len(eventNames) - 1)
}

// String is the event kind's name.
func (k EventKind) String() string {
	if int(k) < len(eventNames) && eventNames[k] != "" {
		return eventNames[k]
	}
	return "event?"
}

// Condition is one of the cog's timed conditions (§5).
type Condition uint8

// The conditions.
const (
	Confused Condition = iota + 1
	Paralysed
	Stuck
	Trapped
)

// Event is one thing that happened in a tick. Which fields mean something
// depends on Kind (see [EventKind]); the rest are zero.
type Event struct {
	Kind          EventKind
	Actor, Target arche.Entity
	Hit, Killed   bool
	Kick          bool
	Damage        int
	Species       SpeciesID
	Item          ItemKind
	Trap          TrapKind
	Before, After int
	From, To      Pos
	Condition     Condition
	Ticks         int
	Hunger        HungerState
	HP            int
	Cause         string
	// Dir and Aim: where a thing was aimed (a Zap's direction, §33);
	// Count: how many (monsters created, cells dug …), as the kind's
	// mechanic documents.
	Dir   Dir
	Aim   Aim
	Count int
}

// Events is the tick's event log (§27.3): cleared at the start of every
// tick; systems append what they resolve, and later systems read it
// instead of re-deriving it.
type Events struct{ List []Event }

// Add appends e.
func (ev *Events) Add(e Event) { ev.List = append(ev.List, e) }

// Reset empties the log, keeping its buffer.
func (ev *Events) Reset() { ev.List = ev.List[:0] }
