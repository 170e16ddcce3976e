package script

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"go.starlark.net/starlark"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/worldgen"
)

// build compiles src as t.star and builds it with seed at depth 1.
func build(t testing.TB, src string, seed uint64, env Env) *Built {
	t.Helper()
	b, err := buildErr(src, seed, env)
	if err != nil {
		t.Fatalf("build: %v\n%s", err, src)
	}
	return b
}

func buildErr(src string, seed uint64, env Env) (*Built, error) {
	s, err := Compile("t.star", []byte(src))
	if err != nil {
		return nil, err
	}
	return s.Build(seed, 1, env)
}

// wantErr builds src and wants an error of exactly want.
func wantErr(t *testing.T, src, want string) {
	t.Helper()
	_, err := buildErr(src, 1, Env{})
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q\n%s", err, want, src)
	}
}

// box is a lit 5 x 3 room with the cog and the stairs, at (1, 1).
const box = `des.map("""
-------
|.....|
|.@..>|
|.....|
-------
""", at=(1, 1))
`

func standard(depth int, lvl *c.Level) *worldgen.Population {
	var g worldgen.Generator
	return g.Generate(7, depth, lvl)
}

func TestMapLaysGlyphs(t *testing.T) {
	b := build(t, `des.map(["-----", "|@r$|", "|.^>.", "|S.x|", "-----"], at=(2, 3), lit=False)
des.terrain((5, 6), "}")
`, 1, Env{})
	lvl := &b.Level
	if b.Cog != (c.Pos{X: 3, Y: 4}) || lvl.Arrival != b.Cog {
		t.Errorf("cog at %v, arrival %v", b.Cog, lvl.Arrival)
	}
	if lvl.Stairs != (c.Pos{X: 5, Y: 5}) || lvl.At(lvl.Stairs) != c.Stairs {
		t.Errorf("stairs at %v", lvl.Stairs)
	}
	if len(b.Monsters) != 1 || b.Monsters[0].Species != c.SpeciesByName("sewer rat") || b.Monsters[0].At != (c.Pos{X: 4, Y: 4}) {
		t.Errorf("monsters %+v", b.Monsters)
	}
	if len(b.Items) != 1 || b.Items[0].Stack != (c.Stack{Kind: c.Gold, Count: 10}) {
		t.Errorf("items %+v", b.Items)
	}
	if len(b.Traps) != 1 || b.Traps[0] != (Trap{Kind: 0, At: c.Pos{X: 4, Y: 5}}) {
		t.Errorf("traps %+v", b.Traps)
	}
	// A '.' in the east wall is a doorway, 'S' a secret door; 'x' left
	// the cell as it was (rock, then terrain()'s lava).
	for _, tc := range []struct {
		p c.Pos
		t c.Terrain
	}{{c.Pos{X: 6, Y: 5}, c.Doorway}, {c.Pos{X: 3, Y: 6}, c.SecretDoorV}, {c.Pos{X: 5, Y: 6}, c.Lava}, {c.Pos{X: 2, Y: 3}, c.HWall}} {
		if got := lvl.At(tc.p); got != tc.t {
			t.Errorf("%v is %s, want %s", tc.p, got.Name(), tc.t.Name())
		}
	}
	if len(lvl.Rooms) != 1 || lvl.Rooms[0].Lit || lvl.Rooms[0].Interior != (c.Rect{X0: 3, Y0: 4, X1: 5, Y1: 6}) {
		t.Errorf("rooms %+v", lvl.Rooms)
	}
	if lvl.Component[b.Cog.Index()] != 1 || lvl.Component[c.Pos{X: 6, Y: 5}.Index()] != 1 {
		t.Errorf("components not assigned")
	}
}

func TestMapStringCentredAndLit(t *testing.T) {
	b := build(t, `des.map("""
---
|@|
|>|
---
""")`, 1, Env{})
	// 3 x 4 centred on 48 x 18: top-left (22, 7).
	if b.Cog != (c.Pos{X: 23, Y: 8}) || b.Level.Stairs != (c.Pos{X: 23, Y: 9}) {
		t.Errorf("cog %v stairs %v", b.Cog, b.Level.Stairs)
	}
	if !b.Level.Rooms[0].Lit {
		t.Error("map's room is not lit by default")
	}
}

func TestMapErrors(t *testing.T) {
	wantErr(t, "des.map(['@>'], at=(0, 3))", `t.star:1:8: des.map: row 0 col 0: '@' on the border ring (0, 3), which must stay rock`)
	wantErr(t, "\ndes.map(['.@Q>'])", `t.star:2:8: des.map: row 0 col 2: unknown glyph 'Q'`)
	wantErr(t, "des.map(['  '], at=(47, 3))", `t.star:1:8: des.map: row 0 col 1: (48, 3) is off the 48 x 18 board`)
	wantErr(t, "des.map(7)", `t.star:1:8: des.map: rows: want a list of strings or a string, got int`)
	wantErr(t, "des.map(['.@.'], at=(3, 3))", `level script t.star: no staircase: draw '>' or call des.stairs (or des.flags(unreachable=True))`)
}

