package view

import (
	"fmt"
	"strings"
)

// Tomb is the mode of a game that has ended (§22), in NetHack's order:
// first the final map with "You die...--More--" (only space, Enter or
// Esc go on, so a key typed ahead does not skip it), then the tombstone
// with the possessions, the score and the record; its "Press any key"
// takes no key in the first GuardFrames frames, which eats keys typed
// ahead.
type Tomb struct {
	game   *Game
	opts   PlayOptions
	scores []string
	// stone: the tombstone is up (else the --More-- on the final map).
	stone bool
	// frames counts the frames the current page has been up.
	frames int
	// end is the record's line, files what was written (the end-of-game
	// file, the replay, the page).
	end   string
	files []string
	// shared says what became of w (the run as a one-file page).
	shared string
}

// GuardFrames is how many frames a page of the end takes no key.
const GuardFrames = 20

// frame counts one frame drawn.
func (t *Tomb) frame() { t.frames++ }

// key takes one key and reports whether the program should end.
func (t *Tomb) key(k Key) (quit bool) {
	if t.frames < GuardFrames {
		return false
	}
	if !t.stone {
		if k == ' ' || k == KeyEnter || k == KeyEscape {
			t.stone, t.frames = true, 0
		}
		return false
	}
	return true
}

// Stone reports whether the tombstone is up (after the --More--).
func (t *Tomb) Stone() bool { return t.stone }

// canShare reports whether the tombstone offers the run as a page.
func (t *Tomb) canShare() bool {
	return t.opts.Hooks.Share != nil && t.game.EndReplay() != nil
}

// share offers the run as a one-file page.
func (t *Tomb) share() {
	name, err := t.opts.Hooks.Share(t.game.Sim.Result(), t.game.EndReplay())
	if err != nil {
		t.shared = "Could not make the page: " + err.Error()
		return
	}
	t.shared = "Your run is the page " + name + ": open it in any browser, no server needed."
}

// Dump is the end-of-game text (NetHack's dumplog): the tombstone's
// lines, the possessions, the final map as the cog saw it and the
// message log.
func (t *Tomb) Dump() string {
	var b strings.Builder
	b.WriteString("cogplay: the end of " + t.opts.Title + "\n\n")
	for _, l := range t.Tombstone() {
		b.WriteString(l + "\n")
	}
	b.WriteString("\n")
	for _, l := range t.EndLines() {
		b.WriteString(l + "\n")
	}
	b.WriteString("\nThe final map and status (the cog's observation):\n\n")
	b.Write(t.game.Sim.Observe())
	b.WriteString("\n\nMessages:\n")
	for _, e := range t.game.Log.Entries() {
		b.WriteString("  " + e.String() + "\n")
	}
	return b.String()
}

// EndLines is the closing screen's text: the cause, the depth, the seed,
// the score and its parts, the deeds with their ticks, and what became
// of the record (§16, §22).
func (t *Tomb) EndLines() []string {
	out := t.summaryLines()
	out = append(out, "")
	out = append(out, t.possessionLines()...)
	return append(out, t.fileLines()...)
}

// summaryLines are the end's cause, depth, seed, score and deeds.
func (t *Tomb) summaryLines() []string {
	r := t.game.Sim.Result()
	var out []string
	if r.Cause == "clock" {
		out = append(out, "You survived until the clock ran out.")
	} else {
		out = append(out, "You die... ("+r.Cause+")")
	}
	out = append(out,
		fmt.Sprintf("Deepest level %d, at tick %d.", r.MaxDepth, r.Ticks),
		fmt.Sprintf("Seed %d, rules %s.", r.Seed, r.Rules),
		"",
		fmt.Sprintf("Score %d =", r.Score),
		fmt.Sprintf("  depth  50 x (%d - 1) = %d", r.MaxDepth, r.Parts.Depth),
		fmt.Sprintf("  xp                 = %d", r.Parts.XP),
		fmt.Sprintf("  gold               = %d", r.Parts.Gold),
		fmt.Sprintf("  deeds  25 x %-6d = %d", len(r.Deeds), r.Parts.Deeds),
		"")
	if len(r.Deeds) == 0 {
		out = append(out, "No deeds.")
	} else {
		out = append(out, "Deeds:")
		for _, d := range r.Deeds {
			out = append(out, fmt.Sprintf("  %-12s at tick %d", d.Name, d.Tick))
		}
	}
	return out
}

