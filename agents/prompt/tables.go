package prompt

import (
	"fmt"
	"strconv"
	"strings"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
)

// withTables gives the rules text the episode's monsters and items
// (§36.3): the monster table made from the species table's rows in play
// (docs/rules.md's table is the core game's, and a test keeps the two
// equal), and a row of the glyph table and a line of the items for the
// item classes and kinds the active mechanics add.
func withTables(text string, active []string) string {
	text = replaceTable(text, "| monster |", MonsterTable(active))
	var glyphs, items strings.Builder
	for i := range c.Classes {
		ci := &c.Classes[i]
		if ci.Mechanic != "" && c.ActiveIn(ci.Mechanic, active) {
			fmt.Fprintf(&glyphs, "| `%c` | %s %s (mechanic `%s`) |\n", ci.Glyph, article(ci.Name), ci.Name, ci.Mechanic)
		}
	}
	for _, m := range active {
		// The mechanic's kinds by class, the classes in the order of
		// their first kind.
		var classes []c.ItemClass
		kinds := map[c.ItemClass][]string{}
		for i := range c.ItemKinds {
			k := &c.ItemKinds[i]
			if k.Mechanic != m {
				continue
			}
			if kinds[k.Class] == nil {
				classes = append(classes, k.Class)
			}
			kinds[k.Class] = append(kinds[k.Class], k.Name)
		}
		var parts []string
		for _, cl := range classes {
			parts = append(parts, fmt.Sprintf("`%c` %s: %s", cl.Glyph(), cl, strings.Join(kinds[cl], ", ")))
		}
		if len(parts) > 0 {
			fmt.Fprintf(&items, "- **Mechanic `%s`** — %s.\n", m, strings.Join(parts, "; "))
		}
	}
	text = insertBefore(text, "| a letter | a monster", glyphs.String())
	if items.Len() > 0 {
		text = insertBefore(text, "\n\n`pickup` takes everything on the cell.", strings.TrimSuffix("\n"+items.String(), "\n"))
	}
	return text
}

// article is "an" before a vowel, else "a".
func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an"
	}
	return "a"
}

// insertBefore inserts add before the first anchor in text (text as it
// is without one).
func insertBefore(text, anchor, add string) string {
	i := strings.Index(text, anchor)
	if i < 0 || add == "" {
		return text
	}
	return text[:i] + add + text[i:]
}

// replaceTable replaces the table whose header line starts with head:
// that line and the "|" lines after it.
func replaceTable(text, head, table string) string {
	start := strings.Index(text, head)
	if start < 0 {
		return text
	}
	end := start
	for end < len(text) && text[end] == '|' {
		nl := strings.IndexByte(text[end:], '\n')
		if nl < 0 {
			end = len(text)
			break
		}
		end += nl + 1
	}
	return text[:start] + table + text[end:]
}

// MonsterTable is the rules' monster table for the species in play with
// the mechanics named in active (§9, §27.5), in the species table's
// order.
func MonsterTable(active []string) string {
	var b strings.Builder
	b.WriteString("| monster | glyph | level | speed | AC | die | xp | from depth |\n|---|---|---|---|---|---|---|---|\n")
	for i := range c.Species {
		sp := &c.Species[i]
		if !c.ActiveIn(sp.Mechanic, active) {
			continue
		}
		if c.SpeciesID(i) == c.Oracle {
			fmt.Fprintf(&b, "| the %s | `%c` | — | %d | — | — | — | the Oracle level (peaceful) |\n", sp.Name, sp.Glyph, sp.Speed)
			continue
		}
		die := strconv.Itoa(sp.Die)
		if sp.Has(c.Gaze) || sp.Has(c.Passive) {
			die = "—" // never attacks
		}
		from := strconv.Itoa(sp.MinDepth)
		for _, n := range []struct {
			flag c.SpeciesFlag
			note string
		}{{c.Orthogonal, "moves only n, e, s, w"}, {c.Sticky, "holds the cog"}, {c.Gaze, "never hit it"}, {c.Passive, "stings whoever hits it"}, {c.Peaceful, "peaceful"}} {
			if sp.Has(n.flag) {
				from += " (" + n.note + ")"
			}
		}
		fmt.Fprintf(&b, "| %s | `%c` | %d | %d | %d | %s | %d | %s |\n", sp.Name, sp.Glyph, sp.Level, sp.Speed, sp.AC, die, sp.XP, from)
	}
	return b.String()
}

// scoreDeeds is docs/rules.md's term of the score for the deeds, which
// withDeeds rewrites when a mechanic's deed is worth other than 25.
const scoreDeeds = "+ 25 × deeds."

// deedTableEnd is the last row of docs/rules.md's deed table, after
// which withDeeds adds the active mechanics' deeds.
const deedTableEnd = "| `full-clock` | being alive at the end of turn 55 |\n"

