// Package script builds levels from Starlark scripts (SPEC §38): a
// script sees depth, seed and the module des, and what it draws — a
// map, rooms, corridors, mazes, the cog, monsters, items, traps, doors
// and stairs — becomes a [Built] level. Every random draw goes through
// des.rng, a stream of its own derived from the episode seed, the depth
// and the script's digest, so a level depends on those alone. Like the
// generator, the package builds no world: package sim lays a Built
// level on an episode's.
package script

import (
	"errors"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/worldgen"
)

// MaxSteps bounds the Starlark steps of one build (§38.3).
const MaxSteps = 10_000_000

// MaxBytes bounds a script's source.
const MaxBytes = 1 << 20

// Script is a compiled level script: its name (the path as given, or
// the name a caller chose for a source), its source and the source's
// sha256 in hex. It is immutable and safe to share between goroutines.
type Script struct {
	Name   string
	Source []byte
	SHA256 string

	prog *compiled
}

// Built is what one run of a script built: the level — terrain, rooms,
// components, stairs; Arrival is the cog's cell — and what stands and
// lies where, in the order the script made them.
type Built struct {
	Level components.Level
	// Cog is the cog's cell (Level.Arrival too); CogFields the §19 cog
	// fields the script set with des.cog.
	Cog       components.Pos
	CogFields CogFields
	Monsters  []Monster
	Items     []Item
	Traps     []Trap
	// Standard says the script started from the cog game's own level
	// (des.standard()): the installed mechanics' Populate hooks then run
	// on it as on a generated level.
	Standard bool
	// Unreachable is des.flags(unreachable=True): the stairs need not be
	// reachable from the cog.
	Unreachable bool
	// Goal is des.flags(goal=…): "stairs" (the default: the episode
	// ends, with +1, when the cog first takes the stairs), a deed name
	// (§16) whose earning ends the episode, or "none".
	Goal string
}

// CogFields are the §19 cog fields; nil keeps the episode-start value.
type CogFields struct {
	HP, MaxHP, Nutrition, Gold, XPPoints *int
	// Inventory replaces the starting pack when not nil, lettered a, b,
	// c … in order.
	Inventory *components.Inventory
	// Confused and Paralysed are the ticks each holds from the start.
	Confused, Paralysed int
}

// Monster is a monster to create: HP 0 draws its hit points as the
// generator does.
type Monster struct {
	worldgen.MonsterSpawn
	Asleep bool
}

// Item is a stack lying on a cell (Spe kept).
type Item struct {
	Stack components.Stack
	At    components.Pos
}

// Trap is a trap on a cell; one not hidden is found from the start.
type Trap struct {
	Kind   components.TrapKind
	At     components.Pos
	Hidden bool
}

// Env is what a build may draw on beyond the script: the installed
// mechanics (their kinds, and the des functions they add, are offered
// only when installed) and the cog game's level for des.standard().
type Env struct {
	// Mechanics names the installed mechanics, in install order.
	Mechanics []string
	// Standard builds the cog game's level of depth into lvl and
	// returns its population (worldgen.Generator.Generate). nil:
	// des.standard() is refused.
	Standard func(depth int, lvl *components.Level) *worldgen.Population
}

// compiled is a script's compiled program.
type compiled struct{}

// Load reads and compiles the level script at path; its name is path
// as given.
func Load(path string) (*Script, error) {
	return nil, errors.New("level script " + path + ": not built yet")
}

// Compile compiles a script's source under name. A syntax error is
// refused as "name:line:col: message".
func Compile(name string, src []byte) (*Script, error) {
	return nil, errors.New("level script " + name + ": not built yet")
}

// Build runs the script for the level of depth of the episode with
// seed, and checks what it built (§38.3). Errors name the script, the
// line and the column: "name:line:col: message".
func (s *Script) Build(seed uint64, depth int, env Env) (*Built, error) {
	return nil, errors.New("level script " + s.Name + ": not built yet")
}

// Ref names a script as results and replays record it (§38.4).
type Ref struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}

// Ref is the script's name and digest.
func (s *Script) Ref() Ref { return Ref{Name: s.Name, SHA256: s.SHA256} }

// Dungeon is a compiled dungeon script (§38.4): which level script
// builds which depths, the rest generated as today.
type Dungeon struct {
	Name   string
	Source []byte
	SHA256 string
	// Levels are the dungeon.level entries in the order the script made
	// them.
	Levels []DungeonLevel
}

// DungeonLevel is one dungeon.level(depths, script, chance=…) entry.
type DungeonLevel struct {
	// MinDepth … MaxDepth (inclusive) are the depths it may build.
	MinDepth, MaxDepth int
	Script             *Script
	// Chance is the percent chance it builds a depth of its range.
	Chance int
}

// LoadDungeon reads and runs the dungeon script at path; the level
// scripts it names are read relative to its directory.
func LoadDungeon(path string) (*Dungeon, error) {
	return nil, errors.New("dungeon script " + path + ": not built yet")
}

// For is the level script that builds depth of the episode with seed,
// or nil for a generated level: the first entry whose range holds
// depth and whose chance, drawn from a stream of the seed and depth,
// comes up.
func (d *Dungeon) For(seed uint64, depth int) *Script { return nil }

// Refs are the dungeon script's name and digest, then each level
// script's, in entry order, each once.
func (d *Dungeon) Refs() []Ref { return nil }
