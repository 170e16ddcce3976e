package wands_test

import (
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/wands"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/require"
)

// many is charges enough for any test.
const many = 1 << 20

// pack is the usual inventory: a wand of striking (a), of slow monster
// (b), of digging (c), of create monster (d), each with spe charges, and
// an apple (e).
func pack(spe int32) []sim.ScenarioStack {
	return []sim.ScenarioStack{{Kind: "wand of striking", Spe: ptr(spe)}, {Kind: "wand of slow monster", Spe: ptr(spe)},
		{Kind: "wand of digging", Spe: ptr(spe)}, {Kind: "wand of create monster", Spe: ptr(spe)}, {Kind: "apple"}}
}

// letters are the pack's letters of the kinds.
var letters = [wands.NumKinds]byte{'a', 'b', 'c', 'd'}

// game is an episode of a scenario with the mechanic installed, played
// through replies as an agent plays it.
type game struct {
	t *testing.T
	s *sim.Sim
}

// newGame starts sc on seed with the wands mechanic and the others
// named. A scenario without a cog gets a sturdy one with pack(many);
// without a clock, 10000 turns.
func newGame(t *testing.T, seed uint64, sc sim.Scenario, mechanics ...string) *game {
	t.Helper()
	if sc.Cog == nil {
		sc.Cog = &sim.ScenarioCog{HP: ptr(100000), MaxHP: ptr(100000), Nutrition: ptr(100000), Inventory: pack(many)}
	}
	if sc.Clock == nil {
		sc.Clock = &sim.ScenarioClock{MaxTurns: 10000}
	}
	if sc.Depth == 0 {
		sc.Depth = 1
	}
	s, err := sim.New(sim.Config{Seed: seed, Scenario: &sc, Mechanics: append([]string{wands.Name}, mechanics...)})
	require.NoError(t, err)
	return &game{t: t, s: s}
}

// turn plays reply as one command turn and returns the message line.
func (g *game) turn(reply string) string {
	g.s.Turn(reply)
	return message(g.s)
}

// message is the message line of s's observation.
func message(s *sim.Sim) string { return strings.Split(string(s.Observe()), "\n")[18] }

// first is the first message of a line.
func first(line string) string { return strings.Split(line, "  ")[0] }

// spe is the charges of the pack's stack of letter l.
func (g *game) spe(l byte) int32 {
	e := g.s.State()
	inv := e.Inventory.Get(e.Run.Cog)
	i := inv.Slot(l)
	require.GreaterOrEqual(g.t, i, 0, "no stack %c", l)
	return inv.Slots[i].Spe
}

// zaps are the Zap events of the last tick.
func (g *game) zaps() []c.Event {
	var list []c.Event
	for _, ev := range g.s.State().Events.List {
		if ev.Kind == wands.ZapEvent {
			list = append(list, ev)
		}
	}
	return list
}

// zap is the last tick's one Zap event.
func (g *game) zap() c.Event {
	g.t.Helper()
	list := g.zaps()
	require.Len(g.t, list, 1, "one Zap event")
	return list[0]
}

// known reports whether the cog knows kind k.
func (g *game) known(k wands.Kind) bool { return g.s.State().Knowledge.Known(wands.ItemKinds[k]) }

// inventory is the inventory line, read without spending a tick.
func (g *game) inventory() string {
	e := g.s.State()
	return string(c.AppendInventory(nil, e.Inventory.Get(e.Run.Cog), e.Knowledge))
}

// monster is the monster on p.
func (g *game) monster(p c.Pos) (arche.Entity, bool) { return g.s.State().Level.Creatures.At(p) }

// slowed reports whether m is slowed.
func (g *game) slowed(m arche.Entity) bool {
	for _, id := range g.s.State().W.Ids(m) {
		if info, ok := arche.ComponentInfo(g.s.State().W, id); ok && info.Type == wands.SlowState.Type {
			return true
		}
	}
	return false
}

func ptr[T any](v T) *T { return &v }

// duel is a lit room with the cog at (3, 2) and one monster east of it.
func duel(species string, hp int) sim.Scenario {
	return sim.Scenario{Name: "duel", Depth: 7, Lit: ptr(true),
		Map:      []string{"", " --------", " |.@....|", " |......|", " --------"},
		Monsters: []sim.ScenarioThing{{At: []int{4, 2}, Species: species, HP: hp}}}
}

func sqrt(x float64) float64 {
	r := x
	for range 50 {
		r = (r + x/r) / 2
	}
	return r
}
