// Package scrolls is an in-tree mechanic of §39.7: NetHack's scrolls
// reduced to six kinds — identify, light, enchant weapon, enchant
// armour, teleportation and magic mapping — read with `read L`.
//
// Its content in §32's tables is here: the scroll class (`?`, NetHack's
// labels shuffled per episode from the mechanic's own stream, unknown
// scrolls reading "a scroll labelled ZELGO MER"), the six kinds, the
// verb, the Read event. read.go holds the system that performs the verb
// and the six effects; generate.go the scrolls a generated level gets.
// It uses the engine's shared helpers (§39.3) — a random free floor
// cell, the Mover's teleport, LightRoom and the Sight — and copies none.
//
// It draws only from its own streams: "scrolls" in play, the level's
// stream ("scrolls/<depth>") for a level's scrolls, and
// "scrolls/appearances" for the labels, so that without the mechanic
// nothing of the cog game changes.
package scrolls

import (
	_ "embed"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
)

// Name is the mechanic's name (--mechanics scrolls).
const Name = "scrolls"

// Stream is the mechanic's play-time RNG stream (§18).
const Stream = "scrolls"

// AppearanceStream is the stream the labels are shuffled from.
const AppearanceStream = "scrolls/appearances"

// NameRead is the read system's name in the tick order.
const NameRead = "read"

// Kind is a scroll kind, in the order kinds take labels.
type Kind uint8

// The scroll kinds.
const (
	Identify Kind = iota
	Light
	EnchantWeapon
	EnchantArmour
	Teleportation
	MagicMapping
	NumKinds
)

var kindNames = [NumKinds]string{"identify", "light", "enchant weapon", "enchant armour", "teleportation", "magic mapping"}

// String is the kind's name: "identify" in "a scroll of identify".
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "scroll?"
}

// Probability is each kind's share of the scrolls generated, NetHack's
// per-mille of the class (N: objects.c): identify 180, light 90,
// enchant weapon 80, enchant armour 63, teleportation 55, magic mapping
// 45 — of these six, out of 513.
var Probability = [NumKinds]int{180, 90, 80, 63, 55, 45}

// Labels are NetHack's scroll labels (N: objects.c, its 21 magic
// scrolls' and 20 extra), the appearances shuffled per episode: a kind
// takes the label at its place in the permutation.
var Labels = []string{
	"ZELGO MER", "JUYED AWK YACC", "NR 9", "XIXAXA XOXAXA XUXAXA", "PRATYAVAYAH", "DAIYEN FOOELS",
	"LEP GEX VEN ZEA", "PRIRUTSENIE", "ELBIB YLOH", "VERR YED HORRE", "VENZAR BORGAVVE", "THARR",
	"YUM YUM", "KERNOD WEL", "ELAM EBOW", "DUAM XNAHT", "ANDOVA BEGARIN", "KIRJE", "VE FORBRYDERNE",
	"HACKEM MUCHE", "VELOX NEB", "FOOBIE BLETCH", "TEMOV", "GARVEN DEH", "READ ME", "ETAOIN SHRDLU",
	"LOREM IPSUM", "FNORD", "KO BATE", "ABRA KA DABRA", "ASHPD SODALG", "ZLORFIK", "GNIK SISI VLE",
	"HAPAX LEGOMENON", "EIRIS SAZUN IDISI", "PHOL ENDE WODAN", "GHOTI", "MAPIRO MAHAMA DIROMAT",
	"VAS CORP BET MANI", "XOR OTA", "STRC PRST SKRZ KRK",
}

// ScrollClass is the class the mechanic adds: `?`, white (NetHack's
// paper), stacking, its labels shuffled per episode; an unknown scroll
// reads "a scroll labelled ZELGO MER" (§39.2).
var ScrollClass = c.AddClass(c.ClassInfo{
	Name: "scroll", Glyph: '?', Colour: c.White, Appearances: Labels,
	Noun: "scroll", Reads: "{noun} labelled {appearance}", Stream: AppearanceStream,
	Stackable: true, Mechanic: Name,
})

// ItemKinds are the scroll kinds' rows, kind k at ItemKinds[k]: "a
// scroll of identify" once known. Weight 0: §10's generation never
// draws them; the mechanic lays its own ([Populate]).
var ItemKinds = func() (rows [NumKinds]c.ItemKind) {
	for k := range NumKinds {
		rows[k] = c.AddItem(c.ItemInfo{
			Name: "scroll of " + k.String(), Plural: "scrolls of " + k.String(), Article: "a ",
			Class: ScrollClass, Effect: k, Mechanic: Name,
		})
	}
	return rows
}()

// ReadOp is the read verb's primitive: `read L`, alias `r`, cogplay's
// `r` key and `#read`.
var ReadOp = c.AddVerb(c.Verb{
	Word: "read", Aliases: []string{"r"}, Arg: c.ArgLetter, Key: 'r',
	Classes: []c.ItemClass{ScrollClass},
	Help:    "read the scroll of letter L", Past: "read", Mechanic: Name,
})

// ReadEvent is the mechanic's event: the cog read a scroll. Item is its
// kind; Hit says the reading made the kind known.
var ReadEvent = c.RegisterEvent("read")

// kindOf reports whether st is a scroll, and its kind.
func kindOf(st *c.Stack) (Kind, bool) {
	info := st.Kind.Info()
	k, ok := info.Effect.(Kind)
	return k, ok && info.Class == ScrollClass
}

// rules are the mechanic's rules as the cog is told them, which `cogsim
// prompt --mechanics scrolls` adds to the rulebook.
//
//go:embed rules.md
var rules string

func init() {
	ecs.Register(ecs.Mechanic{
		Name: Name, Version: "1",
		Doc:      "NetHack's scrolls: identify, light, enchant weapon, enchant armour, teleportation and magic mapping (read)",
		Populate: Populate,
		Rules:    rules,
		Install: func(s *ecs.Scheduler) error {
			return s.Before(systems.NameTraps, NameRead, &Read{})
		},
	})
}
