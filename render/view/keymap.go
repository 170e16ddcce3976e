package view

import c "github.com/cogsim/cogsim/components"

// DirKeys are the keys of each direction (§22): NetHack's vi-keys, the
// arrows and the keypad. Move keys, and the answers to "In what
// direction?", come from this table.
var DirKeys = []struct {
	Dir  c.Dir
	Keys []Key
}{
	{c.West, []Key{'h', KeyLeft, KeyKP4}},
	{c.South, []Key{'j', KeyDown, KeyKP2}},
	{c.North, []Key{'k', KeyUp, KeyKP8}},
	{c.East, []Key{'l', KeyRight, KeyKP6}},
	{c.NorthWest, []Key{'y', KeyKP7}},
	{c.NorthEast, []Key{'u', KeyKP9}},
	{c.SouthWest, []Key{'b', KeyKP1}},
	{c.SouthEast, []Key{'n', KeyKP3}},
}

// RunKeys are the keys that run in each direction (§22): Shift and a
// vi-key, or Shift and an arrow.
var RunKeys = []struct {
	Dir  c.Dir
	Keys []Key
}{
	{c.West, []Key{'H', KeyShiftLeft}},
	{c.South, []Key{'J', KeyShiftDown}},
	{c.North, []Key{'K', KeyShiftUp}},
	{c.East, []Key{'L', KeyShiftRight}},
	{c.NorthWest, []Key{'Y'}},
	{c.NorthEast, []Key{'U'}},
	{c.SouthWest, []Key{'B'}},
	{c.SouthEast, []Key{'N'}},
}

// RunOf is the direction run key k runs in.
func RunOf(k Key) (c.Dir, bool) {
	for _, d := range RunKeys {
		for _, x := range d.Keys {
			if x == k {
				return d.Dir, true
			}
		}
	}
	return 0, false
}

// numberPadDirs are the digits that move when the number pad is on, as
// the keypad does.
var numberPadDirs = map[Key]c.Dir{
	'1': c.SouthWest, '2': c.South, '3': c.SouthEast, '4': c.West,
	'6': c.East, '7': c.NorthWest, '8': c.North, '9': c.NorthEast,
}

// DirOf is the direction key k stands for.
func DirOf(k Key) (c.Dir, bool) {
	for _, d := range DirKeys {
		for _, x := range d.Keys {
			if x == k {
				return d.Dir, true
			}
		}
	}
	return 0, false
}

// Action is what a key does in play.
type Action uint8

// The actions.
const (
	// Perform: the primitive at once (one key, one primitive, one tick).
	Perform Action = iota
	// AskItem: ask for an inventory letter, then perform the primitive
	// with it.
	AskItem
	// AskDir: ask for a direction, then perform the primitive toward it.
	AskDir
	// ShowHelp: the help overlay (no tick).
	ShowHelp
	// SaveQuit: save the game and quit (no tick, §24).
	SaveQuit
	// ScrollLog: scroll the message log by Scroll lines, back when
	// positive (no tick).
	ScrollLog
	// Travel: pick a cell, then walk there (many primitives).
	Travel
	// Look: pick a cell, then say what the cog knows of it (no tick).
	Look
	// Explore: the explore agent plays, a command turn at a time, until
	// a key or an interruption stops it (many primitives).
	Explore
	// Profile: toggle the profiler overlay (no tick).
	Profile
	// AskItemAim: ask for an inventory letter, then for a direction or
	// >, then perform the primitive (a verb of shape ArgLetterAim).
	AskItemAim
	// Extended: NetHack's extended command: type a verb's word after #,
	// then Enter (every active verb, a mechanic's included, §32.3).
	Extended
	// LookHere: say what is under the cog (':', no tick).
	LookHere
	// ShowInventory: the pack as a menu (no tick).
	ShowInventory
	// ShowLog: the whole message log (NetHack's ^P, no tick).
	ShowLog
	// ShowSymbols: what each glyph of the map is (NetHack's /, no
	// tick).
	ShowSymbols
	// ShowDiscoveries: the item kinds identified (NetHack's \, no tick).
	ShowDiscoveries
)

