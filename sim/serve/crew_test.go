package serve

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestACrewRunsEachItemOnceAndItsHelpersGo: every batch's items are
// done once each, by whichever of the serving goroutine and its helpers
// takes them, whether the helpers still wait for the batch (a quick
// next batch), have gone (a slow one) or are going at that moment; and
// once batches stop coming, every helper goes.
func TestACrewRunsEachItemOnceAndItsHelpersGo(t *testing.T) {
	cr := crew{linger: 20 * time.Microsecond}
	const items = 64
	var done [items]atomic.Int32
	for batch := range 2000 {
		for n := 2; n <= 4; n++ {
			var next atomic.Int64
			cr.run(n, func() {
				for {
					i := int(next.Add(1)) - 1
					if i >= items {
						return
					}
					done[i].Add(1)
				}
			})
			for i := range done {
				require.EqualValues(t, 1, done[i].Swap(0), "batch %d, %d workers: item %d", batch, n, i)
			}
		}
		switch batch % 8 {
		case 3:
			time.Sleep(100 * time.Microsecond) // past the linger: the helpers go
		case 5:
			time.Sleep(20 * time.Microsecond) // about when they go
		}
	}
	require.Eventually(t, func() bool {
		for k := range cr.helpers {
			if cr.helpers[k].state.Load() != helperGone {
				return false
			}
		}
		return true
	}, 10*time.Second, time.Millisecond, "a helper still waits after the linger")
}
