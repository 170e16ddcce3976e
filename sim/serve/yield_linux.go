//go:build linux

package serve

import "golang.org/x/sys/unix"

// osYield gives this thread's core to any other thread that wants it
// (sched_yield(2)), and takes it back at once when none does.
func osYield() { _, _, _ = unix.RawSyscall(unix.SYS_SCHED_YIELD, 0, 0, 0) }
