package systems

import arche "github.com/mlange-42/arche/ecs"

// RegenerationPeriod is how often the cog regains a hit point (§6).
const RegenerationPeriod = 12

// Regeneration restores 1 hp every 12th tick while the cog is hurt and not
// Weak or Fainting (nutrition ≥ 50, §6).
type Regeneration struct{ env *Env }

// Init implements ecs.System.
func (s *Regeneration) Init(w *arche.World) { s.env = EnvOf(w) }

// Update implements ecs.System.
func (s *Regeneration) Update(w *arche.World) {
	e := s.env
	if e.Clock.Tick%RegenerationPeriod != 0 || e.Weak() {
		return
	}
	if h := e.Health.Get(e.Run.Cog); h.HP < h.MaxHP {
		h.HP++
	}
}
