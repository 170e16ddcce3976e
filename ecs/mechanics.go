package ecs

import (
	"bytes"
	"encoding/json"
	"fmt"

	"slices"
	"sort"
	"strconv"
	"strings"

	arche "github.com/mlange-42/arche/ecs"
)

// Mechanic is a rule brought by a Go package (§27.1): it registers itself
// at init with [Register], names the state types it owns, and installs
// its systems by editing the scheduler by name.
type Mechanic struct {
	// Name selects it (--mechanics NAME); Doc is its one-line summary.
	Name string
	Doc  string
	// Version is recorded in results, replays and saves; a replay made
	// with another version warns.
	Version string
	// Components and Resources are the state types the mechanic owns
	// (from [RegisterComponent] and [RegisterResource]); [Register]
	// marks them as its own ([StateType.Mechanic]). A world holds its
	// resources, begun, only when it is installed, and a snapshot holds
	// its state only when it lists the mechanic. A type no mechanic
	// lists is the core game's, in every world.
	Components []*StateType
	Resources  []*StateType
	// Install edits the scheduler: Before, After, Replace, Enable.
	Install func(s *Scheduler) error
	// Start, when set, runs once as an episode begins, after the cog
	// exists and before a scenario's cog fields are applied (so a
	// scenario still sets what it names): a mechanic that changes the
	// cog's starting state does it here.
	Start func(w *arche.World)
	// Scenario, when set, reads the mechanic's part of a scenario
	// ("mechanics": {"NAME": {…}}, §32.7) and sets the mechanic's state
	// from it, after the scenario's level, cog and things are in place.
	// It checks what it reads and names the field of a bad value. A
	// scenario naming a mechanic without Scenario is refused.
	Scenario func(w *arche.World, raw json.RawMessage) error
	// Populate, when set, runs as each generated level is made (§32):
	// after the level's own monsters, items and traps are placed and
	// before vision, for each installed mechanic in order; not for a
	// scenario's own level. A mechanic places its items here, drawing
	// only from rng: the level's own stream for this mechanic,
	// [LevelStream](Name, depth), new for each level and derived from
	// the episode seed (§39.4). So a level depends on the seed and its
	// depth alone — not on what was played before it — and the core
	// game's draws are those of the level without the mechanic.
	Populate func(w *arche.World, depth int, rng *Stream)
	// Rules, when set, are the mechanic's rules as the cog is told them
	// (markdown, without a heading): `cogsim prompt` adds them, under
	// "## Mechanic `NAME`", for an episode that installs the mechanic.
	// They live with the mechanic, so adding one edits no document.
	Rules string
}

// DecodeScenario reads a mechanic's entry of a scenario (§32.7) into v,
// a pointer to a struct of its fields, refusing a field v does not
// have: the errors name the field, as the scenario's own do.
func DecodeScenario(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// LevelStream names the stream a mechanic's Populate hook draws a
// level from: "<mechanic>/<depth>" ("wands/3").
func LevelStream(mechanic string, depth int) string { return mechanic + "/" + strconv.Itoa(depth) }

// Variant is a rules variant (§25): a named list of mechanics.
type Variant struct {
	Name      string
	Doc       string
	Mechanics []string
}

// MechanicRef names an installed mechanic and its version.
type MechanicRef struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

var mechanics struct {
	list     []*Mechanic
	variants []*Variant
}

// Register adds a mechanic to the registry. Call it from a package's init;
// it panics on a duplicate or nameless mechanic or one without Install.
func Register(m Mechanic) {
	if m.Name == "" || m.Install == nil || m.Version == "" {
		panic(fmt.Sprintf("ecs: mechanic %q needs a name, a version and an Install", m.Name))
	}
	if strings.ContainsAny(m.Name, ", \t\n") {
		panic(fmt.Sprintf("ecs: mechanic name %q has a comma or a space", m.Name))
	}
	if _, ok := LookupMechanic(m.Name); ok {
		panic(fmt.Sprintf("ecs: mechanic %q is registered already", m.Name))
	}
	own(&m)
	mechanics.list = append(mechanics.list, &m)
}

// RegisterVariant adds a rules variant. Its mechanics need not be
// registered yet (package init order); they are looked up when it is
// selected.
func RegisterVariant(v Variant) {
	if v.Name == "" {
		panic("ecs: a variant needs a name")
	}
	if _, ok := LookupVariant(v.Name); ok {
		panic(fmt.Sprintf("ecs: variant %q is registered already", v.Name))
	}
	v.Mechanics = slices.Clone(v.Mechanics)
	mechanics.variants = append(mechanics.variants, &v)
}

// LookupMechanic finds a registered mechanic by name.
func LookupMechanic(name string) (*Mechanic, bool) {
	for _, m := range mechanics.list {
		if m.Name == name {
			return m, true
		}
	}
	return nil, false
}

// LookupVariant finds a registered variant by name.
func LookupVariant(name string) (*Variant, bool) {
	for _, v := range mechanics.variants {
		if v.Name == name {
			return v, true
		}
	}
	return nil, false
}

// Mechanics lists the registered mechanics by name.
func Mechanics() []*Mechanic {
	out := slices.Clone(mechanics.list)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Variants lists the registered variants by name.
func Variants() []*Variant {
	out := slices.Clone(mechanics.variants)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// MechanicNames lists the registered mechanics' names, sorted.
func MechanicNames() []string {
	var names []string
	for _, m := range Mechanics() {
		names = append(names, m.Name)
	}
	return names
}

// VariantNames lists the registered variants' names, sorted.
func VariantNames() []string {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.Name)
	}
	return names
}

// Select resolves a rules variant and extra mechanics into the list of
// mechanics to install, in order: the variant's, then the extras (each
// once). An unknown name is refused with the list of known ones.
func Select(rules string, extra []string) ([]*Mechanic, error) {
	v, ok := LookupVariant(rules)
	if !ok {
		return nil, fmt.Errorf("unknown rules %q (known: %s)", rules, strings.Join(VariantNames(), ", "))
	}
	var out []*Mechanic
	for _, name := range append(slices.Clone(v.Mechanics), extra...) {
		m, ok := LookupMechanic(name)
		if !ok {
			known := MechanicNames()
			if len(known) == 0 {
				known = []string{"none"}
			}
			return nil, fmt.Errorf("unknown mechanic %q (known: %s)", name, strings.Join(known, ", "))
		}
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out, nil
}

// ParseMechanics splits a --mechanics value ("a,b") into names.
func ParseMechanics(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Install installs the mechanics on s in order (before [Scheduler.Init]).
func Install(s *Scheduler, list []*Mechanic) error {
	defer func() { s.installing = "" }()
	for _, m := range list {
		s.installing = m.Name
		if err := m.Install(s); err != nil {
			return fmt.Errorf("mechanic %q: %w", m.Name, err)
		}
	}
	return nil
}

// Refs names the mechanics with their versions.
func Refs(list []*Mechanic) []MechanicRef {
	out := make([]MechanicRef, len(list))
	for i, m := range list {
		out[i] = MechanicRef{Name: m.Name, Version: m.Version}
	}
	return out
}
