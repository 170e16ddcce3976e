package worldgen

import (
	"math/bits"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// parseLevel builds a level from a picture whose first line (after one
// leading newline) is row 0; letters
// other than the terrain glyphs: 'C' closed door, 'L' locked door, 'B'
// broken door, 'S' and 's' secret doors in a vertical and a horizontal
// wall, ',' doorway, '}' lava.
func parseLevel(t *testing.T, pic string) *components.Level {
	t.Helper()
	lvl := new(components.Level)
	kinds := map[byte]components.Terrain{
		' ': components.Rock, '|': components.VWall, '-': components.HWall, '.': components.Floor,
		'#': components.Corridor, ',': components.Doorway, 'B': components.BrokenDoor,
		'\'': components.OpenDoor, 'C': components.ClosedDoor, 'L': components.LockedDoor,
		'S': components.SecretDoorV, 's': components.SecretDoorH, '>': components.Stairs, '}': components.Lava,
	}
	for y, line := range strings.Split(strings.TrimPrefix(pic, "\n"), "\n") {
		for x := range len(line) {
			k, ok := kinds[line[x]]
			require.True(t, ok, "glyph %q", line[x])
			lvl.Terrain[y*components.W+x] = k
		}
	}
	return lvl
}

func TestReachableDoorDiagonals(t *testing.T) {
	// From the corridor at (1, 1) the only way on is the diagonal through
	// the door cell at (2, 2) to (3, 3).
	for _, tc := range []struct {
		door byte
		ok   bool
	}{
		{',', true}, {'B', true}, {'\'', false}, {'C', false}, {'L', false}, {'S', false},
	} {
		lvl := parseLevel(t, "\n\n #\n  "+string(tc.door)+"\n   #")
		assert.Equal(t, tc.ok, Reachable(lvl, components.Pos{X: 1, Y: 1}, components.Pos{X: 3, Y: 3}), "door %q", tc.door)
		assert.Equal(t, tc.ok, Reachable(lvl, components.Pos{X: 1, Y: 1}, components.Pos{X: 2, Y: 2}), "into door %q", tc.door)
	}
	// Straight through any door, including secret and locked ones.
	for _, door := range []string{",", "'", "C", "L", "S", "B"} {
		lvl := parseLevel(t, "\n\n#"+door+"#.>")
		assert.True(t, Reachable(lvl, components.Pos{X: 0, Y: 1}, components.Pos{X: 4, Y: 1}), "through %q", door)
	}
	// Lava, walls and rock block.
	for _, wall := range []string{"}", "|", "-", " "} {
		lvl := parseLevel(t, "\n\n."+wall+".")
		assert.False(t, Reachable(lvl, components.Pos{X: 0, Y: 1}, components.Pos{X: 2, Y: 1}), "through %q", wall)
	}
	assert.False(t, Reachable(new(components.Level), components.Pos{X: -1}, components.Pos{}))
}

// naiveReachable is §17.6 written out cell by cell; the start counts as
// passable whatever it is.
func naiveReachable(lvl *components.Level, from components.Pos) [components.N]bool {
	passable := func(t components.Terrain) bool {
		return t.Walkable() || t == components.ClosedDoor || t == components.LockedDoor || t.IsSecretDoor()
	}
	realDoor := func(t components.Terrain) bool {
		return t == components.OpenDoor || t == components.ClosedDoor || t == components.LockedDoor || t.IsSecretDoor()
	}
	var seen [components.N]bool
	seen[from.Index()] = true
	stack := []components.Pos{from}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range components.Dirs {
			q := p.Add(d)
			if !q.In() || seen[q.Index()] || !passable(lvl.At(q)) {
				continue
			}
			if d.Diagonal() && (realDoor(lvl.At(p)) || realDoor(lvl.At(q))) {
				continue
			}
			seen[q.Index()] = true
			stack = append(stack, q)
		}
	}
	return seen
}