// possessionLines are "Possessions:" and the pack.
func (t *Tomb) possessionLines() []string {
	out := []string{"Possessions:"}
	inv := t.game.InventoryLines()
	if len(inv) == 0 {
		out = append(out, "  nothing")
	}
	for _, l := range inv {
		out = append(out, "  "+l)
	}
	return out
}

// fileLines say what became of the record and the end-of-game files.
func (t *Tomb) fileLines() []string {
	return append([]string{"", t.end}, t.files...)
}

// RecordLines are the top of the record file as the closing screen
// shows it, this game marked '*' (PlayHooks.Scores).
func (t *Tomb) RecordLines() []string { return t.scores }

// Tombstone is the stone drawn on the closing screen: NetHack's for a
// death, an hourglass for the clock.
func (t *Tomb) Tombstone() []string {
	r := t.game.Sim.Result()
	centre := func(s string) string {
		const w = 18
		if len(s) > w {
			s = s[:w]
		}
		left := (w - len(s)) / 2
		return "     |" + strings.Repeat(" ", left) + s + strings.Repeat(" ", w-len(s)-left) + "|"
	}
	if r.Cause == "clock" {
		return []string{
			"      ________________",
			"      \\              /",
			"       \\  the clock  /",
			"        \\  ran out  /",
			"         \\   ...    /",
			"          )        (",
			"         /    ..    \\",
			"        /   ....    \\",
			"       /  ........   \\",
			"      /______________\\",
			"",
			fmt.Sprintf("      survived %d ticks", r.Ticks),
		}
	}
	out := []string{
		"          ----------",
		"         /          \\",
		"        /    REST    \\",
		"       /      IN      \\",
		"      /     PEACE      \\",
		"     /                  \\",
		centre("cog"),
	}
	for _, line := range Wrap(r.Cause, 16)[:min(3, len(Wrap(r.Cause, 16)))] {
		out = append(out, centre(line))
	}
	out = append(out,
		centre(""),
		centre(fmt.Sprintf("tick %d", r.Ticks)),
		centre(fmt.Sprintf("dlvl %d", r.MaxDepth)),
		"    *|     *  *  *      | *",
		"_____)/\\\\_//(\\/(/\\)/\\//\\/|_)_____")
	return out
}

// The closing screen's columns: the stone and the possessions at the
// left, the summary and the files right of it on a screen wide enough
// (else under it), the record and the keys at the bottom. Every line is
// wrapped at its column, never cut, and the screen asks for the rows it
// needs (rowsNeeded).
const (
	stoneWidth = 34
	rightLeft  = 36
	tombWide   = rightLeft + 44 // columns from which the summary sits beside the stone
)

// deedLines are the deeds as the closing screen lists them, several to
// a line of width: "Deeds (3): descend-2 T:40  oracle T:310 …".
func (t *Tomb) deedLines(width int) []string {
	r := t.game.Sim.Result()
	if len(r.Deeds) == 0 {
		return []string{"No deeds."}
	}
	out := []string{fmt.Sprintf("Deeds (%d), with the tick of each:", len(r.Deeds))}
	line := " "
	for _, d := range r.Deeds {
		item := fmt.Sprintf(" %s T:%d", d.Name, d.Tick)
		if len(line)+len(item) > width && line != " " {
			out = append(out, line)
			line = " "
		}
		line += item
	}
	return append(out, line)
}

// rightLines are the summary and the deeds, wrapped at width.
func (t *Tomb) rightLines(width int) []string {
	var out []string
	sum := t.summaryLines()
	for _, l := range sum[:len(sum)-t.deedCount()] {
		out = append(out, Wrap(l, width)...)
	}
	return append(out, t.deedLines(width)...)
}

// deedCount is how many lines summaryLines gives the deeds.
func (t *Tomb) deedCount() int {
	if n := len(t.game.Sim.Result().Deeds); n > 0 {
		return n + 1
	}
	return 1
}

// bottomLines are the files written, the record, the run shared and
// the keys, wrapped at width; files and record say how many of them are
// the files' and the record's.
func (t *Tomb) bottomLines(width int) (lines []string, files, record int) {
	for _, l := range t.fileLines()[1:] {
		lines = append(lines, wrapIndented(l, width)...)
	}
	files = len(lines)
	rec := fitRecord(t.RecordLines(), 5)
	if len(rec) > 0 {
		lines = append(lines, "")
		files++
		lines = append(lines, "The record (* this game):")
		lines = append(lines, rec...)
	}
	record = len(lines) - files
	if t.shared != "" {
		lines = append(lines, Wrap(t.shared, width)...)
	}
	return append(lines, Wrap(t.keysLine(), width)...), files, record
}