func TestStandard(t *testing.T) {
	b := build(t, "des.standard()\n", 3, Env{Standard: standard})
	var lvl c.Level
	pop := standard(1, &lvl)
	if !b.Standard || b.Cog != lvl.Arrival || b.Level.Stairs != lvl.Stairs || b.Level.Terrain != lvl.Terrain {
		t.Fatalf("standard level not adopted")
	}
	if len(b.Monsters) != len(pop.Monsters) || len(b.Items) != len(pop.Items) || len(b.Traps) != len(pop.Traps) {
		t.Fatalf("population %d/%d/%d, want %d/%d/%d", len(b.Monsters), len(b.Items), len(b.Traps), len(pop.Monsters), len(pop.Items), len(pop.Traps))
	}
	for i, tr := range b.Traps {
		if !tr.Hidden || tr.At != pop.Traps[i].At {
			t.Errorf("trap %d: %+v", i, tr)
		}
	}
	if len(b.Level.Rooms) != len(lvl.Rooms) {
		t.Errorf("%d rooms, the generator made %d", len(b.Level.Rooms), len(lvl.Rooms))
	}
	for _, r := range b.Level.Rooms {
		if i := roomIndex(lvl.Rooms, r.Interior); i < 0 || lvl.Rooms[i].Lit != r.Lit {
			t.Errorf("room %+v is not the generator's", r)
		}
	}
	// More on it: the standard level's rooms are room_cells' first.
	b = build(t, "des.standard()\ndes.monster(species='jackal', where=des.room_cells(0))\n", 3, Env{Standard: standard})
	if m := b.Monsters[len(b.Monsters)-1]; !lvl.Rooms[0].Interior.Contains(m.At) {
		t.Errorf("jackal at %v, not in room 0 %+v", m.At, lvl.Rooms[0])
	}
	_, err := buildErr(box+"des.standard()\n", 1, Env{Standard: standard})
	if err == nil || err.Error() != "t.star:8:13: des.standard: must be the first drawing call of the script" {
		t.Errorf("standard after map: %v", err)
	}
	wantErr(t, "des.standard()", "t.star:1:13: des.standard: no standard level to start from here")
}

func roomIndex(rooms []c.Room, r c.Rect) int {
	for i, x := range rooms {
		if x.Interior == r {
			return i
		}
	}
	return -1
}

func TestRoom(t *testing.T) {
	b := build(t, `a = des.room(w=3, h=2, at=(2, 2), lit=False)
b = des.room(w=4, h=3)
des.corridor(a, b)
des.cog(at=(2, 2))
des.stairs(where=des.room_cells(b))
if (a, b) != (0, 1):
    fail("indices", a, b)
`, 5, Env{})
	lvl := &b.Level
	want := "-----\n|...|\n|...|\n-----"
	var got []string
	for y := 1; y <= 4; y++ {
		var row []byte
		for x := 1; x <= 5; x++ {
			row = append(row, lvl.At(c.Pos{X: x, Y: y}).Glyph())
		}
		got = append(got, string(row))
	}
	// A doorway may be cut in the walls; compare them as walls.
	g := strings.ReplaceAll(strings.Join(got, "\n"), "|.|", "|||")
	if strings.Count(g, ".") < 6 || len(lvl.Rooms) != 2 {
		t.Errorf("room drawn\n%s\nwant\n%s", g, want)
	}
	for _, r := range lvl.Rooms {
		if r.Interior == (c.Rect{X0: 2, Y0: 2, X1: 4, Y1: 3}) && r.Lit {
			t.Error("lit=False room is lit")
		}
	}
	wantErr(t, "des.room(w=3, h=3, at=(1, 1))", "t.star:1:9: des.room: a 3 x 3 room at (1, 1) has walls from (0, 0) to (4, 4), off the board or on its border ring")
	wantErr(t, "des.room(w=0, h=3)", "t.star:1:9: des.room: w: 0 is out of range 1…44")
	wantErr(t, "des.room(w=44, h=14)\ndes.room(w=2, h=2)", "t.star:2:9: des.room: no free place for a 2 x 2 room")
}

func TestRoomRandomPlacesVary(t *testing.T) {
	seen := map[c.Rect]bool{}
	for seed := range uint64(20) {
		b := build(t, "r = des.room(w=4, h=3)\ndes.stairs(where=des.room_cells(r))\n", seed, Env{})
		seen[b.Level.Rooms[0].Interior] = true
	}
	if len(seen) < 10 {
		t.Errorf("20 seeds placed the room in %d places", len(seen))
	}
}

