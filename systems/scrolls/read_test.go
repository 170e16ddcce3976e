package scrolls_test

import (
	"fmt"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/systems/scrolls"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnUnknownScrollReadsByItsLabel (§39.2): "a scroll labelled
// ZELGO MER", a stack "2 scrolls labelled …"; once known "a scroll of
// light"; a wand beside them still reads "an oak wand". Each kind has
// its own label, one of NetHack's, drawn per seed.
func TestAnUnknownScrollReadsByItsLabel(t *testing.T) {
	labels := map[string]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		g := newGame(t, seed, room(true, stack("scroll of light", 1), stack("scroll of identify", 2),
			sim.ScenarioStack{Kind: "wand of striking"}), wands.Name)
		light, ident := g.label(scrolls.Light), g.label(scrolls.Identify)
		require.NotEqual(t, light, ident)
		require.Contains(t, scrolls.Labels, light)
		labels[light] = true
		oak := g.s.State().Knowledge.AppearanceOf(wands.ItemKinds[wands.Striking])
		assert.Equal(t, fmt.Sprintf("a - a scroll labelled %s; b - 2 scrolls labelled %s; c - %s%s wand",
			light, ident, c.Article(oak), oak), g.inventory())
		assert.Equal(t, scrolls.MsgDisappears+"  "+scrolls.MsgLit, g.turn("read a"))
		assert.True(t, g.known(scrolls.Light))
		assert.Equal(t, fmt.Sprintf("b - 2 scrolls labelled %s; c - %s%s wand", ident, c.Article(oak), oak), g.inventory())
	}
	assert.Greater(t, len(labels), 6, "labels shuffled per seed")

	// Known: "a scroll of light", "2 scrolls of light".
	g := newGame(t, 1, room(true, stack("scroll of light", 3)))
	g.turn("read a")
	assert.Equal(t, "a - 2 scrolls of light", g.inventory())
}

// TestReadIsAVerbOnlyWithTheMechanic: `read L` and `r L` read; an empty
// letter and what is not a scroll say so and spend the tick; without the
// mechanic read is no word, and a scroll in a scenario is refused.
func TestReadIsAVerbOnlyWithTheMechanic(t *testing.T) {
	g := newGame(t, 3, room(true, stack("apple", 1), stack("scroll of light", 2)))
	assert.Equal(t, scrolls.MsgSilly, g.turn("read a"))
	assert.Equal(t, scrolls.MsgNoObject, g.turn("read q"))
	tick := g.s.State().Clock.Tick
	assert.Equal(t, scrolls.MsgDisappears+"  "+scrolls.MsgLit, g.turn("r b"))
	assert.Equal(t, tick+1, g.s.State().Clock.Tick, "one tick")
	require.Len(t, g.reads(), 1)
	assert.True(t, g.reads()[0].Hit)
	assert.Equal(t, scrolls.ItemKinds[scrolls.Light], g.reads()[0].Item)

	sc := room(true, stack("apple", 1))
	plain, err := sim.New(sim.Config{Seed: 3, Scenario: &sc})
	require.NoError(t, err)
	plain.Turn("read a")
	assert.Contains(t, message(plain), "Ignored: read")
	sc = room(true, stack("scroll of light", 1))
	_, err = sim.New(sim.Config{Seed: 3, Scenario: &sc})
	assert.ErrorContains(t, err, "cog.inventory[0].kind: scroll of light needs the mechanic scrolls")
}

// TestIdentify: "This is an identify scroll." the first time; the first
// unidentified stack becomes known and is said as the pack lists it (a
// potion so identified earns the identified deed); with nothing left,
// "You have already identified all of your possessions." (the rest of,
// when the scroll itself was the last).
func TestIdentify(t *testing.T) {
	counts := map[int]int{}
	for seed := uint64(1); seed <= 60; seed++ {
		g := newGame(t, seed, room(true, stack("scroll of identify", 2), stack("potion of healing", 1),
			stack("potion of confusion", 1), stack("scroll of light", 1), stack("dagger", 1)))
		msg := g.turn("read a")
		require.True(t, strings.HasPrefix(msg, scrolls.MsgDisappears+"  "+scrolls.MsgIdentify+"  "), msg)
		assert.True(t, g.known(scrolls.Identify))
		healing := g.s.State().Knowledge.Known(c.PotionKind(c.Healing))
		require.True(t, healing, "the first unknown stack in letter order: b")
		assert.Contains(t, msg, "b - a potion of healing.")
		assert.True(t, g.s.State().Run.Deeds.Has("identified"), "a potion identified")
		n := strings.Count(msg, " - ")
		counts[n]++
		if n == 1 {
			// Read again: no "This is an identify scroll." now.
			msg = g.turn("read a")
			assert.True(t, strings.HasPrefix(msg, scrolls.MsgDisappears+"  c - a potion of confusion."), msg)
		}
	}
	assert.Greater(t, counts[1], 30, "mostly one item")
	assert.Greater(t, counts[1], 0)
	assert.Greater(t, len(counts), 1, "one time in five more: %v", counts)

	g := newGame(t, 1, room(true, stack("scroll of identify", 1), stack("dagger", 1)))
	assert.Equal(t, scrolls.MsgDisappears+"  "+scrolls.MsgIdentify+"  "+scrolls.MsgRestKnown, g.turn("read a"))
	g = newGame(t, 1, room(true, stack("scroll of identify", 2), stack("dagger", 1)))
	g.turn("read a")
	assert.Equal(t, scrolls.MsgDisappears+"  "+scrolls.MsgAllKnown, g.turn("read a"))
}