// TestReachableMatchesNaive compares the bit-parallel flood with the rule
// written out, on random boards (border included) of every terrain kind.
func TestReachableMatchesNaive(t *testing.T) {
	s := ecs.NewStream(1, "test")
	kinds := []components.Terrain{
		components.Rock, components.VWall, components.HWall, components.Floor, components.Floor,
		components.Corridor, components.Corridor, components.Doorway, components.BrokenDoor,
		components.OpenDoor, components.ClosedDoor, components.LockedDoor, components.SecretDoorV,
		components.SecretDoorH, components.Stairs, components.Lava,
	}
	for range 300 {
		var lvl components.Level
		for i := range lvl.Terrain {
			lvl.Terrain[i] = kinds[s.Rn2(len(kinds))]
		}
		for range 3 {
			from := components.PosOf(s.Rn2(components.N))
			want := naiveReachable(&lvl, from)
			var got rows
			reachableFrom(&lvl, from, &got)
			for i := range components.N {
				to := components.PosOf(i)
				if got.has(to) != want[i] {
					t.Fatalf("Reachable(%v, %v) = %v, want %v", from, to, got.has(to), want[i])
				}
			}
			to := components.PosOf(s.Rn2(components.N))
			require.Equal(t, want[to.Index()], Reachable(&lvl, from, to))
		}
	}
}

func TestRowFill(t *testing.T) {
	s := ecs.NewStream(2, "test")
	for range 20000 {
		a := s.Uint64()
		p := a & s.Uint64() & (1<<components.W - 1)
		b := s.Uint64()
		seed := p & b & s.Uint64() & s.Uint64()
		var want uint64
		for x := 0; x < 64; x++ {
			if seed>>x&1 == 0 {
				continue
			}
			for l := x; l >= 0 && p>>l&1 != 0; l-- {
				want |= 1 << l
			}
			for h := x; h < 64 && p>>h&1 != 0; h++ {
				want |= 1 << h
			}
		}
		require.Equal(t, want, rowFill(p, seed), "p %b seed %b", p, seed)
	}
}

// TestScanRows: the eight-cells-a-step scan classifies every terrain
// kind, at every column of a word, as cellClass, IsDoor and the corridor
// kind do.
func TestScanRows(t *testing.T) {
	s := ecs.NewStream(3, "test")
	for n := range 200 {
		var lvl components.Level
		for i := range lvl.Terrain {
			// Half the boards are mostly rock, with whole words of it.
			if n%2 == 0 || s.OneIn(10) {
				lvl.Terrain[i] = components.Terrain(s.Rn2(int(components.Lava) + 1))
			}
		}
		var got levelRows
		scanRows(&lvl, &got)
		var pass rows
		got.passable(&pass)
		for i, kind := range lvl.Terrain {
			at := components.PosOf(i)
			c := cellClass[kind]
			require.Equal(t, c&cellPassable != 0, pass.has(at), "passable %v at %v", kind, at)
			require.Equal(t, c == cellPassable, got.diag.has(at), "diagonal %v at %v", kind, at)
			require.Equal(t, kind == components.Corridor, got.corridor.has(at), "corridor %v at %v", kind, at)
			require.Equal(t, kind.IsDoor(), got.door.has(at), "door %v at %v", kind, at)
		}
	}
}

