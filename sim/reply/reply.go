// Package reply parses an agent's reply into the cog's primitives (§14 of
// the spec). The verbs come from the verb table ([components.Verbs],
// §32.3): the core's rows below, and those of the mechanics the parser is
// given ([Parser.SetMechanics]).
//
// A reply is text. Tokens are separated by whitespace (any Unicode space),
// semicolons and commas; case does not matter (ASCII letters only: "ſ" is
// not "s"). The forms:
//
//	DIR, move DIR               one move (DIR is n ne e se s sw w nw)
//	DIR*N, move DIR N, move DIR*N   N moves
//	h j k l y u b               one move w s n e nw ne sw (vi keys), also h*N …
//	search, s, search N, s*N, search*N   1 or N searches
//	wait, ., wait N, wait*N, .*N         1 or N waits
//	pickup, ,                   pick up
//	descend, >                  go down the stairs
//	inventory, i                look at the pack
//	eat L, quaff L, wield L, wear L, drop L   L a single letter a–z
//	kick DIR, chat DIR
//	VERB L [DIR|>]              a mechanic's verb of shape ArgLetterAim
//	                            ("zap f e", "zap f >", "zap f")
//
// N is a token of digits only: 1 to 40 (§14). A count outside that range
// (0, 41, …) is not a count of the form, so the whole form ("e*0",
// "move e 41", "search 0") is skipped. Anything else is skipped and
// reported as ignored, in its original spelling, except that control
// characters and other unprintable runes are escaped ("\x1b", "\u202e").
// The queue holds at most [components.MaxQueue] primitives; the rest of
// the reply is still read, so that an unknown token anywhere in it is
// reported (and makes a --strict reply unusable).
//
// Ambiguities and how they are resolved:
//
//   - "n" is north and "s" is search (as the §14 table lists), so the vi key
//     "n" (south-east) does not exist; south is "j" or a direction word
//     after move. Alone, "s" never means south.
//   - After move, kick and chat the next token is read as one of the eight
//     direction words, so "move s" and "kick s" are south and "chat n" is
//     north. vi keys are moves only on their own: "move h" skips "move" and
//     then reads "h" as a move west.
//   - A verb whose argument is missing or wrong (a letter for eat … drop, a
//     direction for move, kick and chat) is skipped alone, and the token
//     after it is read afresh: "kick h" skips "kick" and moves west.
//   - After a letter verb of shape ArgLetterAim ("zap f") the next token
//     is taken as its aim when it is one of the eight direction words
//     (aim along it: "zap f s" is south) or ">" (aim down: "zap f >" is
//     not a descent); anything else is read afresh and the verb has no
//     aim ("zap f e*3" zaps, then moves east three times). Its letter is
//     needed as for eat: "zap 3" skips "zap" alone.
//   - A verb of a mechanic not installed in the episode is an unknown
//     token like any other.
//   - A count after a word is read only after the words search, wait and
//     move DIR; "e 3" is a move east and an ignored "3".
//   - A comma right after a token character is a separator ("e,e", "e, e");
//     any other comma — at the start, after a space, a semicolon or another
//     comma — is the pickup key (", e" is pickup then e; "e,,e" is e, pickup,
//     e; ",," is two pickups).
package reply

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cogsim/cogsim/components"
)

// arg is what a word needs from the tokens after it.
type arg uint8

const (
	argNone      arg = iota
	argCount         // an optional count: search N, wait N
	argDir           // a direction word, then an optional count for move
	argLetter        // an inventory letter
	argLetterAim     // a letter, then an optional direction word or ">"
)

// word is the meaning of a keyword of the grammar.
type word struct {
	name string
	// prim is what the word does alone (after its argument, if any).
	prim components.Primitive
	// repeat says the word takes "*N".
	repeat bool
	arg    arg
}

// coreWords is the grammar of the core game: the core rows of the verb
// table with their aliases, and the vi keys. The eight direction words
// come from [components.Dir.String].
var coreWords = wordsOf(components.ActiveVerbs(nil))

// coreIndex is coreWords by first letter.
var coreIndex = indexOf(coreWords)

// wordIndex is a grammar's words by the first byte of their name,
// lower-cased, each list in the grammar's order: a token is looked up
// among the words that begin as it does, and the first that matches is
// the word it is, as in a scan of the whole list.
type wordIndex [256][]word

func indexOf(words []word) *wordIndex {
	var ix wordIndex
	for _, w := range words {
		if w.name == "" {
			continue
		}
		c := lower(w.name[0])
		ix[c] = append(ix[c], w)
	}
	return &ix
}

// lower is c in lower case when it is an ASCII capital (as EqualFold
// reads it).
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c | 0x20
	}
	return c
}

