package worldgen

import (
	"slices"

	"github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
)

// MonsterSpawn is a monster to create: its species, cell and hit points.
type MonsterSpawn struct {
	Species components.SpeciesID
	At      components.Pos
	HP      int
}

// ItemSpawn is a floor item to create; for gold, Count is the amount.
type ItemSpawn struct {
	Kind  components.ItemKind
	Count int
	At    components.Pos
}

// TrapSpawn is a hidden trap to create.
type TrapSpawn struct {
	Kind components.TrapKind
	At   components.Pos
}

// Population is what a level starts with (§9–§11), in creation order. On
// the Oracle level the Oracle is the first monster.
type Population struct {
	Monsters []MonsterSpawn
	Items    []ItemSpawn
	Traps    []TrapSpawn
}

// spawnable is what a Generator may spawn: the rows of the species, item
// and trap tables active in the episode (§27.5), derived once for the
// Generator's Mechanics. Lists keep table order; items are split by class,
// keeping only the kinds with a generation weight.
type spawnable struct {
	// mechanics is the copy of Generator.Mechanics the lists were built
	// for; built says they were.
	mechanics []string
	built     bool
	species   []components.SpeciesID
	food      weighted
	potions   weighted
	weapons   weighted
	armour    weighted
	traps     []components.TrapKind
}

// weighted is the item kinds of one class and their total weight.
type weighted struct {
	kinds []components.ItemKind
	total int
}

// pick draws a kind with probability proportional to its weight: one
// Rn2(total), so a list of equal weights 1 draws exactly as Rn2(len)
// over the list.
func (w *weighted) pick(s *ecs.Stream) components.ItemKind {
	r := s.Rn2(w.total)
	for _, k := range w.kinds {
		wt := k.Info().Weight
		if r < wt {
			return k
		}
		r -= wt
	}
	panic("worldgen: item weights changed under pick")
}

// add appends kind k to the list.
func (w *weighted) add(k components.ItemKind) {
	w.kinds = append(w.kinds, k)
	w.total += k.Info().Weight
}

// spawnable returns the lists of what the Generator may spawn, building
// them the first time and again only when Mechanics changed.
func (g *Generator) spawnable() *spawnable {
	sp := &g.spawn
	if sp.built && slices.Equal(sp.mechanics, g.Mechanics) {
		return sp
	}
	*sp = spawnable{mechanics: slices.Clone(g.Mechanics), built: true}
	for i := range components.Species {
		if components.ActiveIn(components.Species[i].Mechanic, g.Mechanics) {
			sp.species = append(sp.species, components.SpeciesID(i))
		}
	}
	for i := range components.ItemKinds {
		row := &components.ItemKinds[i]
		if row.Weight == 0 || !components.ActiveIn(row.Mechanic, g.Mechanics) {
			continue
		}
		switch k := components.ItemKind(i); row.Class {
		case components.FoodClass:
			sp.food.add(k)
		case components.PotionClass:
			sp.potions.add(k)
		case components.WeaponClass:
			sp.weapons.add(k)
		case components.ArmourClass:
			sp.armour.add(k)
		}
	}
	for i := range components.TrapKinds {
		if components.ActiveIn(components.TrapKinds[i].Mechanic, g.Mechanics) {
			sp.traps = append(sp.traps, components.TrapKind(i))
		}
	}
	return sp
}

// MonsterCount is how many monsters a level of depth starts with, the
// Oracle not counted (§9).
func MonsterCount(depth int) int { return 3 + depth/2 }

// TrapCount is how many traps a level of depth holds (§11).
func TrapCount(depth int) int { return (depth + 1) / 2 }

// HitPoints draws the hit points of a new monster of species sp: level × d8,
// rnd(4) at level 0.
func HitPoints(s *ecs.Stream, sp components.SpeciesID) int {
	if l := sp.Info().Level; l > 0 {
		return s.D(l, 8)
	}
	return s.Rnd(4)
}

