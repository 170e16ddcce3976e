package wands

// GLUE. Everything in this file waits for the round-two APIs of §32
// (/work/wt/CONTRACT.md), which other branches bring: the verb table
// (c.AddVerb, c.Aim on the Primitive), the wand class and its kinds
// (c.AddClass, c.AddItem with Effect, Spe on c.Stack and c.Item, the
// Knowledge resource), the mechanic's event (c.RegisterEvent, Event.Dir,
// Aim, Count) and the populate hook (ecs.Mechanic.Populate). Each
// function below is what the lead wires after the merge; the sketch in
// its comment is the intended body. Until then the mechanic installs,
// changes nothing, and its zap system matches no action.

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
)

// zapOp is the zap verb's primitive. GLUE:
//
//	var zapOp = c.AddVerb(c.Verb{Word: "zap", Aliases: []string{"z"},
//		Arg: c.ArgLetterAim, Key: 'z', Classes: []c.ItemClass{WandClass},
//		Help: "zap L [DIR|>]: zap the wand L, in a direction or down",
//		Mechanic: Name})
var zapOp c.Op

// WandClass and the kinds' rows. GLUE:
//
//	var WandClass = c.AddClass(c.ClassInfo{Name: "wand", Glyph: '/',
//		Colour: c.…, Appearances: []string{"oak", "ebony", "marble", "tin",
//		"brass", "iron"}, Noun: "wand", Stream: "wands.appearances",
//		Mechanic: Name})
//	var itemKinds [NumKinds]c.ItemKind // c.AddItem per kind:
//	//   {Name: "wand of " + k.String(), Class: WandClass, Weight: 0,
//	//    Effect: k, Mechanic: Name}  (Weight 0: §10 never draws it;
//	//    Populate places it)
//	var zapEvent = c.RegisterEvent("zap")

// wandIn reports whether st is a wand: its kind and its charges. GLUE:
//
//	k, ok := st.Kind.Info().Effect.(Kind)
//	return k, &st.Spe, ok && st.Kind.Info().Class == WandClass
func wandIn(st *c.Stack) (Kind, *int32, bool) { return 0, nil, false }

// aimOf reads the action's aim. GLUE: return Aim(a.Aim) (c.AimNone,
// AimDir, AimDown have this package's values; or make Aim an alias of
// c.Aim).
func aimOf(a *c.Action) Aim { return AimDir }

// wandName appends how the wand reads without article. GLUE: the
// Knowledge's name of st.Kind ("oak wand" / "wand of striking").
func wandName(b []byte, st *c.Stack) []byte { return append(b, "wand"...) }

// zapped is told of each zap. GLUE:
//
//	if o.Known { knowledge.Identify(st.Kind) }
//	events.Add(c.Event{Kind: zapEvent, Actor: cog, Item: st.Kind,
//		Dir: o.Dir, Aim: c.Aim(o.Aim), Count: o.Met, Hit: o.Fired})
//
// (the system needs the Knowledge and Events resources: give Zap the
// fields and take them in its Init).
func zapped(st *c.Stack, o Outcome) {}

// installed names the episode's installed mechanics, whose species create
// monster may draw. GLUE: the core exposes no such list to systems yet
// (sim.Sim.MechanicNames is the driver's); a resource or a field the
// driver sets would do. Until then: the core rows only.
func installed(w *arche.World) []string { return nil }

// Populate places a level's wand (§33): the contract's
// ecs.Mechanic.Populate, run as each generated level is made, after its
// §10 items and before vision. GLUE: set Populate: Populate in the
// Register call (wands.go).
func Populate(w *arche.World, depth int) {
	p, ok := Draw(systems.Res[ecs.Streams](w).Seed(), depth, systems.Res[c.Level](w))
	if ok {
		placeWand(w, p)
	}
}

// placeWand puts the drawn wand on the floor. GLUE:
//
//	it := systems.NewFloor(w).Place(itemKinds[p.Kind], 1, p.At)
//	generic.NewMap[c.Item](w).Get(it).Spe = p.Charges
func placeWand(w *arche.World, p Placed) {}
