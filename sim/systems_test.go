package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// row finds the system called name in table.
func row(t *testing.T, table []SystemInfo, name string) SystemInfo {
	t.Helper()
	for _, r := range table {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no system %q in %v", name, table)
	return SystemInfo{}
}

// TestSystemsTable: the table is the order of an episode's scheduler,
// and names who installed each system and what its Init asks for.
func TestSystemsTable(t *testing.T) {
	for _, cfg := range []Config{{}, {Mechanics: []string{"yellow-mold"}}, {Rules: "nethack"}, {Rules: "rogue"}} {
		table, err := Systems(cfg)
		require.NoError(t, err)
		s, err := New(cfg)
		require.NoError(t, err)
		var names []string
		for i, r := range table {
			names = append(names, r.Name)
			assert.Equal(t, i+1, r.Number)
			assert.Equal(t, s.Scheduler().Entries()[i].Final, r.Final, r.Name)
		}
		assert.Equal(t, s.Scheduler().Names(), names, "%+v", cfg)
	}

	table, err := Systems(Config{})
	require.NoError(t, err)
	input := row(t, table, "input")
	assert.Equal(t, Core, input.By)
	assert.Subset(t, input.Resources, []string{"streams", "level", "queue", "action", "intents", "events"})
	assert.Subset(t, input.Components, []string{"position", "health", "monster"})
	// A component an earlier system registered shows for a later one too.
	assert.Contains(t, row(t, table, "vision").Components, "position")
	assert.True(t, row(t, table, "level").Final)
	assert.False(t, row(t, table, "combat").Final)
}

// TestSystemsYellowMold is the example: sting right after
// combat, installed by yellow-mold, with what it reads.
func TestSystemsYellowMold(t *testing.T) {
	table, err := Systems(Config{Mechanics: []string{"yellow-mold"}})
	require.NoError(t, err)
	combat := row(t, table, "combat")
	sting := row(t, table, "sting")
	assert.Equal(t, combat.Number+1, sting.Number)
	assert.Equal(t, "yellow-mold", sting.By)
	assert.Equal(t, []string{"streams", "run", "log", "events", "yellow-mold.stings"}, sting.Resources[:5])
	assert.Contains(t, sting.Components, "yellow-mold.spores")
	assert.Contains(t, sting.Components, "health", "through systems.NewDeath")
}

// TestSystemsNethack: hunger replaced by nethack-hunger, melee-hunger
// right after combat.
func TestSystemsNethack(t *testing.T) {
	table, err := Systems(Config{Rules: "nethack"})
	require.NoError(t, err)
	hunger := row(t, table, "hunger")
	assert.Equal(t, Core, hunger.By)
	assert.Equal(t, "nethack-hunger", hunger.ReplacedBy)
	assert.Contains(t, hunger.Resources, "nethack.sleep", "the replacement's Init is read")
	melee := row(t, table, "melee-hunger")
	assert.Equal(t, "nethack-hunger", melee.By)
	assert.Equal(t, row(t, table, "combat").Number+1, melee.Number)
	assert.Equal(t, hunger.Resources, melee.Resources, "the two share a stomach: both show what it asks for")
	assert.Contains(t, melee.Components, "nutrition")
	assert.Equal(t, "nethack-choking", row(t, table, "choke").By)

	_, err = Systems(Config{Rules: "chess"})
	assert.Error(t, err)
}

// TestSystemsInvariants: with the checker on it is the last system, final.
func TestSystemsInvariants(t *testing.T) {
	table, err := Systems(Config{Invariants: true})
	require.NoError(t, err)
	last := table[len(table)-1]
	assert.Equal(t, "invariants", last.Name)
	assert.True(t, last.Final)
	assert.Equal(t, Core, last.By)
}
