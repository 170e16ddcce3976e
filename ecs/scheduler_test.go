package ecs

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"runtime/pprof"
	"testing"

	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorder appends its name to a shared trace on every Update.
type recorder struct {
	name  string
	trace *[]string
	halt  bool
	ctl   *Control
}

func (r *recorder) Init(w *arche.World) {
	res := generic.NewResource[Control](w)
	r.ctl = res.Get()
}

func (r *recorder) Update(w *arche.World) {
	*r.trace = append(*r.trace, r.name)
	if r.halt {
		r.ctl.Halt()
	}
}

func newSched(trace *[]string, names ...string) *Scheduler {
	s := &Scheduler{}
	for _, n := range names {
		s.Add(n, &recorder{name: n, trace: trace})
	}
	return s
}

func TestSchedulerRunsSystemsInTableOrder(t *testing.T) {
	var trace []string
	s := newSched(&trace, "input", "hunger", "vision")
	w := arche.NewWorld()
	s.Init(&w)
	s.Tick(&w)
	s.Tick(&w)
	assert.Equal(t, []string{"input", "hunger", "vision", "input", "hunger", "vision"}, trace)
}

func TestSchedulerInsertsBeforeAndAfterByName(t *testing.T) {
	var trace []string
	s := newSched(&trace, "input", "combat", "level")
	require.NoError(t, s.Before("combat", "mine", &recorder{name: "mine", trace: &trace}))
	require.NoError(t, s.After("combat", "after", &recorder{name: "after", trace: &trace}))
	require.NoError(t, s.After("level", "last", &recorder{name: "last", trace: &trace}))
	assert.Equal(t, []string{"input", "mine", "combat", "after", "level", "last"}, s.Names())

	assert.ErrorContains(t, s.Before("nope", "x", &recorder{}), `no system called "nope"`)
	assert.ErrorContains(t, s.After("input", "mine", &recorder{}), `"mine" exists already`)
}

func TestSchedulerEnableDisableByName(t *testing.T) {
	var trace []string
	s := newSched(&trace, "a", "b", "c")
	w := arche.NewWorld()
	s.Init(&w)
	require.NoError(t, s.Enable("b", false))
	s.Tick(&w)
	assert.Equal(t, []string{"a", "c"}, trace)
	require.NoError(t, s.Enable("b", true))
	trace = trace[:0]
	s.Tick(&w)
	assert.Equal(t, []string{"a", "b", "c"}, trace)
	assert.Error(t, s.Enable("zzz", true))
}

func TestHaltSkipsAllButFinalSystems(t *testing.T) {
	var trace []string
	s := &Scheduler{}
	s.Add("input", &recorder{name: "input", trace: &trace})
	s.Add("combat", &recorder{name: "combat", trace: &trace, halt: true})
	s.Add("vision", &recorder{name: "vision", trace: &trace})
	s.AddFinal("level", &recorder{name: "level", trace: &trace})
	w := arche.NewWorld()
	s.Init(&w)
	s.Tick(&w)
	assert.Equal(t, []string{"input", "combat", "level"}, trace, "a halted tick runs only final systems")
	trace = trace[:0]
	s.Tick(&w)
	assert.Equal(t, []string{"input", "combat", "level"}, trace, "the halt lasts one tick")
}

func TestHaltRunsTheLaterFinalSystemsInOrder(t *testing.T) {
	var trace []string
	s := &Scheduler{}
	s.AddFinal("first", &recorder{name: "first", trace: &trace})
	s.Add("combat", &recorder{name: "combat", trace: &trace, halt: true})
	s.AddFinal("level", &recorder{name: "level", trace: &trace})
	s.Add("vision", &recorder{name: "vision", trace: &trace})
	s.AddFinal("last", &recorder{name: "last", trace: &trace})
	w := arche.NewWorld()
	s.Init(&w)
	s.Tick(&w)
	assert.Equal(t, []string{"first", "combat", "level", "last"}, trace)
}

func TestSchedulerChangesAfterInitTakeEffect(t *testing.T) {
	var trace []string
	s := newSched(&trace, "a", "b")
	w := arche.NewWorld()
	s.Init(&w)
	require.NoError(t, s.Replace("b", &recorder{name: "b2", trace: &trace}))
	require.NoError(t, s.After("b", "c", &recorder{name: "c", trace: &trace}))
	s.Tick(&w)
	assert.Equal(t, []string{"a", "b2", "c"}, trace)
}

func TestTimingCountsCallsOnlyWhenOn(t *testing.T) {
	var trace []string
	s := newSched(&trace, "a", "b")
	w := arche.NewWorld()
	s.Init(&w)
	s.Tick(&w)
	for _, e := range s.Entries() {
		assert.Zero(t, e.Calls, "timing off counts nothing")
	}
	s.SetTiming(true)
	for i := 0; i < 5; i++ {
		s.Tick(&w)
	}
	for _, e := range s.Entries() {
		assert.EqualValues(t, 5, e.Calls)
		assert.GreaterOrEqual(t, e.Nanos, int64(0))
	}
	s.ResetTiming()
	assert.Zero(t, s.Entries()[0].Calls)
}

// spin burns CPU so the profiler takes samples inside a labelled system.
type spin struct{ sink int }

func (s *spin) Init(*arche.World) {}
func (s *spin) Update(*arche.World) {
	for i := 0; i < 2_000_000; i++ {
		s.sink += i ^ s.sink
	}
}

func TestProfileLabelsNameTheSystem(t *testing.T) {
	s := &Scheduler{}
	s.Add("busy", &spin{})
	s.SetProfileLabels(true)
	w := arche.NewWorld()
	s.Init(&w)
	var buf bytes.Buffer
	require.NoError(t, pprof.StartCPUProfile(&buf))
	for i := 0; i < 200; i++ {
		s.Tick(&w)
	}
	pprof.StopCPUProfile()
	// The profile is gzipped protobuf; label keys and values are entries of
	// its string table.
	zr, err := gzip.NewReader(&buf)
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Contains(t, string(raw), "system")
	assert.Contains(t, string(raw), "busy")
}

func TestTimingOverheadIsSmallAndPositive(t *testing.T) {
	ns := TimingOverhead()
	assert.GreaterOrEqual(t, ns, 0.0)
	assert.Less(t, ns, 10_000.0, "a clock read is not ten microseconds")
}

// TestProfileLabelsNameTheMechanic: a core system runs under
// system=<name> alone; one a mechanic added, or a slot a mechanic
// replaced, carries mechanic=<its name> as well (§34.2).
func TestProfileLabelsNameTheMechanic(t *testing.T) {
	labels := func(e *Entry) map[string]string {
		got := map[string]string{}
		pprof.ForLabels(pprof.WithLabels(context.Background(), e.profileLabels()), func(k, v string) bool {
			got[k] = v
			return true
		})
		return got
	}
	assert.Equal(t, map[string]string{"system": "ai"}, labels(&Entry{Name: "ai"}))
	assert.Equal(t, map[string]string{"system": "zap", "mechanic": "wands"}, labels(&Entry{Name: "zap", By: "wands"}))
	assert.Equal(t, map[string]string{"system": "hunger", "mechanic": "nethack-hunger"},
		labels(&Entry{Name: "hunger", ReplacedBy: "nethack-hunger"}))
	assert.Equal(t, map[string]string{"system": "movement-points", "mechanic": "wands"},
		labels(&Entry{Name: "movement-points", By: "", ReplacedBy: "wands"}))
}
