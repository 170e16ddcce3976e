package sim

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/systems"
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
		{Name: "nethack", Doc: "NetHack 3.6.7's hunger and fainting, choking, and hunger per melee attack (seeds/nethack-facts.txt)", Setup: nethack},
	}
}

// nethack swaps in the systems of seeds/nethack-facts.txt (§25):
//
//	hunger        replaced by NetHackHunger: NetHack's thresholds, fainting, starving below −260
//	meal-start    before items: notes the meal about to be eaten
//	choke         after items: a Satiated cog fed to 2000 vomits (1 in 20) or chokes
//	melee-hunger  before combat: 1 more nutrition per melee attack by the cog
func nethack(s *ecs.Scheduler) error {
	choke := &systems.Choke{}
	return errors.Join(
		s.Replace(systems.NameHunger, &systems.NetHackHunger{}),
		s.Before(systems.NameItems, systems.NameMealStart, choke.MealStart()),
		s.After(systems.NameItems, systems.NameChoke, choke),
		s.Before(systems.NameCombat, systems.NameMeleeHunger, &systems.MeleeHunger{}),
	)
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
