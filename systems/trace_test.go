package systems_test

import (
	"reflect"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
	"github.com/stretchr/testify/assert"
)

// asker asks for two resources (one twice) and one component map, and
// fetches a resource of another world, which is not its own request.
type asker struct{ other *arche.World }

func (a asker) Init(w *arche.World) {
	systems.Res[c.Run](w)
	systems.Res[c.Clock](w)
	systems.Res[c.Run](w)
	systems.Res[c.Level](a.other)
	generic.NewMap[c.Health](w)
}

func (asker) Update(*arche.World) {}

// TestTraceInitSystems: TraceInit reads what a system's Init asks for;
// outside a trace Res records nothing.
func TestTraceInitSystems(t *testing.T) {
	w, other := arche.NewWorld(), arche.NewWorld()
	ecs.AddResources(&w, nil)
	ecs.AddResources(&other, nil)
	generic.NewMap[c.Position](&w) // known before: not reported
	res, comps := systems.TraceInit(&w, asker{&other})
	assert.Equal(t, []reflect.Type{reflect.TypeFor[c.Run](), reflect.TypeFor[c.Clock]()}, res)
	assert.Equal(t, []reflect.Type{reflect.TypeFor[c.Health]()}, comps)

	res, comps = systems.TraceInit(&w, asker{&other})
	assert.Len(t, res, 2)
	assert.Empty(t, comps, "health is registered on w now")
	assert.Zero(t, testing.AllocsPerRun(100, func() { systems.Res[c.Run](&w) }), "untraced Res allocates nothing")
}
