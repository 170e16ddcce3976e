package view

// Tomb is the mode of a game that has ended (§22), in NetHack's order:
// first the final map with "You die...--More--" (only space, Enter or
// Esc go on, so a key typed ahead does not skip it), then the tombstone
// with the possessions, the score and the record; its "Press any key"
// takes no key in the first GuardFrames frames, which eats keys typed
// ahead.
type Tomb struct {
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
