package reply

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/verbtest"
)

// TestAMechanicsVerbsParse: the verbs verbtest adds, one of each shape,
// are read by a parser given the mechanic, with the core's ambiguity
// rules (a verb with a wrong argument is skipped alone).
func TestAMechanicsVerbsParse(t *testing.T) {
	var p Parser
	p.SetMechanics([]string{verbtest.Name})
	aim := func(l byte, a c.Aim, d c.Dir) []c.Primitive {
		return []c.Primitive{{Op: verbtest.Aim, Letter: l, Aim: a, Dir: d}}
	}
	cases := []struct {
		reply   string
		want    []c.Primitive
		ignored string
	}{
		{"hum", op(verbtest.Hum, 1), ""},
		{"HM hm*2", op(verbtest.Hum, 1), "hm*2"},
		{"chant", op(verbtest.Chant, 1), ""},
		{"chant 3", op(verbtest.Chant, 3), ""},
		{"chant*2 chant 0", op(verbtest.Chant, 2), "chant 0"},
		{"point e", dir(verbtest.Point, c.East), ""},
		{"point s", dir(verbtest.Point, c.South), ""},
		{"point h", mv(c.West, 1), "point"},
		{"point e*3", mv(c.East, 3), "point"},
		{"polish B", letter(verbtest.Polish, 'b'), ""},
		{"polish 3", nil, "polish 3"},
		{"aim f e", aim('f', c.AimDir, c.East), ""},
		{"aim f N", aim('f', c.AimDir, c.North), ""},
		{"am f >", aim('f', c.AimDown, 0), ""},
		{"aim f", aim('f', c.AimNone, 0), ""},
		{"aim f search", seq(aim('f', c.AimNone, 0), op(c.OpSearch, 1)), ""},
		{"aim f e*3", seq(aim('f', c.AimNone, 0), mv(c.East, 3)), ""},
		{"aim f, >", aim('f', c.AimDown, 0), ""},
		{"aim 3 e", mv(c.East, 1), "aim 3"},
		{"aim", nil, "aim"},
		{"aim f e e", seq(aim('f', c.AimDir, c.East), mv(c.East, 1)), ""},
		{"aim aim f", aim('f', c.AimNone, 0), "aim"},
	}
	for _, tc := range cases {
		var q c.Queue
		ignored := p.Parse(tc.reply, &q)
		assert.Equal(t, tc.want, queued(&q), "reply %q", tc.reply)
		assert.Equal(t, tc.ignored, ignored, "reply %q", tc.reply)
	}
}

// TestAMechanicsVerbsAreUnknownWithoutIt: the same words are unknown
// tokens to a parser of the core game, or of other mechanics, as they
// were before the mechanic existed.
func TestAMechanicsVerbsAreUnknownWithoutIt(t *testing.T) {
	for _, active := range [][]string{nil, {"tally"}} {
		var p Parser
		p.SetMechanics(active)
		var q c.Queue
		assert.Equal(t, "hum chant 3 point polish aim f", p.Parse("hum chant 3 point e polish b aim f >", &q), "mechanics %v", active)
		assert.Equal(t, seq(mv(c.East, 1), mv(c.SouthWest, 1), op(c.OpDescend, 1)), queued(&q))
	}
	for _, kw := range Keywords() {
		assert.NotContains(t, []string{"hum", "hm", "chant", "point", "polish", "aim", "am"}, kw, "the core keywords")
	}
}

// TestTheCoreParseIsTheTables: every core verb of the table is read by
// its word and each alias, as the Op the table gives it.
func TestTheCoreParseIsTheTables(t *testing.T) {
	var p Parser
	for _, v := range c.ActiveVerbs(nil) {
		arg := map[c.ArgShape]string{c.ArgNone: "", c.ArgCount: "", c.ArgDir: " e", c.ArgLetter: " b", c.ArgLetterAim: " b"}[v.Arg]
		for _, w := range append([]string{v.Word}, v.Aliases...) {
			var q c.Queue
			require.Empty(t, p.Parse(strings.ToUpper(w)+arg, &q), "%s%s", w, arg)
			require.Equal(t, 1, q.Len, "%s%s", w, arg)
			assert.Equal(t, v.Op, q.Items[0].Op, "%s%s", w, arg)
		}
	}
}

func FuzzParseWithAMechanic(f *testing.F) {
	for _, s := range []string{"aim f e", "am f >", "aim", "hum chant 3 point e polish b", "aim f e*3 aim 3", "chant*40 aim b"} {
		f.Add(s)
	}
	var p Parser
	p.SetMechanics([]string{verbtest.Name})
	f.Fuzz(func(t *testing.T, reply string) {
		var q c.Queue
		p.Parse(reply, &q)
		for i, prim := range q.Items[:q.Len] {
			v := c.VerbOf(prim.Op)
			require.NotNil(t, v, "primitive %d: %+v", i, prim)
			if v.Mechanic == "" {
				require.Empty(t, validPrimitive(prim), "primitive %d: %+v", i, prim)
				continue
			}
			lettered := v.Arg == c.ArgLetter || v.Arg == c.ArgLetterAim
			require.Equal(t, lettered, prim.Letter >= 'a' && prim.Letter <= 'z', "primitive %d: %+v", i, prim)
			if !lettered {
				require.Zero(t, prim.Letter)
			}
			if v.Arg != c.ArgLetterAim {
				require.Equal(t, c.AimNone, prim.Aim, "primitive %d: %+v", i, prim)
			}
			if v.Arg != c.ArgDir && prim.Aim != c.AimDir {
				require.Zero(t, prim.Dir, "primitive %d: %+v", i, prim)
			}
			require.Less(t, int(prim.Dir), len(c.Dirs))
		}
	})
}
