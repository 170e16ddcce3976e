package ecs

import (
	"context"
	"fmt"
	"runtime/pprof"
	"slices"
	"time"

	arche "github.com/mlange-42/arche/ecs"
	"github.com/mlange-42/arche/generic"
)

// System is one step of a tick. Init runs once when the scheduler is set
// up on a world (cache filters, maps and resources there); Update runs
// every tick.
type System interface {
	Init(w *arche.World)
	Update(w *arche.World)
}

// Op is a primitive's kind (§14, components.Op): what the cog does this
// tick, by which the scheduler dispatches verb systems (§39.6). 0 is
// none (a paralysed tick).
type Op uint8

// VerbSystem is a system that serves verbs (§39.6): it performs the
// primitives whose Ops it lists, and nothing on other ticks. The
// scheduler, once told where the tick's Op is ([Scheduler.Dispatch]),
// runs it only on a tick whose primitive is one of them, so a verb
// system costs nothing on the ticks that are not its own. Its Update
// should still check the Op (it runs on every tick of a scheduler not
// told).
type VerbSystem interface {
	System
	Verbs() []Op
}

// Control lets a system halt the rest of the tick: once halted, only the
// systems added as final run (the level system records the end of a run,
// §7.3). The scheduler owns it: [Scheduler.Init] adds it to the world, or
// adopts the one already there, so there is exactly one Control a world
// and it is the one the scheduler checks.
type Control struct{ halted bool }

// Halt skips every remaining non-final system of this tick.
func (c *Control) Halt() { c.halted = true }

// Entry is a named system in the tick order. Change its System and
// Enabled with [Scheduler.Replace] and [Scheduler.Enable]: a tick runs
// the plan they make, not the entries.
type Entry struct {
	Name    string
	System  System
	Enabled bool
	// Final systems run even when the tick is halted.
	Final bool
	// Verbs are the Ops the system serves, when it is a [VerbSystem]:
	// a dispatching scheduler runs it only on their ticks (§39.6). Read
	// from the system when it is added or replaced.
	Verbs []Op
	// By names the mechanic that added the system ("" for the core), and
	// ReplacedBy the one that replaced it, if any.
	By, ReplacedBy string
	// Nanos and Calls accumulate while timing is on.
	Nanos int64
	Calls int64
	label context.Context
}

// Scheduler runs named systems in a fixed order each tick. The order is
// data: a list that can be read, inserted into by name, and toggled.
type Scheduler struct {
	// plan is what a tick runs: the enabled systems in order, dense, so
	// that a tick reads a few cache lines rather than every Entry (256
	// episodes' schedulers do not stay in cache); final says which of
	// them are final, read only once a tick is halted. stale says the
	// entries changed since they were made. The fields a tick reads come
	// first.
	plan    []System
	control *Control
	final   []bool
	stale   bool
	// op is where the tick's primitive is ([Scheduler.Dispatch]); nil:
	// verb systems run every tick.
	op      *Op
	timing  bool
	labels  bool
	entries []*Entry
	// installing names the mechanic whose Install is running (see
	// [Install]), so that entries record who made them.
	installing string
	// claims are the settings mechanics took with [Scheduler.Claim].
	claims []claim
	// epoch is where timing measures from: time.Since of a monotonic
	// reading reads one clock, where time.Now reads two.
	epoch time.Time
}

// verbsOf are the Ops sys serves, nil unless it is a [VerbSystem].
func verbsOf(sys System) []Op {
	if v, ok := sys.(VerbSystem); ok {
		return slices.Clone(v.Verbs())
	}
	return nil
}

// Add appends a system at the end of the order.
func (s *Scheduler) Add(name string, sys System) *Entry {
	e := &Entry{Name: name, System: sys, Enabled: true, By: s.installing, Verbs: verbsOf(sys)}
	s.entries = append(s.entries, e)
	s.stale = true
	return e
}

// AddFinal appends a system that runs even on a halted tick.
func (s *Scheduler) AddFinal(name string, sys System) *Entry {
	e := s.Add(name, sys)
	e.Final = true
	return e
}

// replan remakes the plan from the entries. With dispatch on, each run
// of consecutive verb systems becomes one step of the plan, a
// [dispatch] that runs only those of the tick's Op.
func (s *Scheduler) replan() {
	plan, final := make([]System, 0, len(s.entries)), make([]bool, 0, len(s.entries))
	var d *dispatch
	for _, e := range s.entries {
		if !e.Enabled {
			continue
		}
		if s.op == nil || len(e.Verbs) == 0 {
			plan, final, d = append(plan, e.System), append(final, e.Final), nil
			continue
		}
		if d == nil {
			d = &dispatch{op: s.op, control: s.control, lists: [][]dispatched{nil}}
			plan, final = append(plan, d), append(final, false)
		}
		d.add(e)
		final[len(final)-1] = final[len(final)-1] || e.Final
	}
	s.plan, s.final, s.stale = plan, final, false
}

