package script

import (
	"errors"
	"fmt"
	"regexp"
	"slices"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"

	c "github.com/cogsim/cogsim/components"
)

// Func is a des function a mechanic adds ([Define]): it works on the
// build b, with the call's arguments as Starlark passes them.
type Func func(b *Builder, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error)

// desFunc is a des function of the engine's own.
type desFunc func(b *Builder, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error)

// desFuncs are des's functions (§38.2), by name.
var desFuncs = map[string]desFunc{
	"map": desMap, "standard": desStandard, "room": desRoom, "corridor": desCorridor,
	"maze": desMaze, "terrain": desTerrain, "replace": desReplace, "cog": desCog,
	"monster": desMonster, "item": desItem, "trap": desTrap, "door": desDoor,
	"stairs": desStairs, "flags": desFlags, "region": desRegion, "floor": desFloor,
	"room_cells": desRoomCells, "random_cell": desRandomCell,
}

// rngFuncs are des.rng's functions.
var rngFuncs = map[string]desFunc{
	"rn2": rngRn2, "rnd": rngRnd, "choice": rngChoice, "shuffle": rngShuffle,
}

// desMembers are des's members without any mechanic's functions; they
// never change, so every build shares them.
var desMembers = func() starlark.StringDict {
	members := starlark.StringDict{}
	for name, f := range desFuncs {
		members[name] = builtin("des."+name, f)
	}
	rng := starlark.StringDict{}
	for name, f := range rngFuncs {
		rng[name] = builtin("des.rng."+name, f)
	}
	members["rng"] = &starlarkstruct.Module{Name: "des.rng", Members: rng}
	return members
}()

// baseDes is the des module of a build with no mechanic function.
var baseDes = &starlarkstruct.Module{Name: "des", Members: desMembers}

// builtin makes the Starlark function full of f, which finds its build
// in the thread.
func builtin(full string, f desFunc) *starlark.Builtin {
	return starlark.NewBuiltin(full, func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		b, ok := thread.Local(builderKey).(*Builder)
		if !ok {
			return nil, errors.New(full + ": called outside a level build")
		}
		return f(b, full, args, kwargs)
	})
}

// defined is a function a mechanic added to des.
type defined struct {
	mechanic, name string
	fn             *starlark.Builtin
}

// mechanicFuncs are the functions mechanics added, in the order they
// were defined. Mechanics define them from their package init, before
// any build runs: the list never changes while builds run.
var mechanicFuncs []defined

var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Define adds des.name, offered to the builds of episodes that install
// mechanic (§38.2). A mechanic calls it from its package init. It panics
// when mechanic is "", name is not an identifier, or des already has a
// function called name.
func Define(mechanic, name string, fn Func) {
	switch {
	case mechanic == "":
		panic("script: des." + name + " defined by no mechanic")
	case !identifier.MatchString(name):
		panic("script: des." + name + ": not a Starlark identifier")
	case desMembers[name] != nil || slices.ContainsFunc(mechanicFuncs, func(d defined) bool { return d.name == name }):
		panic("script: des." + name + " defined twice")
	}
	full := "des." + name
	mechanicFuncs = append(mechanicFuncs, defined{mechanic, name, builtin(full, func(b *Builder, _ string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		v, err := fn(b, args, kwargs)
		if err == nil && v == nil {
			v = starlark.None
		}
		return v, err
	})})
}

// desModule is the des module of a build installing mechanics: baseDes,
// with the functions of those of them that added any.
func desModule(mechanics []string) *starlarkstruct.Module {
	var members starlark.StringDict
	for _, d := range mechanicFuncs {
		if !c.ActiveIn(d.mechanic, mechanics) {
			continue
		}
		if members == nil {
			members = make(starlark.StringDict, len(desMembers)+1)
			for k, v := range desMembers {
				members[k] = v
			}
		}
		members[d.name] = d.fn
	}
	if members == nil {
		return baseDes
	}
	return &starlarkstruct.Module{Name: "des", Members: members}
}

// Built-in arguments shared by the des functions.

// glyphArg reads a one-character string.
func glyphArg(v starlark.Value) (byte, error) {
	s, ok := starlark.AsString(v)
	if !ok || len(s) != 1 {
		return 0, fmt.Errorf("want a one-character glyph, got %s", v.String())
	}
	return s[0], nil
}

// terrainGlyph is the terrain a terrain()/replace() glyph stands for:
// §4's glyphs ('.' floor, '+' a closed door), 'S' a secret door.
func terrainGlyph(v starlark.Value) (c.Terrain, error) {
	g, err := glyphArg(v)
	if err != nil {
		return 0, err
	}
	if g == 'S' {
		return c.SecretDoorV, nil
	}
	if t, ok := c.TerrainByGlyph(g); ok {
		return t, nil
	}
	return 0, fmt.Errorf("%q is not a terrain glyph (§4: ' ' | - . # ' + > } or S)", g)
}

// where reads a where= argument (or a cell): a selection, or an (x, y)
// cell as a one-cell selection.
func whereArg(v starlark.Value) (*Selection, error) {
	if s, ok := v.(*Selection); ok {
		return s, nil
	}
	p, err := cellOf(v)
	if err != nil {
		return nil, fmt.Errorf("want a selection or (x, y): %v", err)
	}
	s := new(Selection)
	s.add(p)
	return s, nil
}

// place is the cell of a thing from its at= or where= argument (at
// most one given), else a random cell of floor(); where= and the
// default choose among the cells free for what.
func (b *Builder) place(fn string, at, where starlark.Value, what placing) (c.Pos, error) {
	switch {
	case at != nil && at != starlark.None && where != nil && where != starlark.None:
		return c.Pos{}, fmt.Errorf("%s: give at= or where=, not both", fn)
	case at != nil && at != starlark.None:
		p, err := cellOf(at)
		if err != nil {
			return p, fmt.Errorf("%s: at: %v", fn, err)
		}
		return p, nil
	}
	cells, arg := [c.H]uint64{}, "floor()"
	if where != nil && where != starlark.None {
		sel, err := whereArg(where)
		if err != nil {
			return c.Pos{}, fmt.Errorf("%s: where: %v", fn, err)
		}
		cells, arg = sel.rows, "where"
	} else {
		_, floor := b.terrainClasses()
		cells = *floor
	}
	b.free(&cells, what)
	p, err := b.pick(&cells)
	if err != nil {
		return p, fmt.Errorf("%s: %s holds no free cell for it", fn, arg)
	}
	return p, nil
}

// needActive refuses a thing whose mechanic the episode does not
// install.
func (b *Builder) needActive(fn, what, name, mechanic string) error {
	if c.ActiveIn(mechanic, b.env.Mechanics) {
		return nil
	}
	return fmt.Errorf("%s: %s %q needs the mechanic %s (--mechanics %s)", fn, what, name, mechanic, mechanic)
}
