// Package systems holds the rules of the cog game, one system per file,
// each registered by name in the tick order of order.go (§3).
//
// A system is a small struct with exported configuration and unexported
// state; it finds the shared [Env] once, in Init, and does its work in
// Update. The primitive the cog performs each tick is popped by the input
// system into the [components.Action] resource; the systems placed right
// after input (search, items, kick, chat) handle the primitives that are
// theirs, so a new primitive is a new system, not an edit of input.
package systems
