package view

import (
	"fmt"
	"strings"
)

// MsgLog is the message log model (NetHack's ^P, DCSS's message
// history): each entry is a message with the tick it was said at, and a
// message said again on the same tick or the next is folded into the
// entry with a count and the ticks it spans ("T:12-15 You are still in
// a pit. (x4)"); said again later, it is an entry of its own. It keeps
// the last LogSize entries.
type MsgLog struct {
	entries []LogEntry
}

// LogEntry is one line of the log: the tick it was first said at (0:
// unknown, from a save that kept no ticks), the tick it was last said
// at, its text and how many times it was said.
type LogEntry struct {
	Tick  int
	Last  int
	Text  string
	Times int
}

// Add appends text said at tick, folding it into the last entry when it
// repeats it on the same tick or the next.
func (l *MsgLog) Add(tick int, text string) {
	if text == "" {
		return
	}
	if n := len(l.entries); n > 0 {
		if e := &l.entries[n-1]; e.Text == text && tick >= e.Last && tick <= e.Last+1 {
			e.Times++
			e.Last = tick
			return
		}
	}
	if len(l.entries) >= LogSize {
		l.entries = append(l.entries[:0], l.entries[1:]...)
	}
	l.entries = append(l.entries, LogEntry{Tick: tick, Last: tick, Text: text, Times: 1})
}

// Entries are the log's entries, oldest first.
func (l *MsgLog) Entries() []LogEntry { return l.entries }

// Texts are the entries' texts, a folded entry once per time said, and
// the tick of each (what a save keeps): a folded entry's first time at
// its first tick, the others at its last.
func (l *MsgLog) Texts() (texts []string, ticks []int) {
	for _, e := range l.entries {
		for i := 0; i < e.Times; i++ {
			texts = append(texts, e.Text)
			if i == 0 {
				ticks = append(ticks, e.Tick)
			} else {
				ticks = append(ticks, e.Last)
			}
		}
	}
	return texts, ticks
}

// String is how the log shows an entry: "T:12 You hit the newt.", a
// folded one "T:12-15 You are still in a pit. (x4)".
func (e LogEntry) String() string {
	var b strings.Builder
	switch {
	case e.Tick > 0 && e.Last > e.Tick:
		fmt.Fprintf(&b, "T:%d-%d ", e.Tick, e.Last)
	case e.Tick > 0:
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
