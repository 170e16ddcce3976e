package wands_test

import (
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/wands"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bench stands in for the glue until the wand class exists: a test
// verb, and the pack's weapons standing for the four wands (a dagger is
// striking, a short sword slow monster, a mace digging, a long sword
// create monster) with their charges kept here. Everything else is the
// mechanic's own code, installed by name.
const testZap c.Op = 200

var standIns = map[c.ItemKind]wands.Kind{c.Dagger: wands.Striking, c.ShortSword: wands.SlowMonster,
	c.Mace: wands.Digging, c.LongSword: wands.CreateMonster}

type bench struct {
	t       *testing.T
	s       *sim.Sim
	z       *wands.Zap
	charges [wands.NumKinds]int32
	aim     wands.Aim
	outs    []wands.Outcome
}

// pack is the bench's inventory: a dagger, short sword, mace, long sword
// (a … d), an apple (e).
var pack = []sim.ScenarioStack{{Kind: "dagger"}, {Kind: "short sword"}, {Kind: "mace"}, {Kind: "long sword"}, {Kind: "apple"}}

func newBench(t *testing.T, seed uint64, sc sim.Scenario, mechanics ...string) *bench {
	t.Helper()
	b := &bench{t: t}
	for k := range b.charges {
		b.charges[k] = 1 << 20
	}
	if sc.Cog == nil {
		sc.Cog = &sim.ScenarioCog{HP: ptr(100000), MaxHP: ptr(100000), Nutrition: ptr(100000), Inventory: pack}
	}
	if sc.Clock == nil {
		sc.Clock = &sim.ScenarioClock{MaxTurns: 10000}
	}
	if sc.Depth == 0 {
		sc.Depth = 1
	}
	s, err := sim.New(sim.Config{Seed: seed, Scenario: &sc, Mechanics: append([]string{wands.Name}, mechanics...),
		Setup: func(sch *ecs.Scheduler) error {
			z, ok := sch.Get(wands.NameZap).(*wands.Zap)
			require.True(t, ok, "the mechanic installs its zap system")
			z.Op = testZap
			z.AimOf = func(*c.Action) wands.Aim { return b.aim }
			z.Wand = func(st *c.Stack) (wands.Kind, *int32, bool) {
				k, ok := standIns[st.Kind]
				return k, &b.charges[k], ok
			}
			z.Done = func(_ *c.Stack, o wands.Outcome) { b.outs = append(b.outs, o) }
			z.Name = func(b []byte, _ *c.Stack) []byte { return append(b, "wand"...) }
			z.Mechanics = append([]string{wands.Name}, mechanics...)
			b.z = z
			return nil
		}})
	require.NoError(t, err)
	b.s = s
	return b
}

// first is the first message of a line.
func first(line string) string { return strings.Split(line, "  ")[0] }

func ptr[T any](v T) *T { return &v }

// zap zaps the wand lettered l, aimed aim in direction d, and returns the
// message line.
func (b *bench) zap(l byte, aim wands.Aim, d c.Dir) string {
	b.aim = aim
	b.s.Step(c.Primitive{Op: testZap, Letter: l, Dir: d})
	return b.message()
}

func (b *bench) message() string { return strings.Split(string(b.s.Observe()), "\n")[18] }

func (b *bench) last() wands.Outcome { return b.outs[len(b.outs)-1] }

// monster is the monster on p.
func (b *bench) monster(p c.Pos) (arche.Entity, bool) { return b.s.State().Level.Creatures.At(p) }

// duel is a lit room with the cog at (3, 2) and one monster east of it.
func duel(species string, hp int) sim.Scenario {
	return sim.Scenario{Name: "duel", Depth: 7, Lit: ptr(true),
		Map:      []string{"", " --------", " |.@....|", " |......|", " --------"},
		Monsters: []sim.ScenarioThing{{At: []int{4, 2}, Species: species, HP: hp}}}
}

func TestTheZapVerbsMessages(t *testing.T) {
	b := newBench(t, 1, duel("floating eye", 1000)) // it never attacks: the line is the zap's
	tick := b.s.State().Clock.Tick
	assert.Equal(t, wands.MsgNoObject, b.zap('z', wands.AimDir, c.East))
	assert.Equal(t, wands.MsgNoObject, b.zap('f', wands.AimDir, c.East))
	assert.Equal(t, wands.MsgSilly, b.zap('e', wands.AimDir, c.East))
	assert.Empty(t, b.outs, "neither reached a wand")
	for _, l := range []byte{'a', 'b', 'c'} {
		before := b.charges
		assert.Equal(t, wands.MsgDirection, b.zap(l, wands.AimNone, 0), "wand %c", l)
		assert.Equal(t, before, b.charges, "no charge used")
		assert.True(t, b.last().Asked)
	}
	for _, l := range []byte{'a', 'b'} {
		before := b.charges
		msg := b.zap(l, wands.AimDown, 0)
		assert.True(t, strings.HasPrefix(msg, wands.MsgDownward), "%q", msg)
		assert.Equal(t, before[standIns[map[byte]c.ItemKind{'a': c.Dagger, 'b': c.ShortSword}[l]]]-1,
			b.charges[standIns[map[byte]c.ItemKind{'a': c.Dagger, 'b': c.ShortSword}[l]]], "a charge used")
		assert.False(t, b.last().Known)
		assert.Zero(t, b.last().Met)
	}
	assert.Equal(t, tick+8, b.s.State().Clock.Tick, "every zap costs its tick")

	// Create monster needs no direction and ignores one.
	before := b.charges[wands.CreateMonster]
	b.zap('d', wands.AimNone, 0)
	assert.False(t, b.last().Asked)
	assert.Equal(t, before-1, b.charges[wands.CreateMonster])
	b.zap('d', wands.AimDir, c.West)
	assert.Equal(t, wands.AimNone, b.last().Aim)
}

// TestStrikingHitsByRnd20UnderTenPlusAC: over many zaps the hit rate is
// (9 + AC)/20 and the damage d(2,12), said with "!" above 4.
func TestStrikingHitsByRnd20UnderTenPlusAC(t *testing.T) {
	for _, tc := range []struct {
		species string
		ac      int
	}{{"jackal", 7}, {"giant ant", 3}, {"kobold", 10}} {
		b := newBench(t, 5, duel(tc.species, 1<<30))
		m, ok := b.monster(c.Pos{X: 4, Y: 2})
		require.True(t, ok)
		const zaps = 2000
		hits, sum := 0, 0
		dmg := map[int]int{}
		for range zaps {
			hp := b.s.State().Health.Get(m).HP
			msg := b.zap('a', wands.AimDir, c.East)
			d := hp - b.s.State().Health.Get(m).HP
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
			require.True(t, b.last().Known, "hit or miss, a seen monster makes it known")
			require.Equal(t, 1, b.last().Met)
		}
		p := float64(9+tc.ac) / 20
		sd := 3.5 * sqrt(zaps*p*(1-p))
		assert.InDelta(t, zaps*p, float64(hits), sd+1, "%s (AC %d): hits", tc.species, tc.ac)
		assert.InDelta(t, 13, float64(sum)/float64(hits), 0.6, "d(2,12) averages 13")
		assert.Len(t, dmg, 23, "2…24 all occur")
	}
}

func sqrt(x float64) float64 {
	r := x
	for range 50 {
		r = (r + x/r) / 2
	}
	return r
}

// TestAStrikingKillIsTheCogs: the message, the xp, the deed, the monster
// gone at once, and the bolt goes on to the next.
func TestAStrikingKillIsTheCogs(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		sc := duel("jackal", 1)
		sc.Monsters = append(sc.Monsters, sim.ScenarioThing{At: []int{6, 2}, Species: "newt", HP: 1})
		b := newBench(t, seed, sc)
		msg := b.zap('a', wands.AimDir, c.East)
		if !strings.HasPrefix(msg, "The wand hits the jackal") {
			continue
		}
		assert.Contains(t, msg, "You kill the jackal!")
		_, ok := b.monster(c.Pos{X: 4, Y: 2})
		assert.False(t, ok, "the jackal is gone")
		assert.Equal(t, 2, b.last().Met, "the bolt went on to the newt")
		assert.Contains(t, msg, "the newt")
		e := b.s.State()
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

// TestAnUnseenMonsterIsIt: in a dark room the cog sees only its
// neighbours; a bolt at a monster two cells away says "it" and does not
// make the wand known.
func TestAnUnseenMonsterIsIt(t *testing.T) {
	sc := duel("newt", 1<<20)
	sc.Lit = ptr(false)
	sc.Monsters[0].At = []int{6, 2}
	b := newBench(t, 3, sc)
	msg := b.zap('a', wands.AimDir, c.East)
	assert.Regexp(t, `^The wand (hits it[.!]|misses it\.)`, msg)
	assert.False(t, b.last().Known)
	msg = b.zap('b', wands.AimDir, c.East)
	assert.NotContains(t, msg, "slower", "an unseen slowing is not said")
	assert.False(t, b.last().Known)
}

// TestASlowedMonsterActsAtTwoThirdsSpeed: a jackal (speed 12) slowed on
// tick t0 acts floor(t·8/12) − floor((t−1)·8/12) times on each tick from
// t0 on, and 1 before; slowing again says nothing; the state survives a
// snapshot.
func TestASlowedMonsterActsAtTwoThirdsSpeed(t *testing.T) {
	b := newBench(t, 1, duel("jackal", 1<<20))
	e := b.s.State()
	m, _ := b.monster(c.Pos{X: 4, Y: 2})
	for range 5 {
		b.s.Step(c.Primitive{Op: c.OpSearch})
		assert.Equal(t, 1, e.Movement.Get(m).Actions)
	}
	assert.Equal(t, "The jackal seems to be moving slower.", first(b.zap('b', wands.AimDir, c.East)))
	assert.True(t, b.last().Known)
	t0 := e.Clock.Tick
	pattern := []int{}
	for tick := t0; tick < t0+36; tick++ {
		if tick > t0 {
			b.s.Step(c.Primitive{Op: c.OpSearch})
		}
		want := tick*8/12 - (tick-1)*8/12
		require.Equal(t, want, e.Movement.Get(m).Actions, "tick %d", tick)
		pattern = append(pattern, e.Movement.Get(m).Actions)
	}
	sum := 0
	for _, n := range pattern {
		sum += n
	}
	assert.Equal(t, 24, sum, "8 actions in 12 ticks")
	assert.NotContains(t, b.zap('b', wands.AimDir, c.East), "slower", "already slow: nothing")
	assert.False(t, b.last().Known)

	snap := b.s.Snapshot()
	other := newBench(t, 1, duel("jackal", 1<<20))
	require.NoError(t, other.s.Restore(snap))
	m2, _ := other.monster(c.Pos{X: 4, Y: 2})
	other.s.Step(c.Primitive{Op: c.OpSearch})
	tick := other.s.State().Clock.Tick
	assert.Equal(t, tick*8/12-(tick-1)*8/12, other.s.State().Movement.Get(m2).Actions, "slowness restored")
	slow := generic.NewMap[wands.Slowed](other.s.World())
	assert.True(t, slow.Has(m2))
}

// TestDiggingDown: a hole takes the cog to the next level as the stairs
// do; on the stairs the beam bounces.
func TestDiggingDown(t *testing.T) {
	sc := sim.Scenario{Name: "dig", Depth: 1, Lit: ptr(true), Map: []string{"", " -----", " |.@>|", " -----"}}
	b := newBench(t, 2, sc)
	e := b.s.State()
	assert.Equal(t, "You dig a hole through the floor.  You fall through...", b.zap('c', wands.AimDown, 0))
	assert.True(t, b.last().Known)
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

	b = newBench(t, 2, sc)
	b.s.Step(c.Primitive{Op: c.OpMove, Dir: c.East})
	assert.Equal(t, wands.MsgBounce, b.zap('c', wands.AimDown, 0))
	assert.Equal(t, 1, b.s.State().Level.Depth)
}

// TestDiggingAcrossAsTheCogSeesIt: in a lit room the dug wall is seen at
// once as a doorway, and belongs to the room's component; the corridor
// beyond is not seen until visited.
func TestDiggingAcrossAsTheCogSeesIt(t *testing.T) {
	sc := sim.Scenario{Name: "dig", Depth: 1, Lit: ptr(true),
		Map: []string{"", " -----     -----", " |.@.|     |...|", " -----     -----"}}
	b := newBench(t, 2, sc)
	e := b.s.State()
	b.zap('c', wands.AimDir, c.East)
	assert.True(t, b.last().Known)
	assert.Equal(t, c.Doorway, e.Level.At(c.Pos{X: 5, Y: 2}))
	assert.Equal(t, c.Corridor, e.Level.At(c.Pos{X: 6, Y: 2}))
	row := strings.Split(string(b.s.Observe()), "\n")[2]
	assert.Equal(t, ".", row[5:6], "the doorway is seen at once")
	assert.Equal(t, " ", row[6:7], "the corridor is not seen from the lit room")
	cogComp := e.Level.Component[c.Pos{X: 3, Y: 2}.Index()]
	assert.Equal(t, cogComp, e.Level.Component[c.Pos{X: 5, Y: 2}.Index()])
	for range 2 {
		b.s.Step(c.Primitive{Op: c.OpMove, Dir: c.East})
	}
	assert.Equal(t, c.Pos{X: 5, Y: 2}, e.CogPos(), "the cog walks through the hole")
	b.s.Step(c.Primitive{Op: c.OpMove, Dir: c.East})
	assert.Equal(t, c.Pos{X: 6, Y: 2}, e.CogPos())
	assert.Equal(t, "#", strings.Split(string(b.s.Observe()), "\n")[2][7:8], "and sees the corridor")
}

// TestAWornOutWand: at 0 charges a zap mostly does nothing and keeps the
// wand; the 1-in-121 wrest fires once more and the wand turns to dust,
// leaving the pack.
func TestAWornOutWand(t *testing.T) {
	for seed := uint64(1); seed <= 400; seed++ {
		b := newBench(t, seed, duel("floating eye", 1<<20))
		b.charges[wands.Digging] = 0
		msg := b.zap('c', wands.AimDir, c.West)
		inv := b.s.State().Inventory.Get(b.s.State().Run.Cog)
		if msg == wands.MsgNothing {
			require.False(t, b.last().Fired)
			require.Equal(t, int32(0), b.charges[wands.Digging])
			require.Equal(t, c.Mace, inv.Slots[2].Kind, "the wand stays")
			require.Equal(t, c.VWall, b.s.State().Level.At(c.Pos{X: 1, Y: 2}), "no effect")
			continue
		}
		assert.Equal(t, wands.MsgWrest+"  The wand turns to dust.", msg)
		assert.True(t, b.last().Fired)
		assert.Equal(t, c.Doorway, b.s.State().Level.At(c.Pos{X: 1, Y: 2}), "the wrested charge digs")
		assert.True(t, inv.Slots[2].Empty(), "dust leaves the pack")
		assert.Equal(t, wands.MsgNoObject, b.zap('c', wands.AimDir, c.West))
		return
	}
	t.Fatal("no seed wrested a charge in 400")
}
