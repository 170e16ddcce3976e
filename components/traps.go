package components

// TrapKind indexes [TrapKinds].
type TrapKind uint8

// TrapInfo is one row of the trap table (§11): everything about a kind.
// Damage is 1 + rnd(Die) when Die > 0; a pit traps the cog for
// TrappedTicks. Colour is the colour of its '^' (NetHack's
// src/drawing.c).
type TrapInfo struct {
	Name         string // "arrow trap"
	Article      string
	Colour       Colour
	Die          int
	TrappedTicks int
	Teleport     bool
	Message      string // said when it fires
	// Mechanic names the mechanic that added the row (§27.5); "" for
	// the core game.
	Mechanic string
}

// The trap table, defined once. A mechanic adds its rows with [AddTrap].
var TrapKinds = append(leadingTraps, []TrapInfo{
	{Name: "arrow trap", Article: "an ", Colour: Cyan, Die: 6, Message: "An arrow shoots out at you!"},
	{Name: "dart trap", Article: "a ", Colour: Cyan, Die: 3, Message: "A little dart shoots out at you!"},
	{Name: "pit", Article: "a ", Colour: Black, Die: 3, TrappedTicks: 3, Message: "You fall into a pit!"},
	{Name: "teleport trap", Article: "a ", Colour: Magenta, Teleport: true, Message: "You feel a wrenching sensation."},
}...)

// Info returns the table row of k.
func (k TrapKind) Info() *TrapInfo { return &TrapKinds[k] }

// LookupTrap finds a trap kind by name.
func LookupTrap(name string) (TrapKind, bool) {
	for i := range TrapKinds {
		if TrapKinds[i].Name == name {
			return TrapKind(i), true
		}
	}
	return 0, false
}

// AddTrap appends row to the trap table and returns its kind. A mechanic
// calls it from its package init, before any episode runs: rows are never
// added while episodes run. It panics when the row names no Mechanic, its
// name is taken, or the table is full.
func AddTrap(row TrapInfo) TrapKind {
	_, taken := LookupTrap(row.Name)
	return TrapKind(addRow(&TrapKinds, row, "trap", row.Name, row.Mechanic, taken))
}
