package ecs

import (
	"errors"
	"fmt"
	"testing"

	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lcCounter is a resource with the whole lifecycle: it begins at 7, is
// refused when negative, and its Double is rebuilt from N.
type lcCounter struct{ N, Double int }

func (c *lcCounter) Begin(*arche.World) { *c = lcCounter{N: 7} }
func (c *lcCounter) Check(*arche.World) error {
	if c.N < 0 {
		return fmt.Errorf("lc.counter.N %d: negative", c.N)
	}
	return nil
}
func (c *lcCounter) Rebuild(*arche.World) error { c.Double = 2 * c.N; return nil }

// lcPlain is a resource without lifecycle methods: it begins zero.
type lcPlain struct{ N int }

// lcMark is a component refused when odd.
type lcMark struct{ N int }

func (m *lcMark) CheckEntity(_ *arche.World, e arche.Entity) error {
	if m.N%2 != 0 {
		return fmt.Errorf("lc.mark.N %d of entity %d: odd", m.N, e.ID())
	}
	return nil
}

// lcOwned is a resource of the mechanic "lc".
type lcOwned struct{ N int }

var (
	lcCounterState = RegisterResource[lcCounter]("lc.counter")
	lcPlainState   = RegisterResource[lcPlain]("lc.plain")
	lcMarkState    = RegisterComponent[lcMark]("lc.mark")
	lcOwnedState   = RegisterResource[lcOwned]("lc.owned")
)

func init() {
	Register(Mechanic{Name: "lc", Version: "1", Resources: []*StateType{lcOwnedState},
		Install: func(*Scheduler) error { return nil }})
}

func TestTheLifecycleIsFoundOnTheType(t *testing.T) {
	assert.Equal(t, "lc", lcOwnedState.Mechanic, "a mechanic's listed state is its own")
	assert.Equal(t, "", lcCounterState.Mechanic, "state no mechanic lists is the core game's")

	w := arche.NewWorld()
	AddResources(&w, nil)
	require.NotNil(t, arche.GetResource[lcCounter](&w), "the core game's resources are added")
	assert.False(t, w.Resources().Has(arche.ResourceID[lcOwned](&w)), "a mechanic's, only when it is installed")
	assert.Equal(t, 7, arche.GetResource[lcCounter](&w).N, "added resources begin")
	m, _ := LookupMechanic("lc")
	AddResources(&w, []*Mechanic{m})
	require.NotNil(t, arche.GetResource[lcOwned](&w))

	arche.GetResource[lcCounter](&w).N = 40
	arche.GetResource[lcPlain](&w).N = 5
	arche.GetResource[lcOwned](&w).N = 5
	BeginEpisode(&w)
	assert.Equal(t, 7, arche.GetResource[lcCounter](&w).N, "Begin")
	assert.Zero(t, arche.GetResource[lcPlain](&w).N, "no Begin: zero")
	assert.Zero(t, arche.GetResource[lcOwned](&w).N, "a mechanic's resource begins too")

	require.NoError(t, CheckState(&w))
	require.NoError(t, RebuildState(&w))
	assert.Equal(t, 14, arche.GetResource[lcCounter](&w).Double, "Rebuild")

	arche.GetResource[lcCounter](&w).N = -1
	assert.EqualError(t, CheckState(&w), "lc.counter.N -1: negative")
	arche.GetResource[lcCounter](&w).N = 1

	e := w.NewEntity()
	w.Add(e, arche.ComponentID[lcMark](&w))
	require.NoError(t, CheckState(&w))
	(*lcMark)(w.Get(e, arche.ComponentID[lcMark](&w))).N = 3
	err := CheckState(&w)
	assert.EqualError(t, err, fmt.Sprintf("lc.mark.N 3 of entity %d: odd", e.ID()))
	assert.False(t, errors.Is(err, nil))
	_ = lcPlainState
	_ = lcMarkState
}

// lcBadComponent has Check, which is for resources.
type lcBadComponent struct{ N int }

func (*lcBadComponent) Check(*arche.World) error { return nil }

// lcBadResource has CheckEntity, which is for components.
type lcBadResource struct{ N int }

func (*lcBadResource) CheckEntity(*arche.World, arche.Entity) error { return nil }

func TestAMisplacedLifecycleMethodIsRefusedAtRegistration(t *testing.T) {
	assert.PanicsWithValue(t, `ecs: component "lc.bad-component" (ecs.lcBadComponent) has Check, Begin or Rebuild, which are for resources: give it CheckEntity`,
		func() { RegisterComponent[lcBadComponent]("lc.bad-component") })
	assert.PanicsWithValue(t, `ecs: resource "lc.bad-resource" (ecs.lcBadResource) has CheckEntity, which is for components: give it Check`,
		func() { RegisterResource[lcBadResource]("lc.bad-resource") })
	assert.Panics(t, func() {
		Register(Mechanic{Name: "lc2", Version: "1", Components: []*StateType{lcOwnedState}, Install: func(*Scheduler) error { return nil }})
	}, "a resource listed among components")
}
