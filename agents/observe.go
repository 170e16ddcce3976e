package agents

import "bytes"

// Hunger states as the status line words them (§6, §15).
const (
	notHungry = iota
	satiated
	hungry
	weak
	fainting
)

// status is the status line of an observation (§15).
type status struct {
	depth, gold, hp, maxHP, ac, xlevel, xp int
	tick, turn, maxTurns                   int
	hunger                                 int
	conf, para, stuck, trapped             bool
}

// observation is one observation split into its parts. The map and the
// message alias the observation's bytes.
type observation struct {
	rows   [boardH][]byte
	msg    []byte
	status status
}

// parse splits obs into o; it reports false when obs is not 20 lines with
// a status line.
func (o *observation) parse(obs []byte) bool {
	rest := obs
	for y := 0; y < boardH; y++ {
		line, tail, ok := bytes.Cut(rest, []byte{'\n'})
		if !ok {
			return false
		}
		o.rows[y], rest = line, tail
	}
	msg, st, ok := bytes.Cut(rest, []byte{'\n'})
	if !ok {
		return false
	}
	o.msg = msg
	return o.status.parse(st)
}

// glyph is the map glyph at cell i (a space past a short line).
func (o *observation) glyph(i int) byte {
	row := o.rows[i/boardW]
	if x := i % boardW; x < len(row) {
		return row[x]
	}
	return ' '
}

// parse reads a status line such as
// "Dlvl:2 $:37 HP:11(16) AC:7 Xp:1/9 T:341 Turn:10/55 Hungry Conf".
func (s *status) parse(line []byte) bool {
	*s = status{}
	seen := false
	for rest := line; len(rest) > 0; {
		var f []byte
		f, rest, _ = bytes.Cut(rest, []byte{' '})
		key, val, _ := bytes.Cut(f, []byte{':'})
		switch string(key) {
		case "Dlvl":
			s.depth, seen = atoi(val), true
		case "$":
			s.gold = atoi(val)
		case "HP":
			hp, maxHP, _ := bytes.Cut(val, []byte{'('})
			s.hp, s.maxHP = atoi(hp), atoi(bytes.TrimSuffix(maxHP, []byte{')'}))
		case "AC":
			s.ac = atoi(val)
		case "Xp":
			l, p, _ := bytes.Cut(val, []byte{'/'})
			s.xlevel, s.xp = atoi(l), atoi(p)
		case "T":
			s.tick = atoi(val)
		case "Turn":
			t, m, _ := bytes.Cut(val, []byte{'/'})
			s.turn, s.maxTurns = atoi(t), atoi(m)
		case "Satiated":
			s.hunger = satiated
		case "Hungry":
			s.hunger = hungry
		case "Weak":
			s.hunger = weak
		case "Fainting":
			s.hunger = fainting
		case "Conf":
			s.conf = true
		case "Para":
			s.para = true
		case "Stuck":
			s.stuck = true
		case "Trap":
			s.trapped = true
		}
	}
	return seen
}

// atoi reads an optionally negative decimal number, ignoring anything
// after its digits.
func atoi(b []byte) int {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		return -n
	}
	return n
}
