package systems

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// The names of the nethack rules' choking systems, which surround the
// items system.
const (
	NameMealStart = "meal-start"
	NameChoke     = "choke"
)

// StreamChoke is the stream of Choke's draws.
const StreamChoke = "nethack-choke"

// Defaults of Choke (seeds/nethack-facts.txt, NetHack 3.6.7's src/eat.c).
const (
	ChokeAt         = 2000
	ChokeVomitOneIn = 20
	ChokeVomitLoss  = 1000
)

// Choke is NetHack's choking, for the nethack rules (§25): food that brings
// a cog that was Satiated when the meal began to At nutrition or more
// chokes it — "You choke over your food." — and it vomits at 1 in
// VomitOneIn ("You stuff yourself and then vomit voluminously.", losing
// VomitLoss nutrition), else dies ("You die...", cause "choked on a food
// ration"). It runs after the items system and reads what the system
// from [Choke.MealStart], run before it, noted. The eat primitive itself
// is the items system's, unchanged.
//
// Zero fields take the defaults ChokeAt, ChokeVomitOneIn and
// ChokeVomitLoss.
type Choke struct {
	At         int
	VomitOneIn int
	VomitLoss  int

	env  *Env
	rng  *ecs.Stream
	meal mealStart
}

// MealStart returns the system to run before the items system: it notes
// the food the cog is about to eat, its nutrition and whether it is
// Satiated, for this Choke.
func (s *Choke) MealStart() ecs.System { return &s.meal }

// Init implements ecs.System.
func (s *Choke) Init(w *arche.World) {
	s.env = EnvOf(w)
	s.rng = s.env.Streams.Get(StreamChoke)
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
	m := &s.meal
	if !m.eating {
		return
	}
	m.eating = false
	e := s.env
	n := e.Nutrition.Get(e.Run.Cog)
	// The meal happened when nutrition rose; it chokes only a cog that
	// was Satiated when it began.
	if n.Value <= m.before || !m.satiated || n.Value < s.At {
		return
	}
	e.Log.Say("You choke over your food.")
	if s.rng.OneIn(s.VomitOneIn) {
		e.Log.Say("You stuff yourself and then vomit voluminously.")
		n.Value -= s.VomitLoss
		return
	}
	e.Log.Say("You die...")
	info := m.food.Info()
	e.KillCog("choked on " + info.Article + info.Name)
}

// mealStart is the half of Choke that runs before the items system.
type mealStart struct {
	env      *Env
	eating   bool
	satiated bool
	before   int
	food     c.ItemKind
}

// Init implements ecs.System.
func (m *mealStart) Init(w *arche.World) { m.env = EnvOf(w) }

// Update implements ecs.System.
func (m *mealStart) Update(w *arche.World) {
	e := m.env
	m.eating = false
	a := e.Action
	if !a.Active || a.Op != c.OpEat {
		return
	}
	inv := e.Inventory.Get(e.Run.Cog)
	slot := inv.Slot(a.Letter)
	if slot < 0 {
		return
	}
	n := e.Nutrition.Get(e.Run.Cog)
	m.eating, m.satiated, m.before, m.food = true, n.State == c.Satiated, n.Value, inv.Slots[slot].Kind
}