// wordsOf is the keywords of verbs, in table order, then the vi keys. A
// verb's word takes its argument; an alias takes the same, except that a
// count verb's alias takes only "*N" ("s*3", not "s 3"), as §14 has it.
func wordsOf(verbs []*components.Verb) []word {
	var out []word
	for _, v := range verbs {
		w := word{name: v.Word, prim: components.Primitive{Op: v.Op}}
		switch v.Arg {
		case components.ArgCount:
			w.repeat, w.arg = true, argCount
		case components.ArgDir:
			w.arg = argDir
		case components.ArgLetter:
			w.arg = argLetter
		case components.ArgLetterAim:
			w.arg = argLetterAim
		}
		out = append(out, w)
		for _, a := range v.Aliases {
			alias := w
			alias.name = a
			if v.Arg == components.ArgCount {
				alias.arg = argNone
			}
			out = append(out, alias)
		}
	}
	for _, m := range components.MoveKeys {
		out = append(out, word{name: m.Key, prim: components.Primitive{Op: components.OpMove, Dir: m.Dir}, repeat: true})
	}
	return out
}

// Parser turns a reply (§14) into primitives. It reuses its buffers; not
// safe for concurrent use.
type Parser struct {
	ignored []byte
	// words is the grammar, by first letter: the core's (nil) or that of
	// the mechanics given to [Parser.SetMechanics].
	words *wordIndex
}

// SetMechanics makes the parser read the verbs of the mechanics named in
// active (the episode's installed ones, variant included) beside the
// core's; a verb of any other mechanic stays an unknown token.
func (p *Parser) SetMechanics(active []string) {
	p.words = nil
	for _, v := range components.Verbs() {
		if v.Mechanic != "" && components.ActiveIn(v.Mechanic, active) {
			p.words = indexOf(wordsOf(components.ActiveVerbs(active)))
			return
		}
	}
}

// Parse resets q, fills it with the reply's primitives (cut at
// [components.MaxQueue]) and returns the skipped tokens of the whole
// reply joined by single spaces in their original spelling ("" if none).
func (p *Parser) Parse(reply string, q *components.Queue) (ignored string) {
	q.Reset()
	p.ignored = p.ignored[:0]
	sc := scanner{s: reply}
	for {
		tok, ok := sc.next()
		if !ok {
			break
		}
		p.form(tok, &sc, q)
	}
	if len(p.ignored) == 0 {
		return ""
	}
	return string(p.ignored)
}

// form reads the form that starts with tok, taking the tokens of its
// arguments from sc.
func (p *Parser) form(tok string, sc *scanner, q *components.Queue) {
	head, count, starred := strings.Cut(tok, "*")
	if starred {
		w, ok := p.lookup(head)
		n, digits := parseDigits(count)
		if !ok || !w.repeat || !digits || !isCount(n) {
			p.ignore(tok)
			return
		}
		push(q, w.prim, n)
		return
	}
	w, ok := p.lookup(tok)
	if !ok {
		p.ignore(tok)
		return
	}
	switch w.arg {
	case argNone:
		push(q, w.prim, 1)
	case argCount:
		p.counted(tok, "", w.prim, sc, q)
	case argLetter, argLetterAim:
		look := *sc
		t, ok := look.next()
		if !ok || len(t) != 1 || !isLetter(t[0]) {
			p.ignore(tok)
			return
		}
		*sc = look
		prim := w.prim
		prim.Letter = t[0] | 0x20
		if w.arg == argLetter {
			push(q, prim, 1)
			return
		}
		if t, ok := look.next(); ok {
			if d, isDir := lookupDir(t); isDir {
				prim.Aim, prim.Dir = components.AimDir, d
				*sc = look
			} else if t == ">" {
				prim.Aim = components.AimDown
				*sc = look
			}
		}
		push(q, prim, 1)
	case argDir:
		look := *sc
		t, ok := look.next()
		if !ok {
			p.ignore(tok)
			return
		}
		dhead, dcount, dstarred := strings.Cut(t, "*")
		d, isDir := lookupDir(dhead)
		if !isDir || (dstarred && w.prim.Op != components.OpMove) {
			p.ignore(tok)
			return
		}
		*sc = look
		prim := w.prim
		prim.Dir = d
		switch {
		case dstarred:
			n, digits := parseDigits(dcount)
			if !digits || !isCount(n) {
				p.ignore(tok)
				p.ignore(t)
				return
			}
			push(q, prim, n)
		case prim.Op == components.OpMove:
			p.counted(tok, t, prim, sc, q)
		default:
			push(q, prim, 1)
		}
	}
}

// counted pushes prim once, or N times when the next token is a count N.
// verb and dir are the form's tokens so far, reported with a token of
// digits that is not a count (0, or more than 40).
func (p *Parser) counted(verb, dir string, prim components.Primitive, sc *scanner, q *components.Queue) {
	look := *sc
	t, ok := look.next()
	n, digits := 0, false
	if ok {
		n, digits = parseDigits(t)
	}
	if !digits {
		push(q, prim, 1)
		return
	}
	*sc = look
	if !isCount(n) {
		p.ignore(verb)
		if dir != "" {
			p.ignore(dir)
		}
		p.ignore(t)
		return
	}
	push(q, prim, n)
}

