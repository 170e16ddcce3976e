package worldgen

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/components"
)

// digestSeeds is how many seeds the ordinary-level digest covers.
const digestSeeds = 100

// levelDigest hashes everything Generate produces for one level.
func levelDigest(lvl *components.Level, pop *Population) uint64 {
	h := fnv.New64a()
	put := func(vs ...int) {
		var b [8]byte
		for _, v := range vs {
			binary.LittleEndian.PutUint64(b[:], uint64(v))
			h.Write(b[:])
		}
	}
	for i := range lvl.Terrain {
		put(int(lvl.Terrain[i]), int(lvl.RoomOf[i]), int(lvl.Component[i]))
	}
	for _, r := range lvl.Rooms {
		lit := 0
		if r.Lit {
			lit = 1
		}
		put(r.Interior.X0, r.Interior.Y0, r.Interior.X1, r.Interior.Y1, lit)
	}
	put(lvl.Depth, lvl.Stairs.X, lvl.Stairs.Y, lvl.Arrival.X, lvl.Arrival.Y)
	for _, m := range pop.Monsters {
		put(int(m.Species), m.At.X, m.At.Y, m.HP)
	}
	for _, it := range pop.Items {
		put(int(it.Kind), it.Count, it.At.X, it.At.Y)
	}
	for _, t := range pop.Traps {
		put(int(t.Kind), t.At.X, t.At.Y)
	}
	return h.Sum64()
}

// TestOrdinaryLevelsDigest pins every level but the Rogue level of seeds
// 0…99, depths 1…soakDepths, to a digest per depth in
// testdata/levels/ordinary-digest.txt: adding or changing a special level
// must leave the others bit for bit as they were. Run with -update to
// rewrite it after an intended change.
func TestOrdinaryLevelsDigest(t *testing.T) {
	var g Generator
	var lvl components.Level
	var b strings.Builder
	for depth := 1; depth <= soakDepths; depth++ {
		h := fnv.New64a()
		levels := 0
		for seed := range uint64(digestSeeds) {
			if depth == Plan(seed).RogueDepth {
				continue
			}
			var d [8]byte
			binary.LittleEndian.PutUint64(d[:], levelDigest(&lvl, g.Generate(seed, depth, &lvl)))
			h.Write(d[:])
			levels++
		}
		fmt.Fprintf(&b, "depth %d: %d levels, digest %016x\n", depth, levels, h.Sum64())
	}
	got := b.String()
	path := filepath.Join("testdata", "levels", "ordinary-digest.txt")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./worldgen -update to create it")
	assert.Equal(t, string(want), got, path)
}
