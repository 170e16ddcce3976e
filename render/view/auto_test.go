package view_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// settle plays frames without input until the command under way is done
// and returns how many primitives it played.
func settle(t *testing.T, p *view.Play) int {
	t.Helper()
	n := 0
	for i := 0; i < 3000 && p.Busy(); i++ {
		if p.Advance() {
			n++
		}
	}
	require.False(t, p.Busy(), "the command should have stopped")
	return n
}

func moves(d c.Dir, n int) []c.Primitive {
	out := make([]c.Primitive, n)
	for i := range out {
		out[i] = c.Primitive{Op: c.OpMove, Dir: d}
	}
	return out
}

func repeat(prim c.Primitive, n int) []c.Primitive {
	out := make([]c.Primitive, n)
	for i := range out {
		out[i] = prim
	}
	return out
}

var search = c.Primitive{Op: c.OpSearch}

func TestACountRepeatsTheCommand(t *testing.T) {
	s, sp := spied(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "2 0")
	assert.Equal(t, "Count: 20", p.Message())
	assert.Zero(t, s.State().Clock.Tick, "typing a count costs no tick")
	press(t, p, "s")
	assert.True(t, p.Busy())
	assert.Equal(t, "Repeating search: 20 more", p.Activity())
	assert.Equal(t, 20, settle(t, p))
	assert.Equal(t, repeat(search, 20), sp.seen, "twenty searches, one a tick")
	assert.Equal(t, 20, s.State().Clock.Tick)

	press(t, p, "3 l")
	settle(t, p)
	assert.Equal(t, moves(c.East, 3), sp.seen[20:])
	assert.Equal(t, c.Pos{X: 8, Y: 3}, s.State().CogPos())
}

func TestACountAfterNWithTheNumberPadOn(t *testing.T) {
	s, sp := spied(t, hall())
	p := view.NewPlay(s, view.PlayOptions{NumberPad: true})
	press(t, p, "n 1 2 backspace 5 s")
	settle(t, p)
	assert.Equal(t, repeat(search, 15), sp.seen)
	press(t, p, "6 3")
	assert.Equal(t, append(repeat(search, 15), c.Primitive{Op: c.OpMove, Dir: c.East}, c.Primitive{Op: c.OpMove, Dir: c.SouthEast}), sp.seen,
		"with the number pad on the digits move")
	press(t, p, "n 4 esc s")
	assert.Len(t, sp.seen, 18, "Esc drops the count")
}

func TestAnyKeyStopsACount(t *testing.T) {
	s, sp := spied(t, hall())
	p := view.NewPlay(s, view.PlayOptions{Pace: 1})
	press(t, p, "3 0 s")
	for i := 0; i < 5; i++ {
		p.Update(view.Input{})
	}
	p.Update(view.Input{Keys: []view.Key{'k'}})
	assert.False(t, p.Busy())
	settle(t, p)
	assert.Equal(t, repeat(search, 5), sp.seen, "the key only stops the count")
}

// hidden: the two rooms, the cog in the west one, a secret door where
// the west doorway was and a hidden trap next to the cog.
func hidden() sim.Scenario {
	sc := hall()
	sc.Map = put(sc.Map, 9, 3, '@')
	sc.Map = put(sc.Map, 5, 3, '.')
	sc.Doors = []sim.ScenarioThing{{At: []int{11, 3}, State: "secret"}}
	sc.Traps = []sim.ScenarioThing{{At: []int{9, 2}, Kind: "arrow trap", Hidden: ptr(true)}}
	return sc
}

func TestACountStopsWhenASearchFindsSomething(t *testing.T) {
	s, sp := spied(t, hidden())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "4 0 s")
	n := settle(t, p)
	assert.Less(t, n, 40, "a find stops the searching")
	assert.Equal(t, repeat(search, n), sp.seen)
	assert.Contains(t, p.Activity(), "Stopped: You find")
}

// jackalNear: the cog in the corridor between the dark rooms, a jackal
// in the east room out of sight.
func jackalNear() sim.Scenario {
	return sim.Scenario{Map: put(twoRooms, 12, 3, '@'), Lit: ptr(false),
		Monsters: []sim.ScenarioThing{{At: []int{17, 2}, Species: "jackal"}}}
}

// jackalComing: the cog at the west end of the lit west room, a jackal
// in the corridor, out of sight.
func jackalComing() sim.Scenario {
	return sim.Scenario{Map: put(twoRooms, 3, 3, '@'),
		Monsters: []sim.ScenarioThing{{At: []int{12, 3}, Species: "jackal"}}}
}

func TestACountStopsWhenAMonsterComesIntoView(t *testing.T) {
	s, sp := spied(t, jackalNear())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "4 0 .")
	n := settle(t, p)
	assert.Less(t, n, 40)
	assert.Equal(t, repeat(c.Primitive{Op: c.OpWait}, n), sp.seen)
	assert.Contains(t, p.Activity(), "a jackal comes into view")
}

