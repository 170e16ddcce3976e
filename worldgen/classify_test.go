package worldgen

import (
	"math/rand/v2"
	"reflect"
	"testing"

	c "github.com/cogsim/cogsim/components"
)

// findRoomsByCell is FindRooms cell by cell, as it was first written:
// the reference the row-parallel one must equal.
func findRoomsByCell(lvl *c.Level, lit bool) {
	isFloor := func(t c.Terrain) bool { return t == c.Floor || t == c.Stairs || t == c.Lava }
	var stack []int
	for i := 0; i < c.N; i++ {
		if !isFloor(lvl.Terrain[i]) || lvl.RoomOf[i] != 0 || len(lvl.Rooms) >= 255 {
			continue
		}
		id := uint8(len(lvl.Rooms) + 1)
		r := c.Rect{X0: c.W, Y0: c.H, X1: -1, Y1: -1}
		stack = append(stack[:0], i)
		lvl.RoomOf[i] = id
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p := c.PosOf(j)
			r.X0, r.Y0, r.X1, r.Y1 = min(r.X0, p.X), min(r.Y0, p.Y), max(r.X1, p.X), max(r.Y1, p.Y)
			for _, d := range c.OrthogonalDirs {
				q := p.Add(d)
				if q.In() && isFloor(lvl.Terrain[q.Index()]) && lvl.RoomOf[q.Index()] == 0 {
					lvl.RoomOf[q.Index()] = id
					stack = append(stack, q.Index())
				}
			}
		}
		lvl.Rooms = append(lvl.Rooms, c.Room{Interior: r, Lit: lit})
	}
}

func TestFindRoomsFindsWhatACellByCellFloodFinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []c.Terrain{c.Rock, c.Floor, c.Floor, c.Stairs, c.Lava, c.HWall, c.Corridor}
	for n := 0; n < 3000; n++ {
		var a c.Level
		density := rng.IntN(len(kinds))
		for i := range a.Terrain {
			if rng.IntN(len(kinds)) <= density {
				a.Terrain[i] = kinds[rng.IntN(len(kinds))]
			}
			if rng.IntN(50) == 0 {
				a.RoomOf[i] = 200 // a cell of a room found before
			}
		}
		b := a
		FindRooms(&a, n%2 == 0)
		findRoomsByCell(&b, n%2 == 0)
		if !reflect.DeepEqual(a.RoomOf, b.RoomOf) || !reflect.DeepEqual(a.Rooms, b.Rooms) {
			t.Fatalf("level %d: FindRooms differs from the cell-by-cell flood (%d rooms, want %d)", n, len(a.Rooms), len(b.Rooms))
		}
	}
}
