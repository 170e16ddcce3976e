package result_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim/result"
)

// fullDisk takes bytes up to its room, then refuses with ENOSPC.
type fullDisk struct {
	data []byte
	room int
}

func (d *fullDisk) Write(p []byte) (int, error) {
	n := min(len(p), d.room-len(d.data))
	d.data = append(d.data, p[:n]...)
	if n < len(p) {
		return n, errors.New("no space left on device")
	}
	return n, nil
}

func (d *fullDisk) Truncate(size int64) error { d.data = d.data[:size]; return nil }

// TestAFullDiskLeavesNoHalfLine: a result line that does not fit is cut
// off, leaving the complete lines before it.
func TestAFullDiskLeavesNoHalfLine(t *testing.T) {
	one, two := result.Result{Seed: 1}, result.Result{Seed: 2}
	a, err := json.Marshal(one)
	require.NoError(t, err)
	b, err := json.Marshal(two)
	require.NoError(t, err)
	d := &fullDisk{room: len(a) + len(b) + 2 + 5}
	lw := &result.LineWriter{W: d, Truncate: d.Truncate}
	require.NoError(t, lw.Write(&one))
	require.NoError(t, lw.Write(&two))
	assert.ErrorContains(t, lw.Write(&result.Result{Seed: 3}), "no space left")
	assert.Equal(t, string(a)+"\n"+string(b)+"\n", string(d.data))
}
