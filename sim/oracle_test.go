package sim_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
	"github.com/cogsim/cogsim/systems"
	"github.com/stretchr/testify/assert"
)

func oracle(t *testing.T, goldAmount int, stairs c.Pos) *sim.Sim {
	m := put(put(withCog(wide, 8, 3), 9, 3, 'O'), stairs.X, stairs.Y, '>')
	return start(t, 1, sim.Scenario{Map: m, Cog: &sim.ScenarioCog{Gold: ptr(goldAmount)}})
}

func TestTheOracleScowlsAt49Gold(t *testing.T) {
	s := oracle(t, 49, c.Pos{X: 14, Y: 5})
	s.Turn("chat e")
	assert.Equal(t, "The Oracle scowls at your empty purse.", message(s))
	assert.Equal(t, 49, gold(s))
	assert.Empty(t, s.Result().Deeds)
}

func TestTheOracleTellsTheTrueOctantFor50Gold(t *testing.T) {
	s := oracle(t, 50, c.Pos{X: 14, Y: 6})
	s.Turn("chat e")
	assert.Equal(t, "The Oracle says: the stairs lie to the southeast.", message(s))
	assert.Equal(t, 0, gold(s))
	assert.Equal(t, "oracle", s.Result().Deeds[0].Name)
	s = oracle(t, 120, c.Pos{X: 2, Y: 4})
	s.Turn("chat e")
	assert.Equal(t, "The Oracle says: the stairs lie to the west.", message(s))
	assert.Equal(t, 70, gold(s))
}

func TestOctantSectors(t *testing.T) {
	from := c.Pos{X: 20, Y: 9}
	cases := map[c.Pos]string{
		{X: 30, Y: 9}: "east", {X: 30, Y: 13}: "east", {X: 30, Y: 14}: "southeast",
		{X: 24, Y: 13}: "southeast", {X: 24, Y: 19}: "south", {X: 20, Y: 1}: "north",
		{X: 10, Y: 5}: "west", {X: 10, Y: 4}: "northwest", {X: 16, Y: 0}: "northwest", {X: 30, Y: 5}: "east", {X: 30, Y: 4}: "northeast",
		{X: 17, Y: 0}: "north", {X: 15, Y: 0}: "northwest", {X: 25, Y: 4}: "northeast",
		{X: 21, Y: 10}: "southeast", {X: 19, Y: 10}: "southwest",
	}
	for to, want := range cases {
		assert.Equal(t, want, systems.Octant(from, to).Word(), "to %v", to)
	}
}

func TestTheOracleOnTheStairs(t *testing.T) {
	m := put(withCog(wide, 8, 3), 9, 3, 'O')
	sc := sim.Scenario{Map: m, Cog: &sim.ScenarioCog{Gold: ptr(50)}}
	s := start(t, 1, sc)
	s.State().Level.Stairs = c.Pos{X: 8, Y: 3}
	s.Turn("chat e")
	assert.Equal(t, "The Oracle says: the stairs are beneath you.", message(s))
}

func TestChatWithAMonster(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: put(withCog(wide, 8, 3), 9, 3, 'e')})
	s.Turn("chat e")
	assert.Equal(t, "The floating eye does not respond.", message(s))
}

func TestScoreAndItsParts(t *testing.T) {
	m := put(withCog(hall, 5, 3), 6, 3, '>')
	s := start(t, 1, sim.Scenario{Map: m, Depth: 2, Cog: &sim.ScenarioCog{Gold: ptr(30), XPPoints: ptr(7)}})
	s.Turn("e >")
	r := s.Result()
	assert.Equal(t, 3, r.MaxDepth)
	assert.Equal(t, result.Parts{Depth: 100, XP: 7, Gold: 30, Deeds: 25}, r.Parts, "descend-3 is the one deed")
	assert.Equal(t, 162, r.Score)
}
