package systems

import (
	"math/bits"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// ChaseRange is how near the cog must be for a monster to chase it (§9).
const ChaseRange = 10

// AI runs every monster's actions in creation order (§9), first matching
// rule per action: attack the 8-adjacent cog; else chase the cog when it
// is within 10 cells on the same room-or-corridor component, stepping to
// the legal neighbour nearest to it (ties e, se, s, sw, w, nw, n, ne);
// else wander to a uniformly random legal neighbour. A monster asleep
// does nothing until the cog is 8-adjacent, then wakes and acts.
type AI struct {
	level   *c.Level
	run     *c.Run
	roster  *c.Roster
	pos     generic.Map[c.Position]
	monster generic.Map[c.Monster]
	mp      generic.Map[c.MovementPoints]
	rng     *ecs.Stream
	events  *c.Events
	intents *c.Intents
}

// Init implements ecs.System.
func (s *AI) Init(w *arche.World) {
	s.rng = Res[ecs.Streams](w).Get(ecs.StreamAI)
	s.level, s.run, s.roster = Res[c.Level](w), Res[c.Run](w), Res[c.Roster](w)
	s.intents, s.events = Res[c.Intents](w), Res[c.Events](w)
	// Three maps rather than a Map3: a Map's GetUnchecked is inlined.
	s.pos, s.monster, s.mp = generic.NewMap[c.Position](w), generic.NewMap[c.Monster](w), generic.NewMap[c.MovementPoints](w)
}

// Update implements ecs.System.
func (s *AI) Update(w *arche.World) {
	lvl := s.level
	cog := *s.pos.GetUnchecked(s.run.Cog)
	cogComp := lvl.Component[cog.Index()]
	for _, m := range s.roster.List {
		n := s.mp.GetUnchecked(m).Actions
		if n == 0 {
			continue
		}
		mon := s.monster.GetUnchecked(m)
		info := mon.Species.Info()
		if info.Has(c.Peaceful) {
			continue
		}
		dirs := allDirs
		if info.Has(c.Orthogonal) {
			dirs = orthogonalDirs
		}
		pos := s.pos.GetUnchecked(m)
		if mon.Asleep {
			if c.Chebyshev(*pos, cog) > 1 {
				continue
			}
			mon.Asleep = false
		}
		for ; n > 0; n-- {
			dist := c.Chebyshev(*pos, cog)
			if dist <= 1 {
				s.intents.List = append(s.intents.List, c.Intent{Attacker: m, Target: s.run.Cog})
				continue
			}
			legal := legalSteps(lvl, *pos, dirs)
			if legal == 0 {
				// Chasing or wandering, a monster with no legal
				// neighbour stays, and draws nothing.
				continue
			}
			var d c.Dir
			if dist <= ChaseRange && cogComp != 0 && lvl.Component[pos.Index()] == cogComp {
				d = ChaseStep(*pos, cog, legal)
			} else {
				d = NthStep(legal, s.rng.Rn2(bits.OnesCount8(legal)))
			}
			from, to := *pos, pos.Add(d)
			lvl.Creatures.Move(from, to)
			*pos = to
			s.events.Add(c.Event{Kind: c.Move, Actor: m, From: from, To: to})
		}
	}
}

// A step set holds directions as bits: bit d for direction d. The bit
// order is the tie order of §9, so the lowest bit is the first in it.
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

// legalSteps is the set of directions among dirs in which a monster on
// from may step: [legalStep] of each. Off the border ring (as every
// monster is: the ring is rock) it gathers the eight neighbours' terrain
// flags and creatures into two words, a byte a direction, and decides
// them all at once, branch-free (walls and floor alternate
// unpredictably), then keeps those in dirs.
func legalSteps(lvl *c.Level, from c.Pos, dirs uint8) uint8 {
	var legal uint8
	if from.X < 1 || from.Y < 1 || from.X > c.W-2 || from.Y > c.H-2 {
		for d := c.Dir(0); d < 8; d++ {
			if dirs&(1<<d) != 0 && legalStep(lvl, from, from.Add(d), d) {
				legal |= 1 << d
			}
		}
		return legal
	}
	const mid = c.W + 1 // from's place in the block
	t := (*[2*c.W + 3]c.Terrain)(lvl.Terrain[from.Index()-mid:])
	// The neighbours' step flags and creature glyphs, one byte a
	// direction in tie order (East in the low byte).
	f := uint64(stepFlags[t[mid+1]]) |
		uint64(stepFlags[t[mid+c.W+1]])<<8 |
		uint64(stepFlags[t[mid+c.W]])<<16 |
		uint64(stepFlags[t[mid+c.W-1]])<<24 |
		uint64(stepFlags[t[mid-1]])<<32 |
		uint64(stepFlags[t[mid-c.W-1]])<<40 |
		uint64(stepFlags[t[mid-c.W]])<<48 |
		uint64(stepFlags[t[mid-c.W+1]])<<56
	o := &lvl.Creatures
	x, y := from.X, from.Y
	g := uint64(o.Glyph(c.Pos{X: x + 1, Y: y})) |
		uint64(o.Glyph(c.Pos{X: x + 1, Y: y + 1}))<<8 |
		uint64(o.Glyph(c.Pos{X: x, Y: y + 1}))<<16 |
		uint64(o.Glyph(c.Pos{X: x - 1, Y: y + 1}))<<24 |
		uint64(o.Glyph(c.Pos{X: x - 1, Y: y}))<<32 |
		uint64(o.Glyph(c.Pos{X: x - 1, Y: y - 1}))<<40 |
		uint64(o.Glyph(c.Pos{X: x, Y: y - 1}))<<48 |
		uint64(o.Glyph(c.Pos{X: x + 1, Y: y - 1}))<<56
	const low = 0x0101010101010101                    // bit 0 of every byte
	free := f & low                                   // walkable
	free &^= (g&(0x7f*low) + 0x7f*low | g) >> 7 & low // and no creature
	fromDoor := uint64(stepFlags[t[mid]]>>1) * low    // blocksDiagonal of from, every byte
	free &^= (f>>1 | fromDoor) & low & diagonalBytes  // no diagonal through a doorway
	return uint8(free*0x0102040810204080>>56) & dirs  // byte d's bit 0 to bit d
}

// diagonalBytes has bit 0 set in the bytes of the diagonal directions.
const diagonalBytes = 1<<(8*c.SouthEast) | 1<<(8*c.SouthWest) | 1<<(8*c.NorthWest) | 1<<(8*c.NorthEast)

// stepFlags says, for each terrain kind, whether a monster may stand on
// it and whether it forbids diagonal steps into or out of it (§9).
var stepFlags = func() (flags [256]uint8) {
	for t := c.Rock; t <= c.Lava; t++ {
		if t.Walkable() {
			flags[t] |= walkable
		}
		if t.BlocksDiagonal() {
			flags[t] |= blocksDiagonal
		}
	}
	return flags
}()

// The bits of stepFlags.
const (
	walkable       = 1
	blocksDiagonal = 2
)

// ChaseStep picks, from the set of legal steps (bit d: direction d), the
// one nearest the cog; the first in the tie order wins a tie (§9).
func ChaseStep(from, cog c.Pos, legal uint8) c.Dir {
	best, bestDist := c.Dir(0), -1
	for ; legal != 0; legal &= legal - 1 {
		d := c.Dir(bits.TrailingZeros8(legal))
		if dist := c.Chebyshev(from.Add(d), cog); bestDist < 0 || dist < bestDist {
			best, bestDist = d, dist
		}
	}
	return best
}

// NthStep is the k-th direction (from 0) of the set, in the tie order:
// with k uniform, a uniform draw over the legal neighbours (§9 wander).
func NthStep(legal uint8, k int) c.Dir {
	for ; k > 0; k-- {
		legal &= legal - 1
	}
	return c.Dir(bits.TrailingZeros8(legal))
}

// legalStep reports whether a monster may step from from to its neighbour
// to in direction d (§9): walkable (so never lava, a closed or locked door,
// or a wall), no diagonal into or out of an open door, and not occupied.
func legalStep(lvl *c.Level, from, to c.Pos, d c.Dir) bool {
	if !to.In() {
		return false
	}
	ter := lvl.Terrain[to.Index()]
	if !ter.Walkable() || lvl.Creatures.Occupied(to) {
		return false
	}
	if d.Diagonal() && (ter.BlocksDiagonal() || lvl.Terrain[from.Index()].BlocksDiagonal()) {
		return false
	}
	return true
}
