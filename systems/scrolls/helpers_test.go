package scrolls_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/mechtest"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems/scrolls"

	// The tests play the built-in mechanics, which the commands link and
	// the library does not (§2).
	_ "github.com/cogsim/cogsim/systems/builtin"
)

// game is an episode of a scenario with the scrolls mechanic installed,
// played through replies as an agent plays it.
type game struct {
	t *testing.T
	s *sim.Sim
}

// newGame starts sc on seed with the scrolls mechanic and the others
// named; without a clock, 10000 turns.
func newGame(t *testing.T, seed uint64, sc sim.Scenario, mechanics ...string) *game {
	t.Helper()
	if sc.Clock == nil {
		sc.Clock = &sim.ScenarioClock{MaxTurns: 10000}
	}
	s, err := sim.New(sim.Config{Seed: seed, Scenario: &sc, Mechanics: append([]string{scrolls.Name}, mechanics...)})
	require.NoError(t, err)
	return &game{t: t, s: s}
}

// turn plays reply as one command turn and returns the message line.
func (g *game) turn(reply string) string {
	g.s.Turn(reply)
	return message(g.s)
}

// message is the message line of s's observation.
func message(s *sim.Sim) string { return mechtest.Message(s) }

// inventory is the inventory line, read without spending a tick.
func (g *game) inventory() string {
	e := g.s.State()
	return string(c.AppendInventory(nil, e.Inventory.Get(e.Run.Cog), e.Knowledge))
}

// pack is the cog's pack.
func (g *game) pack() *c.Inventory {
	e := g.s.State()
	return e.Inventory.Get(e.Run.Cog)
}

// known reports whether the cog knows scroll kind k.
func (g *game) known(k scrolls.Kind) bool { return g.s.State().Knowledge.Known(scrolls.ItemKinds[k]) }

// label is the label of scroll kind k this episode.
func (g *game) label(k scrolls.Kind) string {
	return g.s.State().Knowledge.AppearanceOf(scrolls.ItemKinds[k])
}

// reads are the Read events of the last tick.
func (g *game) reads() []c.Event {
	var list []c.Event
	for _, ev := range g.s.State().Events.List {
		if ev.Kind == scrolls.ReadEvent {
			list = append(list, ev)
		}
	}
	return list
}

// room is a lit room with the cog at (2, 2) and a jackal-free floor.
func room(lit bool, inv ...sim.ScenarioStack) sim.Scenario {
	return sim.Scenario{Name: "room", Depth: 2, Lit: ptr(lit),
		Map: []string{"", " ------------", " |.@........|", " |..........|", " |..........|", " |..........|", " ------------"},
		Cog: &sim.ScenarioCog{HP: ptr(100), MaxHP: ptr(100), Nutrition: ptr(5000), Inventory: inv}}
}

// stack is a scenario's inventory stack of n items of kind.
func stack(kind string, n int) sim.ScenarioStack { return sim.ScenarioStack{Kind: kind, Count: n} }

func ptr[T any](v T) *T { return &v }
