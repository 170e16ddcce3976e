package yellowmold_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheREADMEsCodeIsThisPackages: every Go block of the README's
// "Adding a mechanic" section stands verbatim in yellowmold.go, which
// compiles and whose tests and Example run it, so the README cannot rot.
func TestTheREADMEsCodeIsThisPackages(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	src, err := os.ReadFile("yellowmold.go")
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(readme), "## Adding a mechanic")
	require.True(t, ok)
	section, _, _ = strings.Cut(section, "\n## ")
	blocks := 0
	for _, part := range strings.Split(section, "```go\n")[1:] {
		code, _, ok := strings.Cut(part, "```")
		require.True(t, ok)
		blocks++
		assert.Contains(t, string(src), code, "a README block is not in yellowmold.go")
	}
	assert.Equal(t, 3, blocks)
}
