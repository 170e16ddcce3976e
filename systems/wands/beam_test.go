package wands_test

import (
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems/wands"
	"github.com/cogsim/cogsim/worldgen"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seedFor finds a seed whose stream "t" first draws rn2(n) == k: a range
// the test knows.
func seedFor(t *testing.T, n, k int) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 10000; seed++ {
		if ecs.NewStream(seed, "t").Rn2(n) == k {
			return seed
		}
	}
	t.Fatalf("no seed draws %d of %d", k, n)
	return 0
}

// boltRow is a level whose row 1 is floor from x = 1 on, with monsters at
// the given distances east of (1, 1), and terrain at other distances.
func boltRow(w *arche.World, monsters []int, terrain map[int]c.Terrain) (*c.Level, map[arche.Entity]int) {
	lvl := &c.Level{}
	for x := 1; x < c.W-1; x++ {
		lvl.Terrain[c.Pos{X: x, Y: 1}.Index()] = c.Floor
	}
	for d, t := range terrain {
		lvl.Terrain[c.Pos{X: 1 + d, Y: 1}.Index()] = t
	}
	at := map[arche.Entity]int{}
	for _, d := range monsters {
		e := w.NewEntity()
		lvl.Creatures.Put(c.Pos{X: 1 + d, Y: 1}, e, 'd')
		at[e] = d
	}
	return lvl, at
}

// bolt fires a bolt of range r (6…13) east from (1, 1) and returns the
// distances of the monsters it hit, in order, and the count it met.
func bolt(t *testing.T, r int, monsters []int, terrain map[int]c.Terrain) ([]int, int) {
	t.Helper()
	w := arche.NewWorld()
	lvl, at := boltRow(&w, monsters, terrain)
	var hit []int
	met := wands.Bolt(lvl, c.Pos{X: 1, Y: 1}, c.East, ecs.NewStream(seedFor(t, 8, r-6), "t"),
		func(m arche.Entity) { hit = append(hit, at[m]) })
	return hit, met
}

// TestTheBoltCostsOneACellAndThreeAMonster: range r reaches exactly r
// cells; a monster there costs 3 more and the bolt goes on.
func TestTheBoltCostsOneACellAndThreeAMonster(t *testing.T) {
	for r := 6; r <= 13; r++ {
		hit, met := bolt(t, r, []int{r}, nil)
		assert.Equal(t, []int{r}, hit, "range %d reaches its last cell", r)
		assert.Equal(t, 1, met)
		hit, _ = bolt(t, r, []int{r + 1}, nil)
		assert.Empty(t, hit, "range %d stops before cell %d", r, r+1)

		// After a monster on cell 1 (1 + 3), cell k costs 1 each: the
		// last reached is r − 3.
		hit, met = bolt(t, r, []int{1, r - 3}, nil)
		assert.Equal(t, []int{1, r - 3}, hit, "range %d", r)
		assert.Equal(t, 2, met)
		hit, _ = bolt(t, r, []int{1, r - 2}, nil)
		assert.Equal(t, []int{1}, hit, "range %d: cell %d is out of reach past a monster", r, r-2)

		if r >= 9 { // two monsters on cells 1 and 2 cost 8: the last reached is r − 6
			hit, _ = bolt(t, r, []int{1, 2, r - 6}, nil)
			assert.Equal(t, []int{1, 2, r - 6}, hit, "range %d", r)
			hit, _ = bolt(t, r, []int{1, 2, r - 5}, nil)
			assert.Equal(t, []int{1, 2}, hit, "range %d", r)
		}
	}
}

func TestTheBoltStopsBeforeWallsRockAndShutDoors(t *testing.T) {
	for _, ter := range []c.Terrain{c.VWall, c.HWall, c.Rock, c.ClosedDoor, c.LockedDoor, c.SecretDoorV, c.SecretDoorH} {
		hit, met := bolt(t, 13, []int{4}, map[int]c.Terrain{3: ter})
		assert.Empty(t, hit, "%s stops the bolt", ter.Name())
		assert.Zero(t, met)
	}
	for _, ter := range []c.Terrain{c.Doorway, c.OpenDoor, c.BrokenDoor, c.Corridor, c.Stairs, c.Lava} {
		hit, _ := bolt(t, 13, []int{4}, map[int]c.Terrain{3: ter})
		assert.Equal(t, []int{4}, hit, "the bolt passes %s", ter.Name())
	}
	w := arche.NewWorld()
	lvl, _ := boltRow(&w, nil, map[int]c.Terrain{3: c.ClosedDoor})
	wands.Bolt(lvl, c.Pos{X: 1, Y: 1}, c.East, ecs.NewStream(1, "t"), func(arche.Entity) {})
	assert.Equal(t, c.ClosedDoor, lvl.At(c.Pos{X: 4, Y: 1}), "doors are not affected")
}

