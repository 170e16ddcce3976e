package worldgen

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// soakSeeds is how many seeds each depth of the soak and the statistics
// covers.
func soakSeeds() uint64 {
	if testing.Short() {
		return 100
	}
	return 500
}

const soakDepths = 12

// eachLevel generates depths 1…soakDepths for soakSeeds seeds with one
// reused Generator and calls f on each level.
func eachLevel(t testing.TB, f func(seed uint64, depth int, g *Generator, lvl *components.Level, pop *Population)) {
	t.Helper()
	var g Generator
	var lvl components.Level
	for seed := range soakSeeds() {
		for depth := 1; depth <= soakDepths; depth++ {
			pop := g.Generate(seed, depth, &lvl)
			f(seed, depth, &g, &lvl, pop)
		}
	}
}

// TestGenerationSoak checks the invariants of §17 and the population rules
// of §9–§11 on every depth of many seeds (harmonist's TestInitLevel).
func TestGenerationSoak(t *testing.T) {
	bad := 0
	eachLevel(t, func(seed uint64, depth int, _ *Generator, lvl *components.Level, pop *Population) {
		oracle := depth == Plan(seed).OracleDepth
		for _, p := range levelProblems(lvl, pop, oracle) {
			if bad < 20 {
				t.Errorf("seed %d depth %d: %s", seed, depth, p)
			}
			bad++
		}
		if bad > 0 && bad <= 20 {
			t.Logf("seed %d depth %d:\n%s", seed, depth, Reveal(lvl, pop, true))
		}
	})
	assert.Zero(t, bad, "problems found")
}

