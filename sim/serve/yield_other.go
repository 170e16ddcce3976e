//go:build !linux

package serve

import "runtime"

// osYield gives this goroutine's core to other goroutines: the closest
// to sched_yield(2) here.
func osYield() { runtime.Gosched() }
