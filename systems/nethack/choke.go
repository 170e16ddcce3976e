package nethack

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// StreamChoke is the stream of Choke's draws.
const StreamChoke = "nethack-choke"

// Defaults of Choke (docs/notes/nethack-facts.txt, NetHack 3.6.7's src/eat.c).
const (
	ChokeAt         = 2000
	ChokeVomitOneIn = 20
	ChokeVomitLoss  = 1000
)

// Choke is NetHack's choking (§25.3): a meal — read from the tick's Meal
// events — that brings a cog that was Satiated when it began (NetHack's
// canchoke reads the hunger state, not the number) to At nutrition or more
// chokes it: "You choke over your food." At 1 in
// VomitOneIn it vomits ("You stuff yourself and then vomit
// voluminously.", losing VomitLoss nutrition), else it dies (cause
// "choked on a food ration"). It runs after the items system; the eat
// primitive itself is the items system's, unchanged. Zero fields take the
// defaults.
type Choke struct {
	At         int
	VomitOneIn int
	VomitLoss  int

	rng       *ecs.Stream
	run       *c.Run
	log       *ecs.Log
	events    *c.Events
	death     *systems.Death
	nutrition generic.Map[c.Nutrition]
}

// Init implements ecs.System.
func (s *Choke) Init(w *arche.World) {
	s.rng = systems.Res[ecs.Streams](w).Get(StreamChoke)
	s.run, s.log, s.events = systems.Res[c.Run](w), systems.Res[ecs.Log](w), systems.Res[c.Events](w)
	s.death, s.nutrition = systems.NewDeath(w), generic.NewMap[c.Nutrition](w)
	if s.At == 0 {
		s.At = ChokeAt
	}
	if s.VomitOneIn == 0 {
		s.VomitOneIn = ChokeVomitOneIn
	}
	if s.VomitLoss == 0 {
		s.VomitLoss = ChokeVomitLoss
	}
}

// Update implements ecs.System.
func (s *Choke) Update(w *arche.World) {
	for _, ev := range s.events.List {
		if ev.Kind != c.Meal || ev.Hunger != c.Satiated || ev.After < s.At {
			continue
		}
		s.log.Say("You choke over your food.")
		if s.rng.OneIn(s.VomitOneIn) {
			s.log.Say("You stuff yourself and then vomit voluminously.")
			s.nutrition.Get(s.run.Cog).Value -= s.VomitLoss
			continue
		}
		s.log.Say("You die...")
		info := ev.Item.Info()
		s.death.Kill("choked on " + info.Article + info.Name)
		return
	}
}