func TestCorridorConnects(t *testing.T) {
	for seed := range uint64(50) {
		b := build(t, `n = 2 + des.rng.rn2(4)
rooms = [des.room(w=1 + des.rng.rn2(5), h=1 + des.rng.rn2(3)) for i in range(n)]
for i in range(n - 1):
    des.corridor(rooms[i], rooms[i + 1])
des.cog(at=des.random_cell(des.room_cells(rooms[0])))
des.stairs(where=des.room_cells(rooms[-1]))
`, seed, Env{})
		lvl := &b.Level
		for _, r := range lvl.Rooms {
			if !worldgen.Reachable(lvl, b.Cog, c.Pos{X: r.Interior.X0, Y: r.Interior.Y0}) {
				t.Fatalf("seed %d: room %+v not reachable\n%s", seed, r, worldgen.Reveal(lvl, nil, true))
			}
		}
	}
	// Between two cells, through rock.
	b := build(t, box+"des.terrain((7, 3), '.')\ndes.corridor((7, 3), (30, 12))\ndes.stairs(at=(30, 12))\n", 1, Env{})
	if !worldgen.Reachable(&b.Level, b.Cog, c.Pos{X: 30, Y: 12}) {
		t.Errorf("cell corridor not connected\n%s", worldgen.Reveal(&b.Level, nil, true))
	}
	wantErr(t, "des.room(w=2, h=2)\ndes.corridor(0, 3)", "t.star:2:13: des.corridor: b: room 3: there are 1 rooms (0…0)")
}

// TestMazeIsPerfect holds des.maze to a perfect maze over many seeds:
// its passages form a tree (cells − 1 edges, all connected).
func TestMazeIsPerfect(t *testing.T) {
	for seed := range uint64(200) {
		w, h := 3+int(seed%20)*2, 3+int(seed%7)*2
		src := fmt.Sprintf("des.maze(des.region(1, 1, %d, %d))\ndes.flags(unreachable=True)\n", w, h)
		b := build(t, src, seed, Env{})
		lvl := &b.Level
		cells, edges := 0, 0
		var first c.Pos
		for i, tr := range lvl.Terrain {
			if tr != c.Corridor {
				continue
			}
			p := c.PosOf(i)
			if cells == 0 {
				first = p
			}
			cells++
			for _, d := range []c.Dir{c.East, c.South} {
				if lvl.At(p.Add(d)) == c.Corridor {
					edges++
				}
			}
		}
		want := ((w - 1) / 2) * ((h - 1) / 2)
		if cells != 2*want-1 || edges != cells-1 {
			t.Fatalf("seed %d, %dx%d: %d cells, %d edges; want %d cells, %d edges", seed, w, h, cells, edges, 2*want-1, 2*want-2)
		}
		for i, tr := range lvl.Terrain {
			if tr == c.Corridor && !worldgen.Reachable(lvl, first, c.PosOf(i)) {
				t.Fatalf("seed %d: maze not connected", seed)
			}
		}
	}
	wantErr(t, "des.maze((3, 3, 4, 8))", "t.star:1:9: des.maze: region: (3, 3)–(4, 8) inside the border ring is smaller than 3 x 3")
}

func TestMazeDiffersBySeed(t *testing.T) {
	src := "des.maze(des.region(0, 0, 47, 17))\ndes.flags(unreachable=True)\n"
	a, b := build(t, src, 1, Env{}), build(t, src, 2, Env{})
	if a.Level.Terrain == b.Level.Terrain {
		t.Error("two seeds made the same maze")
	}
}

func TestTerrainAndReplace(t *testing.T) {
	b := build(t, box+`des.terrain(des.region(3, 2, 4, 2), "}")
des.replace(des.region(1, 1, 7, 5), ".", "#")
`, 1, Env{})
	if b.Level.At(c.Pos{X: 3, Y: 2}) != c.Lava || b.Level.At(c.Pos{X: 6, Y: 2}) != c.Corridor || b.Level.At(c.Pos{X: 2, Y: 3}) != c.Corridor || b.Level.At(c.Pos{X: 6, Y: 3}) != c.Stairs {
		t.Errorf("terrain/replace:\n%s", worldgen.Reveal(&b.Level, nil, true))
	}
	wantErr(t, `des.terrain(des.region(0, 0, 3, 3), ".")`, "t.star:1:12: des.terrain: where: holds cells of the border ring, which must stay rock")
	wantErr(t, `des.terrain((3, 3), "Q")`, `t.star:1:12: des.terrain: glyph: 'Q' is not a terrain glyph (§4: ' ' | - . # ' + > } or S)`)
}