// populate draws the level's monsters, items and traps into g.pop (§9,
// §10, §11). It reports false when the rooms have too few free cells for
// them, which makes the level invalid. g.scan must be the scan of lvl's
// terrain (as build keeps it).
func (g *Generator) populate(s *ecs.Stream, lvl *components.Level, oracle bool) bool {
	p := &g.pop
	p.Monsters, p.Items, p.Traps = p.Monsters[:0], p.Items[:0], p.Traps[:0]
	g.taken = g.taken[:0]
	kinds := g.spawnable()
	depth := lvl.Depth
	if oracle {
		p.Monsters = append(p.Monsters, MonsterSpawn{components.Oracle, oracleCell, HitPoints(s, components.Oracle)})
	}

	// The floor cells of every room, in room order; those of the arrival
	// room are floor[a0:a1].
	n, a0, a1 := 0, 0, 0
	arrivalRoom := lvl.RoomAt(lvl.Arrival)
	for r := range lvl.Rooms {
		if r == arrivalRoom {
			a0 = n
		}
		n = g.floorCells(lvl, r, n)
		if r == arrivalRoom {
			a1 = n
		}
	}
	floor := g.floorBuf[:n]

	// Monsters: not in the arrival room, one per cell.
	cells := append(append(g.cellBuf[:0], floor[:a0]...), floor[a1:]...)
	total := speciesWeight(kinds.species, depth)
	for range MonsterCount(depth) {
		if total == 0 {
			break
		}
		sp := pickSpecies(s, kinds.species, depth, total)
		if len(cells) == 0 {
			return false
		}
		var at components.Pos
		cells, at = takeCell(s, cells)
		p.Monsters = append(p.Monsters, MonsterSpawn{sp, at, HitPoints(s, sp)})
	}

	// Items: anywhere on the floor, several to a cell.
	cells = floor
	for range 2 + s.Rnd(3) {
		g.putItem(s, cells, components.Gold, s.Rnd(10*depth)+5)
	}
	g.putKind(s, cells, &kinds.food)
	if s.OneIn(2) {
		g.putKind(s, cells, &kinds.food)
	}
	for range s.Rnd(2) {
		g.putKind(s, cells, &kinds.potions)
	}
	if s.OneIn(2) {
		g.putKind(s, cells, &kinds.weapons)
	}
	if s.OneIn(3) {
		g.putKind(s, cells, &kinds.armour)
	}

	// Traps: not on an item, the arrival cell or another trap. The cells
	// to leave out are known by their places in cells (the arrival cell's
	// among its room's, floor[a0:a1]), so the rest is moved up around
	// them.
	taken := g.taken
	if k := slices.Index(floor[a0:a1], int16(lvl.Arrival.Index())); k >= 0 {
		taken = append(taken, a0+k)
	}
	slices.Sort(taken)
	free, from := cells[:0], 0
	for _, k := range taken {
		if k >= from {
			free = append(free, cells[from:k]...)
			from = k + 1
		}
	}
	free = append(free, cells[from:]...)
	g.taken = taken[:0]
	for range TrapCount(depth) {
		kind := kinds.traps[s.Rn2(len(kinds.traps))]
		if len(free) == 0 {
			return false
		}
		var at components.Pos
		free, at = takeCell(s, free)
		p.Traps = append(p.Traps, TrapSpawn{kind, at})
	}
	return true
}

// putKind places one item of a kind drawn from w by weight (§10), if the
// class has any kind in play.
func (g *Generator) putKind(s *ecs.Stream, cells []int16, w *weighted) {
	if w.total > 0 {
		g.putItem(s, cells, w.pick(s), 1)
	}
}

// putItem places an item on a random cell of cells, noting its index in
// g.taken.
func (g *Generator) putItem(s *ecs.Stream, cells []int16, kind components.ItemKind, count int) {
	k := s.Rn2(len(cells))
	g.taken = append(g.taken, k)
	at := components.PosOf(int(cells[k]))
	g.pop.Items = append(g.pop.Items, ItemSpawn{kind, count, at})
}

// takeCell removes a random cell from cells.
func takeCell(s *ecs.Stream, cells []int16) ([]int16, components.Pos) {
	k := s.Rn2(len(cells))
	at := components.PosOf(int(cells[k]))
	last := len(cells) - 1
	cells[k] = cells[last]
	return cells[:last], at
}

// generated reports whether species sp is generated at depth (§9).
func generated(sp *components.SpeciesInfo, depth int) bool {
	return sp.Weight > 0 && sp.MinDepth <= depth && depth <= sp.MaxDepth
}

// speciesWeight is the total weight of the species of list generated at
// depth.
func speciesWeight(list []components.SpeciesID, depth int) int {
	total := 0
	for _, id := range list {
		if sp := id.Info(); generated(sp, depth) {
			total += sp.Weight
		}
	}
	return total
}

// pickSpecies draws a species of list generated at depth with probability
// proportional to its weight; total is speciesWeight(list, depth) > 0.
func pickSpecies(s *ecs.Stream, list []components.SpeciesID, depth, total int) components.SpeciesID {
	r := s.Rn2(total)
	for _, id := range list {
		sp := id.Info()
		if !generated(sp, depth) {
			continue
		}
		if r < sp.Weight {
			return id
		}
		r -= sp.Weight
	}
	panic("worldgen: species weights changed under pickSpecies")
}
