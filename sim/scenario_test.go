package sim_test

import (
	"os"
	"path/filepath"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/worldgen"
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
	_, err := sim.ParseScenario([]byte(specExample))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "monsters[0].at: (4, 1) is wall")
	assert.Contains(t, err.Error(), "at is [x, y]: character x of map row y, row 0 the first string", "the message explains the coordinates")
}

// TestTheEyeTrapOfTheDocsStarts: scenarios/eye-trap.json, the spec's
// example corrected, loads and plays.
func TestTheEyeTrapOfTheDocsStarts(t *testing.T) {
	sc, err := sim.LoadScenario("../scenarios/eye-trap.json")
	require.NoError(t, err)
	s, err := sim.New(sim.Config{Scenario: sc, Invariants: true})
	require.NoError(t, err)
	assert.Equal(t, " |%@.e|", line(s, 2)[:7], "apple, cog, floor over the hidden pit, the eye")
	assert.Equal(t, "Dlvl:3 $:60 HP:10(16) AC:7 Xp:1/0 T:0 Turn:0/55", statusLine(s))
	s.Turn("e")
	assert.Contains(t, message(s), "pit")
}

// TestNoTrapIsEverOnTheStairs: a scenario may not put one there, and
// generation never does (traps go on room floor only).
func TestNoTrapIsEverOnTheStairs(t *testing.T) {
	_, err := sim.ParseScenario([]byte(`{"map": ["", " -----", " |@.>|", " -----"], "traps": [{"at": [4, 2], "kind": "pit"}]}`))
	assert.ErrorContains(t, err, "traps[0].at: (4, 2) is the staircase; no trap may be placed on the stairs")
	var gen worldgen.Generator
	var lvl c.Level
	for seed := uint64(1); seed <= 60; seed++ {
		for depth := 1; depth <= 12; depth++ {
			for _, tr := range gen.Generate(seed, depth, &lvl).Traps {
				require.NotEqual(t, lvl.Stairs, tr.At, "seed %d depth %d", seed, depth)
			}
		}
	}
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
	sc, err := sim.ParseScenario(fixed)
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

func TestBadScenariosNameTheFieldAndTheReason(t *testing.T) {
	base := `"map": ["", " ----", " |@.|", " ----"]`
	cases := map[string]string{
		`{` + base + `, "bogus": 1}`:   `unknown field "bogus"`,
		`{` + base + `, "depth": 0.5}`: `field "depth"`,
		`{"map": []}`:                  "map: missing",
		`{"map": ["@"]}`:               "map row 0 col 0",
		`{"map": ["", " |..|"]}`:       "needs exactly one '@'",
		`{"map": ["", " |@@|"]}`:       "found 2",
		`{"map": ["", " |@Q|"]}`:       `unknown glyph 'Q'`,
		`{"map": ["", " |@é|"]}`:       `map row 1 col 3: unknown glyph 'é' (U+00E9)`,
		`{` + base + `, "depth": 99}`:  "depth: 99 is out of range",
		`{` + base + `, "monsters": [{"at": [3, 2], "species": "dragon"}]}`:                                                                    `monsters[0].species: unknown species "dragon"`,
		`{` + base + `, "monsters": [{"at": [9, 9], "species": "newt"}]}`:                                                                      "monsters[0].at: (9, 9) is solid rock",
		`{` + base + `, "monsters": [{"at": [2, 2], "species": "newt"}]}`:                                                                      "monsters[0]: (2, 2) is already occupied",
		`{"map": ["", " ------", " |@.r.|", " ------"], "monsters": [{"at": [4, 2], "species": "newt"}]}`:                                      "monsters[0]: (4, 2) is already occupied",
		`{"map": ["", " ------", " |@.r.|", " ------"], "monsters": [{"at": [5, 2], "species": "newt"}, {"at": [5, 2], "species": "jackal"}]}`: "monsters[1]: (5, 2) is already occupied",
		`{` + base + `, "monsters": [{"at": [3], "species": "newt"}]}`:                                                                         "monsters[0].at: want [x, y]",
		`{` + base + `, "items": [{"at": [3, 2], "kind": "wand"}]}`:                                                                            `items[0].kind: unknown item "wand"`,
		`{` + base + `, "items": [{"at": [99, 2], "kind": "apple"}]}`:                                                                          "off the 48 x 18 board",
		`{` + base + `, "items": [{"at": [3, 2], "kind": "apple"}, {"at": "x"}]}`:                                                              `field "items[1].at": expected []int, found string`,
		`{` + base + `, "cog": {"inventory": [{"kind": "apple", "count": "two"}]}}`:                                                            `field "cog.inventory[0].count": expected int`,
		`{` + base + `, "traps": [{"at": [3, 2], "kind": "bear trap"}]}`:                                                                       `traps[0].kind: unknown trap "bear trap"`,
		`{` + base + `, "cog": {"hp": 0}}`:                                                                                                     "cog.hp: 0, must be at least 1",
		`{` + base + `, "cog": {"hp": 20}}`:                                                                                                    "cog.hp: 20 is more than maxHp 16",
		`{` + base + `, "cog": {"gold": 9223372036854775807}}`:                                                                                 "cog.gold: 9223372036854775807 is out of range 0…1000000",
		`{` + base + `, "cog": {"xpPoints": 1000001}}`:                                                                                         "cog.xpPoints: 1000001 is out of range 0…1000000",
		`{` + base + `, "cog": {"maxHp": 4294967296}}`:                                                                                         "cog.maxHp: 4294967296 is out of range 1…1000000",
		`{` + base + `, "cog": {"inventory": [{"kind": "apple", "wielded": true}]}}`:                                                           "cog.inventory[0].wielded: apple is not a weapon",
		`{` + base + `, "cog": {"inventory": [{"kind": "dagger", "count": 2}]}}`:                                                               "cog.inventory[0].count: dagger never stacks",
		`{` + base + `, "items": [{"at": [3, 2], "kind": "plate mail", "count": 2}]}`:                                                          "items[0].count: plate mail never stacks (an entry for each)",
		`{` + base + `, "depth": 0}`:                                                                                                           "depth: 0 is out of range 1…",
		`{` + base + `, "clock": {"maxTurns": 0}}`:                                                                                             "clock.maxTurns: 0 is out of range 1…100000",
		`{` + base + `, "clock": {"turnTicks": 0}}`:                                                                                            "clock.turnTicks: 0 is out of range 1…40",
		`{` + base + `, "items": [{"at": [3, 2], "kind": "apple"}, {"at": [3, 2], "kind": "apple", "count": 0}]}`:                              "items[1].count: 0 is out of range 1…1000000",
		`{` + base + `, "cog": {"inventory": [{"kind": "apple", "count": 0}]}}`:                                                                "cog.inventory[0].count: 0 is out of range",
		`{` + base + `, "clock": {"turnTicks": 41}}`:                                                                                           "clock.turnTicks: 41 is out of range",
		`{` + base + `, "doors": [{"at": [9, 9], "state": "locked"}]}`:                                                                         "doors[0].at: (9, 9) is solid rock, not a wall, floor or door",
		`{` + base + `, "doors": [{"at": [1, 2], "state": "ajar"}]}`:                                                                           `doors[0].state: unknown door state "ajar"`,
		`{` + base + `, "doors": [{"at": [2, 2], "state": "secret"}]}`:                                                                         "doors[0].at: (2, 2) holds the cog on the map; a secret door goes on an empty cell",
		`{"map": ["", " ------", " |@.a|", " ------"], "doors": [{"at": [4, 2], "state": "closed"}]}`:                                          "doors[0].at: (4, 2) holds a monster on the map",
		`{"map": ["", " ------", " |@.%|", " ------"], "doors": [{"at": [4, 2], "state": "locked"}]}`:                                          "doors[0].at: (4, 2) holds an item on the map",
		`{"map": ["", " ------", " |@.^|", " ------"], "doors": [{"at": [4, 2], "state": "open"}]}`:                                            "doors[0].at: (4, 2) holds a trap on the map; a open door",
		`{"map": ["", " ------", " |@.^|", " ------"], "doors": [{"at": [4, 2], "state": "locked"}]}`:                                          "doors[0].at: (4, 2) holds a trap on the map",
		`{` + base + `} {}`: "trailing data",
		"{\n\"map\": [\n}":  "line 3: not valid JSON",
		"\x00\x01binary":    "not valid JSON",
		``:                  "not a scenario",
	}
	for in, want := range cases {
		_, err := sim.ParseScenario([]byte(in))
		if assert.Error(t, err, in) {
			assert.Contains(t, err.Error(), want, in)
		}
	}
}

func TestLoadScenarioNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	_, err := sim.LoadScenario(filepath.Join(dir, "missing.json"))
	assert.ErrorContains(t, err, "missing.json")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"map": ["", " |Q@|"]}`), 0o644))
	_, err = sim.LoadScenario(bad)
	assert.ErrorContains(t, err, "bad.json: map row 1 col 2")
	huge := filepath.Join(dir, "huge.json")
	require.NoError(t, os.WriteFile(huge, make([]byte, sim.MaxScenarioBytes+10), 0o644))
	_, err = sim.LoadScenario(huge)
	assert.ErrorContains(t, err, "larger than")
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