// keysLine says what the keys do now.
func (t *Tomb) keysLine() string {
	if t.frames < GuardFrames {
		return ""
	}
	exit := "exit"
	if t.opts.InPage {
		exit = "a new game"
	}
	end := "Press any key for " + exit + "."
	if exit == "exit" {
		end = "Press any key to exit."
	}
	if t.canShare() {
		end = "w: your run as a one-file page to share.  Any other key: " + exit + "."
	}
	return end
}

// rowsNeeded is how many rows the closing screen needs on a grid cols
// wide to show all of its text.
func (t *Tomb) rowsNeeded(cols int) int {
	left := len(t.Tombstone()) + 1 + len(t.possessionLines())
	bottom, _, _ := t.bottomLines(cols - 4)
	if cols >= tombWide {
		return 1 + max(left, len(t.rightLines(cols-rightLeft-1))) + 1 + len(bottom)
	}
	return 1 + left + 1 + len(t.rightLines(cols-3)) + 1 + len(bottom)
}

// draw draws the closing screen on g.
func (t *Tomb) draw(g *Grid) {
	box(g, 0, 0, g.W, g.H)
	stone := t.Tombstone()
	for i, line := range stone {
		g.Text(1, 1+i, line, TextColour)
	}
	bottom, files, recordRows := t.bottomLines(g.W - 4)
	bottomTop := g.H - len(bottom)
	var right []string
	rightX, rightY := rightLeft, 1
	possTop := len(stone) + 2
	if g.W >= tombWide {
		right = t.rightLines(g.W - rightLeft - 1)
	} else {
		right = t.rightLines(g.W - 3)
		rightX, rightY = 2, possTop
	}
	for i, line := range right {
		colour := TextColour
		if i == 0 {
			colour = HeadColour
		}
		if y := rightY + i; y < bottomTop {
			g.Text(rightX, y, line, colour)
		}
	}
	if g.W < tombWide {
		possTop = rightY + len(right) + 1
	}
	// The possessions, as many as there is room for.
	poss := t.possessionLines()
	room := bottomTop - 1 - possTop
	if len(poss) > room && room > 1 {
		more := len(poss) - room + 1
		poss = append(poss[:room-1], fmt.Sprintf("  and %d more", more))
	}
	for i, line := range poss {
		if y := possTop + i; y < bottomTop-1 {
			g.Text(2, y, clip(line, min(stoneWidth-1, g.W-3)), TextColour)
		}
	}
	for i, line := range bottom {
		y := bottomTop + i
		colour, x := FaintColour, 2
		switch r := i - files; {
		case i < files:
			colour = TextColour
		case r == 0 && recordRows > 0:
			colour = HeadColour
		case r < recordRows && strings.HasPrefix(line, "*"):
			colour, x = StatusColour, 1
			g.Fill(1, y, g.W-1, y+1, CursorBack)
		case r < recordRows:
			x = 1
		case t.shared != "" && i < len(bottom)-1:
			colour = PromptColour
		}
		g.Text(x, y, line, colour)
	}
}

// fitRecord cuts the record's lines (a heading, then the ranks) to the
// heading and n ranks, keeping this game's line (marked '*').
func fitRecord(rec []string, n int) []string {
	if len(rec) <= n+1 {
		return rec
	}
	star := -1
	for i, l := range rec {
		if strings.HasPrefix(l, "*") {
			star = i
		}
	}
	out := append([]string(nil), rec[:n+1]...)
	if star > n {
		out = append(out[:n-1], "  ...", rec[star])
	}
	return out
}

// newTomb ends the game: the record unless in wizard mode (§22), the
// end-of-game files, the top of the record.
func newTomb(g *Game, o PlayOptions) *Tomb {
	t := &Tomb{game: g, opts: o}
	r := g.Sim.Result()
	h := o.Hooks
	switch {
	case o.Wizard:
		t.end = "Wizard mode: no record written."
	case h.Record != nil:
		path, err := h.Record(r)
		if err != nil {
			t.end = "Could not write the record: " + err.Error()
		} else {
			t.end = "Score recorded in " + path
		}
	}
	if h.End != nil {
		files, err := h.End(r, t.Dump(), g.EndReplay())
		t.files = files
		if err != nil {
			t.files = append(t.files, "Could not write the end-of-game files: "+err.Error())
		}
	}
	if h.Scores != nil {
		t.scores = h.Scores()
	}
	return t
}
