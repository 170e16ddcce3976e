package wands

// The mechanic's content, registered through §32's tables: the wand class
// and its four kinds, the Zap event, and how the zap system reads them.

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
)

// AppearanceStream is the stream the wand class's appearances are drawn
// from (§33: its own), so that the potions' draw is unchanged.
const AppearanceStream = "wands/appearances"

// WandClass is the item class the mechanic adds (§33): `/`, its
// appearances shuffled per episode.
var WandClass = c.AddClass(c.ClassInfo{
	Name: "wand", Glyph: '/', Colour: c.Brown, // NetHack's wood, the first appearance's
	Appearances: []string{"oak", "ebony", "marble", "tin", "brass", "iron"},
	Noun:        "wand", Stream: AppearanceStream, Mechanic: Name,
})

// ItemKinds are the wand kinds' rows, kind k at ItemKinds[k]: "a wand of
// striking" once known; a new wand's charges are [InitialCharges] (the
// row's Spe, which a scenario's wand without "spe" gets, §39.5). Weight
// 0: §10's generation never draws them; the mechanic places its own
// ([Populate]).
var ItemKinds = func() (rows [NumKinds]c.ItemKind) {
	for k := range NumKinds {
		rows[k] = c.AddItem(c.ItemInfo{
			Name: "wand of " + k.String(), Plural: "wands of " + k.String(), Article: "a ",
			Class: WandClass, Effect: k, Mechanic: Name,
			Spe: func(rng *ecs.Stream) int32 { return InitialCharges(rng, k) },
		})
	}
	return rows
}()

// ZapEvent is the mechanic's event (§33): the cog zapped a wand. Item is
// its kind, Dir and Aim how it was aimed, Hit whether it fired, Count
// the monsters the bolt met or create monster made.
var ZapEvent = c.RegisterEvent("zap")

// wandIn reports whether st is a wand: its kind and its charges (Spe).
func wandIn(st *c.Stack) (Kind, *int32, bool) {
	info := st.Kind.Info()
	k, ok := info.Effect.(Kind)
	return k, &st.Spe, ok && info.Class == WandClass
}

// zapEvent is the Zap event of outcome o of the cog's zap of a wand of
// item kind kd: Item the kind, Aim and Dir as zapped (AimNone for create
// monster), Hit whether a charge fired, Count the monsters the bolt met
// or create monster made.
func zapEvent(cog arche.Entity, kd c.ItemKind, o Outcome) c.Event {
	return c.Event{Kind: ZapEvent, Actor: cog, Item: kd, Dir: o.Dir, Aim: o.Aim, Hit: o.Fired, Count: o.Met}
}

// installed names the episode's installed mechanics, whose species create
// monster may draw.
func installed(w *arche.World) []string { return systems.Res[c.Installed](w).Names }

// Populate places a level's wand (§33), as each generated level is made
// after its §10 items and before vision: [Draw]'s kind, charges and
// cell, drawn from rng, the level's own stream ([LevelStream]).
func Populate(w *arche.World, depth int, rng *ecs.Stream) {
	p, ok := Draw(rng, depth, systems.Res[c.Level](w))
	if !ok {
		return
	}
	systems.NewFloor(w).PlaceStack(c.Stack{Kind: ItemKinds[p.Kind], Count: 1, Spe: p.Charges}, p.At)
}

// ZapOp is the zap verb's primitive (§33): `zap L [DIR|>]`, alias `z`,
// cogplay's `z` key and `#zap`.
var ZapOp = c.AddVerb(c.Verb{
	Word: "zap", Aliases: []string{"z"}, Arg: c.ArgLetterAim, Key: 'z',
	Classes: []c.ItemClass{WandClass},
	Help:    "zap the wand of letter L in direction DIR, or down (>)", Past: "zapped", Mechanic: Name,
})