// TestReplaceChance holds replace(chance=30) to a binomial bound: of
// 40 floor cells a level, over 100 seeds, 30% ± 4 standard deviations.
func TestReplaceChance(t *testing.T) {
	n, hit := 0, 0
	for seed := range uint64(100) {
		b := build(t, box+`des.terrain(des.region(10, 3, 46, 3), ".")
des.replace(des.region(10, 3, 46, 3), ".", "#", chance=30)
`, seed, Env{})
		for x := 10; x <= 46; x++ {
			n++
			if b.Level.At(c.Pos{X: x, Y: 3}) == c.Corridor {
				hit++
			}
		}
	}
	mean, sd := 0.3*float64(n), math.Sqrt(float64(n)*0.3*0.7)
	if math.Abs(float64(hit)-mean) > 4*sd {
		t.Errorf("%d of %d replaced, want %.0f ± %.0f", hit, n, mean, 4*sd)
	}
}

func TestCogFields(t *testing.T) {
	b := build(t, box+`des.cog(hp=5, maxHp=20, nutrition=100, gold=7, xpPoints=3, confused=4, paralysed=2,
        inventory=[{"kind": "dagger", "wielded": True}, {"kind": "apple", "count": 3}, {"kind": "leather armour", "worn": True, "spe": 1}])
`, 1, Env{})
	f := b.CogFields
	if *f.HP != 5 || *f.MaxHP != 20 || *f.Nutrition != 100 || *f.Gold != 7 || *f.XPPoints != 3 || f.Confused != 4 || f.Paralysed != 2 {
		t.Errorf("fields %+v", f)
	}
	inv := f.Inventory
	if inv == nil || inv.Wielded != 0 || inv.Worn != 2 || inv.Slots[1] != (c.Stack{Kind: c.ItemByName("apple"), Count: 3}) || inv.Slots[2].Spe != 1 {
		t.Errorf("inventory %+v", inv)
	}
	for _, tc := range []struct{ call, want string }{
		{"des.cog(hp=17)", "des.cog: hp: 17 is more than maxHp 16"},
		{"des.cog(maxHp=0)", "des.cog: maxHp: 0 is out of range 1…1000000"},
		{"des.cog(nutrition=-1001)", "des.cog: nutrition: -1001 is out of range -1000…100000"},
		{"des.cog(confused=-1)", "des.cog: confused/paralysed: ticks must not be negative"},
		{`des.cog(inventory=[{"kind": "apple", "wielded": True}])`, "des.cog: inventory[0].wielded: apple is not a weapon"},
		{`des.cog(inventory=[{"kind": "gold"}])`, `des.cog: inventory[0].kind: unknown item "gold"`},
		{`des.cog(inventory=[{"kind": "dagger", "count": 2}])`, "des.cog: inventory[0].count: dagger never stacks"},
		{"des.cog(at=(4, 3))", "des.cog: a second cog at (4, 3): the cog is already at (3, 3)"},
	} {
		wantErr(t, box+tc.call, "t.star:8:8: "+tc.want)
	}
}

func TestCogRandomAndMoved(t *testing.T) {
	src := "des.room(w=6, h=4, at=(5, 5))\ndes.stairs(at=(5, 5))\n"
	seen := map[c.Pos]bool{}
	for seed := range uint64(30) {
		b := build(t, src, seed, Env{})
		if b.Level.At(b.Cog) != c.Floor || b.Cog == b.Level.Stairs {
			t.Fatalf("cog on %v", b.Cog)
		}
		seen[b.Cog] = true
	}
	if len(seen) < 10 {
		t.Errorf("30 seeds put the cog on %d cells", len(seen))
	}
	b := build(t, "des.standard()\ndes.cog(at=des.random_cell(des.room_cells(0)))\n", 3, Env{Standard: standard})
	if b.Level.RoomAt(b.Cog) < 0 {
		t.Errorf("cog moved to %v", b.Cog)
	}
}

func TestMonster(t *testing.T) {
	b := build(t, box+`des.monster(species="jackal", at=(3, 2), hp=4, asleep=True)
des.monster(glyph="r", at=(4, 2))
des.monster()
des.monster(where=des.region(2, 4, 6, 4))
`, 1, Env{})
	m := b.Monsters
	if len(m) != 4 || m[0].Species != c.SpeciesByName("jackal") || m[0].HP != 4 || !m[0].Asleep || m[1].Species != c.SpeciesByName("sewer rat") {
		t.Fatalf("monsters %+v", m)
	}
	if m[3].At.Y != 4 || m[2].At == b.Cog {
		t.Errorf("monsters %+v", m)
	}
	wantErr(t, "\n\n\nx = des.monster(species='dragonn')", `t.star:4:16: des.monster: species "dragonn" is not a species`)
	wantErr(t, box+"des.monster(species='jackal', at=(3, 3))", "t.star:8:12: the monster at (3, 3) is on the cog's cell")
	wantErr(t, box+"des.monster(species='jackal', at=(1, 3))", "t.star:8:12: the monster at (1, 3) is on wall, not a cell one can stand on")
	wantErr(t, box+"des.monster(at=(2, 2))\ndes.monster(at=(2, 2))", "t.star:9:12: (2, 2) holds a monster already")
	wantErr(t, box+"des.monster(species='jackal', glyph='d')", "t.star:8:12: des.monster: give species= or glyph=, not both")
	wantErr(t, box+"des.monster(hp=-1)", "t.star:8:12: des.monster: hp: -1 is out of range 0…1000000")
	wantErr(t, box+"des.monster(speed=3)", `t.star:8:12: des.monster: unexpected keyword argument "speed"`)
}

