package sim_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specExample is the scenario of §19 (docs/spec.md).
const specExample = `{
  "name": "eye-trap",
  "depth": 3,
  "seed": 11,
  "map": ["",
          " ------",
          " |.@.e|",
          " |....>",
          " ------"],
  "lit": true,
  "cog": {"hp": 10, "maxHp": 16, "nutrition": 160, "gold": 60, "xpPoints": 0,
          "inventory": [{"kind": "dagger", "wielded": true},
                        {"kind": "food ration"},
                        {"kind": "leather armour", "worn": true},
                        {"kind": "potion of healing", "count": 2}]},
  "monsters": [{"at": [4, 1], "species": "floating eye", "hp": 5}],
  "items": [{"at": [2, 2], "kind": "apple"}],
  "traps": [{"at": [3, 2], "kind": "pit", "hidden": true}],
  "clock": {"maxTurns": 55, "turnTicks": 40}
}`

func TestTheSpecExampleScenarioIsRefusedForItsWallMonster(t *testing.T) {
	// The example puts the eye at (4, 1), which its own map draws as wall.
	_, err := scenario.Parse([]byte(specExample))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "monsters[0].at: (4, 1) is wall")
	assert.Contains(t, err.Error(), "at is [x, y]: character x of map row y, row 0 the first string", "the message explains the coordinates")
}

// TestTheEyeTrapOfTheDocsStarts: scenarios/eye-trap.json, the spec's
// example corrected, loads and plays.
func TestTheEyeTrapOfTheDocsStarts(t *testing.T) {
	sc, err := scenario.Load("../scenarios/eye-trap.json")
	require.NoError(t, err)
	s, err := sim.New(sim.Config{Scenario: sc, Invariants: true})
	require.NoError(t, err)
	assert.Equal(t, " |%@.e|", line(s, 2)[:7], "apple, cog, floor over the hidden pit, the eye")
	assert.Equal(t, "Dlvl:3 $:60 HP:10(16) AC:7 Xp:1/0 T:0 Turn:0/55", statusLine(s))
	s.Turn("e")
	assert.Contains(t, message(s), "pit")
}

func TestAScenarioStartsItsEpisode(t *testing.T) {
	fixed := []byte(`{
  "name": "eye-trap", "depth": 3, "seed": 11,
  "map": ["", " ------", " |.@.e|", " |....>", " ------"],
  "cog": {"hp": 10, "nutrition": 160, "gold": 60,
          "inventory": [{"kind": "dagger", "wielded": true}, {"kind": "potion of healing", "count": 2}]},
  "monsters": [{"at": [4, 3], "species": "lichen", "hp": 3}],
  "items": [{"at": [2, 2], "kind": "apple"}],
  "traps": [{"at": [3, 3], "kind": "pit", "hidden": true}],
  "clock": {"maxTurns": 20, "turnTicks": 10}
}`)
	sc, err := scenario.Parse(fixed)
	require.NoError(t, err)
	s, err := sim.New(sim.Config{Scenario: sc})
	require.NoError(t, err)
	assert.Equal(t, uint64(11), s.Config().Seed, "the scenario's seed")
	assert.Equal(t, "Dlvl:3 $:60 HP:10(16) AC:9 Xp:1/0 T:0 Turn:0/20", statusLine(s))
	assert.Equal(t, " |%@.e|", line(s, 2)[:7], "apple, cog, floating eye by glyph")
	assert.Equal(t, " |..F.>", line(s, 3)[:7])
	assert.Equal(t, 10, s.State().Clock.TurnTicks)
	assert.Equal(t, "eye-trap", s.Result().Scenario)
	s.Turn("search*30")
	assert.Equal(t, 10, tick(s), "turnTicks 10")
}

func TestDescendingFromAScenarioContinuesIntoGeneratedLevels(t *testing.T) {
	s := start(t, 5, sim.Scenario{Map: put(withCog(hall, 5, 3), 6, 3, '>'), Depth: 4})
	s.Turn("e >")
	assert.Equal(t, 5, s.State().Level.Depth)
	assert.GreaterOrEqual(t, len(s.State().Level.Rooms), 2, "a generated level")
}

func TestScenarioGlyphsTakeTheFirstOfTheirTable(t *testing.T) {
	s := start(t, 1, sim.Scenario{Map: put(put(withCog(hall, 5, 3), 7, 3, 'r'), 3, 3, '!')})
	sp, ok := monsterAt(s, c.Pos{X: 7, Y: 3})
	require.True(t, ok)
	assert.Equal(t, "sewer rat", sp.Info().Name)
	s.Turn("w w ,")
	assert.Contains(t, message(s), "potion")
	assert.Equal(t, c.PotionHealing, inventory(s).Slots[3].Kind)
}

// TestACreatureOrAnItemMayStandInAPassableDoorway: a scenario puts the
// cog, a monster and an item in an open door, a broken door and a
// doorless doorway (issue 25: refused since "a door goes on an empty
// cell"), as NetHack's levels have them; the diagonal-doorway rule then
// holds the cog (§8). Shut, locked and secret doors stay refused there.
func TestACreatureOrAnItemMayStandInAPassableDoorway(t *testing.T) {
	m := []string{"", " ------", " |...@#", " |...x#", " --%---"}
	s := start(t, 1, sim.Scenario{Map: m, Doors: []sim.ScenarioThing{
		{At: []int{5, 2}, State: "open"}, {At: []int{5, 3}, State: "broken"}, {At: []int{3, 4}, State: "doorway"}}})
	e := s.State()
	assert.Equal(t, c.OpenDoor, e.Level.At(c.Pos{X: 5, Y: 2}))
	assert.Equal(t, c.BrokenDoor, e.Level.At(c.Pos{X: 5, Y: 3}))
	assert.Equal(t, c.Doorway, e.Level.At(c.Pos{X: 3, Y: 4}))
	assert.Equal(t, c.Pos{X: 5, Y: 2}, cog(s))
	_, ok := e.Level.Creatures.At(c.Pos{X: 5, Y: 3})
	assert.True(t, ok, "the grid bug in the broken door")
	assert.Equal(t, 1, e.Level.FloorItems.Count(c.Pos{X: 3, Y: 4}), "the food in the doorway")
	s.Turn("sw")
	assert.Contains(t, message(s), "You can't move diagonally out of an intact doorway.")
	assert.Equal(t, c.Pos{X: 5, Y: 2}, cog(s))
	for _, state := range []string{"closed", "locked", "secret"} {
		_, err := sim.New(sim.Config{Seed: 1, Scenario: &sim.Scenario{Map: m, Doors: []sim.ScenarioThing{{At: []int{5, 2}, State: state}}}})
		assert.ErrorContains(t, err, "doors[0].at: (5, 2) holds the cog on the map; a "+state+" door goes on an empty cell")
	}
}
