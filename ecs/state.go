package ecs

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"sync"
	"sync/atomic"
	"unsafe"

	arche "github.com/mlange-42/arche/ecs"
)

// StateType is a component or resource type registered once, by name
// (§27.2): snapshots, save files and the replay viewer's seeking capture
// every registered type with no code of their own per type.
//
// A registered type is copied with Go assignment, so a type holding a
// slice, map or pointer must deep-copy itself: give *T a method
// Clone() T. A type whose state is not all in exported fields must encode
// itself: give it MarshalJSON and *T UnmarshalJSON. Registration checks
// both and panics, naming the field, when a type needs one and lacks it.
// A type whose value must be restored in place (because systems keep
// pointers into it) gives *T a method Assign(from *T).
//
// One lifecycle serves the core game's state and a mechanic's alike
// (§32.2): *T may have any of these methods, detected at registration.
//
//	Begin(w *arche.World)                           // a resource: a new episode
//	Check(w *arche.World) error                     // a resource: after a restore
//	CheckEntity(w *arche.World, e arche.Entity) error // a component: each entity after a restore
//	Rebuild(w *arche.World) error                   // a resource: derived state after a restore
//
// A resource without Begin begins at its zero value (through Assign when
// it has one, so its buffers are kept). Check and CheckEntity refuse a
// damaged value, naming the field, so that a later tick never crashes on
// it; they may read other state, but not the derived indices, which
// Rebuild makes afterwards (see [Restored]).
type StateType struct {
	// Name is the type's name in snapshots and save files.
	Name string
	// Type is the Go type.
	Type reflect.Type
	// Resource says it is a resource, not a component.
	Resource bool
	// Transient resources live only within a tick or a command turn
	// (intents, the event log): they are registered so the world holds no
	// unknown state, but not saved.
	Transient bool
	// Mechanic is the mechanic that owns the type (it lists it in its
	// Components or Resources); "" for the core game's. A world holds a
	// mechanic's resources only when the mechanic is installed.
	Mechanic string

	// beginAt starts a new episode for r when it is a resource of this
	// type (a *T) and reports whether it was.
	beginAt func(w *arche.World, r any) bool
	// lastID is the resource id of the type in the last world that began
	// it, nil before any (see [StateType.Begin]).
	lastID atomic.Pointer[arche.ResID]

	check       func(w *arche.World) error
	checkEntity func(w *arche.World, id arche.ID, e arche.Entity) error
	rebuild     func(w *arche.World) error

	clone   func(src unsafe.Pointer) any
	put     func(dst unsafe.Pointer, v any)
	putFrom func(dst, src unsafe.Pointer)
	encode  func(v any) (json.RawMessage, error)
	decode  func(raw json.RawMessage) (any, error)
	add     func(w *arche.World)
}

// Clone returns a deep copy of the value at src (a *T) as a T.
func (st *StateType) Clone(src unsafe.Pointer) any { return st.clone(src) }

// Put writes a deep copy of v (a T) to dst (a *T).
func (st *StateType) Put(dst unsafe.Pointer, v any) { st.put(dst, v) }

// PutFrom writes a deep copy of the value at src (a *T) to dst (a *T),
// as Put does, without boxing it: a packed snapshot's values (sim) are
// read into room of their own and put in place.
func (st *StateType) PutFrom(dst, src unsafe.Pointer) { st.putFrom(dst, src) }

// Encode writes v (a T) as JSON.
func (st *StateType) Encode(v any) (json.RawMessage, error) { return st.encode(v) }

// Decode reads a T from JSON.
func (st *StateType) Decode(raw json.RawMessage) (any, error) {
	v, err := st.decode(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", st.Name, err)
	}
	return v, nil
}

// Begin starts a new episode for w's resource of this type: its Begin,
// or its zero value.
//
// It finds the resource without a map lookup when it can: worlds built
// alike (every episode of a process, every world of a vector of them)
// give a type the same resource id, so it first tries the id the type
// had in the last world, confirmed by the resource there being a *T, or,
// when there is none, by the id being the type's in w's registry. Only a
// world built differently pays the lookup, which registers the type with
// w if it is new to it, as [arche.ResourceTypeID] does.
func (st *StateType) Begin(w *arche.World) {
	if !st.Resource {
		return
	}
	if last := st.lastID.Load(); last != nil {
		r := w.Resources().Get(*last)
		if st.beginAt(w, r) {
			return
		}
		if r == nil {
			if t, ok := arche.ResourceType(w, *last); ok && t == st.Type {
				return // w lacks the resource
			}
		}
	}
	id := arche.ResourceTypeID(w, st.Type)
	if last := st.lastID.Load(); last == nil || *last != id {
		st.lastID.Store(&id)
	}
	st.beginAt(w, w.Resources().Get(id))
}