func TestItem(t *testing.T) {
	b := build(t, box+`des.item(kind="apple", at=(3, 2), count=2)
des.item(glyph="!", at=(4, 2))
des.item(kind="gold", at=(5, 2), count=40)
des.item(kind="dagger", at=(6, 2), spe=2)
des.item(where=des.region(2, 4, 6, 4))
`, 1, Env{})
	it := b.Items
	if len(it) != 5 || it[0].Stack != (c.Stack{Kind: c.ItemByName("apple"), Count: 2}) ||
		it[1].Stack.Kind.Info().Class != c.PotionClass || it[2].Stack != (c.Stack{Kind: c.Gold, Count: 40}) ||
		it[3].Stack.Spe != 2 || it[4].At.Y != 4 {
		t.Fatalf("items %+v", it)
	}
	wantErr(t, box+"des.item(kind='dagger', count=2)", "t.star:8:9: des.item: count: dagger never stacks (an item for each)")
	wantErr(t, box+"des.item(kind='wand of wishing')", `t.star:8:9: des.item: kind "wand of wishing" is not an item kind`)
	wantErr(t, box+"des.item(kind='apple', at=(0, 0))", "t.star:8:9: the item at (0, 0) is on solid rock, not a cell one can stand on")
}

// TestRandomItemsAndMonsters draws random things as the generator's
// tables have them: every class comes up, gold most.
func TestRandomItemsAndMonsters(t *testing.T) {
	classes := map[c.ItemClass]int{}
	species := map[c.SpeciesID]bool{}
	for seed := range uint64(200) {
		b := build(t, box+"des.item()\ndes.monster()\n", seed, Env{})
		classes[b.Items[0].Stack.Kind.Info().Class]++
		species[b.Monsters[0].Species] = true
		if k := b.Items[0].Stack; k.Kind == c.Gold && (k.Count < 6 || k.Count > 15) {
			t.Fatalf("gold %d at depth 1", k.Count)
		}
	}
	if len(classes) != 5 || classes[c.GoldClass] < classes[c.FoodClass] {
		t.Errorf("classes %v", classes)
	}
	if len(species) < 4 {
		t.Errorf("%d species in 200 draws", len(species))
	}
}

func TestTrap(t *testing.T) {
	b := build(t, box+`des.trap(kind="pit", at=(3, 2), hidden=True)
des.trap(at=(4, 2))
des.trap(where=des.region(2, 4, 6, 4))
`, 1, Env{})
	tr := b.Traps
	pit, _ := c.LookupTrap("pit")
	if len(tr) != 3 || tr[0] != (Trap{Kind: pit, At: c.Pos{X: 3, Y: 2}, Hidden: true}) || tr[1].Hidden || tr[2].At.Y != 4 {
		t.Fatalf("traps %+v", tr)
	}
	wantErr(t, box+"des.trap(at=(6, 3))", "t.star:8:9: the trap at (6, 3) is on the stairs")
	wantErr(t, box+"des.trap(at=(2, 2))\ndes.trap(at=(2, 2))", "t.star:9:9: (2, 2) holds a trap already")
	wantErr(t, box+"des.trap(kind='bear trap')", `t.star:8:9: des.trap: kind "bear trap" is not a trap`)
}

func TestDoorAndStairs(t *testing.T) {
	b := build(t, box+`des.door(at=(7, 2), state="locked")
des.door(at=(4, 1), state="secret")
des.door(at=(1, 3), state="open")
des.stairs(at=(2, 2))
`, 1, Env{})
	lvl := &b.Level
	if lvl.At(c.Pos{X: 7, Y: 2}) != c.LockedDoor || lvl.At(c.Pos{X: 4, Y: 1}) != c.SecretDoorH || lvl.At(c.Pos{X: 1, Y: 3}) != c.OpenDoor {
		t.Errorf("doors:\n%s", worldgen.Reveal(lvl, nil, true))
	}
	if lvl.Stairs != (c.Pos{X: 2, Y: 2}) || lvl.At(c.Pos{X: 6, Y: 3}) != c.Floor {
		t.Errorf("stairs not moved: %v", lvl.Stairs)
	}
	wantErr(t, box+"des.door(at=(3, 3), state='ajar')", `t.star:8:9: des.door: state: unknown door state "ajar" (locked, closed, open, broken, doorway, secret)`)
	wantErr(t, box+"des.door(at=(9, 3))", "t.star:8:9: des.door: at: (9, 3) is solid rock, not a wall, floor or door")
}

