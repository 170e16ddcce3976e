package protocol_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAChildThatCalledSetsidIsKilledWithItsAgent(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pid")
	res, took, err := timed(t, context.Background(), agentPath("setsid.py")+" "+file, 5*time.Second)
	require.NoError(t, err)
	assert.Equal(t, "clock", res.Cause)
	assert.Less(t, took, 5*time.Second)
	assertGone(t, pidIn(t, file), "the setsid child")
}
