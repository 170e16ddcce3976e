package worldgen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// plainDig is NetHack's dig_corridor written out step by step, with every
// cell's bounds checked: the rule dig must keep, draw for draw.
func plainDig(s *ecs.Stream, lvl *components.Level, open *rows, scan *levelRows, org, dst components.Pos, nxcor bool) bool {
	var dx, dy int
	switch {
	case dst.X > org.X:
		dx = 1
	case dst.Y > org.Y:
		dy = 1
	case dst.X < org.X:
		dx = -1
	default:
		dy = -1
	}
	x, y := org.X-dx, org.Y-dy
	for steps := 0; x != dst.X || y != dst.Y; steps++ {
		if steps >= maxDigSteps || nxcor && s.OneIn(deadEnd) {
			return false
		}
		x, y = x+dx, y+dy
		if !diggable(open, x, y) {
			return false
		}
		scan.dig(lvl, x, y)

		distX, distY := abs(x-dst.X), abs(y-dst.Y)
		if distX > distY && distY != 0 && s.OneIn(distX-distY+1) {
			distX = 0
		} else if distY > distX && distX != 0 && s.OneIn(distY-distX+1) {
			distY = 0
		}
		if dy != 0 && distX > distY {
			if tx := towards(dst.X, x); diggable(open, x+tx, y) {
				dx, dy = tx, 0
				continue
			}
		} else if dx != 0 && distY > distX {
			if ty := towards(dst.Y, y); diggable(open, x, y+ty) {
				dx, dy = 0, ty
				continue
			}
		}
		if diggable(open, x+dx, y+dy) {
			continue
		}
		if dx != 0 {
			dx, dy = 0, towards(dst.Y, y)
		} else {
			dx, dy = towards(dst.X, x), 0
		}
		if diggable(open, x+dx, y+dy) {
			continue
		}
		dx, dy = -dx, -dy
	}
	return true
}

// roomsOnly starts a level as build does, up to the rooms.
func (g *Generator) roomsOnly(s *ecs.Stream, depth int, lvl *components.Level) {
	lvl.Depth = depth
	lvl.Terrain = [components.N]components.Terrain{}
	lvl.RoomOf = [components.N]uint8{}
	lvl.Rooms = lvl.Rooms[:0]
	g.scan = levelRows{}
	g.makeRooms(s, lvl, false)
	sortRooms(lvl)
}

// TestDiggableAfterCorridors checks what markDiggable relies on: once
// the corridors are made, the cells a corridor may still run through are
// exactly the rock and corridor cells inside the border ring (doors, on
// room walls, never were diggable).
func TestDiggableAfterCorridors(t *testing.T) {
	var g Generator
	lvl := new(components.Level)
	for seed := range uint64(200) {
		s := ecs.NewStream(seed, "diggable test")
		g.roomsOnly(s, 1+int(seed%12), lvl)
		g.makeCorridors(s, lvl)
		for i, k := range lvl.Terrain {
			p := components.PosOf(i)
			inner := p.X > 0 && p.X < components.W-1 && p.Y > 0 && p.Y < components.H-1
			want := inner && (k == components.Rock || k == components.Corridor)
			require.Equal(t, want, g.diggable.has(p), "seed %d: %v is %v", seed, p, k)
		}
	}
}

// TestDigMatchesPlainDig digs corridors between random cells (org also
// off the board by one) of the rooms of many levels, ordinary and extra,
// with dig and with plainDig from the same state: both must give the same
// result, the same terrain and scan, and leave the stream in the same
// state.
func TestDigMatchesPlainDig(t *testing.T) {
	var g Generator
	lvl, plainLvl := new(components.Level), new(components.Level)
	digs, dug := 0, 0
	for seed := range uint64(300) {
		s := ecs.NewStream(seed, "dig test")
		g.roomsOnly(s, 1+int(seed%12), lvl)
		g.markDiggable(lvl)
		for range 40 {
			org := components.Pos{X: s.Rn2(components.W+2) - 1, Y: s.Rn2(components.H+2) - 1}
			dst := components.Pos{X: 1 + s.Rn2(components.W-2), Y: 1 + s.Rn2(components.H-2)}
			nxcor := s.OneIn(2)
			draws, plainDraws := *s, *s
			*plainLvl = *lvl
			plainScan := g.scan
			ok := dig(&draws, lvl, &g.diggable, &g.scan, org, dst, nxcor)
			plainOK := plainDig(&plainDraws, plainLvl, &g.diggable, &plainScan, org, dst, nxcor)
			require.Equal(t, plainOK, ok, "seed %d: %v to %v", seed, org, dst)
			require.True(t, plainLvl.Terrain == lvl.Terrain, "seed %d: %v to %v: terrain", seed, org, dst)
			require.True(t, plainScan == g.scan, "seed %d: %v to %v: scan", seed, org, dst)
			require.True(t, plainDraws == draws, "seed %d: %v to %v: draws", seed, org, dst)
			digs++
			if ok {
				dug++
			}
		}
	}
	// Most random pairs fail (org in a room or a wall); enough succeed.
	require.Greater(t, dug, digs/10)
}
