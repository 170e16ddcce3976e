package rulesflag_test

import (
	"flag"
	"testing"

	"github.com/cogsim/cogsim/internal/rulesflag"
	_ "github.com/cogsim/cogsim/systems/builtin" // the built-in mechanics and variants
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheFlagsNameWhatIsWrong: an unknown variant or mechanic is refused
// naming its flag; a mechanic named twice is installed once.
func TestTheFlagsNameWhatIsWrong(t *testing.T) {
	var rf rulesflag.Flags
	rf.Rules, rf.Mechanics = "cog", "yellow-mold, dragons"
	_, err := rf.Check()
	assert.ErrorContains(t, err, `--mechanics: unknown mechanic "dragons"`)
	rf.Rules, rf.Mechanics = "nope", ""
	_, err = rf.Check()
	assert.ErrorContains(t, err, `--rules: unknown rules "nope"`)
	rf.Rules, rf.Mechanics = "nethack", "yellow-mold,yellow-mold"
	names, err := rf.Check()
	require.NoError(t, err)
	assert.Equal(t, []string{"yellow-mold"}, names)
}

// TestTheFlagsHelpListsWhatIsRegistered: each variant and mechanic with
// its doc.
func TestTheFlagsHelpListsWhatIsRegistered(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var rf rulesflag.Flags
	rf.Add(fs)
	assert.Contains(t, fs.Lookup("rules").Usage, "nethack (")
	assert.Contains(t, fs.Lookup("mechanics").Usage, "yellow-mold (")
	require.NoError(t, fs.Parse([]string{"--rules", "rogue", "--mechanics", "wands"}))
	assert.Equal(t, rulesflag.Flags{Rules: "rogue", Mechanics: "wands"}, rf)
}
