// Package scaling is the scaling scenario of §23: N monsters wandering and
// chasing the cog on a W x H board far larger than a level (1024 x 1024,
// N from 1 000 to 100 000), to show that the cost of a tick grows linearly
// in N.
//
// A level of the game is a compile-time 48 x 18 array, so the scenario
// does not run the game's own ai and movement-points systems: it has a
// board of its own ([Board]: terrain and occupancy in one W x H byte
// slice) and its own two systems that re-implement §9's rules on it —
// attack when adjacent, chase within 10 cells, else wander; ties e, se,
// s, sw, w, nw, n, ne; monsters act in creation order; the grid bug
// steps orthogonally — calling the game's own pieces where they do not
// depend on the board's size: the speed formula (components.ActionsOn)
// and the step choice (systems.ChaseStep, systems.NthStep); the legality
// of a step and the loop over monsters are its own. What is the
// engine's is the storage and the schedule: an arche world holding the
// game's components (Position, Health, Monster, MovementPoints) and the
// engine's scheduler. It measures how the ECS scales with N; it is not a
// test of the game's systems, which the scenario tests cover. Every
// monster's work is O(1): legality is a look at its 8 neighbours in the
// occupancy grid and the target is the one cog, so there is no neighbour
// search at all.
//
// [Plain] runs the same rules over plain Go slices, the reference against
// which the ECS's overhead is measured: both draw the same numbers in the
// same order, so they end in the same state (the tests check it), and the
// only difference is how the monsters' data is stored and reached.
package scaling

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Arche is the scenario on an arche world: a cog system, then the
// movement-points and ai systems, under the engine's scheduler.
type Arche struct {
	World arche.World
	Board *Board
	Sched *ecs.Scheduler
	Clock *c.Clock
	ai    *aiSystem
}

// NewArche builds the scenario of cfg on a fresh world.
func NewArche(cfg Config) *Arche {
	board, spawns := NewBoard(cfg)
	s := &Arche{World: arche.NewWorld(len(spawns) + 16), Board: board, Clock: &c.Clock{}}
	w := &s.World
	arche.AddResource(w, s.Clock)
	arche.AddResource(w, board)
	roster := &c.Roster{List: make([]arche.Entity, 0, len(spawns))}
	arche.AddResource(w, roster)
	build := generic.NewMap4[c.Position, c.Health, c.Monster, c.MovementPoints](w)
	q := build.NewBatchQ(len(spawns))
	for i := 0; q.Next(); i++ {
		p, h, m, _ := q.Get()
		sp := spawns[i]
		*p, *h, *m = sp.At, c.Health{HP: sp.HP, MaxHP: sp.HP}, c.Monster{Species: sp.Species, Serial: i + 1}
		roster.List = append(roster.List, q.Entity())
	}
	s.ai = &aiSystem{rng: ecs.NewStream(cfg.Seed, ecs.StreamAI)}
	s.Sched = &ecs.Scheduler{}
	s.Sched.Add("cog", &cogSystem{})
	s.Sched.Add("movement-points", &movementPoints{})
	s.Sched.Add("ai", s.ai)
	s.Sched.Init(w)
	return s
}

// Step runs one tick and returns the monsters' actions in it.
func (s *Arche) Step() int {
	s.Clock.Tick++
	s.ai.actions = 0
	s.Sched.Tick(&s.World)
	return s.ai.actions
}

// Positions lists the monsters' positions in creation order.
func (s *Arche) Positions() []c.Pos {
	roster := s.ai.roster
	pos := generic.NewMap[c.Position](&s.World)
	out := make([]c.Pos, len(roster.List))
	for i, m := range roster.List {
		out[i] = *pos.Get(m)
	}
	return out
}

// cogSystem walks the cog.
type cogSystem struct{ board *Board }

func (s *cogSystem) Init(w *arche.World) { s.board = resource[Board](w) }
func (s *cogSystem) Update(*arche.World) { s.board.MoveCog() }

// movementPoints gives every monster its actions for the tick (§9) with a
// query: with thousands of monsters, a query's sequential walk beats
// looking each one up.
type movementPoints struct {
	clock  *c.Clock
	filter *generic.Filter2[c.Monster, c.MovementPoints]
}

