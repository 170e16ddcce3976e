package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
)

// systemsJSON runs cogsim systems --json with args.
func systemsJSON(t *testing.T, args ...string) []sim.SystemInfo {
	t.Helper()
	code, out, errs := cogsim(t, append([]string{"systems", "--json"}, args...)...)
	require.Equal(t, ExitOK, code, errs)
	var table []sim.SystemInfo
	require.NoError(t, json.Unmarshal([]byte(out), &table))
	return table
}

// systemRow finds the system called name.
func systemRow(t *testing.T, table []sim.SystemInfo, name string) sim.SystemInfo {
	t.Helper()
	for _, r := range table {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no system %q", name)
	return sim.SystemInfo{}
}

// TestSystemsYellowMold is the "done when": sting right after
// combat, installed by yellow-mold, with its resources and maps; the
// text table says the same, aligned.
func TestSystemsYellowMold(t *testing.T) {
	table := systemsJSON(t, "--mechanics", "yellow-mold")
	combat, sting := systemRow(t, table, "combat"), systemRow(t, table, "sting")
	assert.Equal(t, combat.Number+1, sting.Number)
	assert.Equal(t, "yellow-mold", sting.By)
	assert.Subset(t, sting.Resources, []string{"streams", "run", "log", "events", "yellow-mold.stings"})
	assert.Contains(t, sting.Components, "yellow-mold.spores")
	assert.False(t, sting.Final)
	assert.True(t, systemRow(t, table, "level").Final)

	code, out, errs := cogsim(t, "systems", "--mechanics", "yellow-mold")
	require.Equal(t, ExitOK, code, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(table)+1)
	header := lines[0]
	for _, col := range []string{"system", "by", "final", "resources", "components"} {
		assert.Contains(t, header, col)
	}
	at := strings.Index(header, "resources")
	for i, l := range lines[1:] {
		assert.Equal(t, table[i].Name, strings.Fields(l)[1], "row %d", i+1)
		// Aligned: every row's resources start under the header's.
		assert.Equal(t, table[i].Resources[0], strings.Fields(l[at:])[0][:len(table[i].Resources[0])], l)
	}
	stingLine := lines[sting.Number]
	assert.Regexp(t, `^11  sting +yellow-mold +streams, run, log, events, yellow-mold\.stings`, stingLine)
	assert.Contains(t, stingLine, "yellow-mold.spores")
	// level is final; the invariant checker, when it is on
	// (COGSIM_INVARIANTS=1, as in the test script), comes after it.
	assert.Regexp(t, `level +core +final +level`, lines[systemRow(t, table, "level").Number])
}

// TestSystemsNethack: hunger replaced by nethack-hunger, melee-hunger
// right after combat.
func TestSystemsNethack(t *testing.T) {
	table := systemsJSON(t, "--rules", "nethack")
	hunger := systemRow(t, table, "hunger")
	assert.Equal(t, "core", hunger.By)
	assert.Equal(t, "nethack-hunger", hunger.ReplacedBy)
	melee := systemRow(t, table, "melee-hunger")
	assert.Equal(t, "nethack-hunger", melee.By)
	assert.Equal(t, systemRow(t, table, "combat").Number+1, melee.Number)
	assert.NotEmpty(t, melee.Resources)

	code, out, _ := cogsim(t, "systems", "--rules", "nethack")
	require.Equal(t, ExitOK, code)
	assert.Regexp(t, `(?m)^ 8  hunger +core, replaced by nethack-hunger `, out)

	code, _, errs := cogsim(t, "systems", "--rules", "chess")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, `unknown rules "chess"`)
	code, _, errs = cogsim(t, "systems", "--mechanics", "nope")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "nope")
}

// tableNames reads the system names of the first markdown table after
// the heading line that starts with heading, in order: the second
// column, without code quotes. A row without a number (the README groups
// the primitives' systems under input's) is a system all the same.
func tableNames(t *testing.T, file, heading string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, file))
	require.NoError(t, err)
	text := string(b)
	i := strings.Index(text, "\n"+heading)
	require.GreaterOrEqual(t, i, 0, "%s has no %q", file, heading)
	row := regexp.MustCompile("^\\|\\s*(\\d*)\\s*\\|\\s*`?([a-z][a-z-]*)`?\\s*\\|")
	var names []string
	inTable := false
	for _, line := range strings.Split(text[i+1:], "\n")[1:] {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		inTable = true
		if m := row.FindStringSubmatch(line); m != nil && m[2] != "system" {
			names = append(names, m[2])
		}
	}
	require.NotEmpty(t, names, "%s: no tick table under %q", file, heading)
	return names
}

// TestDocsTickTables (§34.1): the §3 table of docs/spec.md and the
// README's "How a tick runs" table list the cog rules' systems in the
// code's order. A document out of step is fixed, not this test.
func TestDocsTickTables(t *testing.T) {
	table, err := sim.Systems(sim.Config{})
	require.NoError(t, err)
	var code []string
	for _, r := range table {
		// The invariant checker runs only when turned on (tests, §18);
		// the README names it in the text below its table.
		if r.Name != systems.NameInvariants {
			code = append(code, r.Name)
		}
	}
	assert.Equal(t, code, tableNames(t, "docs/spec.md", "## §3 "), "docs/spec.md §3")
	assert.Equal(t, code, tableNames(t, "README.md", "## How a tick runs"), "README.md")
}
