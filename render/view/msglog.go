package view

import (
	"fmt"
	"strings"
)

// MsgLog is the message log model (NetHack's ^P, DCSS's message
// history): each entry is the messages of one tick with that tick, and
// a message repeated on consecutive entries is folded into one entry
// with a count ("You can't move there. (x4)"). It keeps the last
// LogSize entries.
type MsgLog struct {
	entries []LogEntry
}

// LogEntry is one line of the log: the tick it was said at (0: carried
// over from a save), its text and how many times in a row it was said.
type LogEntry struct {
	Tick  int
	Text  string
	Times int
}

// Add appends text said at tick, folding it into the last entry when it
// repeats it.
func (l *MsgLog) Add(tick int, text string) {
	if text == "" {
		return
	}
	if n := len(l.entries); n > 0 && l.entries[n-1].Text == text {
		l.entries[n-1].Times++
		l.entries[n-1].Tick = tick
		return
	}
	if len(l.entries) >= LogSize {
		l.entries = append(l.entries[:0], l.entries[1:]...)
	}
	l.entries = append(l.entries, LogEntry{Tick: tick, Text: text, Times: 1})
}

// Entries are the log's entries, oldest first.
func (l *MsgLog) Entries() []LogEntry { return l.entries }

// Texts are the entries' texts, a folded entry once per time said
// (what a save keeps).
func (l *MsgLog) Texts() []string {
	var out []string
	for _, e := range l.entries {
		for i := 0; i < e.Times; i++ {
			out = append(out, e.Text)
		}
	}
	return out
}

// String is how the log shows an entry: "T:12 You hit the newt. (x4)".
func (e LogEntry) String() string {
	var b strings.Builder
	if e.Tick > 0 {
		fmt.Fprintf(&b, "T:%d ", e.Tick)
	}
	b.WriteString(e.Text)
	if e.Times > 1 {
		fmt.Fprintf(&b, " (x%d)", e.Times)
	}
	return b.String()
}

// Lines are the entries wrapped to width, oldest first.
func (l *MsgLog) Lines(width int) []string {
	var lines []string
	for _, e := range l.entries {
		lines = append(lines, Wrap(e.String(), width)...)
	}
	return lines
}
