package sim_test

import (
	c "github.com/cogsim/cogsim/components"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAReplyWithNoUsableActionWaitsFortyTicks(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	s.Turn("xyzzy plugh")
	assert.Equal(t, 40, tick(s))
	assert.Equal(t, 1, s.State().Clock.Turn)
	assert.Equal(t, "Ignored: xyzzy plugh.", message(s))
	s.TurnUnusable()
	assert.Equal(t, 80, tick(s))
	assert.Equal(t, sim.UnusableReply, message(s))
	s.Turn("")
	assert.Equal(t, 120, tick(s), "an empty reply costs the clock too")
}

func TestATurnEndsWhenItsQueueEmpties(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	s.Turn("e e")
	assert.Equal(t, 2, tick(s))
	assert.Equal(t, 7, cog(s).X)
}

func TestATurnEndsAtFortyTicksAndDropsTheRest(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 2, 3)})
	s.Turn("search*35 e*30")
	assert.Equal(t, 40, tick(s))
	assert.Equal(t, 7, cog(s).X, "5 moves east made it into the turn")
	s.Turn("w")
	assert.Equal(t, 41, tick(s), "nothing was left queued")
}

func TestATurnEndsOnDescent(t *testing.T) {
	m := put(withCog(hall, 5, 3), 6, 3, '>')
	s := start(t, 1, sim.Scenario{Map: m})
	s.Turn("e > e e e")
	assert.Equal(t, 2, tick(s))
	assert.Equal(t, 2, s.State().Level.Depth)
	assert.Contains(t, statusLine(s), "Dlvl:2 ")
	assert.Equal(t, s.State().Level.Arrival, cog(s), "arrives on the new level's arrival cell")
	deeds := s.Result().Deeds
	require.Len(t, deeds, 1)
	assert.Equal(t, "descend-2", deeds[0].Name)
	assert.Equal(t, 2, deeds[0].Tick)
}

func TestDescendOffTheStairsFails(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3)})
	s.Turn(">")
	assert.Equal(t, "You can't go down here.", message(s))
	assert.Equal(t, 1, tick(s))
}

func TestParalysedTicksConsumeNoPrimitiveButCount(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 3, 3), Cog: &sim.ScenarioCog{Paralysed: 5}})
	assert.Contains(t, statusLine(s), "Para")
	s.Turn("e e")
	assert.Equal(t, 7, tick(s), "5 paralysed ticks, then the two moves")
	assert.Equal(t, 5, cog(s).X)
	assert.NotContains(t, statusLine(s), "Para")
	s = start(t, 1, sim.Scenario{Map: withCog(hall, 3, 3), Cog: &sim.ScenarioCog{Paralysed: 45}})
	s.Turn("e")
	assert.Equal(t, 40, tick(s), "a paralysed turn still ends at forty ticks")
	assert.Equal(t, 3, cog(s).X)
}

func TestTheClockEndsTheEpisodeAfterTheLastTurn(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Clock: &sim.ScenarioClock{MaxTurns: 3}})
	s.Turn("wait")
	s.Turn("wait")
	assert.False(t, s.Done())
	s.Turn("wait")
	require.True(t, s.Done())
	r := s.Result()
	assert.Equal(t, "clock", r.Cause)
	assert.Equal(t, 3, r.Turns)
	assert.Equal(t, "full-clock", r.Deeds[len(r.Deeds)-1].Name)
	s.Turn("e")
	assert.Equal(t, 3, s.Result().Turns, "a finished episode takes no more turns")
}

func TestStatusLineFormat(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Depth: 2,
		Cog: &sim.ScenarioCog{HP: ptr(11), Gold: ptr(37), XPPoints: ptr(9), Nutrition: ptr(120), Confused: 3}})
	assert.Equal(t, "Dlvl:2 $:37 HP:11(16) AC:7 Xp:1/9 T:0 Turn:0/55 Hungry Conf", statusLine(s))
}

func TestATurnCanBeSteppedTickByTick(t *testing.T) {
	a := start(t, 1, sim.Scenario{Map: withCog(hall, 3, 3)})
	b := start(t, 1, sim.Scenario{Map: withCog(hall, 3, 3)})
	a.Turn("e e search")
	require.True(t, b.BeginTurn("e e search"))
	assert.False(t, b.TickTurn())
	assert.Equal(t, 4, cog(b).X, "one tick: one step")
	assert.False(t, b.TickTurn())
	assert.True(t, b.TickTurn(), "the queue is empty after the third tick")
	assert.Equal(t, string(a.Observe()), string(b.Observe()))
}

func TestWizardModeReviveRestoresHPAndPlayGoesOn(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Cog: &sim.ScenarioCog{Nutrition: ptr(-199), HP: ptr(7)}})
	s.Turn("wait")
	require.True(t, s.Done())
	require.True(t, s.Revive())
	assert.False(t, s.Done())
	assert.Equal(t, 16, hp(s))
	assert.Equal(t, 500, nutrition(s).Value, "a starving cog is fed, as NetHack's savelife")
	s.Turn("e")
	assert.Equal(t, c.Pos{X: 6, Y: 3}, cog(s))

	s = start(t, 1, sim.Scenario{Map: withCog(hall, 5, 3), Clock: &sim.ScenarioClock{MaxTurns: 1}})
	s.Turn("wait")
	assert.False(t, s.Revive(), "the clock's end is not a death")
}