// dispatch is a run of verb systems in the plan: by the tick's Op, the
// ones that serve it, in tick order (lists[index[op]]; list 0 is
// empty), so a tick whose primitive no verb system serves costs one
// look-up.
type dispatch struct {
	op      *Op
	control *Control
	index   [256]uint8
	lists   [][]dispatched
}

// dispatched is a verb system in a dispatch's list.
type dispatched struct {
	System
	final bool
}

// add puts entry e's system in the lists of its verbs.
func (d *dispatch) add(e *Entry) {
	for _, op := range e.Verbs {
		if op == 0 {
			continue // no tick's primitive: an inactive tick runs none
		}
		if d.index[op] == 0 {
			if len(d.lists) > 255 {
				continue // more than 255 verbs in one run: never so
			}
			d.index[op] = uint8(len(d.lists))
			d.lists = append(d.lists, nil)
		}
		i := d.index[op]
		d.lists[i] = append(d.lists[i], dispatched{System: e.System, final: e.Final})
	}
}

// Init implements System; a dispatch is made initialised.
func (d *dispatch) Init(*arche.World) {}

// Update runs the verb systems of the tick's Op, in order; once one
// halts the tick only the final ones.
func (d *dispatch) Update(w *arche.World) {
	for _, v := range d.lists[d.index[*d.op]] {
		if !d.control.halted || v.final {
			v.Update(w)
		}
	}
}

// Dispatch tells the scheduler where each tick's Op is (the cog's
// primitive, set by the first system of the tick): from then on a verb
// system runs only on a tick whose Op it serves (§39.6), in its place
// in the order. Without it every system runs every tick.
func (s *Scheduler) Dispatch(op *Op) {
	s.op = op
	s.stale = true
}

// Before inserts a system just before the one called target.
func (s *Scheduler) Before(target, name string, sys System) error {
	return s.insert(target, 0, name, sys)
}

// After inserts a system just after the one called target.
func (s *Scheduler) After(target, name string, sys System) error {
	return s.insert(target, 1, name, sys)
}

func (s *Scheduler) insert(target string, offset int, name string, sys System) error {
	if s.index(name) >= 0 {
		return fmt.Errorf("scheduler: a system called %q exists already", name)
	}
	i := s.index(target)
	if i < 0 {
		return fmt.Errorf("scheduler: no system called %q", target)
	}
	i += offset
	e := &Entry{Name: name, System: sys, Enabled: true, By: s.installing, Verbs: verbsOf(sys)}
	s.entries = append(s.entries, nil)
	copy(s.entries[i+1:], s.entries[i:])
	s.entries[i] = e
	s.stale = true
	return nil
}

// Replace swaps the system called name for sys, keeping its place.
func (s *Scheduler) Replace(name string, sys System) error {
	i := s.index(name)
	if i < 0 {
		return fmt.Errorf("scheduler: no system called %q", name)
	}
	e := s.entries[i]
	if e.ReplacedBy != "" && e.ReplacedBy != s.installing {
		return fmt.Errorf("scheduler: system %q is replaced by mechanic %q already; the two cannot be installed together", name, e.ReplacedBy)
	}
	e.System, e.ReplacedBy, e.Verbs = sys, s.installing, verbsOf(sys)
	s.stale = true
	return nil
}

// Enable turns the system called name on or off.
func (s *Scheduler) Enable(name string, on bool) error {
	i := s.index(name)
	if i < 0 {
		return fmt.Errorf("scheduler: no system called %q", name)
	}
	s.entries[i].Enabled = on
	s.stale = true
	return nil
}

// Names lists the systems in tick order.
func (s *Scheduler) Names() []string {
	names := make([]string, len(s.entries))
	for i, e := range s.entries {
		names[i] = e.Name
	}
	return names
}

// Entries exposes the systems in order, with their timings.
func (s *Scheduler) Entries() []*Entry { return s.entries }

// Get returns the system called name, or nil.
func (s *Scheduler) Get(name string) System {
	if i := s.index(name); i >= 0 {
		return s.entries[i].System
	}
	return nil
}

func (s *Scheduler) index(name string) int {
	for i, e := range s.entries {
		if e.Name == name {
			return i
		}
	}
	return -1
}

// SetTiming turns per-system timing on or off. Off, a tick reads no clock.
func (s *Scheduler) SetTiming(on bool) {
	s.timing = on
	if on && s.epoch.IsZero() {
		s.epoch = time.Now()
	}
}

