package wands_test

import (
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheZapVerbsMessages: an empty letter, what is not a wand, a
// directional wand without a direction (no charge used), `>` with a bolt
// wand (a charge used, nothing met); every zap costs its tick; create
// monster needs no direction and ignores one.
func TestTheZapVerbsMessages(t *testing.T) {
	g := newGame(t, 1, duel("floating eye", 1000)) // it never attacks: the line is the zap's
	tick := g.s.State().Clock.Tick
	assert.Equal(t, wands.MsgNoObject, g.turn("zap z e"))
	assert.Equal(t, wands.MsgNoObject, g.turn("zap f e"))
	assert.Empty(t, g.zaps(), "no wand: no Zap event")
	assert.Equal(t, wands.MsgSilly, g.turn("zap e e"), "an apple")
	assert.Empty(t, g.zaps())
	for _, reply := range []string{"zap a", "z b", "zap c"} {
		l := reply[len(reply)-1]
		before := g.spe(l)
		assert.Equal(t, wands.MsgDirection, g.turn(reply), reply)
		assert.Equal(t, before, g.spe(l), "%s: no charge used", reply)
		ev := g.zap()
		assert.False(t, ev.Hit, "nothing fired")
		assert.Equal(t, wands.AimNone, ev.Aim)
	}
	for _, l := range []byte{'a', 'b'} {
		before := g.spe(l)
		msg := g.turn("zap " + string(l) + " >")
		assert.Equal(t, wands.MsgDownward, first(msg))
		assert.Equal(t, before-1, g.spe(l), "a charge used")
		ev := g.zap()
		assert.True(t, ev.Hit)
		assert.Equal(t, wands.AimDown, ev.Aim)
		assert.Zero(t, ev.Count, "nothing met")
	}
	assert.False(t, g.known(wands.Striking), "zapped down, a bolt tells nothing")
	assert.False(t, g.known(wands.SlowMonster))
	assert.Equal(t, tick+8, g.s.State().Clock.Tick, "every zap costs its tick")

	before := g.spe('d')
	g.turn("zap d")
	assert.Equal(t, before-1, g.spe('d'))
	assert.True(t, g.zap().Hit)
	g.turn("z d w")
	ev := g.zap()
	assert.Equal(t, wands.AimNone, ev.Aim, "the direction is ignored")
	assert.Equal(t, c.Dir(0), ev.Dir)
	assert.Equal(t, before-2, g.spe('d'))
}

// TestTheZapEvent: the event names the cog, the wand's kind, how it was
// aimed, whether a charge fired and what the bolt met.
func TestTheZapEvent(t *testing.T) {
	sc := duel("floating eye", 1000)
	sc.Monsters = append(sc.Monsters, sim.ScenarioThing{At: []int{5, 2}, Species: "floating eye", HP: 1000})
	g := newGame(t, 1, sc)
	g.turn("zap b e")
	ev := g.zap()
	assert.Equal(t, g.s.State().Run.Cog, ev.Actor)
	assert.Equal(t, wands.ItemKinds[wands.SlowMonster], ev.Item)
	assert.Equal(t, wands.AimDir, ev.Aim)
	assert.Equal(t, c.East, ev.Dir)
	assert.True(t, ev.Hit)
	assert.Equal(t, 2, ev.Count, "the bolt met both eyes")
	g.turn("zap b w")
	assert.Zero(t, g.zap().Count, "west: the wall")
	g.turn("zap c >")
	ev = g.zap()
	assert.Equal(t, wands.ItemKinds[wands.Digging], ev.Item)
	assert.Equal(t, wands.AimDown, ev.Aim)
	assert.Equal(t, 8, g.s.State().Level.Depth, "and the cog fell")
}

// TestCharges: each zap that fires takes a charge; at 0 a zap mostly
// does nothing ("Nothing happens.", the wand kept, nothing known); the
// 1-in-121 wrest fires once more and the wand turns to dust, leaving the
// pack.
func TestAWornOutWand(t *testing.T) {
	inv := []sim.ScenarioStack{{Kind: "wand of striking", Spe: ptr[int32](5)}, {Kind: "wand of slow monster", Spe: ptr[int32](0)}, {Kind: "wand of digging", Spe: ptr[int32](0)}}
	nothing := 0
	for seed := uint64(1); seed <= 400; seed++ {
		sc := duel("floating eye", 1<<20)
		sc.Cog = &sim.ScenarioCog{Inventory: inv}
		g := newGame(t, seed, sc)
		if seed == 1 {
			g.turn("zap a e")
			assert.Equal(t, int32(4), g.spe('a'), "a charge a zap")
		}
		msg := g.turn("zap c w")
		e := g.s.State()
		if msg == wands.MsgNothing {
			nothing++
			require.False(t, g.zap().Hit)
			require.Equal(t, int32(0), g.spe('c'), "the wand stays")
			require.Equal(t, c.VWall, e.Level.At(c.Pos{X: 1, Y: 2}), "no effect")
			require.False(t, g.known(wands.Digging), "nothing known")
			continue
		}
		assert.Equal(t, wands.MsgWrest+"  The wand of digging turns to dust.", msg, "known as it digs")
		assert.True(t, g.zap().Hit)
		assert.Equal(t, c.Doorway, e.Level.At(c.Pos{X: 1, Y: 2}), "the wrested charge digs")
		assert.Equal(t, -1, e.Inventory.Get(e.Run.Cog).Slot('c'), "dust leaves the pack")
		assert.Equal(t, wands.MsgNoObject, g.turn("zap c w"))
		assert.Greater(t, nothing, 10, "most zaps at 0 do nothing")
		return
	}
	t.Fatal("no seed wrested a charge in 400")
}

// TestAWandBelowZeroTurnsToDust: a wand with charges below 0 does nothing
// and turns to dust, named as the cog knows it.
func TestAWandBelowZeroTurnsToDust(t *testing.T) {
	sc := duel("floating eye", 1000)
	sc.Cog = &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "wand of slow monster", Spe: ptr[int32](-1)}}}
	g := newGame(t, 3, sc)
	app := g.s.State().Knowledge.AppearanceOf(wands.ItemKinds[wands.SlowMonster])
	assert.Equal(t, wands.MsgNothing+"  The "+app+" wand turns to dust.", g.turn("zap a e"))
	assert.False(t, g.zap().Hit)
	m, _ := g.monster(c.Pos{X: 4, Y: 2})
	assert.False(t, g.slowed(m), "no effect")
	assert.Empty(t, g.inventory())
}