// TestTheBoltsRangeIsSixToThirteen: over many streams every range 6…13
// occurs, never more or less.
func TestTheBoltsRangeIsSixToThirteen(t *testing.T) {
	seen := map[int]int{}
	for seed := uint64(1); seed <= 2000; seed++ {
		seen[wands.BoltRange(ecs.NewStream(seed, "t"))]++
	}
	assert.Len(t, seen, 8)
	for r := 6; r <= 13; r++ {
		assert.InDelta(t, 250, seen[r], 60, "range %d", r)
	}
}

// digRow is a level with a lit room interior x 2…4 on row 2 (walls
// around), rock east to the border, and terrain at given x on row 2.
func digRow(terrain map[int]c.Terrain) *c.Level {
	lvl := &c.Level{Rooms: []c.Room{{Interior: c.Rect{X0: 2, Y0: 2, X1: 4, Y1: 2}, Lit: true}}}
	for x := 1; x <= 5; x++ {
		lvl.Terrain[c.Pos{X: x, Y: 1}.Index()] = c.HWall
		lvl.Terrain[c.Pos{X: x, Y: 3}.Index()] = c.HWall
	}
	lvl.Terrain[c.Pos{X: 1, Y: 2}.Index()] = c.VWall
	lvl.Terrain[c.Pos{X: 5, Y: 2}.Index()] = c.VWall
	for x := 2; x <= 4; x++ {
		lvl.Terrain[c.Pos{X: x, Y: 2}.Index()] = c.Floor
		lvl.RoomOf[c.Pos{X: x, Y: 2}.Index()] = 1
	}
	for x, t := range terrain {
		lvl.Terrain[c.Pos{X: x, Y: 2}.Index()] = t
	}
	worldgen.AssignComponents(lvl)
	return lvl
}

func row(lvl *c.Level, y int) string {
	b := make([]byte, c.W)
	for x := range c.W {
		b[x] = lvl.At(c.Pos{X: x, Y: y}).Glyph()
	}
	return string(b)
}

// TestDiggingAcross: each cell costs 1, a wall or a shut door 2 more and
// becomes a doorway, rock becomes corridor, the border stops it; the
// components follow.
func TestDiggingAcross(t *testing.T) {
	// From (3, 2) east with range 8: (4) floor 7, (5) wall 4, (6…9) rock 0.
	lvl := digRow(nil)
	n := wands.Dig(lvl, c.Pos{X: 3, Y: 2}, c.East, ecs.NewStream(seedFor(t, 18, 0), "t"))
	assert.Equal(t, 5, n)
	assert.Equal(t, " |....####"+spaces(c.W-10), row(lvl, 2))
	assert.Equal(t, lvl.Component[c.Pos{X: 3, Y: 2}.Index()], lvl.Component[c.Pos{X: 5, Y: 2}.Index()],
		"the dug wall is a doorway of the room")
	corr := lvl.Component[c.Pos{X: 6, Y: 2}.Index()]
	assert.NotZero(t, corr)
	assert.NotEqual(t, lvl.Component[c.Pos{X: 3, Y: 2}.Index()], corr, "the new corridor is a component of its own")
	assert.Equal(t, corr, lvl.Component[c.Pos{X: 9, Y: 2}.Index()])

	// Doors of every shut kind cost like walls; open ones are passed.
	for _, door := range []c.Terrain{c.ClosedDoor, c.LockedDoor, c.SecretDoorV} {
		lvl = digRow(map[int]c.Terrain{5: door})
		wands.Dig(lvl, c.Pos{X: 3, Y: 2}, c.East, ecs.NewStream(seedFor(t, 18, 0), "t"))
		assert.Equal(t, " |....####"+spaces(c.W-10), row(lvl, 2), door.Name())
	}
	for _, door := range []c.Terrain{c.OpenDoor, c.BrokenDoor, c.Doorway} {
		lvl = digRow(map[int]c.Terrain{5: door})
		wands.Dig(lvl, c.Pos{X: 3, Y: 2}, c.East, ecs.NewStream(seedFor(t, 18, 0), "t"))
		assert.Equal(t, door, lvl.At(c.Pos{X: 5, Y: 2}), "passed")
		assert.Equal(t, c.Corridor, lvl.At(c.Pos{X: 11, Y: 2}), "%s costs 1: range 8 digs to x 11", door.Name())
		assert.Equal(t, c.Rock, lvl.At(c.Pos{X: 12, Y: 2}))
	}

	// Range 25 from x 3: 24 at x 4, 21 at the wall, then rock to x 25;
	// westward the border column stops it.
	lvl = digRow(nil)
	wands.Dig(lvl, c.Pos{X: 3, Y: 2}, c.East, ecs.NewStream(seedFor(t, 18, 17), "t"))
	assert.Equal(t, c.Corridor, lvl.At(c.Pos{X: 26, Y: 2}))
	assert.Equal(t, c.Rock, lvl.At(c.Pos{X: 27, Y: 2}))
	lvl = digRow(nil)
	wands.Dig(lvl, c.Pos{X: 2, Y: 2}, c.West, ecs.NewStream(seedFor(t, 18, 17), "t"))
	assert.Equal(t, c.Doorway, lvl.At(c.Pos{X: 1, Y: 2}))
	assert.Equal(t, c.Rock, lvl.At(c.Pos{X: 0, Y: 2}), "the outermost column stops it")
	lvl = digRow(nil)
	wands.Dig(lvl, c.Pos{X: 3, Y: 2}, c.North, ecs.NewStream(seedFor(t, 18, 17), "t"))
	assert.Equal(t, c.Doorway, lvl.At(c.Pos{X: 3, Y: 1}))
	assert.Equal(t, c.Rock, lvl.At(c.Pos{X: 3, Y: 0}), "the outermost row stops it")
}