// registry is the process-wide list of registered state types. Types are
// registered during package initialisation; afterwards it is only read.
var registry struct {
	sync.Mutex
	byName map[string]*StateType
	byType map[reflect.Type]*StateType
	// sorted is every type ordered by name, and resources the resource
	// types among them, made on first use after the last registration.
	sorted, resources []*StateType
}

// Option changes how a state type is registered.
type Option func(*StateType)

// Transient marks a resource that is not saved (see [StateType]).
func Transient(st *StateType) { st.Transient = true }

// RegisterComponent registers component type T under name. It panics when
// the name or the type is registered already, or when T would lose state
// in a snapshot (see [StateType]).
func RegisterComponent[T any](name string, opts ...Option) *StateType {
	return register[T](name, false, opts)
}

// RegisterResource registers resource type T under name, like
// [RegisterComponent].
func RegisterResource[T any](name string, opts ...Option) *StateType {
	return register[T](name, true, opts)
}

func register[T any](name string, resource bool, opts []Option) *StateType {
	t := reflect.TypeFor[T]()
	st := &StateType{Name: name, Type: t, Resource: resource}
	for _, o := range opts {
		o(st)
	}
	_, cloner := any(new(T)).(interface{ Clone() T })
	_, assigner := any(new(T)).(interface{ Assign(*T) })
	_, marshals := any(new(T)).(json.Marshaler)
	_, begins := any(new(T)).(beginner)
	_, checks := any(new(T)).(checker)
	_, checksEntity := any(new(T)).(entityChecker)
	_, rebuilds := any(new(T)).(rebuilder)
	switch {
	case resource && checksEntity:
		panic(fmt.Sprintf("ecs: resource %q (%v) has CheckEntity, which is for components: give it Check", name, t))
	case !resource && (checks || begins || rebuilds):
		panic(fmt.Sprintf("ecs: component %q (%v) has Check, Begin or Rebuild, which are for resources: give it CheckEntity", name, t))
	}
	if !st.Transient {
		if what := deepField(t, ""); what != "" && !cloner {
			panic(fmt.Sprintf("ecs: state %q (%v) holds %s: give *%v a method Clone() %v", name, t, what, t, t))
		}
		if what := hiddenField(t, ""); what != "" && !marshals {
			panic(fmt.Sprintf("ecs: state %q (%v) has the unexported field %s, which JSON would drop: give %v MarshalJSON and UnmarshalJSON", name, t, what, t))
		}
	}
	clone := func(src unsafe.Pointer) T {
		p := (*T)(src)
		if cloner {
			return any(p).(interface{ Clone() T }).Clone()
		}
		return *p
	}
	st.clone = func(src unsafe.Pointer) any { return clone(src) }
	st.put = func(dst unsafe.Pointer, v any) {
		val := v.(T)
		if assigner {
			any((*T)(dst)).(interface{ Assign(*T) }).Assign(&val)
			return
		}
		*(*T)(dst) = clone(unsafe.Pointer(&val))
	}
	st.putFrom = func(dst, src unsafe.Pointer) {
		if assigner {
			any((*T)(dst)).(interface{ Assign(*T) }).Assign((*T)(src))
			return
		}
		*(*T)(dst) = clone(src)
	}
	st.encode = func(v any) (json.RawMessage, error) {
		val := v.(T)
		return json.Marshal(&val)
	}
	st.decode = func(raw json.RawMessage) (any, error) {
		var v T
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, err
		}
		return v, nil
	}
	// begin starts a new episode for the resource at r.
	begin := func(w *arche.World, r *T) {
		switch {
		case begins:
			any(r).(beginner).Begin(w)
		case assigner:
			var zero T
			any(r).(interface{ Assign(*T) }).Assign(&zero)
		default:
			var zero T
			*r = zero
		}
	}
	if resource {
		st.beginAt = func(w *arche.World, r any) bool {
			p, ok := r.(*T)
			if ok {
				begin(w, p)
			}
			return ok
		}
	}
	if checks {
		st.check = func(w *arche.World) error {
			if r := resourceOf[T](w); r != nil {
				return any(r).(checker).Check(w)
			}
			return nil
		}
	}
	if checksEntity {
		st.checkEntity = func(w *arche.World, id arche.ID, e arche.Entity) error {
			return any((*T)(w.Get(e, id))).(entityChecker).CheckEntity(w, e)
		}
	}
	if rebuilds {
		st.rebuild = func(w *arche.World) error {
			if r := resourceOf[T](w); r != nil {
				return any(r).(rebuilder).Rebuild(w)
			}
			return nil
		}
	}
	st.add = func(w *arche.World) {
		id := arche.ResourceID[T](w)
		if !w.Resources().Has(id) {
			r := new(T)
			w.Resources().Add(id, r)
			begin(w, r)
		}
	}

	registry.Lock()
	defer registry.Unlock()
	if registry.byName == nil {
		registry.byName = map[string]*StateType{}
		registry.byType = map[reflect.Type]*StateType{}
	}
	if old, ok := registry.byName[name]; ok {
		panic(fmt.Sprintf("ecs: state %q is registered already (as %v)", name, old.Type))
	}
	if old, ok := registry.byType[t]; ok {
		panic(fmt.Sprintf("ecs: type %v is registered already (as %q)", t, old.Name))
	}
	registry.byName[name] = st
	registry.byType[t] = st
	registry.sorted, registry.resources = nil, nil
	return st
}