// TestStrikingHitsByRnd20UnderTenPlusAC: over many zaps the hit rate is
// (9 + AC)/20 and the damage d(2,12), said with "!" above 4; hit or miss,
// the seen monster makes the wand known.
func TestStrikingHitsByRnd20UnderTenPlusAC(t *testing.T) {
	for _, tc := range []struct {
		species string
		ac      int
	}{{"jackal", 7}, {"giant ant", 3}, {"kobold", 10}} {
		g := newGame(t, 5, duel(tc.species, 1<<30))
		m, ok := g.monster(c.Pos{X: 4, Y: 2})
		require.True(t, ok)
		health := g.s.State().Health
		const zaps = 2000
		hits, sum := 0, 0
		dmg := map[int]int{}
		for range zaps {
			hp := health.Get(m).HP
			msg := g.turn("zap a e")
			d := hp - health.Get(m).HP
			switch {
			case strings.HasPrefix(msg, "The wand misses the "+tc.species+"."):
				require.Zero(t, d)
			case strings.HasPrefix(msg, "The wand hits the "+tc.species+"."):
				require.True(t, d >= 2 && d <= 4, "%q with %d damage", msg, d)
			case strings.HasPrefix(msg, "The wand hits the "+tc.species+"!"):
				require.True(t, d > 4 && d <= 24, "%q with %d damage", msg, d)
			default:
				t.Fatalf("%q", msg)
			}
			if d > 0 {
				hits++
				sum += d
				dmg[d]++
			}
			require.Equal(t, 1, g.zap().Count)
		}
		assert.True(t, g.known(wands.Striking))
		p := float64(9+tc.ac) / 20
		sd := 3.5 * sqrt(zaps*p*(1-p))
		assert.InDelta(t, zaps*p, float64(hits), sd+1, "%s (AC %d): hits", tc.species, tc.ac)
		assert.InDelta(t, 13, float64(sum)/float64(hits), 0.6, "d(2,12) averages 13")
		assert.Len(t, dmg, 23, "2…24 all occur")
	}
}

