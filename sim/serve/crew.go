package serve

import (
	"runtime"
	"sync/atomic"
	"time"
)

// crew runs a batch's work on the serving goroutine and on helpers, one
// for each other core. A helper that finished a batch waits for the next
// by checking for it and yielding its core (sched_yield(2): any other
// thread that wants the core, the client's included, has it) for up to
// linger, and only then goes away; the next batch starts a new one.
//
// Why not a goroutine a batch: waking a goroutine means waking an idle
// core, which on a virtual machine whose idle cores halt costs tens of
// µs and at times hundreds (measured on the project's 2-core machine: a
// helper started with the batch joined it 75–95 µs late, a sixth of a
// 256-env batch). A core that yields is awake.
type crew struct {
	linger  time.Duration
	helpers []helper
	// job is the batch under way; pending counts the helpers still in
	// it. A helper reads job only after it saw its state posted.
	job     func()
	pending atomic.Int32
}

// helper is one helper's state, alone on its cache line.
type helper struct {
	state atomic.Int32
	_     [60]byte
}

// A helper's states.
const (
	helperGone    = iota // no goroutine: the next batch starts one
	helperWaiting        // its goroutine checks for the next batch
	helperPosted         // a batch is posted to it
)

// run calls work on the serving goroutine and on n−1 helpers at once,
// and returns when every call has returned. work must share the batch
// out itself (a shared counter) and return when none is left.
func (cr *crew) run(n int, work func()) {
	if len(cr.helpers) < n-1 {
		cr.helpers = make([]helper, n-1)
	}
	cr.job = work
	cr.pending.Store(int32(n - 1))
	for k := range cr.helpers[:n-1] {
		h := &cr.helpers[k]
		if h.state.CompareAndSwap(helperWaiting, helperPosted) {
			continue // its goroutine sees the post at once
		}
		h.state.Store(helperPosted)
		go cr.help(h)
	}
	// A goroutine just started waits in this P's runnext slot, which an
	// idle P steals only after a few tries; yielding runs it here at
	// once and puts this goroutine on the global queue, which an idle P
	// looks at first.
	runtime.Gosched()
	work()
	for cr.pending.Load() != 0 {
		runtime.Gosched()
	}
	cr.job = nil
}

// help runs the posted batch, then waits for the next one for up to
// linger, and so on.
func (cr *crew) help(h *helper) {
	for {
		cr.job()
		h.state.Store(helperWaiting)
		cr.pending.Add(-1)
		since := time.Now()
		for i := 1; h.state.Load() != helperPosted; i++ {
			if i%8 == 0 {
				osYield()
			}
			if i%64 == 0 && time.Since(since) >= cr.linger && h.state.CompareAndSwap(helperWaiting, helperGone) {
				return
			}
		}
	}
}