// levelProblems lists every broken invariant of a generated level.
func levelProblems(lvl *components.Level, pop *Population, oracle bool) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	at := func(p components.Pos) components.Terrain { return lvl.Terrain[p.Index()] }

	// The border ring is rock.
	for i := range lvl.Terrain {
		p := components.PosOf(i)
		if (p.X == 0 || p.Y == 0 || p.X == components.W-1 || p.Y == components.H-1) && lvl.Terrain[i] != components.Rock {
			fail("border cell %v is %s", p, lvl.Terrain[i].Name())
		}
	}

	// Rooms: count, sizes, order, gaps, walls, floors.
	n := len(lvl.Rooms)
	if n < 2 || n > maxRooms {
		fail("%d rooms", n)
	}
	var inWalls [components.N]int // 1 + the room whose wall rectangle holds the cell
	for i, r := range lvl.Rooms {
		in, w := r.Interior, grow(r.Interior, 1)
		if width(in) < minInteriorW || width(in) > maxInteriorW || height(in) < minInteriorH || height(in) > maxInteriorH {
			fail("room %d interior %v out of size", i, in)
		}
		if !contains(wallArea, w) {
			fail("room %d walls %v touch the border", i, w)
		}
		if i > 0 && lvl.Rooms[i-1].Interior.X0 > in.X0 {
			fail("rooms %d and %d not sorted by left edge", i-1, i)
		}
		for j := i + 1; j < n; j++ {
			gap := components.Rect{X0: w.X0 - roomGapX, Y0: w.Y0 - roomGapY, X1: w.X1 + roomGapX, Y1: w.Y1 + roomGapY}
			if intersects(gap, grow(lvl.Rooms[j].Interior, 1)) {
				fail("rooms %d %v and %d %v closer than the gap", i, in, j, lvl.Rooms[j].Interior)
			}
		}
		lava := 0
		for y := w.Y0; y <= w.Y1; y++ {
			for x := w.X0; x <= w.X1; x++ {
				p := components.Pos{X: x, Y: y}
				inWalls[p.Index()] = i + 1
				t := at(p)
				corner := (x == w.X0 || x == w.X1) && (y == w.Y0 || y == w.Y1)
				horizontal := y == w.Y0 || y == w.Y1
				vertical := x == w.X0 || x == w.X1
				switch {
				case corner:
					if t != components.HWall {
						fail("room %d corner %v is %s", i, p, t.Name())
					}
				case horizontal:
					if t != components.HWall && t != components.SecretDoorH && !visibleDoor(t) {
						fail("room %d top/bottom wall %v is %v", i, p, t)
					}
				case vertical:
					if t != components.VWall && t != components.SecretDoorV && !visibleDoor(t) {
						fail("room %d side wall %v is %v", i, p, t)
					}
				default:
					if t != components.Floor && t != components.Lava && t != components.Stairs {
						fail("room %d floor %v is %s", i, p, t.Name())
					}
					if lvl.RoomOf[p.Index()] != uint8(i+1) {
						fail("RoomOf %v = %d, want %d", p, lvl.RoomOf[p.Index()], i+1)
					}
					if t == components.Lava {
						lava++
					}
				}
				if (horizontal || vertical) && lvl.RoomOf[p.Index()] != 0 {
					fail("wall cell %v has RoomOf %d", p, lvl.RoomOf[p.Index()])
				}
			}
		}
		// Lava: 0 or 2…4 cells from depth 4 on, none in the Oracle's room,
		// at least two dry cells, and every door's inner cell dry.
		switch {
		case lava != 0 && lvl.Depth < 4: // §17: lava from depth 4
			fail("room %d has lava at depth %d", i, lvl.Depth)
		case lava != 0 && oracle && in == oracleInterior:
			fail("the Oracle's room has lava")
		case lava == 1 || lava > 4:
			fail("room %d has %d lava cells", i, lava)
		case width(in)*height(in)-lava < minDryFloor:
			fail("room %d keeps %d dry cells", i, width(in)*height(in)-lava)
		}
		for y := in.Y0; y <= in.Y1; y++ {
			if at(components.Pos{X: w.X0, Y: y}).IsDoor() && at(components.Pos{X: in.X0, Y: y}) == components.Lava ||
				at(components.Pos{X: w.X1, Y: y}).IsDoor() && at(components.Pos{X: in.X1, Y: y}) == components.Lava {
				fail("room %d: lava inside a door in row %d", i, y)
			}
		}
		for x := in.X0; x <= in.X1; x++ {
			if at(components.Pos{X: x, Y: w.Y0}).IsDoor() && at(components.Pos{X: x, Y: in.Y0}) == components.Lava ||
				at(components.Pos{X: x, Y: w.Y1}).IsDoor() && at(components.Pos{X: x, Y: in.Y1}) == components.Lava {
				fail("room %d: lava inside a door in column %d", i, x)
			}
		}
	}
	// Outside the rooms' walls only rock and corridor; doors only in walls.
	stairs := 0
	for i, t := range lvl.Terrain {
		p := components.PosOf(i)
		if inWalls[i] == 0 {
			if t != components.Rock && t != components.Corridor {
				fail("%v outside every room is %s", p, t.Name())
			}
			if lvl.RoomOf[i] != 0 {
				fail("%v outside every room has RoomOf %d", p, lvl.RoomOf[i])
			}
		}
		if t == components.Stairs {
			stairs++
		}
		if t == components.BrokenDoor {
			fail("broken door %v generated", p)
		}
	}

	// Stairs and arrival.
	if stairs != 1 || at(lvl.Stairs) != components.Stairs {
		fail("%d staircases, Stairs %v is %s", stairs, lvl.Stairs, at(lvl.Stairs).Name())
	}
	sr, ar := lvl.RoomAt(lvl.Stairs), lvl.RoomAt(lvl.Arrival)
	if at(lvl.Arrival) != components.Floor || ar < 0 || sr < 0 || ar == sr {
		fail("arrival %v (%s, room %d) and stairs room %d", lvl.Arrival, at(lvl.Arrival).Name(), ar, sr)
	}
	if !Reachable(lvl, lvl.Arrival, lvl.Stairs) {
		fail("stairs unreachable from the arrival cell")
	}
	// All rooms mutually reachable, through room 0's first dry cell.
	var hub components.Pos
	for i := range lvl.Rooms {
		c, ok := firstDry(lvl, i)
		if !ok {
			fail("room %d has no dry floor", i)
			continue
		}
		if i == 0 {
			hub = c
			continue
		}
		if !Reachable(lvl, hub, c) || !Reachable(lvl, c, hub) {
			fail("rooms 0 and %d not mutually reachable", i)
		}
	}

	errs = append(errs, componentProblems(lvl)...)
	errs = append(errs, populationProblems(lvl, pop, oracle)...)
	return errs
}

func visibleDoor(t components.Terrain) bool {
	switch t {
	case components.Doorway, components.OpenDoor, components.ClosedDoor, components.LockedDoor:
		return true
	}
	return false
}

