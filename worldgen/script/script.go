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
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
	"go.starlark.net/syntax"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
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

// compiled is a script's compiled program, made once and run by every
// build.
type compiled struct {
	prog *starlark.Program
}

// fileOptions are the Starlark dialect of level and dungeon scripts:
// sets, while loops, recursion, if and for at top level, globals
// assigned again.
var fileOptions = &syntax.FileOptions{Set: true, While: true, Recursion: true, TopLevelControl: true, GlobalReassign: true}

// levelPredeclared reports the names a level script sees besides
// Starlark's universe.
func levelPredeclared(name string) bool { return name == "depth" || name == "seed" || name == "des" }

// Load reads and compiles the level script at path; its name is path
// as given.
func Load(path string) (*Script, error) {
	src, err := readSource("level script", path)
	if err != nil {
		return nil, err
	}
	return Compile(path, src)
}

// readSource reads the script at path, refusing one of more than
// MaxBytes.
func readSource(what, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", what, path, err)
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", what, path, err)
	}
	if len(src) > MaxBytes {
		return nil, fmt.Errorf("%s %s: more than %d bytes", what, path, MaxBytes)
	}
	return src, nil
}

// Compile compiles a script's source under name. A syntax error is
// refused as "name:line:col: message".
func Compile(name string, src []byte) (*Script, error) {
	prog, err := compileProgram("level script", name, src, levelPredeclared)
	if err != nil {
		return nil, err
	}
	return &Script{Name: name, Source: bytes.Clone(src), SHA256: digest(src), prog: &compiled{prog}}, nil
}

// digest is the hex sha256 of src.
func digest(src []byte) string {
	h := sha256.Sum256(src)
	return hex.EncodeToString(h[:])
}

// compileProgram parses, resolves and compiles src, refusing load()
// (scripts are hermetic, §38).
func compileProgram(what, name string, src []byte, predeclared func(string) bool) (*starlark.Program, error) {
	if len(src) > MaxBytes {
		return nil, fmt.Errorf("%s %s: more than %d bytes", what, name, MaxBytes)
	}
	_, prog, err := starlark.SourceProgramOptions(fileOptions, name, src, predeclared)
	if err != nil {
		return nil, compileError(what, name, err)
	}
	if prog.NumLoads() > 0 {
		_, pos := prog.Load(0)
		return nil, posError(what, name, pos, "load() is refused: a script is hermetic (§38)")
	}
	return prog, nil
}

// compileError is err, a syntax or resolve error, as
// "name:line:col: message".
func compileError(what, name string, err error) error {
	var se syntax.Error
	if errors.As(err, &se) {
		return posError(what, name, se.Pos, se.Msg)
	}
	var list resolve.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return posError(what, name, list[0].Pos, list[0].Msg)
	}
	return fmt.Errorf("%s %s: %v", what, name, err)
}

// posError is msg at pos of the script name: "name:line:col: msg", or
// "what name: msg" when pos is not known.
func posError(what, name string, pos syntax.Position, msg string) error {
	if !pos.IsValid() || pos.Line <= 0 {
		return fmt.Errorf("%s %s: %s", what, name, msg)
	}
	return fmt.Errorf("%s:%d:%d: %s", name, pos.Line, pos.Col, msg)
}

// runError is err, from running the script name, as "name:line:col:
// message" at the innermost frame of the script; a run stopped by the
// step limit is "what name: too many steps" and where it stopped.
func runError(what, name string, err error, tooMany bool) error {
	var ee *starlark.EvalError
	if !errors.As(err, &ee) {
		return fmt.Errorf("%s %s: %v", what, name, err)
	}
	var pos syntax.Position
	for i := len(ee.CallStack) - 1; i >= 0; i-- {
		if p := ee.CallStack[i].Pos; p.Filename() == name {
			pos = p
			break
		}
	}
	if tooMany {
		if pos.IsValid() {
			return fmt.Errorf("%s %s: too many steps (stopped at %s:%d:%d)", what, name, name, pos.Line, pos.Col)
		}
		return fmt.Errorf("%s %s: too many steps", what, name)
	}
	return posError(what, name, pos, ee.Msg)
}

// newThread is a thread for one run of a script: no print, no load,
// MaxSteps steps, after which it is cancelled and *tooMany set.
func newThread(name string, tooMany *bool) *starlark.Thread {
	t := &starlark.Thread{Name: name, Print: func(*starlark.Thread, string) {}}
	t.SetMaxExecutionSteps(MaxSteps)
	t.OnMaxSteps = func(t *starlark.Thread) {
		*tooMany = true
		t.Cancel("too many steps")
	}
	return t
}

// Build runs the script for the level of depth of the episode with
// seed, and checks what it built (§38.3). Errors name the script, the
// line and the column: "name:line:col: message".
func (s *Script) Build(seed uint64, depth int, env Env) (*Built, error) {
	b := new(Built)
	if err := s.BuildInto(b, seed, depth, env); err != nil {
		return nil, err
	}
	return b, nil
}

