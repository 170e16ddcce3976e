package view

import (
	"strings"

	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
)

// Look (§22): what the cog knows of a cell, in words — the monster it
// sees there, else the item on top (as it last saw it: "(remembered)"
// when out of sight), else a trap it found, else the terrain it
// remembers. Nothing hidden is told: an undiscovered trap is not
// mentioned and a secret door is the wall it looks like.

// itemMemory is the name of the top item the cog last saw on each cell of
// the level, kept by play as the cog sees (the level's memory keeps the
// glyph only).
type itemMemory struct {
	depth int
	names [c.N]string
}

// remember notes the names of the top items the cog sees now.
func (g *Game) remember() {
	e := g.Sim.State()
	l := e.Level
	if g.items.depth != l.Depth {
		g.items = itemMemory{depth: l.Depth}
	}
	r := e.Vision.Rect
	for y := max(r.Y0, 0); y <= min(r.Y1, c.H-1); y++ {
		for x := max(r.X0, 0); x <= min(r.X1, c.W-1); x++ {
			q := c.Pos{X: x, Y: y}
			if l.FloorItems.Top(q) == 0 {
				g.items.names[q.Index()] = ""
				continue
			}
			g.items.names[q.Index()] = g.topItemName(q)
		}
	}
}

// topItemName names the top item of the pile on q as the cog reads it
// (the gold of the cell summed).
func (g *Game) topItemName(q c.Pos) string {
	if names := g.itemNames(q); len(names) > 0 {
		return names[0]
	}
	return ""
}

// Describe is what the cog knows of cell q, as look says it: "a jackal",
// "a doorway", "a smoky potion (remembered)".
func (g *Game) Describe(q c.Pos) string {
	if !q.In() {
		return ""
	}
	e := g.Sim.State()
	l := e.Level
	i := q.Index()
	in := e.Vision.Contains(q)
	if q == e.CogPos() {
		if names := g.ItemsHere(); len(names) > 0 {
			return "yourself, on " + names[0]
		}
		return "yourself, on " + terrainName(l.Terrain[i], l.Terrain[i].Glyph())
	}
	if in {
		if ent, ok := l.Creatures.At(q); ok {
			return describeMonster(g, ent, l.Creatures.Glyph(q))
		}
	}
	if gl := l.MemItem[i]; gl != 0 {
		name := g.items.names[i]
		if name == "" || (in && l.FloorItems.Top(q) != gl) {
			name = an(itemClassName(gl))
			if gl == '$' {
				name = "some gold"
			}
		}
		if !in {
			name += " (remembered)"
		}
		return name
	}
	if l.TrapShown[i] {
		if t, ok := e.TrapAt(q); ok {
			info := e.Trap.Get(t).Kind.Info()
			return info.Article + info.Name
		}
		return "a trap"
	}
	gl := l.MemTerrain[i]
	if gl == 0 {
		return "unexplored"
	}
	name := terrainName(l.Terrain[i], gl)
	if !in {
		name += " (remembered)"
	}
	return name
}

// describeMonster names a monster the cog sees: "a jackal", followed by
// what the mechanics' notes say of it ("a jackal, slowed").
func describeMonster(g *Game, ent arche.Entity, glyph byte) string {
	e := g.Sim.State()
	if e.Monster.Has(ent) {
		name := an(e.Monster.Get(ent).Species.Info().Name)
		for _, note := range c.MonsterNotes() {
			if n := note(g.Sim.State().W, ent); n != "" {
				name += ", " + n
			}
		}
		return name
	}
	if glyph == '@' {
		return "a human"
	}
	return "a creature"
}

// terrainName names remembered terrain: by what the cell is when it still
// looks as remembered (a doorway and the floor look alike), else by the
// remembered glyph. A secret door is named by its look: a wall.
func terrainName(t c.Terrain, g byte) string {
	if t.Glyph() != g {
		if tg, ok := c.TerrainByGlyph(g); ok {
			t = tg
		}
	}
	switch t {
	case c.Floor:
		return "the floor of a room"
	case c.LockedDoor:
		return "a closed door" // locked only when tried
	case c.Lava:
		return "lava"
	case c.Rock:
		return "solid rock"
	}
	return an(t.Name())
}

// itemClassName is what an item drawn g is, by its class alone.
func itemClassName(g byte) string {
	switch g {
	case '$':
		return "gold"
	case '%':
		return "food"
	case '!':
		return "potion"
	case ')':
		return "weapon"
	case '[':
		return "piece of armour"
	}
	return "item"
}

// an puts "a" or "an" before a noun: "a jackal", "an Oracle".
func an(noun string) string {
	if noun == "" {
		return ""
	}
	if strings.ContainsRune("aeiouAEIOU", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// capital is s with its first letter upper case.
func capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// peaceful reports whether monster m never attacks (the Oracle): DCSS's
// auto-explore and NetHack's interruptions pass such monsters by.
func peaceful(g *Game, m arche.Entity) bool {
	e := g.Sim.State()
	return e.Monster.Has(m) && e.Monster.Get(m).Species.Info().Has(c.Peaceful)
}

// Seen is a line of the in-view panel (Brogue's sidebar, NetHack's
// symbol legend): a glyph on the map, in its colour, and what it is.
type Seen struct {
	Glyph  byte
	Colour Colour
	Name   string
}

// InView lists what the cog sees, as the map m draws it (PlayMap): the
// monsters, then the items, then the stairs, doors, traps and lava,
// each name once ("d a jackal", "! a smoky potion", "> a staircase
// down"), nearest first within each.
func (g *Game) InView(m *Map) []Seen {
	e := g.Sim.State()
	l := e.Level
	cog := e.CogPos()
	var monsters, items, features []Seen
	have := map[string]bool{}
	add := func(list *[]Seen, q c.Pos, name string) {
		if name == "" || have[name] {
			return
		}
		have[name] = true
		*list = append(*list, Seen{Glyph: m.At(q).Glyph, Colour: m.At(q).Colour, Name: name})
	}
	// Nearest first: rings of growing distance around the cog.
	for r := 1; r < c.W; r++ {
		for y := cog.Y - r; y <= cog.Y+r; y++ {
			for x := cog.X - r; x <= cog.X+r; x++ {
				q := c.Pos{X: x, Y: y}
				if max(abs(x-cog.X), abs(y-cog.Y)) != r || !q.In() || !e.Vision.Contains(q) {
					continue
				}
				i := q.Index()
				switch ent, ok := l.Creatures.At(q); {
				case ok:
					add(&monsters, q, describeMonster(g, ent, l.Creatures.Glyph(q)))
				case l.FloorItems.Top(q) != 0:
					add(&items, q, g.items.names[i])
				case l.TrapShown[i]:
					if t, ok := e.TrapAt(q); ok {
						info := e.Trap.Get(t).Kind.Info()
						add(&features, q, info.Article+info.Name)
					}
				default:
					switch t := l.Terrain[i]; t {
					case c.Stairs, c.ClosedDoor, c.LockedDoor, c.OpenDoor, c.Lava:
						add(&features, q, terrainName(t, t.Glyph()))
					}
				}
			}
		}
	}
	return append(append(monsters, items...), features...)
}