func firstDry(lvl *components.Level, room int) (components.Pos, bool) {
	in := lvl.Rooms[room].Interior
	for y := in.Y0; y <= in.Y1; y++ {
		for x := in.X0; x <= in.X1; x++ {
			if p := (components.Pos{X: x, Y: y}); lvl.At(p) != components.Lava {
				return p, true
			}
		}
	}
	return components.Pos{}, false
}

// componentProblems checks lvl.Component against §17 directly: rooms'
// floors and doors carry the room's id, corridor cells ids above the rooms
// that are equal exactly within 8-connected corridor sets, the rest 0.
func componentProblems(lvl *components.Level) []string {
	var errs []string
	n := len(lvl.Rooms)
	maxID := uint16(n)
	for i, t := range lvl.Terrain {
		p, c := components.PosOf(i), lvl.Component[i]
		want := -1
		switch {
		case lvl.RoomOf[i] != 0:
			want = int(lvl.RoomOf[i])
		case t.IsDoor():
			for r, room := range lvl.Rooms {
				if grow(room.Interior, 1).Contains(p) {
					want = r + 1
				}
			}
		case t == components.Corridor:
			if int(c) <= n {
				errs = append(errs, fmt.Sprintf("corridor %v has component %d", p, c))
			}
			maxID = max(maxID, c)
			for _, d := range components.Dirs {
				q := p.Add(d)
				if lvl.At(q) == components.Corridor && lvl.Component[q.Index()] != c {
					errs = append(errs, fmt.Sprintf("adjacent corridors %v %v in components %d %d", p, q, c, lvl.Component[q.Index()]))
				}
			}
		default:
			want = 0
		}
		if want >= 0 && int(c) != want {
			errs = append(errs, fmt.Sprintf("%v (%s) has component %d, want %d", p, t.Name(), c, want))
		}
	}
	// Each corridor id is one connected set, and the ids run n+1…max.
	for id := uint16(n + 1); id <= maxID; id++ {
		start := -1
		total := 0
		for i, c := range lvl.Component {
			if c == id {
				total++
				if start < 0 {
					start = i
				}
			}
		}
		if start < 0 {
			errs = append(errs, fmt.Sprintf("component %d unused", id))
			continue
		}
		var seen [components.N]bool
		stack := []int{start}
		seen[start] = true
		reached := 0
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reached++
			for _, d := range components.Dirs {
				q := components.PosOf(i).Add(d)
				if q.In() && !seen[q.Index()] && lvl.Component[q.Index()] == id {
					seen[q.Index()] = true
					stack = append(stack, q.Index())
				}
			}
		}
		if reached != total {
			errs = append(errs, fmt.Sprintf("component %d is not connected", id))
		}
	}
	return errs
}

