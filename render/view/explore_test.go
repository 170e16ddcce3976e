package view_test

import (
	"fmt"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The auto-explore of issue 39: through the doors it opens, past the
// Oracle, to every cell a level lets it reach without searching or
// kicking.

// doorBetween: two lit rooms joined by a closed door, a corridor cell
// and another closed door; the cog in the west room.
var doorBetween = []string{
	"",
	" ----------- ------",
	" |.........| |....|",
	" |..@......+#+....|",
	" |.........| |....|",
	" ----------- ------",
}

// exploreUntilDone presses x until auto-explore says it is done (or
// refuses, or the game ends), settling each time, and returns each
// stop's activity row.
func exploreUntilDone(t *testing.T, p *view.Play) []string {
	t.Helper()
	var stops []string
	for i := 0; i < 200 && !p.Sim.Done(); i++ {
		press(t, p, "x")
		if !p.Busy() {
			stops = append(stops, p.Message())
			break
		}
		settle(t, p)
		stops = append(stops, p.Activity())
		if strings.HasPrefix(p.Activity(), "Done exploring.") {
			break
		}
	}
	return stops
}

// TestAutoExploreOpensADoorAndGoesThrough (issue 39, 1): the door it
// opens does not stop it.
func TestAutoExploreOpensADoorAndGoesThrough(t *testing.T) {
	s, sp := spied(t, sim.Scenario{Map: doorBetween})
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "x")
	require.True(t, p.Busy())
	settle(t, p)
	assert.True(t, strings.HasPrefix(p.Activity(), "Done exploring."), p.Activity())
	l := s.State().Level
	for _, q := range []c.Pos{{X: 11, Y: 3}, {X: 13, Y: 3}} {
		assert.Equal(t, c.OpenDoor, l.Terrain[q.Index()], "the door at %v is opened", q)
	}
	for y := 2; y <= 4; y++ {
		for x := 14; x <= 17; x++ {
			assert.Equal(t, byte('.'), l.MemTerrain[(c.Pos{X: x, Y: y}).Index()], "the east room's floor (%d, %d) is seen", x, y)
		}
	}
	assert.Greater(t, len(sp.seen), 8, "it walked there")
	for _, prim := range sp.seen {
		assert.Equal(t, c.OpMove, prim.Op)
	}
}

// withoutMonsters removes every monster from the level but the peaceful
// ones (the Oracle), and the teleport traps, which could carry the cog
// to a part of the level it cannot walk back from.
func withoutMonsters(s *sim.Sim) {
	e := s.State()
	for y := 0; y < c.H; y++ {
		for x := 0; x < c.W; x++ {
			q := c.Pos{X: x, Y: y}
			if m, ok := e.Level.Creatures.At(q); ok && m != e.Run.Cog && !e.Monster.Get(m).Species.Info().Has(c.Peaceful) {
				e.RemoveMonster(m)
			}
		}
	}
	e.Level.ClearTraps()
	for _, tr := range e.Traps(nil) {
		if e.Trap.Get(tr).Kind.Info().Teleport {
			e.W.RemoveEntity(tr)
		} else {
			e.Level.PutTrap(*e.Pos.Get(tr))
		}
	}
}

// gameAtDepth is seed's game with the cog on a level of depth (taken
// down as the stairs take it: the level system's descent).
func gameAtDepth(t *testing.T, seed uint64, depth int) *sim.Sim {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: seed})
	require.NoError(t, err)
	for s.State().Level.Depth < depth {
		s.State().Run.Descend = true
		s.Step(c.Primitive{Op: c.OpWait})
		require.False(t, s.Done())
	}
	return s
}

// reachableCells are the floor, door, corridor and stairs cells of the
// level that the cog can walk to from its cell without searching (a
// secret door is a wall) or kicking (a locked door is shut for good):
// the true terrain, a closed door opened by a step, no diagonal step
// into or out of a door.
func reachableCells(l *c.Level, from c.Pos) []c.Pos {
	walk := func(t c.Terrain) bool { return t.Walkable() || t == c.ClosedDoor }
	door := func(t c.Terrain) bool { return t == c.OpenDoor || t == c.ClosedDoor }
	seen := map[c.Pos]bool{from: true}
	queue := []c.Pos{from}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, d := range c.Dirs {
			q := cur.Add(d)
			if !q.In() || seen[q] || !walk(l.Terrain[q.Index()]) {
				continue
			}
			if d.Diagonal() && (door(l.Terrain[q.Index()]) || door(l.Terrain[cur.Index()])) {
				continue
			}
			seen[q] = true
			queue = append(queue, q)
		}
	}
	out := make([]c.Pos, 0, len(seen))
	for i := range l.Terrain {
		if q := c.PosOf(i); seen[q] {
			out = append(out, q)
		}
	}
	return out
}

