package sim

import (
	"fmt"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/cogsim/cogsim/worldgen"
)

// The scenario file format (§19) lives in package [scenario]; these
// names stay for the code written before it. New code names
// scenario.Scenario, scenario.Cog and so on.
type (
	Scenario      = scenario.Scenario
	ScenarioCog   = scenario.Cog
	ScenarioStack = scenario.Stack
	ScenarioThing = scenario.Thing
	ScenarioClock = scenario.Clock
)

// buildScenario builds the scenario's level and cog into the world: the
// plan of a checked scenario, refused when a thing of it needs a
// mechanic the episode does not install.
func (s *Sim) buildScenario(sc *Scenario) error {
	p, err := sc.Plan()
	if err != nil {
		return err
	}
	if err := p.CheckActive(s.MechanicNames()); err != nil {
		return err
	}
	e := s.env
	*e.Level = p.Level
	e.Level.Arrival = p.Cog
	e.NewCog(p.Cog)
	s.startMechanics()
	rng := ecs.NewStream(s.cfg.Seed, "scenario")
	for _, m := range p.Monsters {
		hp := m.HP
		if hp == 0 {
			hp = worldgen.HitPoints(rng, m.Species)
		}
		e.SpawnMonster(m.Species, m.At, hp)
	}
	for _, it := range p.Items {
		e.PlaceStack(it.Stack, it.At)
	}
	for _, t := range p.Traps {
		te := e.PlaceTrap(t.Kind, t.At)
		if !t.Hidden {
			e.Trap.Get(te).Discovered = true
			e.Level.TrapShown[t.At.Index()] = true
		}
	}
	e.applyCog(sc.Cog, p.Inventory)
	for _, m := range s.mechanics {
		if raw, ok := sc.Mechanics[m.Name]; ok {
			if err := m.Scenario(&s.world, raw); err != nil {
				return fmt.Errorf("mechanics.%s: %w", m.Name, err)
			}
		}
	}
	s.vision.Update(&s.world)
	return nil
}

// applyCog sets the cog fields the scenario names, and its pack when inv
// is not nil.
func (e *State) applyCog(cg *ScenarioCog, inv *c.Inventory) {
	if cg == nil {
		return
	}
	cog := e.Run.Cog
	h := e.Health.Get(cog)
	if cg.MaxHP != nil {
		h.MaxHP = *cg.MaxHP
		h.HP = min(h.HP, h.MaxHP)
	}
	if cg.HP != nil {
		h.HP = *cg.HP
	}
	if cg.Nutrition != nil {
		n := e.Nutrition.Get(cog)
		n.Value = *cg.Nutrition
		n.State = e.Hunger.StateOf(n.Value)
	}
	if cg.Gold != nil {
		e.Purse.Get(cog).Gold = *cg.Gold
	}
	if cg.XPPoints != nil {
		ex := e.Experience.Get(cog)
		ex.Points = *cg.XPPoints
		ex.Level = c.XLevelFor(ex.Points)
	}
	st := e.Status.Get(cog)
	st.ConfusedUntil = cg.Confused
	st.ParalysedUntil = cg.Paralysed
	if inv != nil {
		*e.Inventory.Get(cog) = *inv
	}
}