// TestLight: in a dark room the room is lit for good and the cog sees it
// at once; in a corridor nothing stays lit; the kind is known either
// way.
func TestLight(t *testing.T) {
	g := newGame(t, 1, room(false, stack("scroll of light", 2)))
	e := g.s.State()
	require.Equal(t, c.Rect{X0: 2, Y0: 1, X1: 4, Y1: 3}, e.Vision.Rect, "dark: the 8 around")
	g.turn("read a")
	whole := c.Rect{X0: 1, Y0: 1, X1: 12, Y1: 6}
	assert.Equal(t, whole, e.Vision.Rect)
	require.Len(t, g.reads(), 1)
	assert.Equal(t, whole, systems.ViewOf(e.Level, c.Pos{X: 3, Y: 2}), "the rest of the tick sees it: the Sight looked")
	g.turn("e e e e")
	assert.Equal(t, whole, e.Vision.Rect, "lit for good")
	assert.Equal(t, byte('|'), e.Level.MemTerrain[c.Pos{X: 12, Y: 4}.Index()])

	hall := sim.Scenario{Name: "hall", Depth: 2, Lit: ptr(false), Map: []string{"", " ---- ", " |..|", " |..+###@#####", " ----"},
		Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{stack("scroll of light", 1)}}}
	g = newGame(t, 1, hall)
	before := g.s.State().Vision.Rect
	assert.Equal(t, scrolls.MsgDisappears+"  "+scrolls.MsgLit, g.turn("read a"))
	assert.Equal(t, before, g.s.State().Vision.Rect)
	assert.True(t, g.known(scrolls.Light))
}

// TestEnchantWeapon: the weapon in hand gets +1 and reads "a +1
// dagger"; +1 is a point to hit and to damage; with no weapon, "Your
// hands twitch." and the kind stays unknown; above +5 it evaporates two
// times in three.
func TestEnchantWeapon(t *testing.T) {
	g := newGame(t, 1, room(true, stack("scroll of enchant weapon", 3), sim.ScenarioStack{Kind: "dagger", Wielded: true}))
	assert.Equal(t, scrolls.MsgDisappears+"  Your dagger glows blue for a moment.", g.turn("read a"))
	assert.True(t, g.known(scrolls.EnchantWeapon))
	assert.Equal(t, "a - 2 scrolls of enchant weapon; b - a +1 dagger (weapon in hand)", g.inventory())
	die, hit, dmg := g.pack().Weapon()
	assert.Equal(t, []int{4, 2, 1}, []int{die, hit, dmg}, "d4, hit bonus 1 + 1, damage +1")

	g = newGame(t, 1, room(true, stack("scroll of enchant weapon", 1), stack("dagger", 1)))
	assert.Equal(t, scrolls.MsgDisappears+"  "+scrolls.MsgHandsTwitch, g.turn("read a"))
	assert.False(t, g.known(scrolls.EnchantWeapon))
	require.Len(t, g.reads(), 1)
	assert.False(t, g.reads()[0].Hit)

	gone := 0
	for seed := uint64(1); seed <= 90; seed++ {
		g := newGame(t, seed, room(true, stack("scroll of enchant weapon", 1), sim.ScenarioStack{Kind: "dagger", Wielded: true, Spe: ptr[int32](6)}))
		msg := g.turn("read a")
		if strings.Contains(msg, "evaporates") {
			gone++
			assert.Equal(t, scrolls.MsgDisappears+"  Your dagger violently glows blue for a while and then evaporates.", msg)
			assert.Equal(t, c.NoSlot, g.pack().Wielded)
			assert.Empty(t, g.inventory())
			continue
		}
		assert.Equal(t, int32(7), g.pack().Slots[1].Spe)
	}
	assert.InDelta(t, 60, gone, 14, "two times in three")
}

