//go:build unix

package lockfile

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// acquire opens path (never through a link) and locks it with flock,
// LOCK_EX|LOCK_NB. It tries again when the file it locked is no longer
// at path (its holder removed it as it let go).
func acquire(path string) (*os.File, error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
		if errors.Is(err, syscall.ELOOP) {
			return nil, fmt.Errorf("%s is a symbolic link; a lock file is never followed: remove it", path)
		}
		if err != nil {
			return nil, err
		}
		st, err := f.Stat()
		if err == nil {
			err = checkAlone(path, st)
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
			h := readHolder(f)
			f.Close()
			if errors.Is(err, unix.EWOULDBLOCK) {
				return nil, &HeldError{Path: path, Holder: h}
			}
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		if cur, err := os.Lstat(path); err == nil && os.SameFile(st, cur) {
			return f, nil
		}
		f.Close()
	}
}

// checkAlone refuses a lock file that is not a regular file of its own:
// writing the holder into it would change another file.
func checkAlone(path string, st os.FileInfo) error {
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && sys.Nlink > 1 {
		return fmt.Errorf("%s has other links; a lock file is never shared with another file: remove it", path)
	}
	return nil
}
