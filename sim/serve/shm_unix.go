//go:build unix

package serve

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapShared maps size bytes of f, shared with the other processes that
// map it.
func mapShared(f *os.File, size int) ([]byte, error) {
	return unix.Mmap(int(f.Fd()), 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
}

func unmapShared(mem []byte) error { return unix.Munmap(mem) }
