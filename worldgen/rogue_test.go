package worldgen

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// rogueSeeds is how many episodes' Rogue levels the Rogue soak covers.
const rogueSeeds = 2000

// TestRogueLevelSoak checks the Rogue level (§17) of many seeds, at each
// seed's planned depth: every invariant of an ordinary level that holds
// for it (levelProblems: border rock, room sizes and gaps, walls, no
// overlaps, stairs and arrival, reachability, components, population),
// and its own: the 3 x 3 structure, plain doorways only, and every room,
// intersection and corridor reachable from the arrival cell. Over all
// seeds, intersections take 1 in 5 of the cells and rooms are lit by
// §12's rule.
func TestRogueLevelSoak(t *testing.T) {
	var g Generator
	var lvl components.Level
	var perLevel [10]int
	rooms, lit, bad := 0, 0, 0
	for seed := range uint64(rogueSeeds) {
		depth := Plan(seed).RogueDepth
		pop := g.Generate(seed, depth, &lvl)
		errs := append(levelProblems(&lvl, pop, false), rogueProblems(&lvl)...)
		for _, e := range errs {
			if bad < 20 {
				t.Errorf("seed %d depth %d: %s", seed, depth, e)
			}
			bad++
		}
		if len(errs) > 0 && bad <= 20 {
			t.Logf("seed %d depth %d:\n%s", seed, depth, Reveal(&lvl, pop, true))
		}
		rooms += len(lvl.Rooms)
		perLevel[len(lvl.Rooms)]++
		for _, r := range lvl.Rooms {
			if r.Lit {
				lit++
			}
		}
	}
	require.Zero(t, bad, "problems found")

	cells := rogueSide * rogueSide * rogueSeeds
	share := ratio(cells-rooms, cells)
	t.Logf("%d Rogue levels: %.3f rooms a level, intersection share %.4f, rooms per level %v, lit %.3f",
		rogueSeeds, ratio(rooms, rogueSeeds), share, perLevel, ratio(lit, rooms))
	// NetHack's rule gives 1/5 · (1 − 1/225) = 0.1991 (the top-right cell
	// is a room when both cells before it are intersections). The bound
	// is five standard errors of 18 000 cells; 1/4 and 1/6 fall outside.
	assert.InDelta(t, 0.2*(1-1.0/225), share, 0.015, "intersection share")
	// §12 at depths 6…8: lit iff rnd(1 + depth) < 11 and rn2(77) ≠ 0.
	assert.InDelta(t, 76.0/77, ratio(lit, rooms), 0.01, "lit share")
}

// rogueProblems lists the broken Rogue-level invariants of lvl.
func rogueProblems(lvl *components.Level) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }

	// 1…9 rooms, each with its walls inside one cell, one room a cell.
	n := len(lvl.Rooms)
	if n < 1 || n > rogueSide*rogueSide {
		fail("%d rooms", n)
	}
	var roomIn [rogueSide][rogueSide]int // 1 + the room in the cell
	for i, r := range lvl.Rooms {
		walls, found := grow(r.Interior, 1), false
		for cy := range rogueSide {
			for cx := range rogueSide {
				if !contains(rogueCell(cx, cy), walls) {
					continue
				}
				found = true
				if roomIn[cx][cy] != 0 {
					fail("rooms %d and %d share cell (%d, %d)", roomIn[cx][cy]-1, i, cx, cy)
				}
				roomIn[cx][cy] = i + 1
			}
		}
		if !found {
			fail("room %d walls %v lie in no cell", i, walls)
		}
	}
	// A cell without a room is an intersection: a corridor cell in the
	// area a room's floor would take.
	for cy := range rogueSide {
		for cx := range rogueSide {
			if roomIn[cx][cy] != 0 {
				continue
			}
			if !hasCorridor(lvl, grow(rogueCell(cx, cy), -1)) {
				fail("cell (%d, %d) has neither a room nor an intersection", cx, cy)
			}
		}
	}

	// Doors: plain doorways only, each with a corridor just outside it.
	for i, t := range lvl.Terrain {
		if !t.IsDoor() {
			continue
		}
		p := components.PosOf(i)
		if t != components.Doorway {
			fail("door %v is a %s", p, t.Name())
		}
		outside := 0
		for _, d := range components.OrthogonalDirs {
			back := components.Pos{X: p.X - d.DX(), Y: p.Y - d.DY()}
			if lvl.At(p.Add(d)) == components.Corridor && lvl.RoomAt(back) >= 0 {
				outside++
			}
		}
		if outside != 1 {
			fail("door %v has no corridor leading away from its room", p)
		}
	}

	// Everything open is reachable from the arrival cell: every room's
	// dry floor, the staircase, every corridor and so every intersection.
	var r rows
	reachableFrom(lvl, lvl.Arrival, &r)
	for i, t := range lvl.Terrain {
		if (t == components.Floor || t == components.Stairs || t == components.Corridor || t == components.Doorway) &&
			!r.has(components.PosOf(i)) {
			fail("%s %v unreachable from the arrival cell %v", t.Name(), components.PosOf(i), lvl.Arrival)
		}
	}
	return errs
}

