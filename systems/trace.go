package systems

import (
	"reflect"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cogsim/cogsim/ecs"
	arche "github.com/mlange-42/arche/ecs"
)

// initTrace records what a system asks for in its Init (§27.4, §34.1):
// the resource types it fetches with [Res], on the one world traced.
type initTrace struct {
	w         *arche.World
	resources []reflect.Type
}

// tracing is the trace under way, if any. [Res] reads it with one atomic
// load and records only for the traced world, so episodes built on other
// goroutines meanwhile are neither recorded nor slowed; ticks never call
// Res, so a tick pays nothing for it.
var (
	tracing atomic.Pointer[initTrace]
	traceMu sync.Mutex // one trace at a time
)

// note records resource type t on the traced world w.
func note(w *arche.World, t reflect.Type) {
	if tr := tracing.Load(); tr != nil && tr.w == w && !slices.Contains(tr.resources, t) {
		tr.resources = append(tr.resources, t)
	}
}

// TraceInit runs sys's Init on w and reports what it asked for there:
// the resource types it fetched with [Res], in the order it asked, and
// the component types it registered (with generic.NewMap, a filter or a
// builder), in the order they were registered. A component type the
// world knew before the Init is not reported, so give each system a
// fresh world (holding the episode's resources) to read all it asks for.
func TraceInit(w *arche.World, sys ecs.System) (resources, components []reflect.Type) {
	traceMu.Lock()
	defer traceMu.Unlock()
	before := arche.ComponentIDs(w)
	tr := &initTrace{w: w}
	tracing.Store(tr)
	defer tracing.Store(nil)
	sys.Init(w)
	for _, id := range arche.ComponentIDs(w) {
		if slices.Contains(before, id) {
			continue
		}
		if info, ok := arche.ComponentInfo(w, id); ok {
			components = append(components, info.Type)
		}
	}
	return tr.resources, components
}
