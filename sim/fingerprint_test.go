package sim

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
)

// The fingerprint is the version and a hash, the same on every call.
func TestFingerprintNamesVersionAndHash(t *testing.T) {
	fp := Fingerprint()
	assert.Regexp(t, regexp.MustCompile(`^`+regexp.QuoteMeta(EngineVersion)+`\+[0-9a-f]{12}$`), fp)
	assert.Equal(t, fp, computeFingerprint(), "the fingerprint is deterministic")
}

// A table change the version does not name changes the fingerprint
// (issue 34: a level-generation change kept "0.2.0" and 15 of 100
// seeds played differently).
func TestFingerprintFollowsTheTables(t *testing.T) {
	before := computeFingerprint()
	jackal := c.SpeciesByName("jackal")
	row := c.Species[jackal]
	t.Cleanup(func() { c.Species[jackal] = row })

	c.Species[jackal].Die++
	assert.NotEqual(t, before, computeFingerprint(), "a species' damage die")
	c.Species[jackal] = row
	c.Species[jackal].MinDepth, c.Species[jackal].MaxDepth = 30, 30
	assert.NotEqual(t, before, computeFingerprint(), "which depths a species is generated at")
	c.Species[jackal] = row
	require.Equal(t, before, computeFingerprint())
}

// Results name the engine, and EngineDiff tells this build's files from
// older and other engines'.
func TestResultsNameTheEngine(t *testing.T) {
	s, err := New(Config{Seed: 3})
	require.NoError(t, err)
	r := s.Result()
	assert.Equal(t, Fingerprint(), r.Engine)
	assert.Empty(t, EngineDiff(r.Engine))
	assert.Contains(t, EngineDiff(""), "did not record itself")
	assert.Contains(t, EngineDiff("0.2.0"), "engine 0.2.0, without a fingerprint")
	assert.Contains(t, EngineDiff("0.3.0+000000000000"), "written by engine 0.3.0+000000000000; this is engine "+Fingerprint())
}
