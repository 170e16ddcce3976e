package protocol_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAChildThatCalledSetsidIsKilledWithItsAgent(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pid")
	res, took, err := timed(t, context.Background(), agentPath("setsid.py")+" "+file, patient)
	require.NoError(t, err)
	assert.Equal(t, "clock", res.Cause)
	assert.Less(t, took, heldFor, "not waiting for the child")
	assertGone(t, pidIn(t, file), "the setsid child")
}