// resourceOf is w's resource of type T, or nil when w has none.
func resourceOf[T any](w *arche.World) *T {
	id := arche.ResourceID[T](w)
	if !w.Resources().Has(id) {
		return nil
	}
	return w.Resources().Get(id).(*T)
}

// The lifecycle's optional methods (see [StateType]).
type (
	beginner      interface{ Begin(w *arche.World) }
	checker       interface{ Check(w *arche.World) error }
	entityChecker interface {
		CheckEntity(w *arche.World, e arche.Entity) error
	}
	rebuilder interface{ Rebuild(w *arche.World) error }
)

// StateByName returns the state type registered under name.
func StateByName(name string) (*StateType, bool) {
	registry.Lock()
	defer registry.Unlock()
	st, ok := registry.byName[name]
	return st, ok
}

// StateOf returns the state type registered for Go type t.
func StateOf(t reflect.Type) (*StateType, bool) {
	registry.Lock()
	defer registry.Unlock()
	st, ok := registry.byType[t]
	return st, ok
}

// States lists every registered state type, ordered by name. The slice
// is shared: do not change it.
func States() []*StateType {
	registry.Lock()
	defer registry.Unlock()
	sortRegistry()
	return registry.sorted
}

// resourceStates lists every registered resource type, ordered by name.
// The slice is shared: do not change it.
func resourceStates() []*StateType {
	registry.Lock()
	defer registry.Unlock()
	sortRegistry()
	return registry.resources
}

// sortRegistry makes the registry's sorted lists if a registration has
// dropped them. The caller holds the registry's lock.
func sortRegistry() {
	if registry.sorted != nil {
		return
	}
	out := make([]*StateType, 0, len(registry.byName))
	for _, st := range registry.byName {
		out = append(out, st)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	registry.sorted = out
	registry.resources = nil
	for _, st := range out {
		if st.Resource {
			registry.resources = append(registry.resources, st)
		}
	}
}

// deepField names the first part of t that plain assignment would share
// rather than copy (a slice, map, pointer, channel, function or
// interface), or "" when t copies whole. Types that encode themselves
// (such as arche's Entity) are values.
func deepField(t reflect.Type, path string) string {
	switch t.Kind() {
	case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		if path == "" {
			return "a " + t.Kind().String()
		}
		return "a " + t.Kind().String() + " (" + path + ")"
	case reflect.Array:
		return deepField(t.Elem(), path+"[]")
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if what := deepField(f.Type, join(path, f.Name)); what != "" {
				return what
			}
		}
	}
	return ""
}

// hiddenField names the first unexported field of t that JSON would not
// write, or "". Types with their own MarshalJSON are taken at their word.
func hiddenField(t reflect.Type, path string) string {
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) {
		return ""
	}
	switch t.Kind() {
	case reflect.Array, reflect.Slice, reflect.Pointer:
		return hiddenField(t.Elem(), path+"[]")
	case reflect.Map:
		return hiddenField(t.Elem(), path+"[]")
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				if f.Type.Size() == 0 {
					continue
				}
				return join(path, f.Name)
			}
			if what := hiddenField(f.Type, join(path, f.Name)); what != "" {
				return what
			}
		}
	}
	return ""
}

var marshalerType = reflect.TypeFor[json.Marshaler]()

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// The engine layer's own resources.
var (
	// LogState is the message log.
	LogState = RegisterResource[Log]("log")
	// StreamsState is the episode's random streams.
	StreamsState = RegisterResource[Streams]("streams")
	// ControlState is the scheduler's halt flag, cleared every tick.
	ControlState = RegisterResource[Control]("control", Transient)
)