// Binding is one command of play.
type Binding struct {
	Key    Key
	Action Action
	Prim   c.Primitive
	// Verb names the action in prompts ("eat" → "What do you want to
	// eat?"); Classes are the item classes offered (none: any).
	Verb    string
	Classes []c.ItemClass
	Scroll  int
	Help    string
}

// PlayKeys are the commands of §22 other than the moves of [DirKeys].
var PlayKeys = []Binding{
	{Key: 's', Action: Perform, Prim: c.Primitive{Op: c.OpSearch}, Help: "search"},
	{Key: '.', Action: Perform, Prim: c.Primitive{Op: c.OpWait}, Help: "wait a tick"},
	{Key: ',', Action: Perform, Prim: c.Primitive{Op: c.OpPickup}, Help: "pick up"},
	{Key: '>', Action: Perform, Prim: c.Primitive{Op: c.OpDescend}, Help: "go down the stairs"},
	{Key: 'i', Action: ShowInventory, Help: "inventory (no tick)"},
	{Key: 'e', Action: AskItem, Prim: c.Primitive{Op: c.OpEat}, Verb: "eat", Classes: []c.ItemClass{c.FoodClass}, Help: "eat"},
	{Key: 'q', Action: AskItem, Prim: c.Primitive{Op: c.OpQuaff}, Verb: "drink", Classes: []c.ItemClass{c.PotionClass}, Help: "quaff a potion"},
	{Key: 'w', Action: AskItem, Prim: c.Primitive{Op: c.OpWield}, Verb: "wield", Classes: []c.ItemClass{c.WeaponClass}, Help: "wield a weapon"},
	{Key: 'W', Action: AskItem, Prim: c.Primitive{Op: c.OpWear}, Verb: "wear", Classes: []c.ItemClass{c.ArmourClass}, Help: "wear armour"},
	{Key: 'd', Action: AskItem, Prim: c.Primitive{Op: c.OpDrop}, Verb: "drop", Help: "drop"},
	{Key: 'C', Action: AskDir, Prim: c.Primitive{Op: c.OpChat}, Help: "chat (then a direction)"},
	{Key: Ctrl('d'), Action: AskDir, Prim: c.Primitive{Op: c.OpKick}, Help: "kick (then a direction)"},
	{Key: KeyPageUp, Action: ScrollLog, Scroll: logRows, Help: "scroll the log back"},
	{Key: KeyPageDown, Action: ScrollLog, Scroll: -logRows, Help: "scroll the log forward"},
	{Key: '_', Action: Travel, Help: "travel: pick a cell (or < >)"},
	{Key: ';', Action: Look, Help: "look: what is on a cell"},
	{Key: ':', Action: LookHere, Help: "look here: what is under you"},
	{Key: Ctrl('p'), Action: ShowLog, Help: "the message log, with ticks"},
	{Key: 'x', Action: Explore, Help: "auto-explore (any key stops)"},
	{Key: KeyF3, Action: Profile, Help: "profiler: per-system timings"},
	{Key: '#', Action: Extended, Help: "extended command (#kick)"},
	{Key: '?', Action: ShowHelp, Help: "this help"},
	{Key: '/', Action: ShowSymbols, Help: "the symbols of the map"},
	{Key: '\\', Action: ShowDiscoveries, Help: "discoveries: items identified"},
	{Key: 'S', Action: SaveQuit, Help: "save and quit (asks first)"},
}

// PlayBinding is the command of key k: a move for a direction key, else
// its row of [PlayKeys].
func PlayBinding(k Key) (Binding, bool) {
	if d, ok := DirOf(k); ok {
		return Binding{Key: k, Action: Perform, Prim: c.Primitive{Op: c.OpMove, Dir: d}, Help: "move " + d.Word()}, true
	}
	for _, b := range PlayKeys {
		if b.Key == k {
			return b, true
		}
	}
	return Binding{}, false
}

// offers reports whether the binding's prompt offers an item of class cl.
func (b *Binding) offers(cl c.ItemClass) bool {
	if len(b.Classes) == 0 {
		return true
	}
	for _, x := range b.Classes {
		if x == cl {
			return true
		}
	}
	return false
}