func TestUnreachableStairs(t *testing.T) {
	src := box + "des.map(['---', '|>|', '---'], at=(20, 5))\n"
	wantErr(t, src, "t.star:8:8: 2 staircases: a level has one (des.stairs moves it)")
	src = box + "des.stairs(at=(30, 9))\ndes.terrain((30, 9), '>')\n"
	wantErr(t, src, "t.star:9:12: the stairs at (30, 9) cannot be reached from the cog at (3, 3) (des.flags(unreachable=True) allows it)")
	b := build(t, src+"des.flags(unreachable=True)\n", 1, Env{})
	if !b.Unreachable {
		t.Error("unreachable not set")
	}
	// A secret door and a locked one count as passable.
	build(t, box+"des.door(at=(7, 3), state='secret')\ndes.corridor((8, 3), (20, 3))\ndes.stairs(at=(20, 3))\n", 1, Env{})
	// Lava does not.
	wantErr(t, box+"des.terrain(des.region(5, 2, 5, 4), '}')", "t.star:1:8: the stairs at (6, 3) cannot be reached from the cog at (3, 3) (des.flags(unreachable=True) allows it)")
}

func TestFlags(t *testing.T) {
	b := build(t, box+"des.flags(goal='oracle')\n", 1, Env{})
	if b.Goal != "oracle" || b.Unreachable {
		t.Errorf("flags %q %v", b.Goal, b.Unreachable)
	}
	if b := build(t, box, 1, Env{}); b.Goal != "stairs" {
		t.Errorf("default goal %q", b.Goal)
	}
	_, err := buildErr(box+"des.flags(goal='full-clock')\n", 1, Env{})
	if err == nil || !strings.HasPrefix(err.Error(), `t.star:8:10: des.flags: goal: "full-clock" is not "stairs", "none" or a deed`) {
		t.Errorf("full-clock goal: %v", err)
	}
}

func TestSelections(t *testing.T) {
	build(t, box+`a = des.region(0, 0, 3, 1)
b = des.region(2, 1, 50, 1)
if len(a) != 8 or len(b) != 46:
    fail("len", len(a), len(b))
if list(a & b) != [(2, 1), (3, 1)]:
    fail("and", list(a & b))
if len(a | b) != 52 or len(a - b) != 6:
    fail("or/minus")
if (3, 0) not in a or (4, 0) in a or [1, 1] not in a:
    fail("in")
if list(a)[:5] != [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]:
    fail("order", list(a))
if a[4] != (0, 1) or des.rng.choice(des.region(5, 5, 5, 5)) != (5, 5):
    fail("index")
f = des.floor()
if len(f) != 14 or (3, 3) not in f or (1, 1) in f:
    fail("floor", len(f))
des.room(w=2, h=2, at=(20, 5))
if list(des.room_cells(1)) != [(20, 5), (21, 5), (20, 6), (21, 6)]:
    fail("room_cells", list(des.room_cells(1)))
if len(des.room_cells(0)) != 14 or (6, 3) in des.room_cells(0):
    fail("map's room_cells", len(des.room_cells(0)))
if not des.region(1, 1, 1, 1) or des.region(1, 1, 1, 1) - des.region(0, 0, 2, 2):
    fail("truth")
`, 1, Env{})
	wantErr(t, "des.random_cell(des.region(3, 3, 2, 2) - des.region(0, 0, 9, 9))", "t.star:1:16: des.random_cell: an empty selection")
}

// chiSquare is the statistic of counts against a uniform expectation.
func chiSquare(counts []int) float64 {
	total := 0
	for _, n := range counts {
		total += n
	}
	e := float64(total) / float64(len(counts))
	x := 0.0
	for _, n := range counts {
		x += (float64(n) - e) * (float64(n) - e) / e
	}
	return x
}

// TestRn2Uniform: 20 000 draws of rn2(10) in one build pass a
// chi-square test at 9 degrees of freedom (p = 0.001: 27.88), and rnd
// stays in 1 … n.
func TestRn2Uniform(t *testing.T) {
	var counts [10]int
	build(t, box+`c = [0] * 10
for i in range(20000):
    c[des.rng.rn2(10)] += 1
    r = des.rng.rnd(6)
    if r < 1 or r > 6:
        fail("rnd", r)
des.scripttest_out(c)
`, 9, Env{Mechanics: []string{"scripttest"}})
	for i := range counts {
		counts[i], _ = starlark.AsInt32(scriptOut.(*starlark.List).Index(i))
	}
	if x := chiSquare(counts[:]); x > 27.88 {
		t.Errorf("rn2(10) counts %v: chi-square %.1f", counts, x)
	}
	wantErr(t, "des.rng.rn2(0)", "t.star:1:12: des.rng.rn2: n: 0, must be at least 1")
}

