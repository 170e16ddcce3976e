package sim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/sim/result"
	"github.com/cogsim/cogsim/systems"
)

func init() {
	ecs.RegisterVariant(ecs.Variant{Name: "cog", Doc: "the rulebook, exactly (docs/rules.md)"})
}

// ExtraMechanics is what a record of installed mechanics (a replay's or
// a snapshot's) adds to the rules variant: the names to put in
// [Config.Mechanics] to install the same list again. A mechanic this
// binary lacks is refused by name; so is an unknown variant.
func ExtraMechanics(rules string, installed []ecs.MechanicRef) ([]string, error) {
	if rules == "" {
		rules = "cog"
	}
	v, ok := ecs.LookupVariant(rules)
	if !ok {
		return nil, fmt.Errorf("unknown rules %q (known: %s)", rules, strings.Join(ecs.VariantNames(), ", "))
	}
	var extra, missing []string
	for _, r := range installed {
		if _, ok := ecs.LookupMechanic(r.Name); !ok {
			missing = append(missing, r.Name)
			continue
		}
		if !slices.Contains(v.Mechanics, r.Name) {
			extra = append(extra, r.Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("made with the mechanic %s, which this binary lacks (known: %s)",
			strings.Join(missing, ", "), strings.Join(ecs.MechanicNames(), ", "))
	}
	return extra, nil
}

// VersionWarnings names the mechanics of a record whose versions differ
// from this binary's: the record may not replay identically.
func VersionWarnings(installed []ecs.MechanicRef) []string {
	var out []string
	for _, r := range installed {
		if m, ok := ecs.LookupMechanic(r.Name); ok && m.Version != r.Version {
			out = append(out, fmt.Sprintf("mechanic %s is version %s here, the record was made with %s", r.Name, m.Version, result.Printable(r.Version)))
		}
	}
	return out
}

// CheckSelection checks a rules variant and extra mechanics, naming the
// field at fault ("rules" or "mechanics") with the error, which lists the
// known names.
//
// Mechanics that cannot go together (two that replace one system, such
// as rogue-hunger and nethack-hunger) are refused here too, by a trial
// installation on the standard tick order: the last one would silently
// win (issue 25).
func CheckSelection(rules string, mechanics []string) (field string, err error) {
	list, err := ecs.Select(rules, mechanics)
	if err != nil {
		if _, ok := ecs.LookupVariant(rules); !ok {
			return "rules", err
		}
		return "mechanics", err
	}
	if err := ecs.Install(systems.Standard(nil), list); err != nil {
		return "mechanics", err
	}
	return "", nil
}
