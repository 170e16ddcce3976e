package view

import (
	"fmt"
	"strings"

	c "github.com/cogsim/cogsim/components"
)

// The help (?) and the symbols (/): what the game is for, the keys, and
// what each glyph on the map is, made from the key, species, item and
// terrain tables.

// HelpLines is the help overlay's text of the core game at width.
func HelpLines(width int) []string { return helpLines(nil, nil, width) }

// columns packs cells into as many columns of one width as fit in
// width, after an indent of two.
func columns(cells []string, width int) []string {
	w := 0
	for _, cell := range cells {
		w = max(w, len(cell))
	}
	w += 3
	n := max(1, (width-2)/w)
	var out []string
	for i := 0; i < len(cells); i += n {
		line := " "
		for j := i; j < min(i+n, len(cells)); j++ {
			line += " " + fmt.Sprintf("%-*s", w-1, cells[j])
		}
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}

// helpLines is the help overlay's text at width: the goal, the moves,
// the commands, the verbs of the episode's mechanics, and the symbols.
func helpLines(verbs []*c.Verb, mechanics []string, width int) []string {
	out := Wrap(strings.Join(GoalLines(), " "), width-2)
	var moves []string
	for _, d := range DirKeys {
		var names []string
		for _, k := range d.Keys {
			names = append(names, k.String())
		}
		moves = append(moves, fmt.Sprintf("%-10s %s", d.Dir.Word(), strings.Join(names, " ")))
	}
	out = append(out, "", "Moves (a move into a monster attacks it; Shift and a direction runs):")
	out = append(out, columns(moves, width)...)
	var cmds []string
	for _, b := range PlayKeys {
		cmds = append(cmds, fmt.Sprintf("%-6s %s", b.Key, b.Help))
	}
	out = append(out, "", "Commands:")
	out = append(out, columns(cmds, width)...)
	out = append(out, verbHelp(verbs)...)
	out = append(out, "",
		"Counts: digits then a command (20s: twenty searches; n20s with the number pad on).",
		"A count, a run, travel and auto-explore stop on any key, when hurt, when a monster",
		"comes into view or next to you. A move into a wall, , with nothing here and > off",
		"the stairs do nothing and cost no tick. Esc cancels a prompt.",
		"", "Symbols (/ shows them alone):")
	out = append(out, symbolLines(mechanics, width)...)
	return append(out, "", "Press any key to go back.")
}

// symbolLines is the legend of the map's glyphs (NetHack's /): the cog,
// the monsters of the episode's mechanics by glyph, the item classes,
// the terrain and the traps.
func symbolLines(mechanics []string, width int) []string {
	cells := []string{"@  you, the cog"}
	var order []byte
	names := map[byte][]string{}
	for i := range c.Species {
		sp := &c.Species[i]
		if !c.ActiveIn(sp.Mechanic, mechanics) || (sp.Weight == 0 && !sp.Has(c.Peaceful)) {
			continue
		}
		if _, ok := names[sp.Glyph]; !ok {
			order = append(order, sp.Glyph)
		}
		names[sp.Glyph] = append(names[sp.Glyph], sp.Name)
	}
	for _, g := range order {
		cells = append(cells, fmt.Sprintf("%c  %s", g, strings.Join(names[g], ", ")))
	}
	for i := range c.Classes {
		cl := &c.Classes[i]
		if c.ActiveIn(cl.Mechanic, mechanics) {
			cells = append(cells, fmt.Sprintf("%c  %s", cl.Glyph, cl.Name))
		}
	}
	cells = append(cells,
		".  floor, a doorway",
		"#  corridor",
		"|  -  wall",
		"+  closed door",
		"'  open door",
		">  staircase down",
		"}  lava",
		"^  a trap found",
		"   blank: rock, or unseen")
	out := columns(cells, width)
	return append(out, "  Dim: remembered, out of sight. The panel \"In view\" names what you see.")
}
