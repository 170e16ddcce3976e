// Package yellowmold is an example mechanic (§27), and the one the
// README's "Adding a mechanic" teaches with: a new species with a new
// behaviour, added without touching any other file but the import list
// in systems/builtin.
//
// The yellow mold (NetHack's: an F of level 1 and AC 9 that never moves,
// generated from depth 5 on) does not attack; a melee hit on it stings
// whoever hit it for rnd(4) hit points ("You are stung by the yellow
// mold!"), at most Spores times per mold. It brings
//
//   - a table row (components.AddSpecies): glyph, colour, depths and
//     frequency, so worldgen places it, the window colours it yellow and
//     the explore agent knows not to touch an F where molds grow;
//   - a component of its own, [Spores], on each mold it has stung;
//   - a resource of its own, [Stings], the episode's count;
//   - a system that reacts to the tick's Attack events (§27.3).
//
// Select it with --mechanics yellow-mold; replays record it and verify.
package yellowmold

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// Name is the mechanic's name (--mechanics yellow-mold).
const Name = "yellow-mold"

// Spores is how many stings a mold has in it.
const Spores = 3

// SporesLeft is a mold's own state: the stings it has left. A mold gets
// it when first hit.
type SporesLeft struct{ Left int }

// Stings is the mechanic's resource: how many times the cog was stung.
type Stings struct{ Count int }

// The mechanic's state, registered once (§27.2).
var (
	SporesState = ecs.RegisterComponent[SporesLeft]("yellow-mold.spores")
	StingsState = ecs.RegisterResource[Stings]("yellow-mold.stings")
)

// YellowMold is the species row the mechanic adds.
var YellowMold = c.AddSpecies(c.SpeciesInfo{
	Name: "yellow mold", Glyph: 'F', Colour: c.Yellow,
	Level: 1, Speed: 0, AC: 9, XP: 8,
	Weight: 2, MinDepth: 5, MaxDepth: 23,
	Flags: c.Passive, Mechanic: Name,
})

func init() {
	ecs.Register(ecs.Mechanic{
		Name: Name, Version: "1",
		Doc:        "the yellow mold: a new F whose passive sting hurts whoever hits it",
		Components: []*ecs.StateType{SporesState},
		Resources:  []*ecs.StateType{StingsState},
		Install: func(s *ecs.Scheduler) error {
			return s.After(systems.NameCombat, "sting", &Sting{})
		},
	})
}

// Sting stings the cog for each hit it landed on a yellow mold this tick.
type Sting struct {
	rng    *ecs.Stream
	run    *c.Run
	log    *ecs.Log
	events *c.Events
	stings *Stings
	death  *systems.Death
	spores generic.Map[SporesLeft]
	// moldy gives a mold its spores with the generic API, which adds a
	// component without reflection.
	moldy generic.Map1[SporesLeft]
}

// Init implements ecs.System.
func (s *Sting) Init(w *arche.World) {
	s.rng = systems.Res[ecs.Streams](w).Get("yellow-mold")
	s.run, s.log, s.events = systems.Res[c.Run](w), systems.Res[ecs.Log](w), systems.Res[c.Events](w)
	s.stings, s.death = systems.Res[Stings](w), systems.NewDeath(w)
	s.spores, s.moldy = generic.NewMap[SporesLeft](w), generic.NewMap1[SporesLeft](w)
}

// Update implements ecs.System.
func (s *Sting) Update(w *arche.World) {
	for _, ev := range s.events.List {
		if ev.Kind != c.Attack || ev.Actor != s.run.Cog || !ev.Hit || ev.Species != YellowMold || s.run.Ended {
			continue
		}
		if w.Alive(ev.Target) {
			if !s.spores.Has(ev.Target) {
				s.moldy.Assign(ev.Target, &SporesLeft{Left: Spores})
			}
			sp := s.spores.Get(ev.Target)
			if sp.Left == 0 {
				continue
			}
			sp.Left--
		}
		s.stings.Count++
		s.log.Say("You are stung by the yellow mold!")
		s.death.Hurt(s.rng.Rnd(4), "killed by a yellow mold")
	}
}