// populationProblems checks the placement and counts of §9–§11.
func populationProblems(lvl *components.Level, pop *Population, oracle bool) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	depth := lvl.Depth
	floor := func(p components.Pos) bool {
		return lvl.At(p) == components.Floor && lvl.RoomAt(p) >= 0
	}

	monsters := pop.Monsters
	want := 3 + depth/2 // §9
	if oracle {
		if len(monsters) == 0 || monsters[0].Species != components.Oracle || monsters[0].At != oracleCell {
			fail("no Oracle first at %v", oracleCell)
		} else {
			if r := lvl.RoomAt(oracleCell); r < 0 || lvl.Rooms[r].Interior != oracleInterior {
				fail("the Oracle is not in the centre room")
			}
			if hp := monsters[0].HP; hp < 12 || hp > 96 {
				fail("Oracle hp %d", hp)
			}
			monsters = monsters[1:]
		}
	}
	if len(monsters) != want {
		fail("%d monsters, want %d", len(monsters), want)
	}
	var occupied [components.N]bool
	if oracle {
		occupied[oracleCell.Index()] = true
	}
	for _, m := range monsters {
		sp := m.Species.Info()
		if m.Species == components.Oracle || !generated(sp, depth) {
			fail("%s generated at depth %d", sp.Name, depth)
		}
		if !floor(m.At) || lvl.RoomAt(m.At) == lvl.RoomAt(lvl.Arrival) || occupied[m.At.Index()] {
			fail("%s placed badly at %v", sp.Name, m.At)
		}
		occupied[m.At.Index()] = true
		lo, hi := sp.Level, 8*sp.Level
		if sp.Level == 0 {
			lo, hi = 1, 4
		}
		if m.HP < lo || m.HP > hi {
			fail("%s has %d hp", sp.Name, m.HP)
		}
	}

	var classes [5]int
	var item [components.N]bool
	for _, it := range pop.Items {
		c := it.Kind.Info().Class
		classes[c]++
		if !floor(it.At) || oracle && it.At == oracleCell {
			fail("%s placed badly at %v", it.Kind.Info().Name, it.At)
		}
		if c == components.GoldClass && (it.Count < 6 || it.Count > 10*depth+5) || c != components.GoldClass && it.Count != 1 {
			fail("%d of %s", it.Count, it.Kind.Info().Name)
		}
		item[it.At.Index()] = true
	}
	if g := classes[components.GoldClass]; g < 3 || g > 5 {
		fail("%d gold piles", g)
	}
	if f := classes[components.FoodClass]; f < 1 || f > 2 {
		fail("%d food items", f)
	}
	if p := classes[components.PotionClass]; p < 1 || p > 2 {
		fail("%d potions", p)
	}
	if classes[components.WeaponClass] > 1 || classes[components.ArmourClass] > 1 {
		fail("%d weapons, %d armours", classes[components.WeaponClass], classes[components.ArmourClass])
	}

	if len(pop.Traps) != (depth+1)/2 { // §11
		fail("%d traps, want %d", len(pop.Traps), (depth+1)/2)
	}
	var trap [components.N]bool
	for _, tr := range pop.Traps {
		if !floor(tr.At) || item[tr.At.Index()] || tr.At == lvl.Arrival || trap[tr.At.Index()] ||
			oracle && tr.At == oracleCell || int(tr.Kind) >= len(components.TrapKinds) {
			fail("trap %d placed badly at %v", tr.Kind, tr.At)
		}
		trap[tr.At.Index()] = true
	}
	return errs
}

// TestOracleOnlyOnItsDepth: the Oracle stands in the forced centre room on
// the planned depth and nowhere else.
func TestOracleOnlyOnItsDepth(t *testing.T) {
	eachLevel(t, func(seed uint64, depth int, _ *Generator, lvl *components.Level, pop *Population) {
		oracles := 0
		for _, m := range pop.Monsters {
			if m.Species == components.Oracle {
				oracles++
			}
		}
		if depth == Plan(seed).OracleDepth {
			require.Equal(t, 1, oracles, "seed %d depth %d", seed, depth)
			require.Equal(t, oracleCell, pop.Monsters[0].At)
			require.Equal(t, oracleInterior, lvl.Rooms[lvl.RoomAt(oracleCell)].Interior)
		} else {
			require.Zero(t, oracles, "seed %d depth %d", seed, depth)
		}
	})
}

func TestPlan(t *testing.T) {
	seen := map[Dungeon]bool{}
	for seed := range uint64(2000) {
		d := Plan(seed)
		require.Equal(t, d, Plan(seed), "Plan is deterministic")
		require.True(t, d.OracleDepth >= 3 && d.OracleDepth <= 5, "Oracle depth %d", d.OracleDepth)
		require.True(t, d.RogueDepth >= 6 && d.RogueDepth <= 8, "Rogue depth %d", d.RogueDepth)
		seen[d] = true
	}
	assert.Len(t, seen, 9, "every Oracle depth pairs with every Rogue depth")
}

// TestStreamName: a level is drawn from worldgen/<depth> (§18), then
// worldgen/<depth>/<attempt> when it has to be regenerated.
func TestStreamName(t *testing.T) {
	assert.Equal(t, "worldgen/7", StreamName(7, 0))
	assert.Equal(t, "worldgen/7/2", StreamName(7, 2))

	var g Generator
	var lvl components.Level
	s := ecs.NewStream(9, "worldgen/2")
	require.True(t, g.build(s, 2, &lvl, false) && g.populate(s, &lvl, false))
	want, pop := Generate(9, 2)
	assert.Equal(t, want.Terrain, lvl.Terrain)
	assert.Equal(t, pop.Monsters, g.pop.Monsters)
}

