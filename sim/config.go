package sim

import (
	"errors"
	"fmt"
	"slices"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim/result"
	"github.com/cogsim/cogsim/worldgen/script"
)

// Resolved is what a [Config] decides before a world is built
// ([Config.Resolve]).
type Resolved struct {
	// Seed is the episode seed: Config's, or the scenario's for 0.
	Seed uint64
	// Rules is the rules variant, "cog" for "".
	Rules string
	// Mechanics are the installed mechanics with their versions, the
	// variant's first (§27.1).
	Mechanics []ecs.MechanicRef
	// MaxTurns and TurnTicks are the clock (§13): the rules' 55 turns
	// of 40 ticks, the scenario's, then Config's. MaxTicks is their
	// product: the most ticks the episode runs, and where an episode
	// stepped one tick a turn ends (§22).
	MaxTurns, TurnTicks, MaxTicks int
	// Goal, Strict and Agent are Config's.
	Goal   string
	Strict bool
	Agent  string
	// Scenario and ScenarioDigest name the scenario as a result does
	// (§16); "" without one.
	Scenario, ScenarioDigest string
	// Systems is the tick order (§3).
	Systems []SystemRef
	// Scripts name the level and dungeon scripts (§38.4) as results
	// and replays record them: the level script, then the dungeon
	// script and its level scripts.
	Scripts []script.Ref
}

// SystemRef is a system of the tick order: its name, the mechanic that
// added it ("" for the core) and the one that replaced it, if any.
type SystemRef struct {
	Name, By, ReplacedBy string
	Enabled, Final       bool
}

// Resolve answers what the episode of cfg is — its seed, rules and
// mechanics, clock, goal, scenario and tick order — without building a
// world, refusing what [New] refuses but a mechanic's own check of its
// scenario state (§32.7), which needs the world. The tick order is a
// scheduler's that is never initialised: Config.Setup edits it as it
// edits New's.
func (cfg Config) Resolve() (Resolved, error) {
	cfg, mechanics, err := cfg.resolve()
	if err != nil {
		return Resolved{}, err
	}
	sched, err := schedule(cfg, mechanics, nil)
	if err != nil {
		return Resolved{}, err
	}
	r := Resolved{Seed: cfg.Seed, Rules: cfg.Rules, Mechanics: ecs.Refs(mechanics),
		Goal: cfg.Goal, Strict: cfg.Strict, Agent: cfg.Agent}
	r.MaxTurns, r.TurnTicks = cfg.clock()
	r.MaxTicks = r.MaxTurns * r.TurnTicks
	if sc := cfg.Scenario; sc != nil {
		p, err := sc.Plan()
		if err == nil {
			names := make([]string, len(mechanics))
			for i, m := range mechanics {
				names[i] = m.Name
			}
			err = p.CheckActive(names)
		}
		if err != nil {
			return Resolved{}, err
		}
		r.Scenario, r.ScenarioDigest = sc.Name, result.ScenarioDigest(sc)
	}
	r.Scripts = cfg.scripts()
	for _, e := range sched.Entries() {
		r.Systems = append(r.Systems, SystemRef{Name: e.Name, By: e.By, ReplacedBy: e.ReplacedBy, Enabled: e.Enabled, Final: e.Final})
	}
	return r, nil
}

// scripts are the refs of cfg's level and dungeon scripts, nil for none.
func (cfg Config) scripts() []script.Ref {
	var refs []script.Ref
	if cfg.Level != nil {
		refs = append(refs, cfg.Level.Ref())
	}
	if cfg.Dungeon != nil {
		refs = append(refs, cfg.Dungeon.Refs()...)
	}
	return refs
}

// resolve is cfg with its defaults filled in — the rules "cog", the
// scenario's seed for 0 — and the mechanics it installs, or what is
// wrong with it.
func (cfg Config) resolve() (Config, []*ecs.Mechanic, error) {
	if cfg.Rules == "" {
		cfg.Rules = "cog"
	}
	if cfg.Goal != "" && cfg.Goal != GoalStairs && (!slices.Contains(result.DeedNames(), cfg.Goal) || cfg.Goal == "full-clock") {
		return cfg, nil, fmt.Errorf("goal %q: not a deed an episode can earn before its end", cfg.Goal)
	}
	if cfg.MaxTurns < 0 || cfg.MaxTurns > MaxClockTurns {
		return cfg, nil, fmt.Errorf("max turns %d: out of range 1…%d (0: the default)", cfg.MaxTurns, MaxClockTurns)
	}
	if cfg.Scenario != nil && cfg.Level != nil {
		return cfg, nil, errors.New("a scenario and a level script: give one (both build the first level)")
	}
	mechanics, err := ecs.Select(cfg.Rules, cfg.Mechanics)
	if err != nil {
		return cfg, nil, err
	}
	if sc := cfg.Scenario; sc != nil && sc.Seed != nil && cfg.Seed == 0 {
		cfg.Seed = *sc.Seed
	}
	return cfg, mechanics, nil
}

// clock is the episode's clock in command turns and ticks a turn (§13):
// the rules' 55 and 40, then the scenario's, then cfg's (at most 40
// ticks).
func (cfg Config) clock() (maxTurns, turnTicks int) {
	maxTurns, turnTicks = DefaultMaxTurns, DefaultTurnTicks
	if sc := cfg.Scenario; sc != nil && sc.Clock != nil {
		if sc.Clock.MaxTurns > 0 {
			maxTurns = sc.Clock.MaxTurns
		}
		if sc.Clock.TurnTicks > 0 {
			turnTicks = sc.Clock.TurnTicks
		}
	}
	if cfg.MaxTurns > 0 {
		maxTurns = cfg.MaxTurns
	}
	if cfg.TurnTicks > 0 {
		turnTicks = min(cfg.TurnTicks, c.MaxQueue)
	}
	return maxTurns, turnTicks
}