func TestAssignComponents(t *testing.T) {
	lvl := parseLevel(t, `


 ----      ----
 |..,###  #S..|
 |..|  #  #|..|
 -'--  ####-,--
  #          #
  #   ##   # #
`)
	lvl.Rooms = []components.Room{
		{Interior: components.Rect{X0: 2, Y0: 3, X1: 3, Y1: 4}},
		{Interior: components.Rect{X0: 12, Y0: 3, X1: 13, Y1: 4}},
	}
	for i, r := range lvl.Rooms {
		for y := r.Interior.Y0; y <= r.Interior.Y1; y++ {
			for x := r.Interior.X0; x <= r.Interior.X1; x++ {
				lvl.RoomOf[y*components.W+x] = uint8(i + 1)
			}
		}
	}
	AssignComponents(lvl)
	c := func(x, y int) uint16 { return lvl.Component[y*components.W+x] }
	assert.Equal(t, uint16(1), c(2, 3), "room 1 floor")
	assert.Equal(t, uint16(1), c(4, 3), "room 1 doorway")
	assert.Equal(t, uint16(1), c(2, 5), "room 1 open door")
	assert.Equal(t, uint16(2), c(11, 3), "room 2 secret door")
	assert.Equal(t, uint16(2), c(12, 5), "room 2 doorway")
	assert.Equal(t, uint16(0), c(1, 3), "wall")
	assert.Equal(t, uint16(0), c(0, 0), "rock")
	// Corridors numbered in board order from their first cell.
	assert.Equal(t, uint16(3), c(5, 3), "first corridor cell")
	for _, p := range [][2]int{{7, 3}, {7, 4}, {7, 5}, {9, 5}, {10, 4}, {10, 3}} {
		assert.Equal(t, uint16(3), c(p[0], p[1]), "corridor %v around the bend", p)
	}
	assert.Equal(t, uint16(4), c(2, 6))
	assert.Equal(t, uint16(4), c(2, 7))
	assert.Equal(t, uint16(5), c(13, 6), "a doorway does not join corridors")
	assert.Equal(t, uint16(5), c(13, 7))
	assert.Equal(t, uint16(6), c(6, 7))
	assert.Equal(t, uint16(6), c(7, 7))
	assert.Equal(t, uint16(7), c(11, 7), "a lone corridor cell")
	assert.Equal(t, uint16(0), c(8, 7), "rock")
}

// TestLavaKeepsRoomsWhole: a pool never cuts a room's dry floor in two nor
// covers the inside of a door, even in the smallest rooms.
func TestLavaKeepsRoomsWhole(t *testing.T) {
	var g Generator
	s := ecs.NewStream(3, "test")
	pools := 0
	for i := range 3000 {
		var lvl components.Level
		w, h := 2+i%4, 2+i/4%3
		in := components.Rect{X0: 5, Y0: 5, X1: 5 + w - 1, Y1: 5 + h - 1}
		g.addRoom(&lvl, in, true)
		// Doors on the top and bottom walls at random columns.
		lvl.Terrain[components.Pos{X: in.X0 + s.Rn2(w), Y: in.Y0 - 1}.Index()] = components.Doorway
		lvl.Terrain[components.Pos{X: in.X0 + s.Rn2(w), Y: in.Y1 + 1}.Index()] = components.ClosedDoor
		size := 2 + s.Rn2(3)
		if !g.tryPool(s, &lvl, 0, size) {
			continue
		}
		pools++
		lava := 0
		for _, t := range lvl.Terrain {
			if t == components.Lava {
				lava++
			}
		}
		require.Equal(t, size, lava)
		require.True(t, dryFloorConnected(&lvl, 0))
		var dry components.Pos
		for y := in.Y0; y <= in.Y1; y++ {
			for x := in.X0; x <= in.X1; x++ {
				if p := (components.Pos{X: x, Y: y}); lvl.At(p) == components.Floor {
					dry = p
				}
			}
		}
		for x := in.X0; x <= in.X1; x++ {
			for _, y := range []int{in.Y0 - 1, in.Y1 + 1} {
				if p := (components.Pos{X: x, Y: y}); lvl.At(p).IsDoor() {
					require.True(t, Reachable(&lvl, p, dry), "door %v cut off:\n%s", p, Reveal(&lvl, nil, true))
				}
			}
		}
	}
	assert.Greater(t, pools, 1000)
}

// TestKeptScanMatchesTerrain: the scan the Generator keeps while it builds
// a level (ordinary, Oracle and Rogue levels, with lava deeper down) is
// the scan of the terrain it built.
func TestKeptScanMatchesTerrain(t *testing.T) {
	var g Generator
	var lvl components.Level
	for seed := range uint64(40) {
		for depth := 1; depth <= 12; depth++ {
			g.Generate(seed, depth, &lvl)
			var want levelRows
			scanRows(&lvl, &want)
			require.Equal(t, want, g.scan, "seed %d depth %d", seed, depth)
		}
	}
}

