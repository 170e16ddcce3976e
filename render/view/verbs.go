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