// TestRandomCellUniform: random_cell over a 4 x 5 region, 20 000 draws,
// chi-square at 19 degrees of freedom (p = 0.001: 43.82).
func TestRandomCellUniform(t *testing.T) {
	b := build(t, box+`r = des.region(10, 10, 13, 14)
for i in range(20000):
    des.item(kind="apple", at=des.random_cell(r))
des.terrain(r, ".")
`, 4, Env{})
	counts := make([]int, 20)
	for _, it := range b.Items {
		counts[(it.At.Y-10)*4+it.At.X-10]++
	}
	if x := chiSquare(counts); x > 43.82 {
		t.Errorf("random_cell counts %v: chi-square %.1f", counts, x)
	}
}

func TestRngStream(t *testing.T) {
	src := box + "des.item(kind='gold', at=(3, 2), count=1 + des.rng.rn2(1000))\n"
	s, _ := Compile("t.star", []byte(src))
	b, err := s.Build(42, 3, Env{})
	if err != nil {
		t.Fatal(err)
	}
	want := 1 + ecs.NewStream(42, "level/"+s.SHA256[:16]+"/3").Rn2(1000)
	if b.Items[0].Stack.Count != want {
		t.Errorf("rn2 drew %d, the stream %d", b.Items[0].Stack.Count-1, want-1)
	}
	build(t, box+`l = [1, 2, 3, 4, 5]
des.rng.shuffle(l)
if sorted(l) != [1, 2, 3, 4, 5] or des.rng.shuffle(l) != None:
    fail("shuffle", l)
`, 1, Env{})
}

// random is a script whose every thing is random.
const random = `n = 2 + des.rng.rn2(3)
rooms = [des.room(w=2 + des.rng.rn2(6), h=2 + des.rng.rn2(3), lit=des.rng.rn2(2) == 0) for i in range(n)]
for i in range(n - 1):
    des.corridor(rooms[i], rooms[i + 1])
des.cog(at=des.random_cell(des.room_cells(rooms[0])))
des.stairs(where=des.room_cells(rooms[-1]))
for i in range(3):
    des.monster()
    des.item()
des.trap()
`

func TestSameSeedSameLevel(t *testing.T) {
	s, err := Compile("t.star", []byte(random))
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(10) {
		a, err1 := s.Build(seed, 2, Env{})
		b, err2 := s.Build(seed, 2, Env{})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: two builds differ", seed)
		}
		c, _ := s.Build(seed+100, 2, Env{})
		if reflect.DeepEqual(a, c) {
			t.Errorf("seeds %d and %d built the same level", seed, seed+100)
		}
		d, _ := s.Build(seed, 3, Env{})
		if reflect.DeepEqual(a.Level.Terrain, d.Level.Terrain) {
			t.Errorf("seed %d: depths 2 and 3 built the same level", seed)
		}
	}
}

func TestSeedAndDepthSeen(t *testing.T) {
	b := build(t, box+"des.item(kind='gold', at=(3, 2), count=seed * 100 + depth)\n", 7, Env{})
	if b.Items[0].Stack.Count != 701 {
		t.Errorf("count %d", b.Items[0].Stack.Count)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"des.map(['@>']\n", "t.star:2:1: got end of file, want ')'"},
		{"x = 1\ny = undefined_name\n", "t.star:2:5: undefined: undefined_name"},
		{`load("other.star", "x")`, "t.star:1:6: load() is refused: a script is hermetic (§38)"},
		{"def f(n):\n    return 1 // n\n\nf(0)\n", "t.star:2:14: floored division by zero"},
		{"fail('nope')", "t.star:1:5: fail: nope"},
		{"des.monster(7)", "t.star:1:12: des.monster: species: want a string, got int"},
		{"des.monster(1, 2, 3, 4, 5, 6, 7)", "t.star:1:12: des.monster: got 7 arguments, want at most 6"},
	} {
		_, err := buildErr(tc.src, 1, Env{})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.want)
		}
	}
}

func TestTooManySteps(t *testing.T) {
	_, err := buildErr("x = 0\nwhile True:\n    x += 1\n", 1, Env{})
	if err == nil || !strings.HasPrefix(err.Error(), "level script t.star: too many steps") || !strings.Contains(err.Error(), "t.star:3:") && !strings.Contains(err.Error(), "t.star:2:") {
		t.Errorf("endless loop: %v", err)
	}
}

