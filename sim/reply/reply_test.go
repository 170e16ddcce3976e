package reply

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
)

// rep returns n copies of p.
func rep(p c.Primitive, n int) []c.Primitive {
	out := make([]c.Primitive, n)
	for i := range out {
		out[i] = p
	}
	return out
}

// seq joins runs of primitives.
func seq(runs ...[]c.Primitive) []c.Primitive {
	var out []c.Primitive
	for _, r := range runs {
		out = append(out, r...)
	}
	return out
}

func mv(d c.Dir, n int) []c.Primitive { return rep(c.Primitive{Op: c.OpMove, Dir: d}, n) }
func op(o c.Op, n int) []c.Primitive  { return rep(c.Primitive{Op: o}, n) }
func letter(o c.Op, l byte) []c.Primitive {
	return []c.Primitive{{Op: o, Letter: l}}
}
func dir(o c.Op, d c.Dir) []c.Primitive { return []c.Primitive{{Op: o, Dir: d}} }

// queued lists the primitives in q.
func queued(q *c.Queue) []c.Primitive {
	if q.Len == 0 {
		return nil
	}
	return append([]c.Primitive(nil), q.Items[:q.Len]...)
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		reply   string
		want    []c.Primitive
		ignored string
	}{
		// Directions.
		{"the eight directions", "n ne e se s sw w nw", seq(
			mv(c.North, 1), mv(c.NorthEast, 1), mv(c.East, 1), mv(c.SouthEast, 1),
			op(c.OpSearch, 1), mv(c.SouthWest, 1), mv(c.West, 1), mv(c.NorthWest, 1)), ""},
		{"move DIR", "move e", mv(c.East, 1), ""},
		{"DIR*N", "e*3", mv(c.East, 3), ""},
		{"move DIR N", "move sw 4", mv(c.SouthWest, 4), ""},
		{"move DIR*N", "move nw*2", mv(c.NorthWest, 2), ""},
		{"move DIR*N takes no second count", "move nw*2 3", mv(c.NorthWest, 2), "3"},
		{"DIR then a number is not a count", "e 3", mv(c.East, 1), "3"},
		{"leading zeros", "e*003", mv(c.East, 3), ""},

		// vi keys.
		{"vi keys", "h j k l y u b", seq(
			mv(c.West, 1), mv(c.South, 1), mv(c.North, 1), mv(c.East, 1),
			mv(c.NorthWest, 1), mv(c.NorthEast, 1), mv(c.SouthWest, 1)), ""},
		{"vi key*N", "l*5 h*2", seq(mv(c.East, 5), mv(c.West, 2)), ""},

		// Ambiguities.
		{"n is north, never vi south-east", "n", mv(c.North, 1), ""},
		{"s alone is search", "s", op(c.OpSearch, 1), ""},
		{"s*N is search", "s*3", op(c.OpSearch, 3), ""},
		{"move s is south", "move s", mv(c.South, 1), ""},
		{"move s N is south", "move s 2", mv(c.South, 2), ""},
		{"move s*N is south", "move S*2", mv(c.South, 2), ""},
		{"move n is north", "move n", mv(c.North, 1), ""},
		{"kick s is south", "kick s", dir(c.OpKick, c.South), ""},
		{"chat n is north", "chat n", dir(c.OpChat, c.North), ""},
		{"vi key after move is read afresh", "move h", mv(c.West, 1), "move"},
		{"vi key after kick is read afresh", "kick h", mv(c.West, 1), "kick"},
		{"s takes no spaced count", "s 3", op(c.OpSearch, 1), "3"},
		{". takes no spaced count", ". 3", op(c.OpWait, 1), "3"},

		// Search and wait.
		{"search", "search", op(c.OpSearch, 1), ""},
		{"search N", "search 5", op(c.OpSearch, 5), ""},
		{"search*N", "search*5", op(c.OpSearch, 5), ""},
		{"search then a word", "search e", seq(op(c.OpSearch, 1), mv(c.East, 1)), ""},
		{"wait", "wait", op(c.OpWait, 1), ""},
		{"dot", ".", op(c.OpWait, 1), ""},
		{"wait N", "wait 7", op(c.OpWait, 7), ""},
		{"wait*N", "wait*7", op(c.OpWait, 7), ""},
		{"dot*N", ".*7", op(c.OpWait, 7), ""},
		{"a count is digits only", "wait 3x", op(c.OpWait, 1), "3x"},

		// Pickup, descend, inventory.
		{"pickup", "pickup", op(c.OpPickup, 1), ""},
		{"comma alone", ",", op(c.OpPickup, 1), ""},
		{"descend", "descend >", op(c.OpDescend, 2), ""},
		{"inventory", "inventory i", op(c.OpInventory, 2), ""},
		{"pickup takes no count", "pickup*2 descend*2 i*2", nil, "pickup*2 descend*2 i*2"},

		// Commas.
		{"comma after a token separates", "e,e", mv(c.East, 2), ""},
		{"comma then space separates", "e, e", mv(c.East, 2), ""},
		{"comma at the start is pickup", ", e", seq(op(c.OpPickup, 1), mv(c.East, 1)), ""},
		{"comma glued at the start is pickup", ",e", seq(op(c.OpPickup, 1), mv(c.East, 1)), ""},
		{"comma after a space is pickup", "e , e", seq(mv(c.East, 1), op(c.OpPickup, 1), mv(c.East, 1)), ""},
		{"comma after a semicolon is pickup", "e;,", seq(mv(c.East, 1), op(c.OpPickup, 1)), ""},
		{"two commas", ",,", op(c.OpPickup, 2), ""},
		{"second comma after a separator comma", "e,,e", seq(mv(c.East, 1), op(c.OpPickup, 1), mv(c.East, 1)), ""},
		{"trailing comma separates", "e*2,", mv(c.East, 2), ""},
		{"comma after a count", "search 2, e", seq(op(c.OpSearch, 2), mv(c.East, 1)), ""},

		// Separators and case.
		{"semicolons and newlines", "e;w\nn\r\ns\tse", seq(
			mv(c.East, 1), mv(c.West, 1), mv(c.North, 1), op(c.OpSearch, 1), mv(c.SouthEast, 1)), ""},
		{"unicode spaces", "e\u00a0w\u3000n\u2003s\u0085se", seq(
			mv(c.East, 1), mv(c.West, 1), mv(c.North, 1), op(c.OpSearch, 1), mv(c.SouthEast, 1)), ""},
		{"upper case", "MOVE E 2 Search*2 NW*1 EAT B Kick Ne", seq(
			mv(c.East, 2), op(c.OpSearch, 2), mv(c.NorthWest, 1),
			letter(c.OpEat, 'b'), dir(c.OpKick, c.NorthEast)), ""},
		{"only ASCII folds", "ſ", nil, "ſ"},

		// Letter verbs.
		{"eat", "eat b", letter(c.OpEat, 'b'), ""},
		{"quaff", "quaff d", letter(c.OpQuaff, 'd'), ""},
		{"wield", "wield a", letter(c.OpWield, 'a'), ""},
		{"wear", "wear z", letter(c.OpWear, 'z'), ""},
		{"drop", "drop Q", letter(c.OpDrop, 'q'), ""},
		{"letter s is a letter", "eat s", letter(c.OpEat, 's'), ""},
		{"missing letter", "eat", nil, "eat"},
		{"two letters", "eat bb", nil, "eat bb"},
		{"a digit is no letter", "quaff 1", nil, "quaff 1"},
		{"next token read afresh", "wear e", letter(c.OpWear, 'e'), ""},
		{"invalid letter then a move", "drop e*2", mv(c.East, 2), "drop"},
		{"comma is no letter", "eat ,", op(c.OpPickup, 1), "eat"},

		// Kick and chat.
		{"kick", "kick e", dir(c.OpKick, c.East), ""},
		{"chat", "chat sw", dir(c.OpChat, c.SouthWest), ""},
		{"missing direction", "kick", nil, "kick"},
		{"kick takes no count", "kick e*2", mv(c.East, 2), "kick"},
		{"kick then a number", "kick e 2", dir(c.OpKick, c.East), "2"},
		{"chat junk", "chat x", nil, "chat x"},

		// Counts.
		{"N=0 star", "e*0", nil, "e*0"},
		{"N=0 spaced", "move e 0", nil, "move e 0"},
		{"N=0 move star", "move e*0", nil, "move e*0"},
		{"N=0 search", "search 0 wait 00", nil, "search 0 wait 00"},
		{"N=40", "w*40", mv(c.West, 40), ""},
		{"N=41 is out of range", "w*41", nil, "w*41"},
		{"N=40", "w*40", mv(c.West, 40), ""},
		{"huge N", "e*99999999999999999999", nil, "e*99999999999999999999"},
		{"huge spaced N", "wait 99999999999999999999999", nil, "wait 99999999999999999999999"},
		{"spaced N=41", "move e 41 search 41", nil, "move e 41 search 41"},
		{"not a number", "e*x e*-1 e*+2 e*2.5", nil, "e*x e*-1 e*+2 e*2.5"},

		// The 40 cut.
		{"cut at 40", "e*30 w*30", seq(mv(c.East, 30), mv(c.West, 10)), ""},
		{"after the cut unknown tokens are still found", "e*40 junk eat", mv(c.East, 40), "junk eat"},
		{"cut inside a form", "search 39 move n 5 junk", seq(op(c.OpSearch, 39), mv(c.North, 1)), "junk"},
		{"after the cut good forms are read and dropped", "e*40 w*3 search", mv(c.East, 40), ""},

		// Junk.
		{"empty", "", nil, ""},
		{"only separators", " \t\n;; \r\n;", nil, ""},
		{"star", "*", nil, "*"},
		{"e star", "e*", nil, "e*"},
		{"star five", "*5", nil, "*5"},
		{"double star", "e**3", nil, "e**3"},
		{"two stars", "e*3*4", nil, "e*3*4"},
		{"move alone", "move", nil, "move"},
		{"move 5", "move 5", nil, "move 5"},
		{"move move", "move move e", mv(c.East, 1), "move"},
		{"move*N", "move*3", nil, "move*3"},
		{"binary", "\x00\xff\xfe e \x80", mv(c.East, 1), `\x00\xff\xfe \x80`},
		{"words kept in original spelling", "Go EAST;  please, e", mv(c.East, 1), "Go EAST please"},
		{"prose around moves", "we go e*2 then search.", mv(c.East, 2), "we go then search."},
		{"prose: I is inventory", "I go e", seq(op(c.OpInventory, 1), mv(c.East, 1)), "go"},
		{"spec example", "e e e search*3", seq(mv(c.East, 3), op(c.OpSearch, 3)), ""},
	}
	var p Parser
	var q c.Queue
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ignored := p.Parse(tt.reply, &q)
			assert.Equal(t, tt.want, queued(&q), "reply %q", tt.reply)
			assert.Equal(t, tt.ignored, ignored, "reply %q", tt.reply)
			assert.Zero(t, q.Head)
		})
	}
}

