package sim

import (
	"fmt"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/worldgen"
	arche "github.com/mlange-42/arche/ecs"
)

// levels builds an episode's levels on its world: the start — the
// appearances, the cog and the first level, or the scenario's — and the
// next level each time the cog takes the stairs (the level system's
// Enter, §3).
type levels struct {
	cfg       *Config
	env       *State
	gen       *worldgen.Generator
	mechanics []*ecs.Mechanic
	vision    ecs.System
}

// start builds the episode's start: the appearances (§10, §32.4: the
// potions' from the items stream, then each installed mechanic's class
// from its own stream), then the scenario, or the cog, the mechanics'
// Start hooks and level 1.
func (l *levels) start() error {
	l.env.Knowledge.Draw(l.env.Streams, l.gen.Mechanics)
	if l.cfg.Scenario != nil {
		return l.buildScenario(l.cfg.Scenario)
	}
	l.env.NewCog(c.Pos{})
	l.startMechanics()
	l.enter(1)
	return nil
}

// startMechanics runs the installed mechanics' Start hooks, in order.
func (l *levels) startMechanics() {
	for _, m := range l.mechanics {
		if m.Start != nil {
			m.Start(l.env.W)
		}
	}
}

// enter replaces the current level with generated level depth and puts the
// cog on its arrival cell. It is the level system's Enter.
func (l *levels) enter(depth int) {
	e := l.env
	e.ClearLevelEntities()
	pop := l.gen.Generate(l.cfg.Seed, depth, e.Level)
	e.arrive(e.Level.Arrival)
	for _, m := range pop.Monsters {
		e.SpawnMonster(m.Species, m.At, m.HP)
	}
	for _, it := range pop.Items {
		e.PlaceItem(it.Kind, it.Count, it.At)
	}
	for _, t := range pop.Traps {
		e.PlaceTrap(t.Kind, t.At)
	}
	for _, m := range l.mechanics {
		if m.Populate != nil {
			m.Populate(e.W, depth)
		}
	}
	l.vision.Update(e.W)
}

// arrive puts the cog on p of a freshly built level: the pit and the lichen
// stay behind.
func (e *State) arrive(p c.Pos) {
	cog := e.Run.Cog
	*e.Pos.Get(cog) = p
	e.Level.Creatures.Put(p, cog, '@')
	st := e.Status.Get(cog)
	st.TrappedUntil, st.StuckUntil, st.StuckTo = 0, 0, arche.Entity{}
}

// buildScenario builds the scenario's level and cog into the world: the
// plan of a checked scenario, refused when a thing of it needs a
// mechanic the episode does not install.
func (l *levels) buildScenario(sc *Scenario) error {
	p, err := sc.Plan()
	if err != nil {
		return err
	}
	if err := p.CheckActive(l.env.Mechanics); err != nil {
		return err
	}
	e := l.env
	*e.Level = p.Level
	e.Level.Arrival = p.Cog
	e.NewCog(p.Cog)
	l.startMechanics()
	rng := ecs.NewStream(l.cfg.Seed, "scenario")
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
			e.Level.ShowTrap(t.At.Index())
		}
	}
	e.applyCog(sc.Cog, p.Inventory)
	for _, m := range l.mechanics {
		if raw, ok := sc.Mechanics[m.Name]; ok {
			if err := m.Scenario(e.W, raw); err != nil {
				return fmt.Errorf("mechanics.%s: %w", m.Name, err)
			}
		}
	}
	l.vision.Update(e.W)
	return nil
}
