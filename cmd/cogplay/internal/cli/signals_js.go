//go:build js || wasip1

package cli

import "os"

// stopSignals: a page gets no signals (it saves when it is closed).
var stopSignals []os.Signal