// TestEnchantArmour: the armour worn gets +1 (AC one less); with none,
// "Your skin glows then fades."; above +3 it evaporates unless rn2(spe)
// is 0.
func TestEnchantArmour(t *testing.T) {
	g := newGame(t, 1, room(true, stack("scroll of enchant armour", 1), sim.ScenarioStack{Kind: "leather armour", Worn: true}))
	ac := g.pack().AC()
	assert.Equal(t, scrolls.MsgDisappears+"  Your leather armour glows silver for a moment.", g.turn("read a"))
	assert.Equal(t, ac-1, g.pack().AC())
	assert.True(t, g.known(scrolls.EnchantArmour))
	assert.Equal(t, "b - +1 leather armour (being worn)", g.inventory())
	assert.Contains(t, string(g.s.Observe()), fmt.Sprintf("AC:%d", ac-1))

	g = newGame(t, 1, room(true, stack("scroll of enchant armour", 1)))
	assert.Equal(t, scrolls.MsgDisappears+"  "+scrolls.MsgSkinGlows, g.turn("read a"))
	assert.False(t, g.known(scrolls.EnchantArmour))

	gone := 0
	for seed := uint64(1); seed <= 80; seed++ {
		g := newGame(t, seed, room(true, stack("scroll of enchant armour", 1), sim.ScenarioStack{Kind: "ring mail", Worn: true, Spe: ptr[int32](4)}))
		if msg := g.turn("read a"); strings.Contains(msg, "evaporates") {
			gone++
			assert.Equal(t, scrolls.MsgDisappears+"  Your ring mail violently glows silver for a while, then evaporates.", msg)
			assert.Equal(t, 9, g.pack().AC())
		}
	}
	assert.InDelta(t, 60, gone, 13, "three times in four at +4")
}

// TestTeleportation: the cog lands on a random free cell of a room; the
// kind is known when it landed far (4 or more) or out of sight of where
// it stood.
func TestTeleportation(t *testing.T) {
	sc := sim.Scenario{Name: "two rooms", Depth: 2, Lit: ptr(true),
		Map: []string{"", " -----      -----", " |.@.|      |...|", " |...+######+...|", " -----      -----"},
		Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{stack("scroll of teleportation", 1)}}}
	far, near := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		g := newGame(t, seed, sc)
		from := g.s.State().CogPos()
		g.turn("read a")
		to := g.s.State().CogPos()
		require.NotEqual(t, from, to)
		require.GreaterOrEqual(t, g.s.State().Level.RoomAt(to), 0, "a room's cell")
		dx, dy := to.X-from.X, to.Y-from.Y
		if dx*dx+dy*dy >= 16 {
			far++
			assert.True(t, g.known(scrolls.Teleportation), "seed %d", seed)
		} else {
			near++
			assert.False(t, g.known(scrolls.Teleportation), "seed %d: landed in sight, close by", seed)
		}
	}
	assert.Positive(t, far)
	assert.Positive(t, near)
}

// TestMagicMapping: every cell but rock is remembered, a secret door as
// its wall; the kind is known.
func TestMagicMapping(t *testing.T) {
	sc := sim.Scenario{Name: "map", Depth: 2, Lit: ptr(false),
		Map:   []string{"", " -----      -----", " |.@.|      |.>.|", " |...|######+...|", " -----      -----"},
		Doors: []sim.ScenarioThing{{At: []int{5, 3}, State: "secret"}},
		Cog:   &sim.ScenarioCog{Inventory: []sim.ScenarioStack{stack("scroll of magic mapping", 1)}}}
	g := newGame(t, 1, sc)
	lvl := g.s.State().Level
	require.Zero(t, lvl.MemTerrain[c.Pos{X: 14, Y: 2}.Index()])
	assert.Equal(t, scrolls.MsgDisappears+"  "+scrolls.MsgMap, g.turn("read a"))
	for i, ter := range lvl.Terrain {
		if ter != c.Rock {
			require.Equal(t, ter.Glyph(), lvl.MemTerrain[i], "cell %v", c.PosOf(i))
		}
	}
	assert.Equal(t, byte('|'), lvl.MemTerrain[c.Pos{X: 5, Y: 3}.Index()], "the secret door looks like wall")
	assert.Contains(t, string(g.s.Observe()), "|.>.|")
	assert.True(t, g.known(scrolls.MagicMapping))
}
