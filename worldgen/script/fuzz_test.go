package script

import (
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
)

// FuzzBuild feeds Compile and Build random sources: either may refuse
// one, but never panic (not even one Build recovers), and a level they accept passes the checks.
// Plain `go test` runs the seed corpus.
func FuzzBuild(f *testing.F) {
	for _, src := range []string{
		box,
		random,
		"des.standard()\n",
		"des.maze(des.region(0, 0, 47, 17))\ndes.flags(unreachable=True)\n",
		"des.map(['@>'])",
		"des.map(",
		"des.room(w=-1, h=99999999999999999999)",
		"des.corridor((1, 1), (46, 16))",
		"des.terrain(des.floor(), '>')",
		"des.replace(des.region(-5, -5, 99, 99), ' ', '.', chance=50)",
		"des.monster(species=None, glyph=None, at=None)",
		"des.item(kind='gold', count=0)",
		"des.cog(inventory=[{'kind': 'dagger', 'wielded': True}, {}])",
		"des.rng.choice([])",
		"des.rng.shuffle((1, 2))",
		"x = des.region(1, 1, 5, 5); x[99]",
		"def f(): f()\nf()",
		"[des.rng.rn2(1 << 62) for i in range(10)]",
		"load('x', 'y')",
		"des.flags(goal=7)",
		"des.door(at=(3, 3), state='secret')",
		"des.stairs(where=des.region(1, 1, 1, 1))",
	} {
		f.Add([]byte(src), uint64(1), uint8(1))
	}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64, depth uint8) {
		s, err := Compile("fuzz.star", src)
		if err != nil {
			return
		}
		b, err := s.Build(seed, 1+int(depth%c.MaxStartDepth), Env{Standard: standard})
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("a panic: %v", err) // Build recovered it; it is still a bug
			}
			return
		}
		if !b.Level.At(b.Cog).Walkable() {
			t.Fatalf("the cog on %s", b.Level.At(b.Cog).Name())
		}
	})
}