// hasCorridor reports whether the area holds a corridor cell.
func hasCorridor(lvl *components.Level, area components.Rect) bool {
	for y := area.Y0; y <= area.Y1; y++ {
		for x := area.X0; x <= area.X1; x++ {
			if lvl.Terrain[y*components.W+x] == components.Corridor {
				return true
			}
		}
	}
	return false
}

// TestRogueCells: the cells lie inside the border ring, apart by two
// columns and one row of rock, and each can hold the smallest room.
func TestRogueCells(t *testing.T) {
	for cy := range rogueSide {
		for cx := range rogueSide {
			c := rogueCell(cx, cy)
			assert.True(t, contains(wallArea, c), "cell (%d, %d) %v inside the border", cx, cy, c)
			assert.GreaterOrEqual(t, width(c), minInteriorW+2)
			assert.GreaterOrEqual(t, height(c), minInteriorH+2)
			if cx > 0 {
				assert.Equal(t, roomGapX, c.X0-rogueCell(cx-1, cy).X1-1, "columns between cells %d and %d", cx-1, cx)
			}
			if cy > 0 {
				assert.Equal(t, roomGapY, c.Y0-rogueCell(cx, cy-1).Y1-1, "rows between cells %d and %d", cy-1, cy)
			}
		}
	}
}

// TestRogueWalk: NetHack's miniwalk joins every cell, symmetrically (a
// join right is the neighbour's join left), to a connected whole: a
// spanning tree of the nine cells plus some loops.
func TestRogueWalk(t *testing.T) {
	const walks = 5000
	joins := 0
	for i := range walks {
		s := ecs.NewStream(uint64(i), "test")
		var grid rogueGrid
		rogueWalk(s, &grid, s.Rn2(rogueSide), s.Rn2(rogueSide))
		edges := 0
		for y := range rogueSide {
			for x := range rogueSide {
				j := grid[x][y].joins
				require.NotZero(t, j, "walk %d: cell (%d, %d) not joined", i, x, y)
				require.Equal(t, x < rogueSide-1 && j&joinRight != 0, x < rogueSide-1 && grid[x+1][y].joins&joinLeft != 0, "walk %d", i)
				require.Equal(t, y < rogueSide-1 && j&joinDown != 0, y < rogueSide-1 && grid[x][y+1].joins&joinUp != 0, "walk %d", i)
				require.False(t, x == 0 && j&joinLeft != 0 || x == rogueSide-1 && j&joinRight != 0 ||
					y == 0 && j&joinUp != 0 || y == rogueSide-1 && j&joinDown != 0, "walk %d: a join off the grid", i)
				if j&joinRight != 0 {
					edges++
				}
				if j&joinDown != 0 {
					edges++
				}
			}
		}
		// Connected: flood the cells along the joins.
		var seen [rogueSide][rogueSide]bool
		stack := [][2]int{{0, 0}}
		seen[0][0] = true
		reached := 0
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reached++
			x, y, j := c[0], c[1], grid[c[0]][c[1]].joins
			for _, n := range [][3]int{{x - 1, y, int(joinLeft)}, {x + 1, y, int(joinRight)}, {x, y - 1, int(joinUp)}, {x, y + 1, int(joinDown)}} {
				if j&uint8(n[2]) != 0 && !seen[n[0]][n[1]] {
					seen[n[0]][n[1]] = true
					stack = append(stack, [2]int{n[0], n[1]})
				}
			}
		}
		require.Equal(t, rogueSide*rogueSide, reached, "walk %d not connected", i)
		require.GreaterOrEqual(t, edges, rogueSide*rogueSide-1)
		joins += edges
	}
	mean := ratio(joins, walks)
	t.Logf("joins per level: %.2f of the 12 neighbour pairs (8 make the spanning tree)", mean)
	assert.True(t, mean > 8.2 && mean < 10, "loops: %.2f joins a level", mean)
}

