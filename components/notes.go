package components

import arche "github.com/mlange-42/arche/ecs"

// MonsterNote is a mechanic's word on a monster the cog sees, for look
// (§22): "slowed" for a monster a wand slowed (§33), or "" when it has
// nothing to say of monster m. It reads the world and must not change it.
type MonsterNote func(w *arche.World, m arche.Entity) string

var monsterNotes []MonsterNote

// AddMonsterNote adds a note look shows after a monster's name ("a
// jackal, slowed"), in the order added. A mechanic calls it from its
// package init; a note about a mechanic's own state says nothing in
// episodes without it, since no monster has that state there.
func AddMonsterNote(n MonsterNote) {
	if n == nil {
		panic("components: a nil monster note")
	}
	monsterNotes = append(monsterNotes, n)
}

// MonsterNotes lists the notes in the order they were added. The list is
// the registry's own: callers must not change it.
func MonsterNotes() []MonsterNote { return monsterNotes }