func spaces(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = ' '
	}
	return string(b)
}

func TestTheDiggingRangeIsEightToTwentyFive(t *testing.T) {
	seen := map[int]bool{}
	for seed := uint64(1); seed <= 2000; seed++ {
		seen[wands.DigRange(ecs.NewStream(seed, "t"))] = true
	}
	for r := 8; r <= 25; r++ {
		assert.True(t, seen[r], "range %d", r)
	}
	assert.Len(t, seen, 18)
}

// TestCharges: a charge a zap; at 0 one zap in 121 wrests a last one;
// below 0 nothing, and the wand is dust.
func TestCharges(t *testing.T) {
	rng := ecs.NewStream(1, "t")
	spe := int32(2)
	fire, dust, msg := wands.UseCharge(&spe, rng)
	assert.True(t, fire)
	assert.False(t, dust)
	assert.Empty(t, msg)
	assert.Equal(t, int32(1), spe)
	before, _ := rng.MarshalBinary()
	wands.UseCharge(&spe, rng)
	after, _ := rng.MarshalBinary()
	assert.Equal(t, before, after, "no draw while charges last")

	wrests := 0
	const trials = 121 * 300
	for seed := uint64(1); seed <= trials; seed++ {
		spe := int32(0)
		fire, dust, msg := wands.UseCharge(&spe, ecs.NewStream(seed, "t"))
		if fire {
			wrests++
			require.Equal(t, wands.MsgWrest, msg)
			require.True(t, dust, "a wrested wand turns to dust")
			require.Equal(t, int32(-1), spe)
		} else {
			require.Equal(t, wands.MsgNothing, msg)
			require.False(t, dust)
			require.Equal(t, int32(0), spe)
		}
	}
	assert.InDelta(t, 300, wrests, 60, "1 in 121: 300 ± 3.5 sd of %d zaps", trials)

	spe = -1
	fire, dust, msg = wands.UseCharge(&spe, rng)
	assert.False(t, fire)
	assert.True(t, dust)
	assert.Equal(t, wands.MsgNothing, msg)
	assert.Equal(t, int32(-1), spe)
}

func TestInitialCharges(t *testing.T) {
	for k := wands.Kind(0); k < wands.NumKinds; k++ {
		lo, hi := int32(4), int32(8)
		if k == wands.CreateMonster {
			lo, hi = 11, 15
		}
		seen := map[int32]bool{}
		for seed := uint64(1); seed <= 500; seed++ {
			n := wands.InitialCharges(ecs.NewStream(seed, "t"), k)
			require.True(t, n >= lo && n <= hi, "%s: %d", k, n)
			seen[n] = true
		}
		assert.Len(t, seen, 5, k.String())
	}
}

func TestSlowSpeed(t *testing.T) {
	for speed, slow := range map[int]int{12: 8, 6: 4, 9: 6, 10: 7, 18: 12, 8: 5, 1: 1, 0: 0} {
		assert.Equal(t, slow, wands.SlowSpeed(speed), "speed %d", speed)
	}
}
