package worldgen

import (
	"fmt"
	"io"
	"strings"

	c "github.com/cogsim/cogsim/components"
)

// RevealLegend says what the glyphs of a revealed level mean.
const RevealLegend = "legend: @ arrival  > stairs  | - walls  . floor or doorway  # corridor  + closed or locked door  ' open door  S secret door  } lava  ^ trap (hidden)  $ gold  % food  ! potion  ) weapon  [ armour  letters monsters"

// WriteLegend prints the legend of the revealed level pop is on
// (cogsim gen --reveal), with the glyphs of the item classes the
// installed mechanics add ("/ wand"), then each monster and trap with its
// cell and name, in creation order, and the items of those classes.
func (pop *Population) WriteLegend(w io.Writer, installed []string) {
	legend := RevealLegend
	for _, cl := range c.Classes {
		if cl.Mechanic != "" && c.ActiveIn(cl.Mechanic, installed) {
			legend += fmt.Sprintf("  %c %s", cl.Glyph, cl.Name)
		}
	}
	fmt.Fprintln(w, legend)
	if len(pop.Monsters) > 0 {
		var parts []string
		for _, m := range pop.Monsters {
			info := m.Species.Info()
			parts = append(parts, fmt.Sprintf("%c %s (%d,%d)", info.Glyph, info.Name, m.At.X, m.At.Y))
		}
		fmt.Fprintf(w, "monsters: %s\n", strings.Join(parts, ", "))
	}
	if len(pop.Traps) > 0 {
		var parts []string
		for _, t := range pop.Traps {
			parts = append(parts, fmt.Sprintf("%s (%d,%d)", t.Kind.Info().Name, t.At.X, t.At.Y))
		}
		fmt.Fprintf(w, "traps: %s\n", strings.Join(parts, ", "))
	}
	var parts []string
	for _, it := range pop.Items {
		info := it.Kind.Info()
		if c.Classes[info.Class].Mechanic != "" {
			parts = append(parts, fmt.Sprintf("%c %s (%d,%d)", it.Kind.Glyph(), info.Name, it.At.X, it.At.Y))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "mechanics' items: %s\n", strings.Join(parts, ", "))
	}
}
