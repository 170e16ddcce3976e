//go:build !unix

package serve

import (
	"errors"
	"os"
)

// errNoShm: shared memory is mapped with mmap, which this platform's
// build does not use; the framed answers work everywhere.
var errNoShm = errors.New("shared memory is not supported on this platform (serve without --shm)")

func mapShared(*os.File, int) ([]byte, error) { return nil, errNoShm }

func unmapShared([]byte) error { return errNoShm }
