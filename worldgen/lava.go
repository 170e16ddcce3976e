package worldgen

import (
	"math/bits"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// Lava pools of §17: from lavaDepth on, each room holds a pool at 1 in
// lavaChance, of 2…4 cells, never blocking the room's doors from each
// other.
const (
	lavaDepth  = 4
	lavaChance = 6
	// lavaTries is how many pool shapes of a size are tried before a
	// smaller size is (down to 2 cells); a room none fits is left dry.
	lavaTries = 16
	// minDryFloor is the least number of floor cells a pool leaves.
	minDryFloor = 2
)

// makeLava lays the lava pools. The Oracle's room (index skip) gets none.
// It reports whether it laid any.
func (g *Generator) makeLava(s *ecs.Stream, lvl *components.Level, skip int) bool {
	if lvl.Depth < lavaDepth {
		return false
	}
	laid := false
	for i := range lvl.Rooms {
		if i == skip || !s.OneIn(lavaChance) {
			continue
		}
		// The room holds a pool (1 in lavaChance, §17): of the size
		// drawn if one fits, else of the largest that does.
	sizes:
		for size := 2 + s.Rn2(3); size >= 2; size-- {
			for range lavaTries {
				if g.tryPool(s, lvl, i, size) {
					laid = true
					break sizes
				}
			}
		}
	}
	return laid
}

// tryPool grows a pool of size cells from a random interior cell, each new
// cell an orthogonal neighbour of a random pool cell, and keeps it only
// if the room's dry floor stays one 8-connected piece of at least
// minDryFloor cells that holds the inner cell of every door.
func (g *Generator) tryPool(s *ecs.Stream, lvl *components.Level, room, size int) bool {
	in := lvl.Rooms[room].Interior
	area := width(in) * height(in)
	if area-size < minDryFloor {
		return false
	}
	pool := g.cellBuf[:0]
	start := components.Pos{X: in.X0 + s.Rn2(width(in)), Y: in.Y0 + s.Rn2(height(in))}
	pool = append(pool, int16(start.Index()))
	g.scan.put(lvl, start.X, start.Y, components.Lava)
	for grown := 0; len(pool) < size && grown < 4*size; grown++ {
		p := components.PosOf(int(pool[s.Rn2(len(pool))])).Add(components.OrthogonalDirs[s.Rn2(4)])
		if in.Contains(p) && lvl.Terrain[p.Index()] == components.Floor {
			pool = append(pool, int16(p.Index()))
			g.scan.put(lvl, p.X, p.Y, components.Lava)
		}
	}
	if len(pool) == size && dryFloorConnected(lvl, room) {
		return true
	}
	for _, c := range pool {
		p := components.PosOf(int(c))
		g.scan.put(lvl, p.X, p.Y, components.Floor)
	}
	return false
}

// dryFloorConnected reports whether the room's non-lava interior is one
// 8-connected piece that holds the inner cell of every door in its wall.
func dryFloorConnected(lvl *components.Level, room int) bool {
	in := lvl.Rooms[room].Interior
	walls := grow(in, 1)
	// Every door's inner neighbour must be dry.
	for x := in.X0; x <= in.X1; x++ {
		if lvl.At(components.Pos{X: x, Y: walls.Y0}).IsDoor() && lvl.At(components.Pos{X: x, Y: in.Y0}) == components.Lava ||
			lvl.At(components.Pos{X: x, Y: walls.Y1}).IsDoor() && lvl.At(components.Pos{X: x, Y: in.Y1}) == components.Lava {
			return false
		}
	}
	for y := in.Y0; y <= in.Y1; y++ {
		if lvl.At(components.Pos{X: walls.X0, Y: y}).IsDoor() && lvl.At(components.Pos{X: in.X0, Y: y}) == components.Lava ||
			lvl.At(components.Pos{X: walls.X1, Y: y}).IsDoor() && lvl.At(components.Pos{X: in.X1, Y: y}) == components.Lava {
			return false
		}
	}
	// Flood the dry floor from one of its cells; diagonal steps are fine
	// between floor cells.
	var dry, reached rows
	var first components.Pos
	for y := in.Y0; y <= in.Y1; y++ {
		for x := in.X0; x <= in.X1; x++ {
			if lvl.Terrain[y*components.W+x] != components.Lava {
				dry[y] |= 1 << uint(x)
				first = components.Pos{X: x, Y: y}
			}
		}
	}
	count := 0
	for _, w := range dry {
		count += bits.OnesCount64(w)
	}
	if count < minDryFloor {
		return false
	}
	flood(&dry, &dry, first, &reached)
	return reached == dry
}