// TestIgnoredControlCharactersAreEscaped: an ESC sequence in a reply
// cannot reach the terminal of whoever reads the observation.
func TestIgnoredControlCharactersAreEscaped(t *testing.T) {
	var p Parser
	var q c.Queue
	assert.Equal(t, `\x1b[2J\x07 ok\x7f \xff\xfe é \u202eevil`, p.Parse("\x1b[2J\x07 e ok\x7f \xff\xfe é \u202eevil", &q))
	assert.Equal(t, mv(c.East, 1), queued(&q))
}

func TestParseResetsTheQueue(t *testing.T) {
	var p Parser
	var q c.Queue
	p.Parse("e*40", &q)
	q.Pop()
	assert.Equal(t, "x", p.Parse("x n", &q))
	assert.Equal(t, mv(c.North, 1), queued(&q))
	assert.Zero(t, q.Head)
}

func TestParseHugeReply(t *testing.T) {
	var p Parser
	var q c.Queue
	junk := strings.Repeat("x\xff ", 10<<20/3)
	ignored := p.Parse(junk+"e", &q)
	assert.Equal(t, mv(c.East, 1), queued(&q))
	assert.Len(t, ignored, len(junk)-1+3*(10<<20/3), `each \xff is shown as four characters`)

	moves := strings.Repeat("e ", 5<<20)
	assert.Empty(t, p.Parse(moves, &q))
	assert.Equal(t, mv(c.East, 40), queued(&q))
}

