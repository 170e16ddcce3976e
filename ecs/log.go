package ecs

import (
	"encoding/json"

	arche "github.com/mlange-42/arche/ecs"
)

// Log collects the messages of the current tick and keeps those of the
// last tick that produced any (the message line, §15). It reuses its
// buffers: adding a message allocates nothing once they have grown.
type Log struct {
	tick     []byte // messages of the tick being run, joined by two spaces
	last     []byte // messages of the last tick that produced any
	lastTick int
	history  History
}

// NewLog makes a log with room for a tick's usual messages, so that
// ticks do not grow its buffers.
func NewLog() *Log {
	return &Log{tick: make([]byte, 0, 1024), last: make([]byte, 0, 1024)}
}

// Say adds a message made of the concatenated parts to the current tick.
func (l *Log) Say(parts ...string) {
	if len(l.tick) > 0 {
		l.tick = append(l.tick, "  "...)
	}
	start := len(l.tick)
	for _, p := range parts {
		l.tick = append(l.tick, p...)
	}
	l.history.add(l.tick[start:])
}

// SayBytes adds a message held in b (copied).
func (l *Log) SayBytes(b []byte) {
	if len(l.tick) > 0 {
		l.tick = append(l.tick, "  "...)
	}
	start := len(l.tick)
	l.tick = append(l.tick, b...)
	l.history.add(l.tick[start:])
}

// EndTick closes tick t: if it produced messages they become the last.
func (l *Log) EndTick(t int) {
	if len(l.tick) == 0 {
		return
	}
	l.last = append(l.last[:0], l.tick...)
	l.lastTick = t
	l.tick = l.tick[:0]
}

// Last returns the messages of the last tick that produced any, and that
// tick (0 if none). The slice is valid until the next EndTick.
func (l *Log) Last() ([]byte, int) { return l.last, l.lastTick }

// Begin starts an episode with an empty log (the history is kept),
// with room for a tick's usual messages.
func (l *Log) Begin(*arche.World) {
	if l.tick == nil {
		l.tick, l.last = make([]byte, 0, 1024), make([]byte, 0, 1024)
	}
	l.Reset()
}

// Reset forgets everything but the history.
func (l *Log) Reset() {
	l.tick, l.last, l.lastTick = l.tick[:0], l.last[:0], 0
}

// History is the recent messages, oldest first (for a scrolling log).
func (l *Log) History() []string { return l.history.list() }

// SetHistory sets how many recent messages are kept (0, the default, keeps
// none).
func (l *Log) SetHistory(n int) { l.history.size = n }

// History keeps the most recent messages in a ring.
type History struct {
	size  int
	ring  []string
	start int
}

func (h *History) add(b []byte) {
	if h.size == 0 {
		return
	}
	s := string(b)
	if len(h.ring) < h.size {
		h.ring = append(h.ring, s)
		return
	}
	h.ring[h.start] = s
	h.start = (h.start + 1) % h.size
}

func (h *History) list() []string {
	out := make([]string, 0, len(h.ring))
	out = append(out, h.ring[h.start:]...)
	return append(out, h.ring[:h.start]...)
}

// SetLast replaces the last tick's messages (restoring a snapshot).
func (l *Log) SetLast(msg []byte, tick int) {
	l.last = append(l.last[:0], msg...)
	l.lastTick = tick
	l.tick = l.tick[:0]
}

// logState is the saved part of a Log: the message line's source.
type logState struct {
	Last     string `json:"last"`
	LastTick int    `json:"lastTick"`
}

// Clone copies the log's last messages (the history is not episode
// state: it belongs to the front end that keeps it).
func (l *Log) Clone() Log {
	return Log{last: append([]byte(nil), l.last...), lastTick: l.lastTick}
}

// Assign restores the last messages of from in place, keeping l's
// buffers and history.
func (l *Log) Assign(from *Log) { l.SetLast(from.last, from.lastTick) }

// MarshalJSON writes the last messages.
func (l Log) MarshalJSON() ([]byte, error) {
	return json.Marshal(logState{Last: string(l.last), LastTick: l.lastTick})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (l *Log) UnmarshalJSON(b []byte) error {
	var st logState
	if err := json.Unmarshal(b, &st); err != nil {
		return err
	}
	*l = Log{last: []byte(st.Last), lastTick: st.LastTick}
	return nil
}