// TestRogueLevelOnlyAtItsDepth: the Rogue level's doorways-only,
// 3 x 3 shape appears at the planned depth and an ordinary level
// everywhere else (ordinary levels have rooms outside the cells or
// real doors often enough to tell them apart over a few seeds).
func TestRogueLevelOnlyAtItsDepth(t *testing.T) {
	var g Generator
	var lvl components.Level
	ordinaryLookRogue := 0
	for seed := range uint64(50) {
		plan := Plan(seed)
		for depth := 1; depth <= soakDepths; depth++ {
			g.Generate(seed, depth, &lvl)
			looks := len(rogueProblems(&lvl)) == 0
			if depth == plan.RogueDepth {
				require.True(t, looks, "seed %d depth %d: %v", seed, depth, rogueProblems(&lvl))
			} else if looks {
				ordinaryLookRogue++
			}
		}
	}
	assert.Zero(t, ordinaryLookRogue, "ordinary levels with the Rogue level's shape")
}

// TestRogueGolden compares the Rogue levels of seeds 1…3 with
// testdata/levels; run with -update to rewrite them.
func TestRogueGolden(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		depth := Plan(seed).RogueDepth
		lvl, pop := Generate(seed, depth)
		got := Reveal(lvl, pop, true) + "\n"
		path := filepath.Join("testdata", "levels", fmt.Sprintf("seed%d-depth%d-rogue.txt", seed, depth))
		if *update {
			require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			continue
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err, "run go test ./worldgen -update to create it")
		assert.Equal(t, string(want), got, path)
	}
}

// TestRogueGenerationAllocates: the Rogue level allocates no more than an
// ordinary level does once the Generator's buffers have grown.
func TestRogueGenerationAllocates(t *testing.T) {
	var g Generator
	var lvl components.Level
	const seed = 1
	rogue := Plan(seed).RogueDepth
	for d := 1; d <= soakDepths; d++ {
		g.Generate(seed, d, &lvl)
	}
	ordinary := testing.AllocsPerRun(50, func() { g.Generate(seed, 1, &lvl) })
	special := testing.AllocsPerRun(50, func() { g.Generate(seed, rogue, &lvl) })
	t.Logf("allocations per level: ordinary %.0f, Rogue %.0f", ordinary, special)
	assert.LessOrEqual(t, special, ordinary)
}

// BenchmarkGenerateRogue measures one Rogue level, reusing the Generator
// and the Level.
func BenchmarkGenerateRogue(b *testing.B) {
	var g Generator
	var lvl components.Level
	var depth [1000]int
	for seed := range depth {
		depth[seed] = Plan(uint64(seed)).RogueDepth
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		seed := i % len(depth)
		g.Generate(uint64(seed), depth[seed], &lvl)
	}
}