// SetProfileLabels makes every system run under the pprof label
// system=<name>, so a CPU profile can be split by system; a system a
// mechanic added or replaced carries mechanic=<its name> as well.
func (s *Scheduler) SetProfileLabels(on bool) { s.labels = on }

// ResetTiming zeroes the accumulated timings.
func (s *Scheduler) ResetTiming() {
	for _, e := range s.entries {
		e.Nanos, e.Calls = 0, 0
	}
}

// Init gives w the scheduler's Control resource (adopting one already
// there, so that whoever halts, the scheduler sees it) and initialises
// every system in order.
func (s *Scheduler) Init(w *arche.World) {
	ctl := generic.NewResource[Control](w)
	if !ctl.Has() {
		ctl.Add(&Control{})
	}
	s.control = ctl.Get()
	for _, e := range s.entries {
		e.System.Init(w)
	}
	s.replan()
}

// Tick runs every enabled system once, in order, skipping the non-final
// ones after a system halts the tick. A change of the order or of a
// system made during a tick may take effect only at the next.
func (s *Scheduler) Tick(w *arche.World) {
	ctl := s.control
	ctl.halted = false
	if s.timing || s.labels {
		s.tickMeasured(w)
		return
	}
	if s.stale {
		s.replan()
	}
	plan := s.plan
	for i, sys := range plan {
		if ctl.halted {
			s.tickFinals(w, i)
			return
		}
		sys.Update(w)
	}
}

// tickFinals runs the final systems from the i-th of the plan on: the
// rest of a halted tick.
func (s *Scheduler) tickFinals(w *arche.World, i int) {
	for ; i < len(s.plan); i++ {
		if s.final[i] {
			s.plan[i].Update(w)
		}
	}
}

// tickMeasured is Tick with timing or profile labels on. A verb system
// off its Op's ticks is skipped unmeasured, as Tick skips it.
func (s *Scheduler) tickMeasured(w *arche.World) {
	for _, e := range s.entries {
		if !e.Enabled || (s.control.halted && !e.Final) || !s.serves(e) {
			continue
		}
		if s.labels {
			if e.label == nil {
				// Made on first use: most schedulers are never profiled,
				// and an episode is built often (§29's resets).
				e.label = pprof.WithLabels(context.Background(), e.profileLabels())
			}
			pprof.SetGoroutineLabels(e.label)
		}
		if s.timing {
			start := time.Since(s.epoch)
			e.System.Update(w)
			e.Nanos += int64(time.Since(s.epoch) - start)
			e.Calls++
		} else {
			e.System.Update(w)
		}
	}
	if s.labels {
		pprof.SetGoroutineLabels(context.Background())
	}
}

// serves reports whether entry e runs on this tick: any system but a
// verb system under dispatch, which runs only on its Ops' ticks.
func (s *Scheduler) serves(e *Entry) bool {
	return s.op == nil || len(e.Verbs) == 0 || slices.Contains(e.Verbs, *s.op)
}

// profileLabels are the entry's pprof labels: system=<name>, and
// mechanic=<name> for a mechanic's system (the replacing mechanic's, when
// the slot was replaced).
func (e *Entry) profileLabels() pprof.LabelSet {
	who := e.By
	if e.ReplacedBy != "" {
		who = e.ReplacedBy
	}
	if who == "" {
		return pprof.Labels("system", e.Name)
	}
	return pprof.Labels("system", e.Name, "mechanic", who)
}

// TimingOverhead is what timing adds to each recorded system call: the
// nanoseconds a scheduler with timing on records per call for a system
// that does nothing (the median of seven rounds). Subtract it per call
// to get a system's own time.
func TimingOverhead() float64 {
	s := &Scheduler{}
	s.Add("nothing", nothing{})
	w := arche.NewWorld()
	s.Init(&w)
	s.SetTiming(true)
	rounds := make([]float64, 7)
	for r := range rounds {
		s.ResetTiming()
		for range 1 << 14 {
			s.Tick(&w)
		}
		e := s.entries[0]
		rounds[r] = float64(e.Nanos) / float64(e.Calls)
	}
	slices.Sort(rounds)
	return rounds[len(rounds)/2]
}

type nothing struct{}

func (nothing) Init(*arche.World)   {}
func (nothing) Update(*arche.World) {}

// claim is a setting a mechanic took.
type claim struct{ what, by string }

// Claim records that the mechanic being installed sets what (a
// system's setting, such as the cog's to-hit roll). A second mechanic
// claiming the same setting is refused, naming both: of two, the last
// would silently win.
func (s *Scheduler) Claim(what string) error {
	for _, c := range s.claims {
		if c.what == what && c.by != s.installing {
			return fmt.Errorf("scheduler: %s is set by mechanic %q already; the two cannot be installed together", what, c.by)
		}
	}
	s.claims = append(s.claims, claim{what, s.installing})
	return nil
}
