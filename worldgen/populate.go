package worldgen

import (
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

// The item kinds of §10, each list drawn uniformly.
var (
	foodKinds   = [...]components.ItemKind{components.FoodRation, components.TripeRation, components.Apple}
	weaponKinds = [...]components.ItemKind{components.Dagger, components.ShortSword, components.Mace, components.LongSword}
	// armourKinds: leather 3/6, ring mail 2/6, plate mail 1/6.
	armourKinds = [...]components.ItemKind{
		components.LeatherArmour, components.LeatherArmour, components.LeatherArmour,
		components.RingMail, components.RingMail, components.PlateMail,
	}
)

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
// them, which makes the level invalid.
func (g *Generator) populate(s *ecs.Stream, lvl *components.Level, oracle bool) bool {
	p := &g.pop
	p.Monsters, p.Items, p.Traps = p.Monsters[:0], p.Items[:0], p.Traps[:0]
	depth := lvl.Depth
	if oracle {
		p.Monsters = append(p.Monsters, MonsterSpawn{components.Oracle, oracleCell, HitPoints(s, components.Oracle)})
	}

	// Monsters: not in the arrival room, one per cell.
	cells := g.cellBuf[:0]
	arrivalRoom := lvl.RoomAt(lvl.Arrival)
	for r := range lvl.Rooms {
		if r != arrivalRoom {
			cells = g.appendRoomFloor(cells, lvl, r)
		}
	}
	total := speciesWeight(depth)
	for range MonsterCount(depth) {
		if total == 0 {
			break
		}
		sp := pickSpecies(s, depth, total)
		if len(cells) == 0 {
			return false
		}
		var at components.Pos
		cells, at = takeCell(s, cells)
		p.Monsters = append(p.Monsters, MonsterSpawn{sp, at, HitPoints(s, sp)})
	}

	// Items: anywhere on the floor, several to a cell.
	cells = cells[:0]
	for r := range lvl.Rooms {
		cells = g.appendRoomFloor(cells, lvl, r)
	}
	for range 2 + s.Rnd(3) {
		g.putItem(s, cells, components.Gold, s.Rnd(10*depth)+5)
	}
	g.putItem(s, cells, foodKinds[s.Rn2(len(foodKinds))], 1)
	if s.OneIn(2) {
		g.putItem(s, cells, foodKinds[s.Rn2(len(foodKinds))], 1)
	}
	for range s.Rnd(2) {
		g.putItem(s, cells, components.PotionKind(components.PotionEffect(s.Rn2(int(components.NumPotions)))), 1)
	}
	if s.OneIn(2) {
		g.putItem(s, cells, weaponKinds[s.Rn2(len(weaponKinds))], 1)
	}
	if s.OneIn(3) {
		g.putItem(s, cells, armourKinds[s.Rn2(len(armourKinds))], 1)
	}

	// Traps: not on an item, the arrival cell or another trap.
	g.mark = [components.N]bool{}
	g.mark[lvl.Arrival.Index()] = true
	for _, it := range p.Items {
		g.mark[it.At.Index()] = true
	}
	free := cells[:0]
	for _, c := range cells {
		if !g.mark[c] {
			free = append(free, c)
		}
	}
	for range TrapCount(depth) {
		kind := components.TrapKind(s.Rn2(len(components.TrapKinds)))
		if len(free) == 0 {
			return false
		}
		var at components.Pos
		free, at = takeCell(s, free)
		p.Traps = append(p.Traps, TrapSpawn{kind, at})
	}
	return true
}

// putItem places an item on a random cell of cells.
func (g *Generator) putItem(s *ecs.Stream, cells []int16, kind components.ItemKind, count int) {
	at := components.PosOf(int(cells[s.Rn2(len(cells))]))
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

// speciesWeight is the total weight of the species generated at depth.
func speciesWeight(depth int) int {
	total := 0
	for i := range components.Species {
		if sp := &components.Species[i]; generated(sp, depth) {
			total += sp.Weight
		}
	}
	return total
}

// pickSpecies draws a species generated at depth with probability
// proportional to its weight; total is speciesWeight(depth) > 0.
func pickSpecies(s *ecs.Stream, depth, total int) components.SpeciesID {
	r := s.Rn2(total)
	for i := range components.Species {
		sp := &components.Species[i]
		if !generated(sp, depth) {
			continue
		}
		if r < sp.Weight {
			return components.SpeciesID(i)
		}
		r -= sp.Weight
	}
	panic("worldgen: species weights changed under pickSpecies")
}
