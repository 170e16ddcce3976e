package scenario

import (
	"os"
	"path/filepath"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoTrapIsEverOnTheStairs: a scenario may not put one there, and
// generation never does (traps go on room floor only).
func TestNoTrapIsEverOnTheStairs(t *testing.T) {
	_, err := Parse([]byte(`{"map": ["", " -----", " |@.>|", " -----"], "traps": [{"at": [4, 2], "kind": "pit"}]}`))
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
		_, err := Parse([]byte(in))
		if assert.Error(t, err, in) {
			assert.Contains(t, err.Error(), want, in)
		}
	}
}

func TestLoadScenarioNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(filepath.Join(dir, "missing.json"))
	assert.ErrorContains(t, err, "missing.json")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"map": ["", " |Q@|"]}`), 0o644))
	_, err = Load(bad)
	assert.ErrorContains(t, err, "bad.json: map row 1 col 2")
	huge := filepath.Join(dir, "huge.json")
	require.NoError(t, os.WriteFile(huge, make([]byte, MaxBytes+10), 0o644))
	_, err = Load(huge)
	assert.ErrorContains(t, err, "larger than")
}
