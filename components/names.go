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
	if int(s) >= len(Species) {
		return nil, fmt.Errorf("species %d: no such row", s)
	}
	return []byte(Species[s].Name), nil
}

// UnmarshalText reads a species by name; an unknown name is refused,
// naming it.
func (s *SpeciesID) UnmarshalText(b []byte) error {
	id, ok := LookupSpecies(string(b))
	if !ok {
		return unknownKind("species", b)
	}
	*s = id
	return nil
}

// MarshalText writes the item kind's name.
func (k ItemKind) MarshalText() ([]byte, error) {
	if int(k) >= len(ItemKinds) {
		return nil, fmt.Errorf("item kind %d: no such row", k)
	}
	return []byte(ItemKinds[k].Name), nil
}

// UnmarshalText reads an item kind by name; an unknown name is refused,
// naming it.
func (k *ItemKind) UnmarshalText(b []byte) error {
	id, ok := LookupItem(string(b))
	if !ok {
		return unknownKind("item kind", b)
	}
	*k = id
	return nil
}

// MarshalText writes the trap kind's name.
func (k TrapKind) MarshalText() ([]byte, error) {
	if int(k) >= len(TrapKinds) {
		return nil, fmt.Errorf("trap kind %d: no such row", k)
	}
	return []byte(TrapKinds[k].Name), nil
}

// UnmarshalText reads a trap kind by name; an unknown name is refused,
// naming it.
func (k *TrapKind) UnmarshalText(b []byte) error {
	id, ok := LookupTrap(string(b))
	if !ok {
		return unknownKind("trap kind", b)
	}
	*k = id
	return nil
}

func unknownKind(what string, name []byte) error {
	if len(name) > 64 {
		name = name[:64]
	}
	return fmt.Errorf("unknown %s %s (made by a mechanic this binary lacks?)", what, strconv.Quote(string(name)))
}
