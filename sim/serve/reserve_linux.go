package serve

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// reserve allocates size bytes of f on its filesystem, so that writing
// to a mapping of it never faults with SIGBUS for want of space (a sparse
// file on a full tmpfs does, issue 34). A filesystem without fallocate
// is left to Truncate.
func reserve(f *os.File, size int) error {
	err := unix.Fallocate(int(f.Fd()), 0, 0, int64(size))
	if errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.ENOSYS) {
		return nil
	}
	return err
}
