package worldgen

import (
	"fmt"
	"math/bits"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// maxAttempts bounds regeneration; reaching it means the generator is
// broken, not that a seed is unlucky (levels are rarely regenerated).
const maxAttempts = 1000

// maxCachedDepth bounds the Generator's cache of stream names.
const maxCachedDepth = 64

// Generator builds levels. It keeps scratch buffers so that repeated
// generation allocates little. Not safe for concurrent use.
type Generator struct {
	// Mechanics names the mechanics installed in the episode (§27): the
	// table rows they added are spawned alongside the core ones. nil: the
	// core game only.
	Mechanics []string

	free freeRects
	smeq [maxRooms]int
	// taken holds the indices, in the list of every room's floor cells,
	// of the cells items went to (populate).
	taken []int
	// cellBuf and floorBuf back the lists of candidate cells.
	cellBuf, floorBuf [components.N]int16
	// diggable is where corridors may be dug (markDiggable).
	diggable rows
	// scan is the scan of the level's terrain (see scanRows), kept as the
	// level is built: every terrain write goes through it.
	scan levelRows
	pop  Population
	// spawn is what may be spawned, derived from the tables.
	spawn spawnable
	// oracleRoom is the index of the Oracle's room on the level being
	// built, -1 elsewhere.
	oracleRoom int
	// joined says makeCorridors joined every room to the first (see
	// there).
	joined bool
	// attempts is how many levels the last Generate threw away.
	attempts int
	// names caches the first stream name of each depth.
	names []string
	plan  struct {
		seed  uint64
		ok    bool
		value Dungeon
	}
}

// Generate builds level depth of the episode with seed into lvl — the
// Rogue level at the planned depth (§17), an ordinary level elsewhere: it
// overwrites Depth, Terrain, RoomOf, Component, Rooms, Stairs and Arrival,
// clears the memory and indices (lvl.ClearDynamic) and returns the
// level's population, valid until the next call.
func (g *Generator) Generate(seed uint64, depth int, lvl *components.Level) *Population {
	plan := g.planFor(seed)
	oracle, rogue := depth == plan.OracleDepth, depth == plan.RogueDepth
	for attempt := range maxAttempts {
		s := ecs.NewStream(seed, g.streamName(depth, attempt))
		var built bool
		if rogue {
			built = g.buildRogue(s, depth, lvl)
		} else {
			built = g.build(s, depth, lvl, oracle)
		}
		if built && g.populate(s, lvl, oracle) {
			g.attempts = attempt
			g.assignComponents(lvl)
			lvl.ClearDynamic()
			return &g.pop
		}
	}
	panic(fmt.Sprintf("worldgen: no valid level for seed %d depth %d in %d attempts", seed, depth, maxAttempts))
}

// Generate builds one level with a fresh Generator.
func Generate(seed uint64, depth int) (*components.Level, *Population) {
	var g Generator
	lvl := new(components.Level)
	return lvl, g.Generate(seed, depth, lvl)
}

// Plan is [Plan] of seed, kept for the levels of that seed's episode.
func (g *Generator) Plan(seed uint64) Dungeon { return g.planFor(seed) }

func (g *Generator) planFor(seed uint64) Dungeon {
	if !g.plan.ok || g.plan.seed != seed {
		g.plan.seed, g.plan.ok, g.plan.value = seed, true, Plan(seed)
	}
	return g.plan.value
}

func (g *Generator) streamName(depth, attempt int) string {
	if attempt != 0 || depth < 0 || depth > maxCachedDepth {
		return StreamName(depth, attempt)
	}
	for len(g.names) <= depth {
		g.names = append(g.names, StreamName(len(g.names), 0))
	}
	return g.names[depth]
}

// build makes the terrain (§17): rooms, corridors and doors, lava, the
// staircase and the arrival cell. It reports whether the level is valid:
// at least two rooms, and every room's floor reachable from the arrival
// cell (so the staircase is too).
func (g *Generator) build(s *ecs.Stream, depth int, lvl *components.Level, oracle bool) bool {
	lvl.Depth = depth
	lvl.Terrain = [components.N]components.Terrain{}
	g.scan = levelRows{}
	lvl.RoomOf = [components.N]uint8{}
	lvl.Component = [components.N]uint16{}
	lvl.Rooms = lvl.Rooms[:0]
	g.makeRooms(s, lvl, oracle)
	sortRooms(lvl)
	g.oracleRoom = -1
	if oracle {
		g.oracleRoom = lvl.RoomAt(oracleCell)
	}
	g.makeCorridors(s, lvl)
	lava := g.makeLava(s, lvl, g.oracleRoom)

	if len(lvl.Rooms) < 2 {
		return false
	}
	g.placeStairs(s, lvl)
	// Rooms all joined by corridors, with no lava, are all reachable:
	// each room's floor is whole, and a join's corridor goes by
	// orthogonal steps from the cell outside one door to the cell
	// outside the other. Only otherwise is the level flooded.
	if g.joined && !lava {
		return true
	}
	return roomsReachable(lvl, &g.scan)
}

// placeStairs puts the staircase on a random floor cell of a random room
// and the arrival cell on a random floor cell of another room (§17.5).
// With a single room (only the Rogue level can have one) the arrival cell
// is another cell of that room; such a level then fails the population
// step, which keeps monsters out of the arrival room, and is regenerated.
func (g *Generator) placeStairs(s *ecs.Stream, lvl *components.Level) {
	n := len(lvl.Rooms)
	stairsRoom := s.Rn2(n)
	lvl.Stairs = g.randomFloor(s, lvl, stairsRoom)
	g.scan.put(lvl, lvl.Stairs.X, lvl.Stairs.Y, components.Stairs)
	arrivalRoom := stairsRoom
	if n > 1 {
		arrivalRoom = s.Rn2(n - 1)
		if arrivalRoom >= stairsRoom {
			arrivalRoom++
		}
	}
	lvl.Arrival = g.randomFloor(s, lvl, arrivalRoom)
}

// randomFloor is a uniformly random floor cell of room (not lava, not the
// staircase, not the Oracle's cell): of the cells floorCells lists, the
// one at a random place in the list.
func (g *Generator) randomFloor(s *ecs.Stream, lvl *components.Level, room int) components.Pos {
	in := lvl.Rooms[room].Interior
	cols := columns(in)
	n := 0
	for y := in.Y0; y <= in.Y1; y++ {
		n += bits.OnesCount64(g.floorIn(lvl, y, cols))
	}
	k := s.Rn2(n)
	for y := in.Y0; ; y++ {
		m := g.floorIn(lvl, y, cols)
		if c := bits.OnesCount64(m); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			m &= m - 1
		}
		return components.Pos{X: bits.TrailingZeros64(m), Y: y}
	}
}

