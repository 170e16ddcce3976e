//go:build !unix

package save

import "os"

// tryLock is a no-op where flock is missing: the mode-0 check stands alone.
func tryLock(*os.File) bool { return true }

func unlock(*os.File) {}
