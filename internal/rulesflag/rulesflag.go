// Package rulesflag is the --rules and --mechanics flags (§27.1) that
// every command starting episodes takes, cogsim's and cogplay's: their
// help lists what the program registered.
package rulesflag

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim"
)

// Flags are the two flags' values: a rules variant and extra mechanics,
// comma-separated.
type Flags struct{ Rules, Mechanics string }

// Add defines the two flags on fs; their help lists what is registered,
// each with its one-line doc.
func (f *Flags) Add(fs *flag.FlagSet) {
	var variants, mechanics []string
	for _, v := range ecs.Variants() {
		variants = append(variants, v.Name+" ("+v.Doc+")")
	}
	for _, m := range ecs.Mechanics() {
		mechanics = append(mechanics, m.Name+" ("+m.Doc+")")
	}
	fs.StringVar(&f.Rules, "rules", "cog", "rules variant (§25): "+strings.Join(variants, "; "))
	fs.StringVar(&f.Mechanics, "mechanics", "", "extra mechanics to install, comma-separated (§27): "+strings.Join(mechanics, "; "))
}

// Check resolves the flags, refusing an unknown name with the known ones
// ("--rules: unknown rules …", "--mechanics: unknown mechanic …"), and
// returns the extra mechanics' names for [sim.Config.Mechanics], each
// once (a mechanic is installed once however often it is named).
func (f *Flags) Check() ([]string, error) {
	var names []string
	for _, n := range ecs.ParseMechanics(f.Mechanics) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if field, err := sim.CheckSelection(f.Rules, names); err != nil {
		return nil, fmt.Errorf("--%s: %w", field, err)
	}
	return names, nil
}