// plainRoom is levelRows.room written cell by cell.
func (s *levelRows) plainRoom(lvl *components.Level, in components.Rect) {
	walls := grow(in, 1)
	for y := walls.Y0; y <= walls.Y1; y++ {
		for x := walls.X0; x <= walls.X1; x++ {
			t := components.Floor
			switch {
			case y == walls.Y0 || y == walls.Y1:
				t = components.HWall
			case x == walls.X0 || x == walls.X1:
				t = components.VWall
			}
			s.put(lvl, x, y, t)
		}
	}
}

// TestRoomMatchesPlainRoom draws rooms of every size at random places
// over random terrain with room and with plainRoom: the terrain and the
// scan must come out the same.
func TestRoomMatchesPlainRoom(t *testing.T) {
	s := ecs.NewStream(6, "room test")
	var lvl components.Level
	for range 3000 {
		for i := range lvl.Terrain {
			lvl.Terrain[i] = components.Terrain(s.Rn2(int(components.Lava) + 1))
		}
		var scan levelRows
		scanRows(&lvl, &scan)
		plainLvl, plainScan := lvl, scan
		w, h := 1+s.Rn2(components.W-2), 1+s.Rn2(components.H-2)
		x, y := 1+s.Rn2(components.W-1-w), 1+s.Rn2(components.H-1-h)
		in := components.Rect{X0: x, Y0: y, X1: x + w - 1, Y1: y + h - 1}
		scan.room(&lvl, in)
		plainScan.plainRoom(&plainLvl, in)
		require.True(t, plainLvl.Terrain == lvl.Terrain, "room %v: terrain", in)
		require.Equal(t, plainScan, scan, "room %v: scan", in)
	}
}

// plainCorridorComponents numbers the corridor components as
// assignDoorsAndCorridors does, with flood on what is left of the
// corridors.
func plainCorridorComponents(lvl *components.Level, corridor rows) {
	next := uint16(len(lvl.Rooms) + 1)
	for y0 := range components.H {
		for corridor[y0] != 0 {
			var c rows
			flood(&corridor, &corridor, components.Pos{X: bits.TrailingZeros64(corridor[y0]), Y: y0}, &c)
			for y := range components.H {
				for m := c[y]; m != 0; m &= m - 1 {
					lvl.Component[y*components.W+bits.TrailingZeros64(m)] = next
				}
				corridor[y] &^= c[y]
			}
			next++
		}
	}
}

// TestCorridorComponentsMatchFlood numbers the components of random
// corridor sets, sparse to dense, and of the corridors of generated
// levels, with assignDoorsAndCorridors and with plainCorridorComponents.
func TestCorridorComponentsMatchFlood(t *testing.T) {
	s := ecs.NewStream(7, "components test")
	var lvl, plainLvl components.Level
	for n := range 3000 {
		var scan levelRows
		for y := range components.H {
			scan.corridor[y] = s.Uint64() & (1<<components.W - 1)
			for range n % 4 {
				scan.corridor[y] &= s.Uint64()
			}
		}
		lvl.Component, plainLvl.Component = [components.N]uint16{}, [components.N]uint16{}
		assignDoorsAndCorridors(&lvl, &scan)
		plainCorridorComponents(&plainLvl, scan.corridor)
		require.True(t, plainLvl.Component == lvl.Component, "set %d", n)
	}
	var g Generator
	for seed := range uint64(40) {
		for depth := 1; depth <= 12; depth++ {
			g.Generate(seed, depth, &lvl)
			plainLvl = lvl
			for i, room := range plainLvl.Component {
				if int(room) > len(lvl.Rooms) {
					plainLvl.Component[i] = 0
				}
			}
			plainCorridorComponents(&plainLvl, g.scan.corridor)
			require.True(t, plainLvl.Component == lvl.Component, "seed %d depth %d", seed, depth)
		}
	}
}
