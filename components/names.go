package components

import (
	"fmt"
	"strconv"
)

// Kinds are saved by name (§32.1): a species, item kind or trap kind is
// its row's position in memory, but every persisted form (snapshots,
// cogplay saves, serve snapshots) writes the row's name, so that a row
// added ahead of the old ones — by a mechanic, or a new version — does
// not change what an old save means. NetHack's lesson: "the index of a
// kind is its position in the file; inserting … changes the meaning of
// old saves".

// MarshalText writes the species' name.
func (s SpeciesID) MarshalText() ([]byte, error) {
	return kindName("species", int(s), len(Species), func(i int) string { return Species[i].Name })
}

// UnmarshalText reads a species by name; an unknown name is refused,
// naming it.
func (s *SpeciesID) UnmarshalText(b []byte) error { return kindByName("species", s, b, LookupSpecies) }

// MarshalText writes the item kind's name.
func (k ItemKind) MarshalText() ([]byte, error) {
	return kindName("item kind", int(k), len(ItemKinds), func(i int) string { return ItemKinds[i].Name })
}

// UnmarshalText reads an item kind by name; an unknown name is refused,
// naming it.
func (k *ItemKind) UnmarshalText(b []byte) error { return kindByName("item kind", k, b, LookupItem) }

// MarshalText writes the trap kind's name.
func (k TrapKind) MarshalText() ([]byte, error) {
	return kindName("trap kind", int(k), len(TrapKinds), func(i int) string { return TrapKinds[i].Name })
}

// UnmarshalText reads a trap kind by name; an unknown name is refused,
// naming it.
func (k *TrapKind) UnmarshalText(b []byte) error { return kindByName("trap kind", k, b, LookupTrap) }

// kindName is the name of row id of a table of rows rows.
func kindName(what string, id, rows int, name func(int) string) ([]byte, error) {
	if id >= rows {
		return nil, fmt.Errorf("%s %d: no such row", what, id)
	}
	return []byte(name(id)), nil
}

// kindByName sets *dst to the row called name, found by lookup.
func kindByName[K any](what string, dst *K, name []byte, lookup func(string) (K, bool)) error {
	id, ok := lookup(string(name))
	if !ok {
		return unknownKind(what, name)
	}
	*dst = id
	return nil
}

func unknownKind(what string, name []byte) error {
	if len(name) > 64 {
		name = name[:64]
	}
	return fmt.Errorf("unknown %s %s (made by a mechanic this binary lacks?)", what, strconv.Quote(string(name)))
}
