package ecs

import (
	"errors"
	"fmt"
	"sync"
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

// lcOrder records the order in which lcOrderA and lcOrderB begin.
type lcOrder struct{ Names []string }

func (o *lcOrder) Begin(*arche.World) {}

type (
	lcOrderA struct{ N int }
	lcOrderB struct{ N int }
)

func (a *lcOrderA) Begin(w *arche.World) {
	o := arche.GetResource[lcOrder](w)
	o.Names = append(o.Names, "a")
}

func (b *lcOrderB) Begin(w *arche.World) {
	o := arche.GetResource[lcOrder](w)
	o.Names = append(o.Names, "b")
}

var (
	// Registered out of order: they begin by name.
	_ = RegisterResource[lcOrderB]("lc.order.b", Transient)
	_ = RegisterResource[lcOrderA]("lc.order.a", Transient)
	_ = RegisterResource[lcOrder]("lc.order", Transient)
)

func TestResourcesBeginInTheRegistrysOrder(t *testing.T) {
	w := arche.NewWorld()
	AddResources(&w, nil)
	o := arche.GetResource[lcOrder](&w)
	o.Names = o.Names[:0]
	BeginEpisode(&w)
	BeginEpisode(&w)
	assert.Equal(t, []string{"a", "b", "a", "b"}, o.Names)
}

// TestWorldsBuiltDifferentlyBeginTheirOwnResources alternates between
// worlds whose resources have different ids, and a world that lacks one,
// so each finds its own resources, never another world's.
func TestWorldsBuiltDifferentlyBeginTheirOwnResources(t *testing.T) {
	m, _ := LookupMechanic("lc")
	a := arche.NewWorld()
	AddResources(&a, []*Mechanic{m})
	b := arche.NewWorld()
	// b meets these types first, so their ids differ from a's.
	arche.AddResource(&b, &lcOwned{})
	arche.AddResource(&b, &lcPlain{})
	AddResources(&b, []*Mechanic{m})
	c := arche.NewWorld()
	AddResources(&c, nil)
	require.NotEqual(t, arche.ResourceID[lcPlain](&a), arche.ResourceID[lcPlain](&b))
	worlds := []*arche.World{&a, &b, &c}
	for round := range 3 {
		for i, w := range worlds {
			for _, other := range worlds {
				arche.GetResource[lcPlain](other).N = 10 + i
				arche.GetResource[lcCounter](other).N = 20 + i
				if other.Resources().Has(arche.ResourceID[lcOwned](other)) {
					arche.GetResource[lcOwned](other).N = 30 + i
				}
			}
			BeginEpisode(w)
			for _, other := range worlds {
				begun := other == w
				plain, counter := arche.GetResource[lcPlain](other).N, arche.GetResource[lcCounter](other).N
				if begun {
					assert.Zero(t, plain, "round %d, world %d", round, i)
					assert.Equal(t, 7, counter, "round %d, world %d", round, i)
				} else {
					assert.Equal(t, 10+i, plain, "round %d, world %d: another world's", round, i)
					assert.Equal(t, 20+i, counter, "round %d, world %d: another world's", round, i)
				}
			}
			if w == &c {
				assert.False(t, c.Resources().Has(arche.ResourceID[lcOwned](&c)), "a resource the world lacks is not added")
			} else if owned := arche.GetResource[lcOwned](w).N; owned != 0 {
				t.Errorf("round %d, world %d: a mechanic's resource kept %d", round, i, owned)
			}
		}
	}
}

// TestAResourceIsFoundWhereAnotherWorldHasNone begins lc.plain in a world
// where it has id 0, then in one where id 0 belongs to a type that world
// lacks (a mechanic's, not installed) and lc.plain has id 1.
func TestAResourceIsFoundWhereAnotherWorldHasNone(t *testing.T) {
	p := arche.NewWorld()
	arche.AddResource(&p, &lcPlain{})
	AddResources(&p, nil)
	q := arche.NewWorld()
	arche.ResourceID[lcOwned](&q)
	arche.AddResource(&q, &lcPlain{})
	AddResources(&q, nil)
	require.NotEqual(t, arche.ResourceID[lcPlain](&p), arche.ResourceID[lcPlain](&q))
	require.Equal(t, arche.ResourceID[lcPlain](&p), arche.ResourceID[lcOwned](&q))
	for range 2 {
		arche.GetResource[lcPlain](&p).N = 5
		BeginEpisode(&p)
		assert.Zero(t, arche.GetResource[lcPlain](&p).N)
		arche.GetResource[lcPlain](&q).N = 5
		BeginEpisode(&q)
		assert.Zero(t, arche.GetResource[lcPlain](&q).N)
		assert.False(t, q.Resources().Has(arche.ResourceID[lcOwned](&q)))
	}
}

// TestWorldsBeginInParallel begins differently built worlds on their own
// goroutines, as a vector of environments does: under the race detector
// it checks that the ids the types remember are shared safely.
func TestWorldsBeginInParallel(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 4 {
		w := arche.NewWorld()
		if i%2 == 1 {
			arche.AddResource(&w, &lcPlain{})
		}
		AddResources(&w, nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				arche.GetResource[lcPlain](&w).N = 1
				BeginEpisode(&w)
				if arche.GetResource[lcPlain](&w).N != 0 {
					t.Error("world", i, "did not begin")
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkBeginEpisode begins an episode in a world holding every
// registered resource.
func BenchmarkBeginEpisode(b *testing.B) {
	m, _ := LookupMechanic("lc")
	w := arche.NewWorld()
	AddResources(&w, []*Mechanic{m})
	for b.Loop() {
		BeginEpisode(&w)
	}
}
