package agents

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/cogsim/cogsim/components"
)

// randomSalt separates the random agent's stream from anything else
// seeded with the episode seed.
const randomSalt = 0x72616e646f6d // "random"

// Random replies with 1…40 random primitives drawn from the whole reply
// grammar (§14), spelled in all its forms, with junk tokens mixed in: a
// fuzzer that plays (§26). It is deterministic for a given seed.
type Random struct {
	rng *rand.Rand
	b   strings.Builder
	// verbs are the installed mechanics' verbs (§32.3), drawn among the
	// junk so that the cog game's draws are unchanged without them.
	verbs []*components.Verb
}

// Know implements Knower: the installed mechanics' verbs join the forms
// the agent draws (a fuzzer of the whole grammar in play).
func (r *Random) Know(mechanics []string) {
	r.verbs = r.verbs[:0]
	for _, v := range components.ActiveVerbs(mechanics) {
		if v.Mechanic != "" {
			r.verbs = append(r.verbs, v)
		}
	}
}

// NewRandom makes a random agent reset for seed 0.
func NewRandom() *Random {
	r := &Random{}
	r.Reset(0)
	return r
}

// Name implements Agent.
func (*Random) Name() string { return "random" }

// Reset implements Agent.
func (r *Random) Reset(seed uint64) {
	r.rng = rand.New(rand.NewPCG(seed, randomSalt))
}

// dirWords are the eight direction words of §14.
var dirWords = [8]string{"e", "se", "s", "sw", "w", "nw", "n", "ne"}

// viKeys are the single-letter moves of the implemented grammar ("n" is
// north, so south-east has no vi key).
var viKeys = [...]string{"h", "j", "k", "l", "y", "u", "b"}

// junk are tokens the grammar skips, or forms it refuses.
var junk = [...]string{"xyzzy", "move", "kick", "eat", "42", "e*0", "search 0", "eat 7",
	"north", "quaff", "wield 3", "up", "*", "s*99x", "ünïcode", "\t", ";", "chat h"}

// verbsWithLetter take an inventory letter.
var verbsWithLetter = [...]string{"eat", "quaff", "wield", "wear", "drop"}

// Reply implements Agent.
func (r *Random) Reply([]byte) string {
	r.b.Reset()
	want := 1 + r.rng.IntN(40)
	for n := 0; n < want; {
		if r.b.Len() > 0 {
			r.b.WriteByte(' ')
		}
		n += r.form(want - n)
	}
	return r.b.String()
}

// form writes one random form of at most left primitives and returns how
// many primitives it asks for.
func (r *Random) form(left int) int {
	g := r.rng
	dir := dirWords[g.IntN(8)]
	count := 1 + g.IntN(min(left, 6))
	letter := string(rune('a' + g.IntN(8)))
	b := &r.b
	switch g.IntN(22) {
	case 0, 1, 2:
		if dir == "s" {
			dir = "move s"
		}
		b.WriteString(dir)
	case 3:
		b.WriteString("move " + dir)
	case 4, 5:
		b.WriteString(dir + "*" + strconv.Itoa(count))
		return count
	case 6:
		b.WriteString("move " + dir + " " + strconv.Itoa(count))
		return count
	case 7, 8:
		b.WriteString(viKeys[g.IntN(len(viKeys))])
	case 9:
		b.WriteString([...]string{"search", "s"}[g.IntN(2)])
	case 10:
		b.WriteString([...]string{"search ", "s*", "search*"}[g.IntN(3)] + strconv.Itoa(count))
		return count
	case 11:
		b.WriteString([...]string{"wait", "."}[g.IntN(2)])
	case 12:
		b.WriteString([...]string{"wait ", ".*"}[g.IntN(2)] + strconv.Itoa(count))
		return count
	case 13:
		b.WriteString([...]string{"pickup", ","}[g.IntN(2)])
	case 14:
		b.WriteString([...]string{"descend", ">"}[g.IntN(2)])
	case 15, 16:
		b.WriteString(verbsWithLetter[g.IntN(len(verbsWithLetter))] + " " + letter)
	case 17:
		b.WriteString("kick " + dir)
	case 18:
		b.WriteString("chat " + dir)
	case 19:
		b.WriteString([...]string{"inventory", "i"}[g.IntN(2)])
	default:
		k := g.IntN(len(junk) + len(r.verbs))
		if k < len(junk) {
			b.WriteString(junk[k])
			return 0
		}
		r.verb(r.verbs[k-len(junk)], dir, letter, count)
	}
	return 1
}

// verb writes a form of a mechanic's verb with the direction, letter and
// count already drawn: a letter verb aimed `>` when count is even.
func (r *Random) verb(v *components.Verb, dir, letter string, count int) {
	b := &r.b
	b.WriteString(v.Word)
	switch v.Arg {
	case components.ArgCount:
		b.WriteString(" " + strconv.Itoa(count))
	case components.ArgDir:
		b.WriteString(" " + dir)
	case components.ArgLetter:
		b.WriteString(" " + letter)
	case components.ArgLetterAim:
		b.WriteString(" " + letter)
		if count%2 == 0 {
			b.WriteString(" >")
		} else {
			b.WriteString(" " + dir)
		}
	}
}