// floorCells writes the indices of room's floor cells (terrain Floor, so
// neither lava nor the staircase) other than the Oracle's, row by row,
// into g.floorBuf from place n on, and returns where they end.
func (g *Generator) floorCells(lvl *components.Level, room, n int) int {
	in := lvl.Rooms[room].Interior
	cols := columns(in)
	buf := &g.floorBuf
	for y := in.Y0; y <= in.Y1; y++ {
		row := int16(y * components.W)
		for m := g.floorIn(lvl, y, cols); m != 0; m &= m - 1 {
			buf[n] = row + int16(bits.TrailingZeros64(m))
			n++
		}
	}
	return n
}

// floorIn is the set of floor cells in row y and columns cols, but the
// Oracle's cell, from the scan of the terrain (g.scan): of the kinds in
// its diagonal set, all but the floor are corridors, doors or the
// staircase.
func (g *Generator) floorIn(lvl *components.Level, y int, cols uint64) uint64 {
	s := &g.scan
	m := (s.diag[y] &^ s.corridor[y] &^ s.door[y]) & cols
	if st := lvl.Stairs; st.Y == y && lvl.Terrain[st.Index()] == components.Stairs {
		m &^= 1 << uint(st.X)
	}
	if y == oracleCell.Y && g.oracleRoom >= 0 {
		m &^= 1 << uint(oracleCell.X)
	}
	return m
}

// columns is the set of the columns of r.
func columns(r components.Rect) uint64 {
	return uint64(1)<<uint(r.X1+1) - uint64(1)<<uint(r.X0)
}

// allRoomsReachable reports whether every room's dry floor can be reached
// from the arrival cell.
func allRoomsReachable(lvl *components.Level) bool {
	var s levelRows
	scanRows(lvl, &s)
	return roomsReachable(lvl, &s)
}

// roomsReachable is allRoomsReachable, given s, the scan of lvl's
// terrain.
func roomsReachable(lvl *components.Level, s *levelRows) bool {
	var p, r rows
	s.passable(&p)
	flood(&p, &s.diag, lvl.Arrival, &r)
	for _, room := range lvl.Rooms {
		in := room.Interior
		cols := uint64(1)<<uint(in.X1+1) - uint64(1)<<uint(in.X0)
		for y := in.Y0; y <= in.Y1; y++ {
			// The cells not reached must all be lava.
			for m := cols &^ r[y]; m != 0; m &= m - 1 {
				if lvl.Terrain[y*components.W+bits.TrailingZeros64(m)] != components.Lava {
					return false
				}
			}
		}
	}
	return true
}
