// Package systems holds the rules of the cog game, one system per file,
// each registered by name in the tick order of order.go (§3).
//
// A system is a small struct with exported configuration and unexported
// state. Its Init asks the world for exactly the resources ([Res]) and
// component maps it uses, and the small helpers it needs ([Death],
// [Conditions], [Monsters], [Floor], [TrapMap]), so its dependencies read
// off its Init (§27.4); Update does the work. The primitive the cog
// performs each tick is popped by the input system into the
// [components.Action] resource; the systems placed right after input
// (search, items, kick, chat) handle the primitives that are theirs, so a
// new primitive is a new system, not an edit of input.
//
// What a system resolves it records in the tick's event log
// ([components.Events]): later systems and mechanics read the events
// instead of re-deriving them (§27.3). A death ([Death.Kill]) halts the
// tick: only the final systems run after it (§7.3).
//
// The systems that run every tick read the cog's components and the
// roster's with GetUnchecked, which skips arche's is-alive check (a cache
// line per entity over many episodes): the cog lives as long as its
// episode, and the roster holds only living monsters (the invariants
// check it).
//
// Mechanics and rules variants live in packages of their own below this
// one (systems/nethack, systems/yellowmold); systems/builtin links them.
package systems
