package ecs

import (
	"fmt"

	arche "github.com/mlange-42/arche/ecs"
)

// The lifecycle of the registered state in one world (§32.2): the core
// game's types and a mechanic's go through the same calls, each type
// saying by its optional methods how it begins an episode, how it is
// checked after a restore and how its derived state is rebuilt (see
// [StateType]).

// AddResources adds to w every registered resource of the core game and
// of the installed mechanics that w lacks, each begun (its Begin, or
// zero): the resources of a new episode's world.
func AddResources(w *arche.World, installed []*Mechanic) {
	for _, st := range States() {
		if st.Resource && (st.Mechanic == "" || isInstalled(installed, st.Mechanic)) {
			st.add(w)
		}
	}
}

// isInstalled reports whether the mechanic called name is in installed.
func isInstalled(installed []*Mechanic, name string) bool {
	for _, m := range installed {
		if m.Name == name {
			return true
		}
	}
	return false
}

// BeginEpisode starts a new episode in w: every registered resource w
// holds begins (its Begin, or its zero value), in the registry's order
// (by name). Entities are the caller's.
func BeginEpisode(w *arche.World) {
	for _, st := range resourceStates() {
		st.Begin(w)
	}
}

// CheckState checks w's state after a restore: every resource's Check,
// then every entity's components' CheckEntity, each in the registry's
// order (by name). It returns the first refusal. Call [RebuildState]
// after it: the checks read no derived state.
func CheckState(w *arche.World) error {
	states := States()
	for _, st := range states {
		if st.check != nil {
			if err := st.check(w); err != nil {
				return err
			}
		}
	}
	var ents []arche.Entity
	for _, st := range states {
		if st.checkEntity == nil {
			continue
		}
		id, ok := ComponentID(w, st)
		if !ok {
			continue
		}
		ents = ents[:0]
		q := w.Query(arche.All(id))
		for q.Next() {
			ents = append(ents, q.Entity())
		}
		for _, e := range ents {
			if err := st.checkEntity(w, id, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// RebuildState rebuilds what is derived from w's restored state (the
// level's indices, the roster …): every Rebuild, in the registry's order.
func RebuildState(w *arche.World) error {
	for _, st := range States() {
		if st.rebuild != nil {
			if err := st.rebuild(w); err != nil {
				return err
			}
		}
	}
	return nil
}

// ComponentID is st's component id in w, if w has ever used the type.
// It never registers the type with w: the order in which a world meets
// its component types decides its archetypes' order, and so the order
// of queries.
func ComponentID(w *arche.World, st *StateType) (arche.ID, bool) {
	for _, id := range arche.ComponentIDs(w) {
		if info, ok := arche.ComponentInfo(w, id); ok && info.Type == st.Type {
			return id, true
		}
	}
	return arche.ID{}, false
}

// InPool reports whether e is a slot of w's entity pool, alive or not: a
// reference a check may then ask [arche.World.Alive] about.
func InPool(w *arche.World, e arche.Entity) bool {
	return int(e.ID()) <= w.Stats().Entities.Total
}

// own records that mechanic m owns its state types.
func own(m *Mechanic) {
	for _, list := range []struct {
		states   []*StateType
		resource bool
	}{{m.Components, false}, {m.Resources, true}} {
		for _, st := range list.states {
			switch {
			case st == nil:
				panic(fmt.Sprintf("ecs: mechanic %q lists a nil state type", m.Name))
			case st.Resource != list.resource:
				panic(fmt.Sprintf("ecs: mechanic %q lists %q among its %s", m.Name, st.Name, map[bool]string{false: "components", true: "resources"}[list.resource]))
			case st.Mechanic != "" && st.Mechanic != m.Name:
				panic(fmt.Sprintf("ecs: state %q is owned by mechanic %q already", st.Name, st.Mechanic))
			}
			st.Mechanic = m.Name
		}
	}
}
