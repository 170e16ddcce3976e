package components

import arche "github.com/mlange-42/arche/ecs"

// Position is where a creature, floor item or trap is.
type Position = Pos

// Health is hit points.
type Health struct{ HP, MaxHP int }

// CogTag marks the cog entity.
type CogTag struct{}

// Nutrition is the cog's nutrition and its hunger state (§6).
type Nutrition struct {
	Value int
	State HungerState
}

// HungerState is the cog's hunger state (§6).
type HungerState uint8

// The hunger states, best first.
const (
	Satiated HungerState = iota
	NotHungry
	Hungry
	Weak
	Fainting
)

// HungerStateOf is the state of a nutrition value (§6).
func HungerStateOf(n int) HungerState {
	switch {
	case n > 1000:
		return Satiated
	case n >= 150:
		return NotHungry
	case n >= 50:
		return Hungry
	case n >= 1:
		return Weak
	}
	return Fainting
}

var hungerWords = [...]string{"Satiated", "", "Hungry", "Weak", "Fainting"}

// HungerScale is how the rules in play read nutrition as a hunger state:
// §6's [HungerStateOf] unless a variant's hunger mechanic sets its own in
// its Start hook. What sets nutrition from outside the hunger system (a
// scenario's cog) reads the state from it.
type HungerScale struct{ StateOf func(n int) HungerState }

// Word is the status-line word of the state ("" for Not Hungry).
func (h HungerState) Word() string { return hungerWords[h] }

// Experience is the cog's experience level and points (§6).
type Experience struct{ Level, Points int }

// XPThresholds are the experience points at which levels 2…8 begin (§6).
var XPThresholds = [...]int{20, 40, 80, 160, 320, 640, 1280}

// XLevelFor is 1 + the number of thresholds points has reached.
func XLevelFor(points int) int {
	l := 1
	for _, t := range XPThresholds {
		if points >= t {
			l++
		}
	}
	return l
}

// Purse is the cog's gold: a counter, not an inventory stack (§5).
type Purse struct{ Gold int }

// Status holds the cog's timed conditions as the last tick each holds on
// (§13: set during tick t for N ticks, it holds on t+1 … t+N), so nothing
// needs counting down; the status system clears what has run out.
type Status struct {
	ConfusedUntil  int
	ParalysedUntil int
	StuckUntil     int
	TrappedUntil   int
	// StuckTo is the lichen holding the cog.
	StuckTo arche.Entity
}

// Confused reports whether confusion holds on tick t.
func (s *Status) Confused(t int) bool { return t <= s.ConfusedUntil }

// Paralysed reports whether paralysis holds on tick t.
func (s *Status) Paralysed(t int) bool { return t <= s.ParalysedUntil }

// Stuck reports whether the cog is stuck on tick t.
func (s *Status) Stuck(t int) bool { return t <= s.StuckUntil }

// Trapped reports whether the cog is in a pit on tick t.
func (s *Status) Trapped(t int) bool { return t <= s.TrappedUntil }

// Extend makes *until cover the n ticks after tick t.
func Extend(until *int, t, n int) {
	if t+n > *until {
		*until = t + n
	}
}

// Monster is a monster's species and creation serial: monsters act in
// serial order (§9).
type Monster struct {
	Species SpeciesID
	Serial  int
	// Asleep: the monster does nothing until the cog stands next to it
	// (a level script's des.monster(asleep=True), §38.2); it then wakes
	// and acts. The generator makes none asleep.
	Asleep bool `json:",omitempty"`
}

// MovementPoints is how many actions a monster has this tick (§9).
type MovementPoints struct{ Actions int }

// ActionsOn is how many times a creature of the given speed acts on tick t:
// floor(t·speed/12) − floor((t−1)·speed/12) (§9).
func ActionsOn(t, speed int) int { return t*speed/12 - (t-1)*speed/12 }

// Item is an item lying on the floor: Count items of Kind (for gold, the
// amount). Serial orders a pile: the highest is on top.
type Item struct {
	Kind   ItemKind
	Count  int
	Serial int
	// Spe is the item's own value (a wand's charges, §33); see [Stack].
	Spe int32 `json:",omitempty"`
}

// Trap is a trap on the board (§11). Discovered traps are drawn '^';
// a trap fires once, the first time the cog enters its cell.
type Trap struct {
	Kind       TrapKind
	Discovered bool
	Fired      bool
}

// Until is where condition k's last tick is kept.
func (s *Status) Until(k Condition) *int {
	switch k {
	case Confused:
		return &s.ConfusedUntil
	case Paralysed:
		return &s.ParalysedUntil
	case Stuck:
		return &s.StuckUntil
	}
	return &s.TrappedUntil
}
