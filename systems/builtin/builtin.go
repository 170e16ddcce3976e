// Package builtin links the built-in mechanics (§27): importing it
// registers every one of them and their rules variants. Adding a mechanic
// to the commands is one import line here.
package builtin

import (
	_ "github.com/cogsim/cogsim/systems/nethack"    // the nethack variant (§25)
	_ "github.com/cogsim/cogsim/systems/prayer"     // NetHack's prayer, reduced (§39.7)
	_ "github.com/cogsim/cogsim/systems/rogue"      // the rogue variant (§28)
	_ "github.com/cogsim/cogsim/systems/scrolls"    // NetHack's scrolls (§39.7)
	_ "github.com/cogsim/cogsim/systems/wands"      // NetHack's wands (§33)
	_ "github.com/cogsim/cogsim/systems/yellowmold" // the yellow mold, the README's example (§27)
)
