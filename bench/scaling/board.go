package scaling

import (
	"math/bits"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
)

// ChaseRange is how near the cog must be for a monster to chase it (§9).
const ChaseRange = systems.ChaseRange

// Config is one scaling scenario.
type Config struct {
	// W and H are the board's size; the border ring is rock.
	W, H int
	// Monsters is how many monsters wander and chase the cog.
	Monsters int
	// Seed draws the board, the monsters and every action.
	Seed uint64
	// Rock is the chance, in percent, that an inner cell is rock.
	Rock int
}

// Standard is the board of the scaling family: 1024 x 1024 cells, one in
// ten of them rock; Monsters is left to the caller.
func Standard(monsters int) Config {
	return Config{W: 1024, H: 1024, Monsters: monsters, Seed: 1, Rock: 10}
}

// The flags of a board cell.
const (
	open     uint8 = 1 << iota // walkable
	occupied                   // a creature stands on it
)

// Board is the terrain and the occupancy index of the scenario in one
// W x H slice, a byte a cell, row by row, so "may a monster step there"
// is one load. No monster ever stands on the border ring (it is rock), so
// a neighbour's index needs no bounds test.
type Board struct {
	W, H  int
	cells []uint8
	// step is the change of cell index of a step in each direction.
	step [8]int
	// The cog, and its own stream for its random walk.
	Cog    c.Pos
	cogRng *ecs.Stream
	// Attacks counts the monsters' attack intents (combat is not part of
	// the scenario).
	Attacks int
}

// Spawn is one monster to create, in creation order.
type Spawn struct {
	At      c.Pos
	Species c.SpeciesID
	HP      int
}

// species is the mix of the scenario: every speed of the early dungeon,
// and the grid bug's orthogonal steps.
var species = []string{"newt", "jackal", "sewer rat", "grid bug", "hobbit", "giant ant", "gnome lord", "lichen"}

// NewBoard draws the board of cfg and its monsters: rock scattered at
// cfg.Rock percent, the cog at the centre, and the monsters on distinct
// open cells, created in board order (north-west first), so that the
// monsters that act one after the other stand near one another.
func NewBoard(cfg Config) (*Board, []Spawn) {
	b := &Board{W: cfg.W, H: cfg.H, cells: make([]uint8, cfg.W*cfg.H)}
	for _, d := range c.Dirs {
		b.step[d] = d.DY()*cfg.W + d.DX()
	}
	gen := ecs.NewStream(cfg.Seed, "scaling/board")
	free := 0
	for y := 1; y < cfg.H-1; y++ {
		for x := 1; x < cfg.W-1; x++ {
			if gen.Rn2(100) >= cfg.Rock {
				b.cells[y*cfg.W+x] = open
				free++
			}
		}
	}
	b.Cog = c.Pos{X: cfg.W / 2, Y: cfg.H / 2}
	ci := b.index(b.Cog)
	if b.cells[ci]&open == 0 {
		free++
	}
	b.cells[ci] = open | occupied
	b.cogRng = ecs.NewStream(cfg.Seed, "scaling/cog")

	ids := make([]c.SpeciesID, len(species))
	for i, name := range species {
		ids[i] = c.SpeciesByName(name)
	}
	// Selection sampling: each free cell is taken with chance
	// (still wanted)/(still free), which takes exactly min(N, free).
	spawns := make([]Spawn, 0, cfg.Monsters)
	free-- // the cog's cell
	want := min(cfg.Monsters, free)
	for i := range b.cells {
		if want == 0 {
			break
		}
		if b.cells[i] != open {
			continue
		}
		if gen.Rn2(free) < want {
			s := ids[gen.Rn2(len(ids))]
			b.cells[i] |= occupied
			spawns = append(spawns, Spawn{At: c.Pos{X: i % cfg.W, Y: i / cfg.W}, Species: s, HP: 1 + gen.Rn2(8)})
			want--
		}
		free--
	}
	return b, spawns
}

func (b *Board) index(p c.Pos) int { return p.Y*b.W + p.X }

// Occupied reports whether a creature stands on p.
func (b *Board) Occupied(p c.Pos) bool { return b.cells[b.index(p)]&occupied != 0 }

// Creatures counts the occupied cells (for tests).
func (b *Board) Creatures() int {
	n := 0
	for _, f := range b.cells {
		if f&occupied != 0 {
			n++
		}
	}
	return n
}

// MoveCog walks the cog one step in a uniformly random legal direction,
// from its own stream: the target moves, so monsters start and stop
// chasing it.
func (b *Board) MoveCog() {
	from := b.index(b.Cog)
	legal := b.legal(from, allDirs)
	if legal == 0 {
		return
	}
	d := systems.NthStep(legal, b.cogRng.Rn2(bits.OnesCount8(legal)))
	b.move(from, d)
	b.Cog = b.Cog.Add(d)
}

// The step sets of §9, a bit per direction in the tie order.
var (
	allDirs        = stepSet(c.Dirs[:])
	orthogonalDirs = stepSet(c.OrthogonalDirs[:])
)

func stepSet(dirs []c.Dir) uint8 {
	var set uint8
	for _, d := range dirs {
		set |= 1 << d
	}
	return set
}

// Dirs is the step set of a species: the grid bug steps only e, s, w, n.
func Dirs(info *c.SpeciesInfo) uint8 {
	if info.Has(c.Orthogonal) {
		return orthogonalDirs
	}
	return allDirs
}

// Act performs one action of the monster standing on *p, by the AI rules
// of §9 (the first that applies): attack the 8-adjacent cog; chase it when
// within ChaseRange (the whole board is one component), stepping to the
// legal neighbour nearest to it, ties in the order e, se, s, sw, w, nw, n,
// ne; else wander to a uniformly random legal neighbour drawn from rng.
// The cost is O(1): the target is the one cog, never a search.
func (b *Board) Act(p *c.Pos, dirs uint8, rng *ecs.Stream) {
	dist := c.Chebyshev(*p, b.Cog)
	if dist <= 1 {
		b.Attacks++
		return
	}
	from := b.index(*p)
	legal := b.legal(from, dirs)
	if legal == 0 {
		return
	}
	var d c.Dir
	if dist <= ChaseRange {
		d = systems.ChaseStep(*p, b.Cog, legal)
	} else {
		d = systems.NthStep(legal, rng.Rn2(bits.OnesCount8(legal)))
	}
	b.move(from, d)
	*p = p.Add(d)
}

// legal is the set of directions among dirs in which a creature on cell
// from may step: open and unoccupied.
func (b *Board) legal(from int, dirs uint8) uint8 {
	var legal uint8
	for set := dirs; set != 0; set &= set - 1 {
		d := bits.TrailingZeros8(set)
		f := b.cells[from+b.step[d]]
		legal |= (f & open &^ (f >> 1)) << d
	}
	return legal
}

func (b *Board) move(from int, d c.Dir) {
	b.cells[from] &^= occupied
	b.cells[from+b.step[d]] |= occupied
}
