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

// plainOkDoor is okDoor read from the terrain, for any cell: a wall
// cell with no door orthogonally next to it.
func plainOkDoor(lvl *components.Level, p components.Pos) bool {
	if !lvl.At(p).IsWall() {
		return false
	}
	for _, d := range components.OrthogonalDirs {
		if lvl.At(p.Add(d)).IsDoor() {
			return false
		}
	}
	return true
}

// plainFindDoorPos is findDoorPos read from the terrain with
// plainOkDoor.
func plainFindDoorPos(s *ecs.Stream, lvl *components.Level, x0, y0, x1, y1 int) components.Pos {
	p := components.Pos{X: x0 + s.Rn2(x1-x0+1), Y: y0 + s.Rn2(y1-y0+1)}
	if plainOkDoor(lvl, p) {
		return p
	}
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			if q := (components.Pos{X: x, Y: y}); plainOkDoor(lvl, q) {
				return q
			}
		}
	}
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			if q := (components.Pos{X: x, Y: y}); lvl.At(q).IsDoor() {
				return q
			}
		}
	}
	return components.Pos{X: x0, Y: y0}
}

// TestFindDoorPosMatchesTerrain puts random doors, few to many, on the
// wall rings of many levels' rooms, then finds door positions on every
// wall segment of every room (the four sides, and random pieces of
// them) with findDoorPos from the kept door set and with
// plainFindDoorPos from the terrain, from the same draws; okDoor must
// agree with plainOkDoor on every wall ring cell.
func TestFindDoorPosMatchesTerrain(t *testing.T) {
	var g Generator
	lvl := new(components.Level)
	doorKinds := []components.Terrain{components.Doorway, components.BrokenDoor, components.OpenDoor,
		components.ClosedDoor, components.LockedDoor, components.SecretDoorV, components.SecretDoorH}
	for seed := range uint64(300) {
		s := ecs.NewStream(seed, "door test")
		g.roomsOnly(s, 1+int(seed%12), lvl)
		for _, room := range lvl.Rooms {
			w := room.Walls()
			for y := w.Y0; y <= w.Y1; y++ {
				for x := w.X0; x <= w.X1; x++ {
					if (y == w.Y0 || y == w.Y1 || x == w.X0 || x == w.X1) && s.OneIn(2+int(seed%9)) {
						g.scan.put(lvl, x, y, doorKinds[s.Rn2(len(doorKinds))])
					}
				}
			}
		}
		for _, room := range lvl.Rooms {
			in, w := room.Interior, room.Walls()
			for y := w.Y0; y <= w.Y1; y++ {
				for x := w.X0; x <= w.X1; x++ {
					if p := (components.Pos{X: x, Y: y}); !in.Contains(p) {
						require.Equal(t, plainOkDoor(lvl, p), okDoor(&g.scan.door, p), "seed %d: %v", seed, p)
					}
				}
			}
			segments := [][4]int{
				{in.X1 + 1, in.Y0, in.X1 + 1, in.Y1}, {in.X0 - 1, in.Y0, in.X0 - 1, in.Y1},
				{in.X0, in.Y0 - 1, in.X1, in.Y0 - 1}, {in.X0, in.Y1 + 1, in.X1, in.Y1 + 1},
			}
			for _, sg := range segments[:4] {
				a, b := s.Rn2(sg[2]-sg[0]+1), s.Rn2(sg[3]-sg[1]+1)
				segments = append(segments, [4]int{sg[0] + a, sg[1] + b, sg[0] + a + s.Rn2(sg[2]-sg[0]-a+1), sg[1] + b + s.Rn2(sg[3]-sg[1]-b+1)})
			}
			for _, sg := range segments {
				draws, plainDraws := *s, *s
				got := findDoorPos(&draws, &g.scan.door, sg[0], sg[1], sg[2], sg[3])
				want := plainFindDoorPos(&plainDraws, lvl, sg[0], sg[1], sg[2], sg[3])
				require.Equal(t, want, got, "seed %d: segment %v", seed, sg)
				require.True(t, draws == plainDraws, "seed %d: segment %v: draws", seed, sg)
				s.Uint64()
			}
		}
	}
}
