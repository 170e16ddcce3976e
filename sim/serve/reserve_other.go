//go:build !linux

package serve

import "os"

// reserve is Truncate's alone off Linux (no fallocate).
func reserve(*os.File, int) error { return nil }