func TestParseAllocations(t *testing.T) {
	var p Parser
	var q c.Queue
	p.Parse("warm up the buffer", &q)
	assert.Zero(t, testing.AllocsPerRun(100, func() {
		p.Parse("move e 3, s*2 search 4; eat b kick NE , > i l*5", &q)
	}))
	assert.Equal(t, 1.0, testing.AllocsPerRun(100, func() {
		p.Parse("e junk w", &q)
	}))
}

// validPrimitive reports why p could not come from a reply, or "".
func validPrimitive(p c.Primitive) string {
	if p.Aim != c.AimNone {
		return "aim on a core primitive"
	}
	switch p.Op {
	case c.OpMove, c.OpKick, c.OpChat:
		if int(p.Dir) >= len(c.Dirs) {
			return "bad direction"
		}
		if p.Letter != 0 {
			return "letter on a directed primitive"
		}
	case c.OpEat, c.OpQuaff, c.OpWield, c.OpWear, c.OpDrop:
		if p.Letter < 'a' || p.Letter > 'z' {
			return "bad letter"
		}
		if p.Dir != 0 {
			return "direction on a lettered primitive"
		}
	case c.OpSearch, c.OpWait, c.OpPickup, c.OpDescend, c.OpInventory:
		if p.Dir != 0 || p.Letter != 0 {
			return "argument on a bare primitive"
		}
	default:
		return "bad op"
	}
	return ""
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "e e e search*3", "move s 3, eat B; kick ne", ",, e,,e , e",
		"e*99999999999999999999", "*", "e*", "*5", "e**3", "move", "move 5",
		"\x00\xff\xfe\u3000wait 0", "e*30 w*30",
	} {
		f.Add(s)
	}
	var p Parser
	f.Fuzz(func(t *testing.T, reply string) {
		var q c.Queue
		ignored := p.Parse(reply, &q)
		require.LessOrEqual(t, q.Len, c.MaxQueue)
		require.Zero(t, q.Head)
		for i, prim := range q.Items[:q.Len] {
			require.Empty(t, validPrimitive(prim), "primitive %d: %+v", i, prim)
		}
		for _, r := range ignored {
			require.True(t, unicode.IsPrint(r), "%q is shown as it is in %q", r, ignored)
		}
		printable := utf8.ValidString(reply) && strings.IndexFunc(reply, func(r rune) bool { return !unicode.IsPrint(r) && !unicode.IsSpace(r) }) < 0
		if ignored != "" && printable {
			for _, tok := range strings.Split(ignored, " ") {
				require.NotEmpty(t, tok)
				require.Contains(t, reply, tok)
			}
		}
		again := p.Parse(reply, &c.Queue{})
		require.Equal(t, ignored, again, "parsing is deterministic")
	})
}

func BenchmarkParse(b *testing.B) {
	const reply = "move e 3, s*2 search 4; eat b kick NE , > i l*5 please go"
	var p Parser
	var q c.Queue
	b.ReportAllocs()
	for b.Loop() {
		p.Parse(reply, &q)
	}
}

func ExampleParser_Parse() {
	opNames := map[c.Op]string{c.OpMove: "move", c.OpSearch: "search", c.OpEat: "eat", c.OpKick: "kick", c.OpPickup: "pickup"}
	var p Parser
	var q c.Queue
	ignored := p.Parse("Move S 2, search*2; eat B kick ne , l please", &q)
	for _, prim := range q.Items[:q.Len] {
		switch prim.Op {
		case c.OpMove, c.OpKick:
			fmt.Println(opNames[prim.Op], prim.Dir)
		case c.OpEat:
			fmt.Println(opNames[prim.Op], string(prim.Letter))
		default:
			fmt.Println(opNames[prim.Op])
		}
	}
	fmt.Printf("ignored: %q\n", ignored)
	// Output:
	// move s
	// move s
	// search
	// search
	// eat b
	// kick ne
	// pickup
	// move e
	// ignored: "please"
}