// withDeeds adds a row to the deed table for each deed of a mechanic in
// active (§39.1), with its mechanic and its points, and when one is not
// worth 25 says so in the score's formula.
func withDeeds(text string, active []string) string {
	var rows strings.Builder
	other := false
	for _, d := range c.ActiveDeeds(active) {
		if d.Mechanic == "" {
			continue
		}
		fmt.Fprintf(&rows, "| `%s` | %s (mechanic `%s`; %d points) |\n", d.Name, d.Doc, d.Mechanic, d.Points)
		other = other || d.Points != c.DeedPoints
	}
	if rows.Len() == 0 {
		return text
	}
	if i := strings.Index(text, deedTableEnd); i >= 0 {
		i += len(deedTableEnd)
		text = text[:i] + rows.String() + text[i:]
	}
	if other {
		text = strings.Replace(text, scoreDeeds, "+ each deed's points (25, or as\nits row above says).", 1)
	}
	return text
}

// withClock states the episode's clock (§13, §36.3): docs/rules.md
// states the rules' 55 command turns of at most 40 ticks; each phrase of
// clockPhrases says it for turns of turnTicks.
func withClock(text string, turns, turnTicks int) string {
	if turns == sim.DefaultMaxTurns && turnTicks == sim.DefaultTurnTicks {
		return text
	}
	for _, p := range clockPhrases(turns, turnTicks) {
		text = strings.ReplaceAll(text, p[0], p[1])
	}
	return text
}

// clockPhrases are the phrases of docs/rules.md that state the default
// clock, each with what it says for a clock of turns command turns of at
// most turnTicks ticks. A test checks that each is in docs/rules.md.
func clockPhrases(turns, turnTicks int) [][2]string {
	ticks := turns * turnTicks
	exTurn := min(10, turns)
	exTick := min(341, max(exTurn, exTurn*turnTicks-1))
	return [][2]string{
		{"after 55\ncommand turns;", fmt.Sprintf("after %d\ncommand turns;", turns)},
		{"when the run ends, or after\n  40 ticks", fmt.Sprintf("when the run ends, or after\n  %d ticks", turnTicks)},
		{"**55 command turns** (at most 2 200 ticks)", fmt.Sprintf("**%d command turns** (at most %s ticks)", turns, grouped(ticks))},
		{"waits the whole 40 ticks", fmt.Sprintf("waits the whole %d ticks", turnTicks)},
		{"(40 ticks of waiting)", fmt.Sprintf("(%d ticks of waiting)", turnTicks)},
		{"at the end of turn 55 |", fmt.Sprintf("at the end of turn %d |", turns)},
		{"Turn:<turn>/55", fmt.Sprintf("Turn:<turn>/%d", turns)},
		{"T:341 Turn:10/55", fmt.Sprintf("T:%d Turn:%d/%d", exTick, exTurn, turns)},
	}
}

// defaultFood is docs/rules.md's sentence on how long the default cog's
// food lasts on the default clock.
const defaultFood = "900\nnutrition plus the starting ration covers 1 700 of the episode's 2 200\nticks: a cog that wants its whole clock must find and eat food at least\nonce more."

// withFood states how long the episode's cog's food lasts (§36.3): what
// docs/rules.md says of the default cog and clock (defaultFood), for a
// cog that starts with nutrition and food worth packFood in its pack on
// a clock of ticks ticks; with standard false (rules whose stomach or
// food are their own, as rogue's) it points to the variant's section.
func withFood(text string, nutrition, packFood, ticks int, standard bool) string {
	if standard && nutrition == 900 && packFood == 800 && ticks == sim.DefaultMaxTurns*sim.DefaultTurnTicks {
		return text
	}
	var food string
	switch {
	case !standard:
		food = "How long the\ncog's food lasts under these rules: see the variant's section below."
	default:
		what := fmt.Sprintf("This episode's\ncog starts with %s nutrition and food worth %s in its pack, which\ncovers", grouped(nutrition), grouped(packFood))
		if packFood == 0 {
			what = fmt.Sprintf("This episode's\ncog starts with %s nutrition and no food in its pack, which\ncovers", grouped(nutrition))
		} else if nutrition == 900 && packFood == 800 {
			what = "900\nnutrition plus the starting ration covers"
		}
		cover := max(nutrition, 0) + packFood
		if cover >= ticks {
			food = fmt.Sprintf("%s %s ticks,\nmore than the episode's %s: this clock needs no more food.", what, grouped(cover), grouped(ticks))
		} else {
			food = fmt.Sprintf("%s %s of the episode's %s\nticks: a cog that wants its whole clock must find and eat food at least\nonce more.", what, grouped(cover), grouped(ticks))
		}
	}
	return strings.Replace(text, defaultFood, food, 1)
}

// grouped writes n with its thousands set apart by spaces, as the rules
// do ("2 200").
func grouped(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + " " + s[i:]
	}
	return s
}