func TestDefine(t *testing.T) {
	src := box + "if des.scripttest_lava(at=(4, 4)) != 4:\n    fail('value')\n"
	b := build(t, src, 1, Env{Mechanics: []string{"scripttest"}})
	if b.Level.At(c.Pos{X: 4, Y: 4}) != c.Lava || len(b.Items) != 1 {
		t.Errorf("mechanic's function did not draw")
	}
	wantErr(t, src, "t.star:8:7: module has no .scripttest_lava field or method")
	_, err := buildErr(box+"des.scripttest_panic()", 1, Env{Mechanics: []string{"scripttest"}})
	if err == nil || err.Error() != "level script t.star: internal error: boom" {
		t.Errorf("panic: %v", err)
	}
	for _, name := range []string{"scripttest_lava", "map", "not an identifier"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Define(%q) did not panic", name)
				}
			}()
			Define("scripttest", name, nil)
		}()
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "room.star")
	if err := os.WriteFile(path, []byte(box), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil || s.Name != path || s.Ref().SHA256 != digest([]byte(box)) {
		t.Fatalf("Load: %v %+v", err, s)
	}
	if _, err := Load(filepath.Join(dir, "none.star")); err == nil || !strings.HasPrefix(err.Error(), "level script "+dir) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Compile("big.star", make([]byte, MaxBytes+1)); err == nil {
		t.Error("a source over MaxBytes compiled")
	}
}

func TestDungeon(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("levels/a.star", box)
	write("levels/b.star", box+"des.monster()\n")
	path := write("d.star", `dungeon.level(1, "levels/a.star")
dungeon.level((2, 4), "levels/b.star", chance=50)
dungeon.level("3-5", "levels/a.star", chance=0)
dungeon.level("4-6", "levels/a.star")
`)
	d, err := LoadDungeon(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Levels) != 4 || d.Levels[1].MinDepth != 2 || d.Levels[1].MaxDepth != 4 || d.Levels[2].MinDepth != 3 || d.Levels[2].Chance != 0 {
		t.Fatalf("levels %+v", d.Levels)
	}
	a := filepath.Join(dir, "levels/a.star")
	if d.Levels[0].Script != d.Levels[3].Script || d.Levels[0].Script.Name != a {
		t.Errorf("a.star loaded twice or misnamed: %q", d.Levels[0].Script.Name)
	}
	refs := d.Refs()
	if len(refs) != 3 || refs[0].Name != path || refs[1].Name != a {
		t.Errorf("refs %+v", refs)
	}
	if d.For(1, 1) != d.Levels[0].Script || d.For(1, 7) != nil {
		t.Error("For: depths 1 and 7")
	}
	hits := 0
	for seed := range uint64(400) {
		switch d.For(seed, 3) {
		case d.Levels[1].Script:
			hits++
		case nil:
		default:
			t.Fatal("chance 0 came up")
		}
		if got := d.For(seed, 4); got == nil {
			t.Fatal("depth 4: the 100% entry did not come up")
		}
	}
	if hits < 200-4*10 || hits > 200+4*10 {
		t.Errorf("chance 50 came up %d times of 400", hits)
	}
	for src, want := range map[string]string{
		`dungeon.level(0, "levels/a.star")`:             "@P:1:14: dungeon.level: depths: 0…0 is not a range within 1…50",
		`dungeon.level("1-x", "levels/a.star")`:         `@P:1:14: dungeon.level: depths: "1-x" is not "lo-hi"`,
		`dungeon.level(2, "levels/none.star")`:          "@P:1:14: dungeon.level: level script " + filepath.Join(dir, "levels/none.star") + ": open " + filepath.Join(dir, "levels/none.star") + ": no such file or directory",
		`dungeon.level(2, "levels/a.star", chance=101)`: "@P:1:14: dungeon.level: chance: 101 is out of range 0…100",
		"while True:\n  pass":                           "dungeon script @P: too many steps",
	} {
		p := write("d2.star", src)
		_, err := LoadDungeon(p)
		want = strings.ReplaceAll(want, "@P", p)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %s", src, err, want)
		}
	}
}

func TestBorderOfStandardUntouched(t *testing.T) {
	// A 46 x 16 map fills the inside of the border ring.
	rows := make([]string, 16)
	for y := range rows {
		rows[y] = strings.Repeat(".", 46)
	}
	rows[0] = "@" + rows[0][1:]
	rows[15] = rows[15][:45] + ">"
	b := build(t, "des.map("+strconv.Quote(strings.Join(rows, "\n"))+", at=(1, 1))\n", 1, Env{})
	if len(b.Level.Rooms) != 1 || b.Level.Rooms[0].Interior != (c.Rect{X0: 1, Y0: 1, X1: 46, Y1: 16}) {
		t.Errorf("rooms %+v", b.Level.Rooms)
	}
}