// snapshot is what Generate produces, for comparing runs.
type snapshot struct {
	Depth     int
	Terrain   [components.N]components.Terrain
	RoomOf    [components.N]uint8
	Component [components.N]uint16
	Rooms     []components.Room
	Stairs    components.Pos
	Arrival   components.Pos
	Pop       Population
}

func snap(lvl *components.Level, pop *Population) snapshot {
	return snapshot{
		lvl.Depth, lvl.Terrain, lvl.RoomOf, lvl.Component,
		append([]components.Room(nil), lvl.Rooms...), lvl.Stairs, lvl.Arrival,
		Population{
			append([]MonsterSpawn(nil), pop.Monsters...),
			append([]ItemSpawn(nil), pop.Items...),
			append([]TrapSpawn(nil), pop.Traps...),
		},
	}
}

// TestDeterminism: a level depends only on (seed, depth): a fresh
// Generator and one reused in another order, into a dirty Level, give the
// same bytes.
func TestDeterminism(t *testing.T) {
	var g Generator
	var lvl components.Level
	for seed := range uint64(60) {
		for depth := soakDepths; depth >= 1; depth-- {
			lvl.MemTerrain[5], lvl.SearchCount[7] = 'x', 2
			got := snap(&lvl, g.Generate(seed, depth, &lvl))
			require.Zero(t, lvl.MemTerrain[5], "ClearDynamic not called")
			require.Zero(t, lvl.SearchCount[7], "ClearDynamic not called")
			fresh, pop := Generate(seed, depth)
			require.Equal(t, snap(fresh, pop), got, "seed %d depth %d", seed, depth)
		}
	}
	a, _ := Generate(1, 3)
	b, _ := Generate(2, 3)
	assert.NotEqual(t, a.Terrain, b.Terrain, "different seeds give different levels")
}

// TestGolden compares a few revealed levels with testdata/levels; run with
// -update to rewrite them after an intended change.
func TestGolden(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		for _, depth := range []int{1, Plan(seed).OracleDepth, 10} {
			lvl, pop := Generate(seed, depth)
			got := Reveal(lvl, pop, true) + "\n"
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			require.Len(t, lines, components.H)
			for _, l := range lines {
				require.Len(t, l, components.W)
			}
			path := filepath.Join("testdata", "levels", fmt.Sprintf("seed%d-depth%d.txt", seed, depth))
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
				continue
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./worldgen -update to create it")
			assert.Equal(t, string(want), got, path)
		}
	}
}

func TestRevealSecretDoors(t *testing.T) {
	var lvl components.Level
	lvl.Terrain[components.Pos{X: 3, Y: 2}.Index()] = components.SecretDoorH
	lvl.Terrain[components.Pos{X: 4, Y: 2}.Index()] = components.SecretDoorV
	lvl.Arrival = components.Pos{X: 1, Y: 1}
	pop := &Population{
		Monsters: []MonsterSpawn{{Species: components.Lichen, At: components.Pos{X: 5, Y: 2}}},
		Items: []ItemSpawn{
			{Kind: components.Gold, Count: 5, At: components.Pos{X: 6, Y: 2}},
			{Kind: components.Apple, Count: 1, At: components.Pos{X: 6, Y: 2}},
			{Kind: components.Dagger, Count: 1, At: components.Pos{X: 5, Y: 2}},
		},
		Traps: []TrapSpawn{{At: components.Pos{X: 7, Y: 2}}, {At: components.Pos{X: 6, Y: 2}}},
	}
	row := func(s string) string { return strings.Split(s, "\n")[2][:9] }
	assert.Equal(t, "   -|F%^ ", row(Reveal(&lvl, pop, false)), "secret doors hide; monster over item, top item over trap")
	assert.Equal(t, "   SSF%^ ", row(Reveal(&lvl, pop, true)))
	assert.Equal(t, " @", strings.Split(Reveal(&lvl, nil, false), "\n")[1][:2])
}

