package components

// TrapKind indexes [TrapKinds].
type TrapKind uint8

// TrapInfo is one row of the trap table (§11). Damage is 1 + rnd(Die)
// when Die > 0; Pit traps the cog for TrappedTicks.
type TrapInfo struct {
	Name         string // "arrow trap"
	Article      string
	Die          int
	TrappedTicks int
	Teleport     bool
	Message      string // said when it fires
}

// The trap table, defined once.
var TrapKinds = []TrapInfo{
	{Name: "arrow trap", Article: "an ", Die: 6, Message: "An arrow shoots out at you!"},
	{Name: "dart trap", Article: "a ", Die: 3, Message: "A little dart shoots out at you!"},
	{Name: "pit", Article: "a ", Die: 3, TrappedTicks: 3, Message: "You fall into a pit!"},
	{Name: "teleport trap", Article: "a ", Teleport: true, Message: "You feel a wrenching sensation."},
}

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