// ignore reports tok as skipped. What cannot be shown as it is — control
// characters (an ESC would reach the terminal of whoever reads the
// observation), other unprintable runes and bytes that are not UTF-8 —
// is written as a Go escape: \x1b, \u202e, \xff.
func (p *Parser) ignore(tok string) {
	if len(p.ignored) > 0 {
		p.ignored = append(p.ignored, ' ')
	}
	for i := 0; i < len(tok); {
		r, size := utf8.DecodeRuneInString(tok[i:])
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x80 && !unicode.IsPrint(r):
			p.ignored = append(p.ignored, `\x`...)
			p.ignored = appendHex(p.ignored, uint32(tok[i]), 2)
		case !unicode.IsPrint(r) && r <= 0xffff:
			p.ignored = append(p.ignored, `\u`...)
			p.ignored = appendHex(p.ignored, uint32(r), 4)
		case !unicode.IsPrint(r):
			p.ignored = append(p.ignored, `\U`...)
			p.ignored = appendHex(p.ignored, uint32(r), 8)
		default:
			p.ignored = append(p.ignored, tok[i:i+size]...)
		}
		i += size
	}
}

// appendHex appends v in lower-case hex, digits wide.
func appendHex(b []byte, v uint32, digits int) []byte {
	const hex = "0123456789abcdef"
	for k := digits - 1; k >= 0; k-- {
		b = append(b, hex[v>>(4*k)&0xf])
	}
	return b
}

// push appends n copies of prim, as many as fit.
func push(q *components.Queue, prim components.Primitive, n int) {
	for ; n > 0 && q.Push(prim); n-- {
	}
}

// lookup finds the meaning of tok alone: a keyword, or a direction word as
// a move.
func (p *Parser) lookup(tok string) (word, bool) {
	words := p.words
	if words == nil {
		words = coreIndex
	}
	if tok == "" {
		return word{}, false
	}
	for _, w := range words[lower(tok[0])] {
		if equalFold(tok, w.name) {
			return w, true
		}
	}
	if d, ok := lookupDir(tok); ok {
		return word{prim: components.Primitive{Op: components.OpMove, Dir: d}, repeat: true}, true
	}
	return word{}, false
}

// lookupDir finds the direction whose word is tok.
func lookupDir(tok string) (components.Dir, bool) {
	for _, d := range components.Dirs {
		if equalFold(tok, d.String()) {
			return d, true
		}
	}
	return 0, false
}

// parseDigits reads a token of digits only, at least one (digits false
// for any other): its value, which stops growing past MaxQueue, so huge
// numbers cannot overflow.
func parseDigits(t string) (n int, digits bool) {
	if t == "" {
		return 0, false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return 0, false
		}
		n = min(n*10+int(t[i]-'0'), components.MaxQueue+1)
	}
	return n, true
}

// isCount reports whether n is a count N of §14: 1 to MaxQueue.
func isCount(n int) bool { return n >= 1 && n <= components.MaxQueue }

// equalFold reports whether s equals the lower-case ASCII keyword kw,
// ignoring ASCII case.
func equalFold(s, kw string) bool { return components.EqualFold(s, kw) }

func isLetter(c byte) bool {
	c |= 0x20
	return 'a' <= c && c <= 'z'
}

// scanner splits a reply into tokens. It is a small value, so a form can
// look ahead on a copy and keep the copy only if it uses the token.
type scanner struct {
	s string
	i int
	// afterWord says the last token was not a comma and ended at i, so a
	// comma at i is a separator.
	afterWord bool
}

// next returns the next token, or false at the end of the reply.
func (sc *scanner) next() (string, bool) {
	s, i := sc.s, sc.i
	if sc.afterWord && i < len(s) && s[i] == ',' {
		i++
	}
	sc.afterWord = false
	for i < len(s) {
		if s[i] == ',' {
			sc.i = i + 1
			return s[i : i+1], true
		}
		n := separator(s, i)
		if n == 0 {
			break
		}
		i += n
	}
	start := i
	for i < len(s) && s[i] != ',' && separator(s, i) == 0 {
		i++
	}
	sc.i = i
	if start == i {
		return "", false
	}
	sc.afterWord = true
	return s[start:i], true
}

// separator returns the length of the whitespace or semicolon at s[i], or
// 0 if s[i] starts no separator. Invalid UTF-8 is not a separator.
func separator(s string, i int) int {
	c := s[i]
	if c < utf8.RuneSelf {
		switch c {
		case ' ', '\t', '\n', '\v', '\f', '\r', ';':
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if unicode.IsSpace(r) {
		return n
	}
	return 0
}

// Keywords lists every keyword of the core grammar in its canonical
// spelling: the verbs with their aliases, the vi keys and the eight
// direction words (for documents and their tests).
func Keywords() []string {
	var out []string
	for _, w := range coreWords {
		out = append(out, w.name)
	}
	for _, d := range components.Dirs {
		out = append(out, d.String())
	}
	return out
}
