package sim

import (
	"fmt"
	"strings"

	"github.com/cogsim/cogsim/ecs"
)

// Variant is a rules variant (§25): a name and the changes it makes to the
// standard scheduler — systems inserted, replaced or disabled, with their
// parameters — not a fork of the engine.
type Variant struct {
	Name  string
	Doc   string
	Setup func(*ecs.Scheduler) error
}

// Variants lists the rules variants by name.
func Variants() []Variant {
	return []Variant{
		{Name: "cog", Doc: "the rulebook, exactly (seeds/rules.txt)", Setup: func(*ecs.Scheduler) error { return nil }},
	}
}

// LookupVariant finds a rules variant by name.
func LookupVariant(name string) (Variant, error) {
	var names []string
	for _, v := range Variants() {
		if v.Name == name {
			return v, nil
		}
		names = append(names, v.Name)
	}
	return Variant{}, fmt.Errorf("unknown rules %q (known: %s)", name, strings.Join(names, ", "))
}