// TestAStrikingKillIsTheCogs: the message, the xp, the deed, the monster
// gone at once, and the bolt goes on to the next.
func TestAStrikingKillIsTheCogs(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		sc := duel("jackal", 1)
		sc.Monsters = append(sc.Monsters, sim.ScenarioThing{At: []int{6, 2}, Species: "newt", HP: 1})
		g := newGame(t, seed, sc)
		msg := g.turn("zap a e")
		if !strings.HasPrefix(msg, "The wand hits the jackal") {
			continue
		}
		assert.Contains(t, msg, "You kill the jackal!")
		_, ok := g.monster(c.Pos{X: 4, Y: 2})
		assert.False(t, ok, "the jackal is gone")
		assert.Equal(t, 2, g.zap().Count, "the bolt went on to the newt")
		assert.Contains(t, msg, "the newt")
		e := g.s.State()
		xp := 1
		if strings.Contains(msg, "You kill the newt!") {
			xp++
		}
		assert.Equal(t, xp, e.Experience.Get(e.Run.Cog).Points)
		assert.True(t, e.Run.Deeds.Has("first-kill"))
		return
	}
	t.Fatal("no seed hit the jackal first")
}

// TestStrikingPassesTheOracleByAtTheBoltsCost: the Oracle cannot be
// attacked (§9), but the bolt pays 3 for her all the same: an eye nine
// cells beyond her is reached only with range 13 (1 in 8), not 10.
func TestStrikingPassesTheOracleByAtTheBoltsCost(t *testing.T) {
	sc := sim.Scenario{Name: "oracle", Depth: 7, Lit: ptr(true),
		Map: []string{"", " --------------", " |.@..........|", " --------------"},
		Monsters: []sim.ScenarioThing{{At: []int{4, 2}, Species: "Oracle", HP: 100},
			{At: []int{13, 2}, Species: "floating eye", HP: 1 << 20}}}
	g := newGame(t, 2, sc)
	oracle, _ := g.monster(c.Pos{X: 4, Y: 2})
	const zaps = 800
	reached := 0
	for range zaps {
		msg := g.turn("zap a e")
		require.NotContains(t, msg, "Oracle")
		if g.zap().Count == 2 {
			reached++
			require.Contains(t, msg, "floating eye")
		}
	}
	assert.Equal(t, 100, g.s.State().Health.Get(oracle).HP, "she is untouched")
	assert.InDelta(t, zaps/8, reached, 3.5*sqrt(zaps*(1.0/8)*(7.0/8)))
}

// TestAnUnseenMonsterIsIt: in a dark room the cog sees only its
// neighbours; a bolt at a monster two cells away says "it" and does not
// make the wand known; slowing it is not said, nor known, but done.
func TestAnUnseenMonsterIsIt(t *testing.T) {
	sc := duel("floating eye", 1<<20)
	sc.Lit = ptr(false)
	sc.Monsters[0].At = []int{6, 2}
	g := newGame(t, 3, sc)
	msg := g.turn("zap a e")
	assert.Regexp(t, `^The wand (hits it[.!]|misses it\.)`, msg)
	assert.Equal(t, 1, g.zap().Count)
	assert.False(t, g.known(wands.Striking))
	msg = g.turn("zap b e")
	assert.NotContains(t, msg, "slower", "an unseen slowing is not said")
	assert.False(t, g.known(wands.SlowMonster))
	m, _ := g.monster(c.Pos{X: 6, Y: 2})
	assert.True(t, g.slowed(m))
}