func (s *movementPoints) Init(w *arche.World) {
	s.clock = resource[c.Clock](w)
	s.filter = generic.NewFilter2[c.Monster, c.MovementPoints]()
	s.filter.Register(w)
}

func (s *movementPoints) Update(w *arche.World) {
	t := s.clock.Tick
	q := s.filter.Query(w)
	for q.Next() {
		m, mp := q.Get()
		mp.Actions = c.ActionsOn(t, m.Species.Info().Speed)
	}
}

// aiSystem runs every monster's actions in creation order (§9). It walks
// a query — arche's fast, sequential way — but never trusts the storage
// order: the k-th monster of the query must carry serial k+1. Here it
// always does (the monsters are created in one batch and none dies), and
// should it not, the rest act in roster order, looked up one by one.
type aiSystem struct {
	board    *Board
	roster   *c.Roster
	filter   *generic.Filter3[c.Position, c.Monster, c.MovementPoints]
	monsters generic.Map3[c.Position, c.Monster, c.MovementPoints]
	rng      *ecs.Stream
	actions  int
}

func (s *aiSystem) Init(w *arche.World) {
	s.board = resource[Board](w)
	s.roster = resource[c.Roster](w)
	s.filter = generic.NewFilter3[c.Position, c.Monster, c.MovementPoints]()
	s.filter.Register(w)
	s.monsters = generic.NewMap3[c.Position, c.Monster, c.MovementPoints](w)
}

func (s *aiSystem) Update(w *arche.World) {
	k := 0
	q := s.filter.Query(w)
	for q.Next() {
		pos, mon, mp := q.Get()
		if mon.Serial != k+1 {
			q.Close()
			break
		}
		s.act(pos, mon, mp)
		k++
	}
	for _, m := range s.roster.List[k:] {
		s.act(s.monsters.Get(m))
	}
}

func (s *aiSystem) act(pos *c.Position, mon *c.Monster, mp *c.MovementPoints) {
	n := mp.Actions
	if n == 0 {
		return
	}
	dirs := Dirs(mon.Species.Info())
	s.actions += n
	for ; n > 0; n-- {
		s.board.Act(pos, dirs, s.rng)
	}
}

// Plain is the same scenario over plain slices, indexed by creation
// order: the reference the arche version is measured against.
type Plain struct {
	Board   *Board
	Tick    int
	pos     []c.Pos
	species []c.SpeciesID
	hp      []c.Health
	actions []int
	rng     *ecs.Stream
}

// NewPlain builds the scenario of cfg over plain slices.
func NewPlain(cfg Config) *Plain {
	board, spawns := NewBoard(cfg)
	p := &Plain{
		Board: board, rng: ecs.NewStream(cfg.Seed, ecs.StreamAI),
		pos: make([]c.Pos, len(spawns)), species: make([]c.SpeciesID, len(spawns)),
		hp: make([]c.Health, len(spawns)), actions: make([]int, len(spawns)),
	}
	for i, sp := range spawns {
		p.pos[i], p.species[i], p.hp[i] = sp.At, sp.Species, c.Health{HP: sp.HP, MaxHP: sp.HP}
	}
	return p
}

// Step runs one tick and returns the monsters' actions in it.
func (p *Plain) Step() int {
	p.Tick++
	p.Board.MoveCog()
	for i, s := range p.species {
		p.actions[i] = c.ActionsOn(p.Tick, s.Info().Speed)
	}
	total := 0
	for i := range p.pos {
		n := p.actions[i]
		if n == 0 {
			continue
		}
		dirs := Dirs(p.species[i].Info())
		total += n
		for ; n > 0; n-- {
			p.Board.Act(&p.pos[i], dirs, p.rng)
		}
	}
	return total
}

// Positions lists the monsters' positions in creation order.
func (p *Plain) Positions() []c.Pos { return append([]c.Pos(nil), p.pos...) }

// resource looks a resource up, once, at a system's Init.
func resource[T any](w *arche.World) *T {
	r := generic.NewResource[T](w)
	return r.Get()
}
