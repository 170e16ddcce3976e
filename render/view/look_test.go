package view_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
)

// TestLookNeverRevealsHiddenState: a hidden trap is floor and a secret
// door is wall, until they are found.
func TestLookNeverRevealsHiddenState(t *testing.T) {
	s, sp := spied(t, hidden())
	p := view.NewPlay(s, view.PlayOptions{})
	assert.Equal(t, "the floor of a room", p.Describe(c.Pos{X: 9, Y: 2}), "the hidden trap")
	assert.Equal(t, "a wall", p.Describe(c.Pos{X: 11, Y: 3}), "the secret door")
	press(t, p, "; k .")
	assert.Equal(t, "the floor of a room", p.Message())
	press(t, p, "; l l .")
	assert.Equal(t, "a wall", p.Message())
	assert.Empty(t, sp.seen, "look costs no tick")

	// Hovering says the same in the activity row.
	p.Update(view.Input{Hover: &view.Point{X: 11, Y: 2 + 3}})
	g := view.NewGrid(p.Size())
	p.Draw(g)
	assert.Contains(t, g.String(), "(11, 3): a wall")
	assert.Empty(t, sp.seen, "hovering costs no tick")

	// Found, they are named.
	press(t, p, "l 4 0 s")
	settle(t, p)
	for i := 0; i < 40 && (p.Describe(c.Pos{X: 11, Y: 3}) == "a wall" || p.Describe(c.Pos{X: 9, Y: 2}) == "the floor of a room"); i++ {
		press(t, p, "s")
	}
	assert.Contains(t, p.Describe(c.Pos{X: 11, Y: 3}), "door")
	assert.Equal(t, "an arrow trap", p.Describe(c.Pos{X: 9, Y: 2}))
}

func TestLookNamesWhatTheCogKnows(t *testing.T) {
	sc := jackalNear()
	sc.Map = put(put(sc.Map, 12, 3, '#'), 5, 3, '@')
	sc.Lit = ptr(true)
	sc.Monsters = append(sc.Monsters, sim.ScenarioThing{At: []int{3, 2}, Species: "jackal"})
	sc.Items = []sim.ScenarioThing{{At: []int{9, 4}, Kind: "potion of healing"}, {At: []int{3, 4}, Kind: "dagger"}}
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	assert.Equal(t, "a jackal", p.Describe(c.Pos{X: 3, Y: 2}))
	assert.Equal(t, "yourself, on the floor of a room", p.Describe(c.Pos{X: 5, Y: 3}))
	assert.Equal(t, "a doorway", p.Describe(c.Pos{X: 11, Y: 3}))
	assert.Equal(t, "a dagger", p.Describe(c.Pos{X: 3, Y: 4}))
	potion := p.Describe(c.Pos{X: 9, Y: 4})
	assert.Regexp(t, `^a [a-z]+ potion$`, potion, "as the cog reads it: unidentified")
	assert.Equal(t, "unexplored", p.Describe(c.Pos{X: 15, Y: 3}), "the jackal in the unseen room is not told")
	assert.Equal(t, "a wall", p.Describe(c.Pos{X: 1, Y: 3}))

	// Out of sight, the potion is remembered.
	p.Update(view.Input{Click: &view.Point{X: 11, Y: 2 + 3}})
	settle(t, p)
	press(t, p, "l")
	assert.Equal(t, potion+" (remembered)", p.Describe(c.Pos{X: 9, Y: 4}))
	assert.Equal(t, "the floor of a room (remembered)", p.Describe(c.Pos{X: 5, Y: 3}))
}