// TestASlowedMonsterActsAtTwoThirdsSpeed: a jackal (speed 12) slowed on
// tick t0 acts floor(t·8/12) − floor((t−1)·8/12) times on each tick from
// t0 on, and 1 before; slowing again says nothing; the state survives a
// snapshot.
func TestASlowedMonsterActsAtTwoThirdsSpeed(t *testing.T) {
	g := newGame(t, 1, duel("jackal", 1<<20))
	e := g.s.State()
	m, _ := g.monster(c.Pos{X: 4, Y: 2})
	for range 5 {
		g.turn("search")
		assert.Equal(t, 1, e.Movement.Get(m).Actions)
	}
	assert.Equal(t, "The jackal seems to be moving slower.", first(g.turn("zap b e")))
	t0 := e.Clock.Tick
	sum := 0
	for tick := t0; tick < t0+36; tick++ {
		if tick > t0 {
			g.turn("search")
		}
		want := tick*8/12 - (tick-1)*8/12
		require.Equal(t, want, e.Movement.Get(m).Actions, "tick %d", tick)
		sum += e.Movement.Get(m).Actions
	}
	assert.Equal(t, 24, sum, "8 actions in 12 ticks")
	assert.NotContains(t, g.turn("zap b e"), "slower", "already slow: nothing")

	snap := g.s.Snapshot()
	other := newGame(t, 1, duel("jackal", 1<<20))
	require.NoError(t, other.s.Restore(snap))
	m2, _ := other.monster(c.Pos{X: 4, Y: 2})
	assert.True(t, other.slowed(m2))
	other.turn("search")
	tick := other.s.State().Clock.Tick
	assert.Equal(t, tick*8/12-(tick-1)*8/12, other.s.State().Movement.Get(m2).Actions, "slowness restored")
}

// TestDiggingDown: a hole takes the cog to the next level as the stairs
// do; on the stairs the beam bounces.
func TestDiggingDown(t *testing.T) {
	sc := sim.Scenario{Name: "dig", Depth: 1, Lit: ptr(true), Map: []string{"", " -----", " |.@>|", " -----"}}
	g := newGame(t, 2, sc)
	e := g.s.State()
	assert.Equal(t, "You dig a hole through the floor.  You fall through...", g.turn("zap c >"))
	assert.True(t, g.known(wands.Digging))
	assert.Equal(t, 2, e.Level.Depth)
	assert.Equal(t, 2, e.Run.MaxDepth)
	assert.True(t, e.Run.Deeds.Has("descend-2"))
	found := false
	for _, ev := range e.Events.List {
		if ev.Kind == c.Descend && ev.Before == 1 && ev.After == 2 {
			found = true
		}
	}
	assert.True(t, found, "a Descend event")
	assert.Equal(t, e.Level.Arrival, e.CogPos(), "arrives as by the stairs")
	assert.Equal(t, int32(many-1), g.spe('c'))

	g = newGame(t, 2, sc)
	g.turn("e")
	assert.Equal(t, wands.MsgBounce, g.turn("zap c >"))
	assert.Equal(t, 1, g.s.State().Level.Depth)
	assert.True(t, g.known(wands.Digging), "known when zapped")
}

