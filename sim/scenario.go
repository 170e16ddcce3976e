package sim

import (
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim/scenario"
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