// BuildInto is Build into dst, whose memory it reuses (a caller that
// builds many levels keeps one Built): dst is overwritten, and after an
// error holds no level one may use.
func (s *Script) BuildInto(dst *Built, seed uint64, depth int, env Env) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("level script %s: internal error: %v", s.Name, r)
		}
	}()
	if s.prog == nil {
		return fmt.Errorf("level script %s: not compiled (use Load or Compile)", s.Name)
	}
	if depth < 1 {
		return fmt.Errorf("level script %s: depth %d, must be at least 1", s.Name, depth)
	}
	mons, items, traps, rooms := dst.Monsters[:0], dst.Items[:0], dst.Traps[:0], dst.Level.Rooms[:0]
	*dst = Built{Monsters: mons, Items: items, Traps: traps}
	dst.Level.Rooms = rooms
	b := newBuilder(s, seed, depth, env, dst)
	b.thread = newThread(s.Name, &b.tooMany)
	b.thread.SetLocal(builderKey, b)
	predeclared := starlark.StringDict{
		"depth": starlark.MakeInt(depth),
		"seed":  starlark.MakeUint64(seed),
		"des":   desModule(env.Mechanics),
	}
	if _, err := s.prog.prog.Init(b.thread, predeclared); err != nil {
		return runError("level script", s.Name, err, b.tooMany)
	}
	return b.finish()
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
	src, err := readSource("dungeon script", path)
	if err != nil {
		return nil, err
	}
	prog, err := compileProgram("dungeon script", path, src, func(name string) bool { return name == "dungeon" })
	if err != nil {
		return nil, err
	}
	d := &Dungeon{Name: path, Source: src, SHA256: digest(src)}
	r := dungeonRun{d: d, dir: filepath.Dir(path), loaded: map[string]*Script{}}
	var tooMany bool
	thread := newThread(path, &tooMany)
	dungeon := &starlarkstruct.Module{Name: "dungeon", Members: starlark.StringDict{
		"level": starlark.NewBuiltin("dungeon.level", r.level),
	}}
	if _, err := prog.Init(thread, starlark.StringDict{"dungeon": dungeon}); err != nil {
		return nil, runError("dungeon script", path, err, tooMany)
	}
	return d, nil
}

// dungeonRun is one run of a dungeon script: the dungeon it fills and
// the level scripts loaded so far, by path.
type dungeonRun struct {
	d      *Dungeon
	dir    string
	loaded map[string]*Script
}

// level is dungeon.level(depths, script, chance=100).
func (r *dungeonRun) level(_ *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var depths starlark.Value
	var path string
	chance := 100
	if err := starlark.UnpackArgs(fn.Name(), args, kwargs, "depths", &depths, "script", &path, "chance?", &chance); err != nil {
		return nil, err
	}
	lo, hi, err := depthRange(depths)
	if err != nil {
		return nil, fmt.Errorf("dungeon.level: depths: %v", err)
	}
	if chance < 0 || chance > 100 {
		return nil, fmt.Errorf("dungeon.level: chance: %d is out of range 0…100", chance)
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(r.dir, path)
	}
	sc := r.loaded[path]
	if sc == nil {
		if sc, err = Load(path); err != nil {
			return nil, fmt.Errorf("dungeon.level: %v", err)
		}
		r.loaded[path] = sc
	}
	r.d.Levels = append(r.d.Levels, DungeonLevel{MinDepth: lo, MaxDepth: hi, Script: sc, Chance: chance})
	return starlark.None, nil
}

// depthRange reads dungeon.level's depths: an int, a (lo, hi) tuple or
// a "lo-hi" string, inclusive, within 1…components.MaxStartDepth.
func depthRange(v starlark.Value) (int, int, error) {
	var lo, hi int
	switch v := v.(type) {
	case starlark.Int:
		if err := starlark.AsInt(v, &lo); err != nil {
			return 0, 0, err
		}
		hi = lo
	case starlark.Tuple:
		if len(v) != 2 {
			return 0, 0, fmt.Errorf("want (lo, hi), got %d values", len(v))
		}
		if err := starlark.AsInt(v[0], &lo); err != nil {
			return 0, 0, err
		}
		if err := starlark.AsInt(v[1], &hi); err != nil {
			return 0, 0, err
		}
	case starlark.String:
		a, b, ok := strings.Cut(string(v), "-")
		var err1, err2 error
		lo, err1 = strconv.Atoi(strings.TrimSpace(a))
		hi, err2 = strconv.Atoi(strings.TrimSpace(b))
		if !ok || err1 != nil || err2 != nil {
			return 0, 0, fmt.Errorf("%q is not \"lo-hi\"", string(v))
		}
	default:
		return 0, 0, fmt.Errorf("want an int, (lo, hi) or \"lo-hi\", got %s", v.Type())
	}
	if lo < 1 || hi > components.MaxStartDepth || lo > hi {
		return 0, 0, fmt.Errorf("%d…%d is not a range within 1…%d", lo, hi, components.MaxStartDepth)
	}
	return lo, hi, nil
}

// For is the level script that builds depth of the episode with seed,
// or nil for a generated level: the first entry whose range holds
// depth and whose chance, drawn from a stream of the seed and depth,
// comes up. Each entry whose range holds depth draws once, in order.
func (d *Dungeon) For(seed uint64, depth int) *Script {
	var s *ecs.Stream
	for _, l := range d.Levels {
		if depth < l.MinDepth || depth > l.MaxDepth {
			continue
		}
		if s == nil {
			s = ecs.NewStream(seed, "dungeon/"+strconv.Itoa(depth))
		}
		if s.Rn2(100) < l.Chance {
			return l.Script
		}
	}
	return nil
}

// Refs are the dungeon script's name and digest, then each level
// script's, in entry order, each once.
func (d *Dungeon) Refs() []Ref {
	refs := []Ref{{Name: d.Name, SHA256: d.SHA256}}
	for _, l := range d.Levels {
		if ref := l.Script.Ref(); !slices.Contains(refs[1:], ref) {
			refs = append(refs, ref)
		}
	}
	return refs
}
