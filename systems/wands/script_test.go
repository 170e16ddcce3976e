package wands_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/cogsim/cogsim/worldgen/script"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const wandRoom = `des.map(["------", "|@..>|", "|....|", "------"], at=(2, 2))
des.wand(kind="digging", at=(4, 3))
des.wand(where=des.region(3, 4, 6, 4))
`

func TestDesWandMakesAWandAsGenerated(t *testing.T) {
	sc, err := script.Compile("wand.star", []byte(wandRoom))
	require.NoError(t, err)
	env := script.Env{Mechanics: []string{wands.Name}}
	kinds := map[c.ItemKind]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		b, err := sc.Build(seed, 1, env)
		require.NoError(t, err)
		require.Len(t, b.Items, 2)
		dig := b.Items[0]
		assert.Equal(t, wands.ItemKinds[wands.Digging], dig.Stack.Kind)
		assert.Equal(t, c.Pos{X: 4, Y: 3}, dig.At)
		assert.GreaterOrEqual(t, dig.Stack.Spe, int32(4), "charges as generated")
		assert.LessOrEqual(t, dig.Stack.Spe, int32(8))
		assert.Equal(t, 4, b.Items[1].At.Y)
		kinds[b.Items[1].Stack.Kind] = true
	}
	assert.Len(t, kinds, int(wands.NumKinds), "a random wand is of every kind over the seeds")

	_, err = sc.Build(1, 1, script.Env{})
	assert.ErrorContains(t, err, "wand.star:2:", "without the mechanic des.wand is not there")
	bad, err := script.Compile("bad.star", []byte(`des.wand(kind="fire", at=(3, 3))`))
	require.NoError(t, err)
	_, err = bad.Build(1, 1, env)
	assert.ErrorContains(t, err, `bad.star:1:9: des.wand: kind "fire" is not a wand`)
}

// TestDesItemGivesAWandItsCharges (§39.5): des.item of a wand without
// spe= gets its charges as generated; with spe= it keeps them, 0
// included; an apple draws nothing and stays at 0.
func TestDesItemGivesAWandItsCharges(t *testing.T) {
	src := `des.map(["------", "|@..>|", "|....|", "------"], at=(2, 2))
des.item(kind="wand of create monster", at=(4, 3))
des.item(kind="wand of striking", at=(5, 3), spe=0)
des.item(kind="apple", at=(6, 3))
`
	sc, err := script.Compile("items.star", []byte(src))
	require.NoError(t, err)
	for seed := uint64(1); seed <= 30; seed++ {
		b, err := sc.Build(seed, 1, script.Env{Mechanics: []string{wands.Name}})
		require.NoError(t, err)
		require.Len(t, b.Items, 3)
		assert.GreaterOrEqual(t, b.Items[0].Stack.Spe, int32(11), "create monster: 11…15")
		assert.LessOrEqual(t, b.Items[0].Stack.Spe, int32(15))
		assert.Zero(t, b.Items[1].Stack.Spe, "spe=0 given")
		assert.Zero(t, b.Items[2].Stack.Spe)
	}
}
