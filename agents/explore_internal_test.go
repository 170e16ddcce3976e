package agents

import (
	"strings"
	"testing"

	"github.com/cogsim/cogsim/components"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// observe builds an observation from map rows (placed from the top-left,
// the rest rock), a message and a status line.
func observe(rows []string, msg, status string) []byte {
	var b strings.Builder
	for y := 0; y < boardH; y++ {
		row := ""
		if y < len(rows) {
			row = rows[y]
		}
		b.WriteString(row + strings.Repeat(" ", boardW-len(row)) + "\n")
	}
	b.WriteString(msg + "\n" + status)
	return []byte(b.String())
}

const fullStatus = "Dlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:0 Turn:0/55"

func TestStatusLineIsRead(t *testing.T) {
	var s status
	require.True(t, s.parse([]byte("Dlvl:2 $:37 HP:11(16) AC:7 Xp:1/9 T:341 Turn:10/55 Hungry Conf")))
	assert.Equal(t, status{depth: 2, gold: 37, hp: 11, maxHP: 16, ac: 7, xlevel: 1, xp: 9,
		tick: 341, turn: 10, maxTurns: 55, hunger: hungry, conf: true}, s)
	require.True(t, s.parse([]byte("Dlvl:1 $:0 HP:-2(16) AC:3 Xp:2/20 T:9 Turn:1/55 Fainting Para Stuck Trap")))
	assert.Equal(t, -2, s.hp)
	assert.True(t, s.para && s.stuck && s.trapped)
	assert.Equal(t, fainting, s.hunger)
	assert.False(t, s.parse([]byte("no status here")))
}

func TestInventoryFollowsListingsAndPickups(t *testing.T) {
	var v inventory
	v.reset()
	assert.Equal(t, 1, v.food(), "the starting food ration is b")

	v.read([]byte("d - a smoky potion."))
	assert.Equal(t, stack{row: &anyPotion, count: 1, unknown: true}, v.slots[3])
	assert.Equal(t, 3, v.unidentifiedPotion())

	listed := v.read([]byte("a - a dagger; b - 2 food rations; c - leather armour (being worn); " +
		"d - 2 potions of healing; e - a long sword (weapon in hand); f - an apple  The jackal bites!"))
	assert.True(t, listed)
	assert.Equal(t, 4, v.wielded)
	assert.Equal(t, 2, v.worn)
	assert.Equal(t, stack{row: components.PotionHealing.Info(), count: 2}, v.slots[3])
	assert.Equal(t, 5, v.food(), "the apple goes first")
	assert.Equal(t, 3, v.healingPotion())
	assert.Equal(t, -1, v.betterWeapon())

	v.read([]byte("g - plate mail."))
	assert.Equal(t, 6, v.betterArmour())

	v.read([]byte("a - a dagger (weapon in hand); b - a food ration"))
	assert.Equal(t, 0, v.wielded)
	assert.Equal(t, -1, v.worn)
	assert.Equal(t, stack{}, v.slots[6], "a full listing clears what it does not list")
}

func TestATruncatedListingKeepsTheRest(t *testing.T) {
	var v inventory
	v.reset()
	v.read([]byte("h - a mace."))
	msg := "a - a dagger (weapon in hand); b - a food ration; c - leather armour (being worn); d - a pink potion; " +
		"e - a ruby potion; f - a milky potion; g - a long sword; h - a ma"
	msg += strings.Repeat("x", 200-len(msg))
	v.read([]byte(msg))
	assert.Equal(t, components.Mace.Info(), v.slots[7].row, "the cut entry is not read")
	assert.Equal(t, components.LongSword.Info(), v.slots[6].row)
}

func TestPlansAreSpelledInTheGrammar(t *testing.T) {
	p := planner{prims: []prim{
		{op: opMove, d: 2}, {op: opMove, d: 2}, {op: opMove, d: 0}, {op: opSearch}, {op: opSearch}, {op: opSearch},
		{op: opKick, d: 2}, {op: opKick, d: 2}, {op: opEat, letter: 'b'}, {op: opPickup}, {op: opChat, d: 6},
		{op: opInventory}, {op: opDescend},
	}}
	assert.Equal(t, "j*2 e s*3 kick s kick s eat b pickup chat n i >", string(p.format(nil)))
}

func TestExploreFightsAnAdjacentMonster(t *testing.T) {
	x := NewExplore()
	reply := x.Reply(observe([]string{"", " -----", " |.@d|", " |...|", " -----"}, "", fullStatus))
	assert.True(t, strings.HasPrefix(reply, "e"), reply)
}

func TestExploreWalksAroundAFloatingEye(t *testing.T) {
	x := NewExplore()
	rows := []string{"", " -------", " |.@e.$|", " |.....|", " -------"}
	reply := x.Reply(observe(rows, "", "Dlvl:5 $:0 HP:16(16) AC:7 Xp:1/0 T:0 Turn:0/55"))
	assert.False(t, strings.HasPrefix(reply, "e"), reply)
	assert.Contains(t, reply, "pickup", "it still fetches the gold: %s", reply)
}

func TestExploreEatsWhenHungry(t *testing.T) {
	x := NewExplore()
	reply := x.Reply(observe([]string{"", " ----", " |@.|", " ----"}, "",
		"Dlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:760 Turn:20/55 Hungry"))
	assert.True(t, strings.HasPrefix(reply, "eat b"), reply)
}

func TestExploreGoesDownTheStairs(t *testing.T) {
	x := NewExplore()
	reply := x.Reply(observe([]string{"", " -----", " |@.>|", " -----"}, "", fullStatus))
	assert.Equal(t, "e*2 >", reply)
}

func TestExploreKicksALockedDoor(t *testing.T) {
	x := NewExplore()
	rows := []string{"", " ----", " |.@+", " ----"}
	x.Reply(observe(rows, "", fullStatus))
	reply := x.Reply(observe(rows, "This door is locked.", "Dlvl:1 $:0 HP:16(16) AC:7 Xp:1/0 T:1 Turn:1/55"))
	assert.True(t, strings.HasPrefix(reply, "kick e kick e"), reply)
}

func TestExplorePaysTheOracle(t *testing.T) {
	x := NewExplore()
	rows := []string{"", " -------", " |.@.O.|", " |.....|", " -------"}
	reply := x.Reply(observe(rows, "", "Dlvl:4 $:60 HP:16(16) AC:7 Xp:1/0 T:0 Turn:0/55"))
	assert.Regexp(t, `^(e chat e|se chat ne) `, reply)
}

func TestExploreSearchesWhenThereIsNothingLeft(t *testing.T) {
	x := NewExplore()
	reply := x.Reply(observe([]string{"", " ----", " |@.|", " |..|", " ----"}, "", fullStatus))
	assert.Equal(t, "se s*3", reply, "the walls against the board's edge hide nothing")
}
