package sim

import (
	"fmt"
	"strconv"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/cogsim/cogsim/worldgen/script"
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
	// goal is the goal the first level's script set (des.flags), ""
	// without a script or for "none".
	goal string
	// built is where scripts build, reused level after level.
	built script.Built
}

// start builds the episode's start: the appearances (§10, §32.4: the
// potions' from the items stream, then each installed mechanic's class
// from its own stream), then the scenario, or the cog, the mechanics'
// Start hooks and level 1.
func (l *levels) start() error {
	l.env.Knowledge.Draw(l.env.Streams, l.gen.Mechanics)
	l.goal = ""
	if l.cfg.Scenario != nil {
		return l.buildScenario(l.cfg.Scenario)
	}
	if sc := l.cfg.Level; sc != nil {
		b, err := l.buildScript(sc, 1)
		if err != nil {
			return err
		}
		if b.Goal != "none" {
			l.goal = b.Goal
		}
		l.env.NewCog(b.Cog)
		l.startMechanics()
		l.layScript(b)
		return nil
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
	if d := l.cfg.Dungeon; d != nil {
		if sc := d.For(l.cfg.Seed, depth); sc != nil {
			b, err := l.buildScript(sc, depth)
			if err == nil {
				e.arrive(b.Cog)
				l.layScript(b)
				return
			}
			// The script failed on this seed and depth: the level is
			// generated, and the log says why (so does its replay).
			e.Log.Say(fmt.Sprintf("The level script failed (%v); this level is generated.", err))
		}
	}
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
	l.populate(depth)
	l.vision.Update(e.W)
}

// populate runs the installed mechanics' Populate hooks on the level of
// depth just made, in order, each with the level's own stream (§39.4).
func (l *levels) populate(depth int) {
	for _, m := range l.mechanics {
		if m.Populate != nil {
			m.Populate(l.env.W, depth, ecs.NewStream(l.cfg.Seed, ecs.LevelStream(m.Name, depth)))
		}
	}
}

// buildScript runs script sc for level depth of the episode.
func (l *levels) buildScript(sc *script.Script, depth int) (*script.Built, error) {
	if err := sc.BuildInto(&l.built, l.cfg.Seed, depth, script.Env{Mechanics: l.env.Mechanics, Standard: l.standard}); err != nil {
		return nil, err
	}
	return &l.built, nil
}

// standard is the cog game's level of depth (des.standard()).
func (l *levels) standard(depth int, lvl *c.Level) *worldgen.Population {
	return l.gen.Generate(l.cfg.Seed, depth, lvl)
}

// layScript lays the level a script built on the world, whose cog
// stands on the level's arrival cell (NewCog or arrive): its terrain,
// monsters, items and traps, the cog's fields, and the mechanics'
// Populate hooks when the script began with the standard level.
func (l *levels) layScript(b *script.Built) {
	e := l.env
	e.Level.Replace(&b.Level)
	e.Level.Creatures.Put(b.Cog, e.Run.Cog, '@')
	rng := ecs.NewStream(l.cfg.Seed, "level-hp/"+strconv.Itoa(b.Level.Depth))
	for _, m := range b.Monsters {
		hp := m.HP
		if hp == 0 {
			hp = worldgen.HitPoints(rng, m.Species)
		}
		me := e.SpawnMonster(m.Species, m.At, hp)
		if m.Asleep {
			e.Monster.Get(me).Asleep = true
		}
	}
	for _, it := range b.Items {
		e.PlaceStack(it.Stack, it.At)
	}
	for _, t := range b.Traps {
		te := e.PlaceTrap(t.Kind, t.At)
		if !t.Hidden {
			e.Trap.Get(te).Discovered = true
			e.Level.ShowTrap(t.At.Index())
		}
	}
	f := b.CogFields
	now := e.Clock.Tick
	e.applyCog(&ScenarioCog{HP: f.HP, MaxHP: f.MaxHP, Nutrition: f.Nutrition, Gold: f.Gold, XPPoints: f.XPPoints,
		Confused: ticksFrom(now, f.Confused), Paralysed: ticksFrom(now, f.Paralysed)}, f.Inventory)
	if b.Standard {
		l.populate(b.Level.Depth)
	}
	l.vision.Update(e.W)
}

// ticksFrom is the last tick of a condition that holds n ticks from now,
// 0 for none.
func ticksFrom(now, n int) int {
	if n <= 0 {
		return 0
	}
	return now + n
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
	e.Level.Replace(&p.Level)
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
	// The items' and the pack's spe the file leaves out are drawn as
	// generated (§39.5), after the monsters' hit points.
	for _, it := range p.Items {
		if it.DrawSpe {
			it.Stack.Spe = c.GeneratedSpe(it.Stack.Kind, rng)
		}
		e.PlaceStack(it.Stack, it.At)
	}
	if p.Inventory != nil {
		for _, i := range p.DrawSpe {
			p.Inventory.Slots[i].Spe = c.GeneratedSpe(p.Inventory.Slots[i].Kind, rng)
		}
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
