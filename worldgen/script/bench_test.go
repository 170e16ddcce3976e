package script

import (
	"testing"
)

// The benchmarks build one level per iteration with a compiled script,
// to compare with worldgen's BenchmarkGenerate (§38.6: a typical script
// in at most twice a generated level's µs).

// mapOnly is a map-only level: three rooms drawn as one fragment.
const mapOnly = `des.map("""
 ----------             ---------
 |........|             |.......|
 |..@.....+#############+.......|
 |........|             |.......|
 ----.-----             ----.----
     #                      #
     #      ---------       #
     #######.........########
            |...>...|
            ---------
""")
`

// room15 is a typical task: a lit 15 x 15 room with a few monsters.
const room15 = `r = des.room(w=15, h=14, at=(16, 2))
cells = des.room_cells(r)
des.cog(at=des.random_cell(cells))
des.stairs(where=cells)
for i in range(4):
    des.monster(where=cells)
`

// roomsAndCorridors is four random rooms in a chain.
const roomsAndCorridors = `rooms = [des.room(w=3 + des.rng.rn2(4), h=2 + des.rng.rn2(2)) for i in range(4)]
for i in range(3):
    des.corridor(rooms[i], rooms[i + 1])
des.cog(at=des.random_cell(des.room_cells(rooms[0])))
des.stairs(where=des.room_cells(rooms[-1]))
des.monster()
des.item()
`

// maze is a maze over the whole board.
const maze = `des.maze(des.region(1, 1, 45, 17))
des.stairs(where=des.floor())
`

func benchBuild(b *testing.B, src string) {
	s, err := Compile("bench.star", []byte(src))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := s.Build(uint64(i), 1+i%12, Env{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBuildMap(b *testing.B)      { benchBuild(b, mapOnly) }
func BenchmarkBuildRoom15(b *testing.B)   { benchBuild(b, room15) }
func BenchmarkBuildCorridor(b *testing.B) { benchBuild(b, roomsAndCorridors) }
func BenchmarkBuildMaze(b *testing.B)     { benchBuild(b, maze) }