// TestDiggingAcrossAsTheCogSeesIt: in a lit room the dug wall is seen at
// once as a doorway, and belongs to the room's component; the corridor
// beyond is not seen until visited.
func TestDiggingAcrossAsTheCogSeesIt(t *testing.T) {
	sc := sim.Scenario{Name: "dig", Depth: 1, Lit: ptr(true),
		Map: []string{"", " -----     -----", " |.@.|     |...|", " -----     -----"}}
	g := newGame(t, 2, sc)
	e := g.s.State()
	g.turn("zap c e")
	assert.True(t, g.known(wands.Digging))
	assert.Equal(t, c.Doorway, e.Level.At(c.Pos{X: 5, Y: 2}))
	assert.Equal(t, c.Corridor, e.Level.At(c.Pos{X: 6, Y: 2}))
	row := strings.Split(string(g.s.Observe()), "\n")[2]
	assert.Equal(t, ".", row[5:6], "the doorway is seen at once")
	assert.Equal(t, " ", row[6:7], "the corridor is not seen from the lit room")
	cogComp := e.Level.Component[c.Pos{X: 3, Y: 2}.Index()]
	assert.Equal(t, cogComp, e.Level.Component[c.Pos{X: 5, Y: 2}.Index()])
	g.turn("e e")
	assert.Equal(t, c.Pos{X: 5, Y: 2}, e.CogPos(), "the cog walks through the hole")
	g.turn("e")
	assert.Equal(t, c.Pos{X: 6, Y: 2}, e.CogPos())
	assert.Equal(t, "#", strings.Split(string(g.s.Observe()), "\n")[2][7:8], "and sees the corridor")
}

// TestEachKindIsKnownWhen: striking once it hits or misses a monster the
// cog sees, slow monster when a seen monster is slowed, digging when
// zapped, create monster when a monster appears; until then the pack
// reads the wand by its appearance.
func TestEachKindIsKnownWhen(t *testing.T) {
	g := newGame(t, 4, duel("floating eye", 1000))
	kn := g.s.State().Knowledge
	unknown := func(k wands.Kind) string {
		app := kn.AppearanceOf(wands.ItemKinds[k])
		return string(letters[k]) + " - " + c.Article(app) + app + " wand"
	}
	for k := range wands.NumKinds {
		assert.Contains(t, g.inventory(), unknown(k))
	}
	for _, tc := range []struct {
		kind      wands.Kind
		not, does []string
	}{
		{wands.Striking, []string{"zap a >", "zap a w", "zap a"}, []string{"zap a e"}},
		{wands.SlowMonster, []string{"zap b >", "zap b w", "zap b"}, []string{"zap b e"}},
		{wands.Digging, []string{"zap c"}, []string{"zap c s"}},
		{wands.CreateMonster, nil, []string{"zap d"}},
	} {
		for _, r := range tc.not {
			g.turn(r)
			require.False(t, g.known(tc.kind), "%q", r)
			require.Contains(t, g.inventory(), unknown(tc.kind))
		}
		for _, r := range tc.does {
			g.turn(r)
			require.True(t, g.known(tc.kind), "%q", r)
		}
		name := string(letters[tc.kind]) + " - a wand of " + tc.kind.String()
		assert.Contains(t, g.inventory(), name)
		assert.Contains(t, g.turn("i"), name, "the inventory reply says so")
	}
}

// TestAWandReadsByItsAppearance: each episode draws the four kinds
// distinct appearances of the six, from the class's own stream; they
// differ across seeds.
func TestAWandReadsByItsAppearance(t *testing.T) {
	six := map[string]bool{"oak": true, "ebony": true, "marble": true, "tin": true, "brass": true, "iron": true}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		g := newGame(t, seed, duel("floating eye", 1))
		kn := g.s.State().Knowledge
		apps := map[string]bool{}
		for k := range wands.NumKinds {
			app := kn.AppearanceOf(wands.ItemKinds[k])
			require.True(t, six[app], app)
			apps[app] = true
		}
		require.Len(t, apps, int(wands.NumKinds), "distinct")
		app := kn.AppearanceOf(wands.ItemKinds[wands.Striking])
		seen[app] = true
		assert.True(t, strings.HasPrefix(g.inventory(), "a - "+c.Article(app)+app+" wand;"), g.inventory())
		again := newGame(t, seed, duel("floating eye", 1))
		assert.Equal(t, app, again.s.State().Knowledge.AppearanceOf(wands.ItemKinds[wands.Striking]), "a function of the seed")
	}
	assert.Len(t, seen, 6, "every appearance is striking's in some episode")
}