// exploreLevel takes seed's game to a level of depth, clears it of
// hostile monsters and teleport traps, and presses x until auto-explore
// is done: the game, its play, the cells the cog could reach from its
// arrival, and each stop's reason.
func exploreLevel(t *testing.T, seed uint64, depth int) (*sim.Sim, *view.Play, []c.Pos, []string) {
	t.Helper()
	s := gameAtDepth(t, seed, depth)
	withoutMonsters(s)
	want := reachableCells(s.State().Level, s.State().CogPos())
	p := view.NewPlay(s, view.PlayOptions{})
	return s, p, want, exploreUntilDone(t, p)
}

// exploreStop is a reason auto-explore names for stopping: it is done,
// an item lies underfoot, the cog was hurt or the tick said something
// (a trap).
func exploreStop(why string) bool {
	for _, ok := range []string{"Done exploring.", "Stopped: you were hurt.", "Stopped: You fall into a pit!", "Stopped: You are still in a pit."} {
		if strings.HasPrefix(why, ok) {
			return true
		}
	}
	// "Stopped: a dagger.": an item underfoot (not gold, which it picks up).
	return strings.HasPrefix(why, "Stopped: ") && strings.HasSuffix(why, ".") && !strings.Contains(why, "gold piece") &&
		!strings.Contains(why, "blocked") && !strings.Contains(why, "comes into view")
}

// TestAutoExploreSeesEveryReachableCell (issue 39): on seeds 1-50 at
// depths 1-3, x pressed until it is done sees every floor, door,
// corridor and stairs cell the cog can reach from where it arrived
// without searching or kicking, and each stop is for a reason it names.
func TestAutoExploreSeesEveryReachableCell(t *testing.T) {
	cells, presses, hinted := 0, 0, 0
	defer func() {
		t.Logf("%d cells seen, %d presses of x, %d levels with the hint to search", cells, presses, hinted)
	}()
	for seed := uint64(1); seed <= 50; seed++ {
		for depth := 1; depth <= 3; depth++ {
			s, _, want, stops := exploreLevel(t, seed, depth)
			l := s.State().Level
			where := fmt.Sprintf("seed %d depth %d", seed, depth)
			require.False(t, s.Done(), "%s: the game ended (%v)", where, s.Result().Cause)
			require.Equal(t, depth, l.Depth, "%s: still on the level", where)
			require.NotEmpty(t, stops)
			assert.True(t, strings.HasPrefix(stops[len(stops)-1], "Done exploring."), "%s: %q", where, stops)
			for _, why := range stops {
				assert.True(t, exploreStop(why), "%s: stopped for %q", where, why)
			}
			var unseen []c.Pos
			for _, q := range want {
				if l.MemTerrain[q.Index()] == 0 {
					unseen = append(unseen, q)
				}
			}
			assert.Empty(t, unseen, "%s: cells it could reach and never saw", where)
			cells, presses = cells+len(want), presses+len(stops)
			if _, ok := stairsKnown(l); !ok {
				assert.Contains(t, stops[len(stops)-1], "search", "%s: a hint when the way down is unknown", where)
				hinted++
			}
		}
	}
}

func stairsKnown(l *c.Level) (c.Pos, bool) {
	return l.Stairs, l.MemTerrain[l.Stairs.Index()] == '>'
}

// TestAutoExploreExploresTheOracleLevel (issue 39, 2): the Oracle is
// peaceful: explore starts and goes on with her in view, and sees her
// whole level.
func TestAutoExploreExploresTheOracleLevel(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 60 && found < 3; seed++ {
		depth := worldgen.Plan(seed).OracleDepth
		if depth > 3 {
			continue
		}
		found++
		s, p, want, stops := exploreLevel(t, seed, depth)
		l := s.State().Level
		assert.True(t, strings.HasPrefix(stops[len(stops)-1], "Done exploring."), "seed %d: %q", seed, stops)
		sawOracle := false
		for _, q := range want {
			assert.NotZero(t, l.MemTerrain[q.Index()], "seed %d: (%d, %d) is seen", seed, q.X, q.Y)
		}
		for i := range l.Terrain {
			if m, ok := l.Creatures.At(c.PosOf(i)); ok && s.State().Monster.Has(m) && s.State().Monster.Get(m).Species == c.Oracle {
				sawOracle = l.MemTerrain[i] != 0
				if s.State().Vision.Contains(c.PosOf(i)) {
					assert.Equal(t, "an Oracle", p.Describe(c.PosOf(i)), "seed %d", seed)
				}
			}
		}
		assert.True(t, sawOracle, "seed %d: her room is explored", seed)
	}
	require.Equal(t, 3, found, "three Oracle levels at depth 3")
}
