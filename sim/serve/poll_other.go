//go:build !unix

package serve

import (
	"io"
	"os"
	"time"
)

// Polling returns f: this platform's build reads it as it is.
func Polling(f *os.File, _ time.Duration) (io.Reader, func()) { return f, func() {} }
