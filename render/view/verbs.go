package view

import (
	"fmt"
	"strings"

	c "github.com/cogsim/cogsim/components"
)

// KeyOf is cogplay's key for a verb's Key rune (a control character is
// Ctrl and its letter), false for none or one cogplay cannot type.
func KeyOf(r rune) (Key, bool) {
	switch {
	case r >= 1 && r <= 26:
		return Ctrl(byte(r) | 0x60), true
	case r > ' ' && r < 0x7f:
		return Key(r), true
	}
	return 0, false
}

// VerbBinding is the command that performs verb v (§32.3): at once for a
// verb of no argument or a count, after a direction for a direction
// verb, after an item letter (offering v.Classes) for a letter verb, and
// after a letter and then a direction or > for a letter-and-aim verb.
func VerbBinding(v *c.Verb) Binding {
	b := Binding{Prim: c.Primitive{Op: v.Op}, Verb: v.Word, Classes: v.Classes, Help: v.Help}
	if k, ok := KeyOf(v.Key); ok {
		b.Key = k
	}
	switch v.Arg {
	case c.ArgDir:
		b.Action = AskDir
	case c.ArgLetter:
		b.Action = AskItem
	case c.ArgLetterAim:
		b.Action = AskItemAim
	default:
		b.Action = Perform
	}
	return b
}

// verbKey is the binding of a mechanic's verb whose key is k, unless the
// key is one of cogplay's own (the verb is then reached by "#word").
func (p *Play) verbKey(k Key) (Binding, bool) {
	if _, own := PlayBinding(k); own {
		return Binding{}, false
	}
	for _, v := range p.verbs {
		if v.Mechanic == "" {
			continue
		}
		if vk, ok := KeyOf(v.Key); ok && vk == k {
			return VerbBinding(v), true
		}
	}
	return Binding{}, false
}

// startExtended begins NetHack's extended command: "#", a verb's word,
// Enter.
func (p *Play) startExtended() {
	p.mode, p.ext = extended, p.ext[:0]
	p.extPrompt()
}

// extMatches are the active verbs whose word starts with what is typed.
func (p *Play) extMatches() []*c.Verb {
	var out []*c.Verb
	for _, v := range p.verbs {
		if strings.HasPrefix(v.Word, string(p.ext)) {
			out = append(out, v)
		}
	}
	return out
}

// extPrompt shows what is typed and the verbs it may still become.
func (p *Play) extPrompt() {
	var words []string
	for _, v := range p.extMatches() {
		words = append(words, v.Word)
	}
	p.prompt = "# " + string(p.ext)
	if len(words) > 0 {
		p.prompt += "  [" + strings.Join(words, " ") + "]"
	}
}

// extendedKey reads a key of the extended command: letters type (the
// prompt lists the verbs they may still become), Backspace erases, Enter
// performs the verb typed (its word or an alias, or the one verb the
// letters begin), Esc cancels.
func (p *Play) extendedKey(k Key) {
	ch, printable := k.Printable()
	switch {
	case k == KeyEscape:
		p.mode, p.prompt, p.note = playing, "", "Never mind."
		return
	case k == KeyBackspace:
		if len(p.ext) > 0 {
			p.ext = p.ext[:len(p.ext)-1]
		}
	case k == KeyEnter:
		p.mode, p.prompt = playing, ""
		p.extended(string(p.ext))
		return
	case printable && ch != ' ' && len(p.ext) < 32:
		if 'A' <= ch && ch <= 'Z' {
			ch |= 0x20
		}
		p.ext = append(p.ext, ch)
	}
	p.extPrompt()
}

// extended performs the verb typed after "#".
func (p *Play) extended(typed string) {
	if typed == "" {
		return
	}
	var v *c.Verb
	for _, x := range p.verbs {
		if x.Takes(typed) {
			v = x
			break
		}
	}
	if v == nil {
		if m := p.extMatches(); len(m) == 1 {
			v = m[0]
		}
	}
	if v == nil {
		p.note = fmt.Sprintf("#%s: unknown extended command.", typed)
		return
	}
	p.perform(VerbBinding(v), 1)
}

// askAim asks where a letter-and-aim verb's item is aimed.
func (p *Play) askAim(prim c.Primitive) {
	p.pending.Prim, p.mode = prim, askAim
	p.prompt = "In what direction?"
}

// aimKey reads the answer: a direction key, or > (down).
func (p *Play) aimKey(k Key) {
	p.mode, p.prompt = playing, ""
	prim := p.pending.Prim
	if d, ok := DirOf(k); ok {
		prim.Aim, prim.Dir = c.AimDir, d
		p.step(prim)
	} else if k == '>' {
		prim.Aim = c.AimDown
		p.step(prim)
	} else if k == KeyEscape {
		p.note = "Never mind."
	} else {
		p.note = "What a strange direction!  Never mind."
	}
}

// verbHelp is the help overlay's block of the mechanics' verbs: each
// with its key, or "#word" when it has none.
func verbHelp(verbs []*c.Verb) []string {
	var cells []string
	for _, v := range verbs {
		if v.Mechanic == "" {
			continue
		}
		key := "#" + v.Word
		if k, ok := KeyOf(v.Key); ok {
			if _, own := PlayBinding(k); !own {
				key = k.String() + " #" + v.Word
			}
		}
		cells = append(cells, fmt.Sprintf("%-12s %s", key, v.Help))
	}
	if len(cells) == 0 {
		return nil
	}
	out := []string{"Mechanics' commands (# then the word, Enter):"}
	for i := 0; i < len(cells); i += 2 {
		line := fmt.Sprintf("  %-44s", cells[i])
		if i+1 < len(cells) {
			line += " " + cells[i+1]
		}
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}
