package sim

import (
	"fmt"
	"reflect"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
)

// Core is who installed a system of the standard order, in [SystemInfo].
const Core = "core"

// SystemInfo is one row of an episode's effective tick table (§34.1).
type SystemInfo struct {
	// Number is the place in the tick order, from 1.
	Number int    `json:"number"`
	Name   string `json:"name"`
	// By is who added the system: [Core] or a mechanic's name;
	// ReplacedBy the mechanic that replaced it, if any.
	By         string `json:"by"`
	ReplacedBy string `json:"replacedBy,omitempty"`
	// Resources are the resources the system asks for in its Init, and
	// Components the component types it makes maps (or filters) of, each
	// by its registered state name (else its Go type), in the order
	// asked.
	Resources  []string `json:"resources"`
	Components []string `json:"components"`
	// Final systems run on a halted tick too; a disabled one not at all.
	Final   bool `json:"final"`
	Enabled bool `json:"enabled"`
	// Verbs are the verbs a verb system serves: it runs only on their
	// ticks (§39.6); none for a system that runs every tick.
	Verbs []string `json:"verbs,omitempty"`
}

// Systems returns the effective tick table of an episode of cfg: its
// systems in order, who installed each, and what each asks for in its
// Init. Each system is a fresh instance, from a scheduler built anew,
// initialised alone on a fresh world holding the episode's resources:
// so a component type an earlier system registered still shows as
// asked for by a later one, and state two systems share shows for both.
// No episode is played; cfg.Seed and the clock do not matter.
func Systems(cfg Config) ([]SystemInfo, error) {
	if cfg.Rules == "" {
		cfg.Rules = "cog"
	}
	mechanics, err := ecs.Select(cfg.Rules, cfg.Mechanics)
	if err != nil {
		return nil, err
	}
	sched, err := schedule(cfg, mechanics, func(int) {})
	if err != nil {
		return nil, err
	}
	var table []SystemInfo
	for i, e := range sched.Entries() {
		info := SystemInfo{Number: i + 1, Name: e.Name, By: e.By, ReplacedBy: e.ReplacedBy,
			Final: e.Final, Enabled: e.Enabled}
		if info.By == "" {
			info.By = Core
		}
		for _, op := range e.Verbs {
			if v := c.VerbOf(op); v != nil {
				info.Verbs = append(info.Verbs, v.Word)
			}
		}
		// A scheduler of its own too: systems that share state (the
		// nethack stomach of hunger and melee-hunger) initialise it once,
		// so a system Init'd before would show nothing.
		fresh, err := schedule(cfg, mechanics, func(int) {})
		if err != nil {
			return nil, err
		}
		if info.Resources, info.Components, err = initNeeds(mechanics, fresh.Entries()[i].System); err != nil {
			return nil, fmt.Errorf("system %q: %w", e.Name, err)
		}
		table = append(table, info)
	}
	return table, nil
}

// initNeeds runs sys's Init on a fresh world holding the resources of an
// episode with mechanics installed, and names what it asked for.
func initNeeds(mechanics []*ecs.Mechanic, sys ecs.System) (resources, components []string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("its Init panicked: %v", p)
		}
	}()
	w := arche.NewWorld()
	ecs.AddResources(&w, mechanics)
	res, comps := systems.TraceInit(&w, sys)
	return stateNames(res), stateNames(comps), nil
}

// stateNames names types by their registered state names, else their Go
// types. It never returns nil, so JSON shows an empty list as [].
func stateNames(types []reflect.Type) []string {
	names := make([]string, 0, len(types))
	for _, t := range types {
		if st, ok := ecs.StateOf(t); ok {
			names = append(names, st.Name)
		} else {
			names = append(names, t.String())
		}
	}
	return names
}
