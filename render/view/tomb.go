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

// drawEnd draws the closing screen: the stone, the summary beside it,
// and the top of the record below.
func (t *Tomb) draw(g *Grid) {
	box(g, 0, 0, playCols, playRows)
	stone := t.Tombstone()
	for i, line := range stone {
		g.Text(1, 1+i, line, TextColour)
	}
	// The record at the bottom, this game's line always in it.
	rec := fitRecord(t.RecordLines(), 5)
	recTop := playRows - 2 - len(rec)
	if len(rec) > 0 {
		recTop--
		g.Text(2, recTop, "The record (* this game):", HeadColour)
		for i, line := range rec {
			y := recTop + 1 + i
			colour := FaintColour
			if strings.HasPrefix(line, "*") {
				colour = StatusColour
				g.Fill(1, y, playCols-1, y+1, CursorBack)
			}
			g.Text(1, y, line, colour)
		}
	}
	// Beside the stone: the summary and the files, wrapped.
	var right []string
	for _, l := range append(t.summaryLines(), t.fileLines()...) {
		right = append(right, Wrap(l, playCols-37)...)
	}
	for i, line := range right {
		colour := TextColour
		if i == 0 {
			colour = HeadColour
		}
		if 1+i < recTop-1 {
			g.Text(36, 1+i, line, colour)
		}
	}
	// Below the stone: the possessions, as many as there is room for.
	poss := t.possessionLines()
	y0 := len(stone) + 2
	room := recTop - 1 - y0
	if len(poss) > room && room > 1 {
		more := len(poss) - room + 1
		poss = append(poss[:room-1], fmt.Sprintf("  and %d more", more))
	}
	for i, line := range poss {
		if y := y0 + i; y < recTop-1 {
			g.Text(2, y, clip(line, 33), TextColour)
		}
	}
	if t.shared != "" {
		g.Text(2, playRows-2, t.shared, PromptColour)
	}
	if t.frames >= GuardFrames {
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
		g.Text(2, playRows-1, end, FaintColour)
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