// TestValidity: a level whose rooms are not all reachable from the arrival
// cell, or whose rooms cannot hold the population, is invalid (§17.6).
func TestValidity(t *testing.T) {
	lvl := parseLevel(t, `


 ----   --------
 |..|   |......|
 |..S###,......|
 ----   --------`)
	lvl.Rooms = []components.Room{
		{Interior: components.Rect{X0: 2, Y0: 3, X1: 3, Y1: 4}},
		{Interior: components.Rect{X0: 9, Y0: 3, X1: 14, Y1: 4}},
	}
	sortRooms(lvl)
	lvl.Arrival = components.Pos{X: 2, Y: 3}
	assert.True(t, allRoomsReachable(lvl), "through a secret door and a doorway")
	lvl.Terrain[components.Pos{X: 5, Y: 4}.Index()] = components.Rock
	assert.False(t, allRoomsReachable(lvl), "corridor cut")

	// The room beside the arrival's has 11 free cells (one is the
	// staircase): enough for depth 1's three monsters, too few for depth
	// 20's thirteen.
	lvl.Terrain[components.Pos{X: 9, Y: 4}.Index()] = components.Stairs
	lvl.Stairs = components.Pos{X: 9, Y: 4}
	var g Generator
	g.oracleRoom = -1
	scanRows(lvl, &g.scan) // populate reads the floor from the kept scan
	lvl.Depth = 1
	assert.True(t, g.populate(ecs.NewStream(1, "test"), lvl, false))
	lvl.Depth = 20
	assert.False(t, g.populate(ecs.NewStream(1, "test"), lvl, false))
	assert.Len(t, g.pop.Monsters, 11, "stopped when the cells ran out")
}

// plainRoomFloor lists room's floor cells as populate did first,
// from the terrain: row by row, terrain Floor, not the Oracle's cell.
func (g *Generator) plainRoomFloor(lvl *components.Level, room int) []int16 {
	var cells []int16
	in := lvl.Rooms[room].Interior
	for y := in.Y0; y <= in.Y1; y++ {
		for x := in.X0; x <= in.X1; x++ {
			if i := y*components.W + x; lvl.Terrain[i] == components.Floor && (room != g.oracleRoom || i != oracleCell.Index()) {
				cells = append(cells, int16(i))
			}
		}
	}
	return cells
}

// TestRoomFloorMatchesTerrain: on many levels (with lava deeper down,
// the Oracle's and the Rogue level), with the staircase placed and
// without, every room's floor as floorCells lists it from the scan
// is the list read from the terrain, and randomFloor draws the cell at
// the drawn place of that list, drawing as much.
func TestRoomFloorMatchesTerrain(t *testing.T) {
	var g Generator
	var lvl components.Level
	s := ecs.NewStream(8, "floor test")
	for seed := range uint64(100) {
		for depth := 1; depth <= soakDepths; depth++ {
			g.Generate(seed, depth, &lvl)
			for _, stairs := range []bool{true, false} {
				if !stairs {
					g.scan.put(&lvl, lvl.Stairs.X, lvl.Stairs.Y, components.Floor)
				}
				for r := range lvl.Rooms {
					want := g.plainRoomFloor(&lvl, r)
					require.Equal(t, want, g.floorBuf[:g.floorCells(&lvl, r, 0)], "seed %d depth %d room %d", seed, depth, r)
					for range 5 {
						plain := *s
						got := g.randomFloor(s, &lvl, r)
						require.Equal(t, components.PosOf(int(want[plain.Rn2(len(want))])), got, "seed %d depth %d room %d", seed, depth, r)
						require.True(t, plain == *s, "draws")
					}
				}
			}
		}
	}
}

// TestJoinedRoomsAreReachable: whenever build takes a level's rooms to
// be reachable without flooding it (makeCorridors joined every room,
// and no lava was laid), the flood finds them reachable too; on every
// attempt, kept or not, of the ordinary levels of many seeds.
func TestJoinedRoomsAreReachable(t *testing.T) {
	var g Generator
	var lvl components.Level
	taken := 0
	for seed := range soakSeeds() {
		plan := Plan(seed)
		for depth := 1; depth <= soakDepths; depth++ {
			if depth == plan.RogueDepth {
				continue
			}
			for attempt := range 3 {
				s := ecs.NewStream(seed, StreamName(depth, attempt))
				built := g.build(s, depth, &lvl, depth == plan.OracleDepth)
				if len(lvl.Rooms) < 2 {
					continue
				}
				flooded := roomsReachable(&lvl, &g.scan)
				require.Equal(t, flooded, built, "seed %d depth %d attempt %d", seed, depth, attempt)
				if g.joined && !slices.Contains(lvl.Terrain[:], components.Lava) {
					taken++
				}
			}
		}
	}
	require.Greater(t, taken, 1000)
}
