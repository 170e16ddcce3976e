// Package text renders the cog's observation (§15): the 48 x 18 glyph map
// as the cog sees and remembers it, the message line and the status line,
// exactly 20 lines. It is pure and allocates nothing when given a buffer
// with room.
package text

import (
	"strconv"

	c "github.com/cogsim/cogsim/components"
)

// MaxMessage is the most characters the message line holds (§15).
const MaxMessage = 200

// Status is what the status line reports (§15).
type Status struct {
	Depth, Gold, HP, MaxHP, AC, XLevel, XP int
	Tick, Turn, MaxTurns                   int
	// MaxTicks, when not 0, counts the clock in ticks, as a person plays
	// (§22): "T:<tick>/<MaxTicks>" and no Turn field.
	MaxTicks                            int
	Hunger                              c.HungerState
	Confused, Paralysed, Stuck, Trapped bool
	// Words are the status words of the episode's installed mechanics,
	// in the documented order (§32.6: as [components.AddStatus] added
	// them); bit i of Mechanic set shows Words[i]. The slice is the
	// episode's, never changed: drawing allocates nothing.
	Words    []string
	Mechanic uint32
}

// Frame is everything the observation is drawn from.
type Frame struct {
	Level *c.Level
	// Memory, when not nil, keeps the level's memory drawn between
	// observations ([Memory]); without it the map is drawn cell by cell.
	Memory  *Memory
	Vision  c.Rect
	Cog     c.Pos
	Message []byte
	Status  Status
}

// Glyph is what the cog's map shows at p, by the priority of §4: the cog,
// a visible monster, then the memory ([components.Level.MemoryGlyph]: the
// remembered top item, a discovered trap, the remembered terrain, else a
// space).
func Glyph(f *Frame, p c.Pos) byte {
	if p == f.Cog {
		return '@'
	}
	l := f.Level
	if f.Vision.Contains(p) {
		if g := l.Creatures.Glyph(p); g != 0 {
			return g
		}
	}
	return l.MemoryGlyph(p.Index())
}

// AppendMap appends the 18 map lines, each followed by a newline: the
// level's drawn memory row by row (copied from f.Memory when it is
// given), then the monsters on visible cells and the cog drawn over it —
// the same bytes as [Glyph] of every cell.
func AppendMap(b []byte, f *Frame) []byte {
	const stride = c.W + 1
	start := len(b)
	if f.Memory != nil {
		mem := f.Memory.Draw(f.Level)
		for y := 0; y < c.H; y++ {
			b = append(b, mem[y*c.W:(y+1)*c.W]...)
			b = append(b, '\n')
		}
	} else {
		for i := 0; i < c.N; i++ {
			b = append(b, f.Level.MemoryGlyph(i))
			if i%c.W == c.W-1 {
				b = append(b, '\n')
			}
		}
	}
	m := b[start:]
	r := f.Vision
	r.X0, r.Y0 = max(r.X0, 0), max(r.Y0, 0)
	r.X1, r.Y1 = min(r.X1, c.W-1), min(r.Y1, c.H-1)
	for y := r.Y0; y <= r.Y1; y++ {
		for x := r.X0; x <= r.X1; x++ {
			if g := f.Level.Creatures.Glyph(c.Pos{X: x, Y: y}); g != 0 {
				m[y*stride+x] = g
			}
		}
	}
	if f.Cog.In() {
		m[f.Cog.Y*stride+f.Cog.X] = '@'
	}
	return b
}

// AppendMessage appends the message line cut to MaxMessage bytes (never
// inside a UTF-8 sequence).
func AppendMessage(b []byte, msg []byte) []byte { return append(b, CutMessage(msg)...) }

// CutMessage is msg cut to MaxMessage bytes, never inside a UTF-8
// sequence: what the message line shows of it.
func CutMessage(msg []byte) []byte {
	if len(msg) > MaxMessage {
		n := MaxMessage
		for n > 0 && msg[n]&0xC0 == 0x80 {
			n--
		}
		msg = msg[:n]
	}
	return msg
}

// AppendStatus appends the status line, e.g.
// "Dlvl:2 $:37 HP:11(16) AC:7 Xp:1/9 T:341 Turn:10/55 Hungry Conf", or
// with MaxTicks set "Dlvl:2 $:37 HP:11(16) AC:7 Xp:1/9 T:341/2200 Hungry
// Conf": the §15 fields, the hunger word, the core conditions (Conf,
// Para, Stuck, Trap), then the mechanics' words that hold, in Words'
// order. It is the one formatter of the status line: the observation and
// cogplay's window both draw it.
func AppendStatus(b []byte, s *Status) []byte {
	b = append(b, "Dlvl:"...)
	b = appendInt(b, s.Depth)
	b = append(b, " $:"...)
	b = appendInt(b, s.Gold)
	b = append(b, " HP:"...)
	b = appendInt(b, s.HP)
	b = append(b, '(')
	b = appendInt(b, s.MaxHP)
	b = append(b, ") AC:"...)
	b = appendInt(b, s.AC)
	b = append(b, " Xp:"...)
	b = appendInt(b, s.XLevel)
	b = append(b, '/')
	b = appendInt(b, s.XP)
	b = append(b, " T:"...)
	b = appendInt(b, s.Tick)
	if s.MaxTicks != 0 {
		b = append(b, '/')
		b = appendInt(b, s.MaxTicks)
	} else {
		b = append(b, " Turn:"...)
		b = appendInt(b, s.Turn)
		b = append(b, '/')
		b = appendInt(b, s.MaxTurns)
	}
	if w := s.Hunger.Word(); w != "" {
		b = append(b, ' ')
		b = append(b, w...)
	}
	if s.Confused {
		b = append(b, " Conf"...)
	}
	if s.Paralysed {
		b = append(b, " Para"...)
	}
	if s.Stuck {
		b = append(b, " Stuck"...)
	}
	if s.Trapped {
		b = append(b, " Trap"...)
	}
	for i, w := range s.Words {
		if s.Mechanic&(1<<i) != 0 {
			b = append(b, ' ')
			b = append(b, w...)
		}
	}
	return b
}

// appendInt appends v in decimal: strconv's, with the small
// non-negative values the status line mostly holds written directly.
func appendInt(b []byte, v int) []byte {
	switch {
	case v >= 0 && v < 10:
		return append(b, byte('0'+v))
	case v >= 10 && v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10))
	case v >= 100 && v < 10000:
		if v >= 1000 {
			b = append(b, byte('0'+v/1000))
		}
		return append(b, byte('0'+v/100%10), byte('0'+v/10%10), byte('0'+v%10))
	}
	return strconv.AppendInt(b, int64(v), 10)
}

// Append appends the whole observation: 20 lines joined by newlines, with
// no newline after the status line.
func Append(b []byte, f *Frame) []byte {
	b = AppendMap(b, f)
	b = AppendMessage(b, f.Message)
	b = append(b, '\n')
	return AppendStatus(b, &f.Status)
}

// Size is an upper bound of an observation's length, for buffers.
const Size = c.H*(c.W+1) + MaxMessage + 1 + 128