func TestACountStopsWhenHurt(t *testing.T) {
	sc := hall()
	sc.Traps = []sim.ScenarioThing{{At: []int{7, 3}, Kind: "arrow trap", Hidden: ptr(true)}}
	s, sp := spied(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "4 l")
	n := settle(t, p)
	assert.Equal(t, 2, n, "the second step springs the trap")
	assert.Len(t, sp.seen, n)
	assert.Equal(t, "Stopped: you were hurt.", p.Activity())
}

func TestRunningStopsBesideADoorThenAtItThenFollowsTheCorridor(t *testing.T) {
	sc := hall()
	sc.Map = put(put(sc.Map, 5, 3, '.'), 3, 3, '@')
	s, sp := spied(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "L")
	settle(t, p)
	assert.Equal(t, moves(c.East, 7), sp.seen, "from x 3 to x 10, beside the doorway")
	assert.Contains(t, p.Activity(), "door is next to you")
	press(t, p, "s-right")
	settle(t, p)
	assert.Equal(t, c.Pos{X: 11, Y: 3}, s.State().CogPos(), "onto the doorway, and stop")
	press(t, p, "L")
	settle(t, p)
	assert.Equal(t, moves(c.East, 10), sp.seen, "along the corridor to the next doorway")
	assert.Equal(t, c.Pos{X: 13, Y: 3}, s.State().CogPos())
}

// bend: a dark corridor with a corner and then a fork.
var bend = []string{
	"",
	"  @####",
	"      #",
	"      ###",
	"        #",
	"       ###",
	"       # #",
}

func TestRunningFollowsACorridorRoundCornersAndStopsAtAFork(t *testing.T) {
	s, sp := spied(t, sim.Scenario{Map: bend, Lit: ptr(false)})
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "L")
	settle(t, p)
	want := append(moves(c.East, 4), moves(c.South, 2)...)
	want = append(want, moves(c.East, 2)...)
	want = append(want, moves(c.South, 2)...)
	assert.Equal(t, want, sp.seen)
	assert.Equal(t, c.Pos{X: 8, Y: 5}, s.State().CogPos())
	assert.Contains(t, p.Activity(), "forks")
}

func TestRunningStopsWhenAMonsterComesIntoView(t *testing.T) {
	s, sp := spied(t, jackalComing())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "L")
	n := settle(t, p)
	assert.Less(t, n, 7)
	assert.Equal(t, moves(c.East, n), sp.seen)
	assert.Contains(t, p.Activity(), "a jackal comes into view")
}

func TestTravelWalksTheRememberedMap(t *testing.T) {
	sc := hall()
	sc.Map = put(sc.Map, 9, 2, '>')
	s, sp := spied(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "_")
	assert.Contains(t, p.Prompt(), "Where do you want to travel to?")
	press(t, p, "l l l j .")
	assert.Empty(t, p.Prompt())
	settle(t, p)
	assert.Equal(t, c.Pos{X: 8, Y: 4}, s.State().CogPos())
	assert.Len(t, sp.seen, 3)

	press(t, p, "_ >")
	settle(t, p)
	assert.Equal(t, c.Pos{X: 9, Y: 2}, s.State().CogPos(), "to the known stairs")
	assert.Len(t, sp.seen, 5)

	// A click on the map travels too: the doorway.
	p.Update(view.Input{Click: &view.Point{X: 11, Y: 2 + 3}})
	settle(t, p)
	assert.Equal(t, c.Pos{X: 11, Y: 3}, s.State().CogPos())
	for _, prim := range sp.seen {
		assert.Equal(t, c.OpMove, prim.Op)
	}
}

func TestTravelNeverUsesHiddenTerrain(t *testing.T) {
	s, sp := spied(t, hidden())
	p := view.NewPlay(s, view.PlayOptions{})
	p.Update(view.Input{Click: &view.Point{X: 15, Y: 2 + 3}})
	assert.False(t, p.Busy())
	assert.Equal(t, "Travel: you know no way there.", p.Message())
	press(t, p, "_ >")
	assert.Equal(t, "You don't know where the staircase down is.", p.Message())
	assert.Empty(t, sp.seen)
}

func TestTravelStopsWhenAMonsterComesIntoView(t *testing.T) {
	s, sp := spied(t, jackalComing())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "_ l l l l l l j .")
	n := settle(t, p)
	assert.Less(t, n, 6)
	assert.Len(t, sp.seen, n)
	assert.NotEqual(t, c.Pos{X: 9, Y: 4}, s.State().CogPos())
	assert.Contains(t, p.Activity(), "a jackal comes into view")
}

// exploreGame is seed's game with a spy.
func exploreGame(t *testing.T, seed uint64) (*sim.Sim, *spy) {
	sp := &spy{}
	s, err := sim.New(sim.Config{Seed: seed, Setup: func(sch *ecs.Scheduler) error { return sch.After(systems.NameInput, "spy", sp) }})
	require.NoError(t, err)
	return s, sp
}

func TestAutoExploreStopsWhenAMonsterComesIntoView(t *testing.T) {
	s, _ := spied(t, jackalNear())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "x")
	settle(t, p)
	assert.Contains(t, p.Activity(), "a jackal comes into view")
}
