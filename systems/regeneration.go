package systems

import (
	c "github.com/cogsim/cogsim/components"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// RegenerationPeriod is how often the cog regains a hit point (§6).
const RegenerationPeriod = 12

// Regeneration restores 1 hp every 12th tick while the cog is hurt and not
// Weak or Fainting (nutrition ≥ 50, §6).
type Regeneration struct {
	clock     *c.Clock
	run       *c.Run
	health    generic.Map[c.Health]
	nutrition generic.Map[c.Nutrition]
}

// Init implements ecs.System.
func (s *Regeneration) Init(w *arche.World) {
	s.clock, s.run = Res[c.Clock](w), Res[c.Run](w)
	s.health, s.nutrition = generic.NewMap[c.Health](w), generic.NewMap[c.Nutrition](w)
}

// Update implements ecs.System.
func (s *Regeneration) Update(w *arche.World) {
	if s.clock.Tick%RegenerationPeriod != 0 || s.nutrition.GetUnchecked(s.run.Cog).Weak() {
		return
	}
	if h := s.health.GetUnchecked(s.run.Cog); h.HP < h.MaxHP {
		h.HP++
	}
}
