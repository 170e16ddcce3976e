package components

// ArgShape is what a verb takes after its word (§32.3).
type ArgShape uint8

// The argument shapes.
const (
	// ArgNone: nothing ("pickup").
	ArgNone ArgShape = iota
	// ArgCount: an optional count N after the word ("search 5"), or
	// "*N" after the word or an alias ("s*5").
	ArgCount
	// ArgDir: a direction word ("kick e"); the move verb also takes an
	// optional count ("move e 3", "move e*3").
	ArgDir
	// ArgLetter: an inventory letter ("eat b").
	ArgLetter
	// ArgLetterAim: a letter, then optionally a direction word or ">"
	// ("zap f e", "zap f >", "zap f").
	ArgLetterAim
)

// String is the shape as the grammar writes it after the word.
func (a ArgShape) String() string {
	switch a {
	case ArgCount:
		return "[N]"
	case ArgDir:
		return "DIR"
	case ArgLetter:
		return "L"
	case ArgLetterAim:
		return "L [DIR|>]"
	}
	return ""
}

// Aim is where a [ArgLetterAim] verb is aimed: nowhere (no direction
// given), along [Primitive.Dir], or down.
type Aim uint8

// The aims.
const (
	AimNone Aim = iota
	AimDir
	AimDown
)

// Verb is one row of the reply grammar (§14, §32.3): the word an agent
// writes, what follows it, and the primitive it queues.
type Verb struct {
	Word    string   // "zap"
	Aliases []string // "z"
	Arg     ArgShape
	// Key is cogplay's key; 0: reached only by NetHack's extended
	// command "#word".
	Key rune
	// Classes are, for letter verbs, the item classes cogplay offers
	// (none: any).
	Classes []ItemClass
	// Help is one line for the prompt, docs/rules.md and cogplay's help.
	Help string
	// Past is how `cogsim compare --explain` says the cog did it
	// ("zapped", "read"); "" is the word itself.
	Past string
	// Mechanic is the mechanic that adds the verb, "" for the core game.
	Mechanic string
	// Op is the primitive's kind: the core's constants, or the one
	// [AddVerb] gives a mechanic's verb.
	Op Op
}

// Form is the verb as the grammar writes it: "zap L [DIR|>]".
func (v *Verb) Form() string {
	if a := v.Arg.String(); a != "" {
		return v.Word + " " + a
	}
	return v.Word
}

// Text writes primitive p of the verb as the grammar reads it: its word
// and argument by the verb's shape ("move e", "read f", "zap c >",
// "pray"); a count is a repetition, so it writes none.
func (v *Verb) Text(p Primitive) string {
	switch v.Arg {
	case ArgDir:
		return v.Word + " " + p.Dir.String()
	case ArgLetter:
		return v.Word + " " + string(p.Letter)
	case ArgLetterAim:
		switch p.Aim {
		case AimDir:
			return v.Word + " " + string(p.Letter) + " " + p.Dir.String()
		case AimDown:
			return v.Word + " " + string(p.Letter) + " >"
		}
		return v.Word + " " + string(p.Letter)
	}
	return v.Word
}

// Takes reports whether the verb reads token as its word or an alias,
// ignoring ASCII case.
func (v *Verb) Takes(token string) bool {
	if EqualFold(token, v.Word) {
		return true
	}
	for _, a := range v.Aliases {
		if EqualFold(token, a) {
			return true
		}
	}
	return false
}

// MoveKeys are the one-token moves of the move verb other than the
// direction words: NetHack's vi keys (§14). "n" is north, not the vi key
// for south-east.
var MoveKeys = [...]struct {
	Key string
	Dir Dir
}{
	{"h", West}, {"j", South}, {"k", North}, {"l", East},
	{"y", NorthWest}, {"u", NorthEast}, {"b", SouthWest},
}

// verbs is the grammar's table: the core rows, in the order §14 lists
// them, then the mechanics' rows in the order they were added.
var verbs = []*Verb{
	{Word: "move", Arg: ArgDir, Op: OpMove, Past: "moved", Help: "one step toward DIR; DIR alone, DIR*N or move DIR N: N steps"},
	{Word: "search", Aliases: []string{"s"}, Arg: ArgCount, Key: 's', Op: OpSearch, Past: "searched", Help: "search the 8 cells around, once or N times"},
	{Word: "wait", Aliases: []string{"."}, Arg: ArgCount, Key: '.', Op: OpWait, Past: "waited", Help: "wait a tick, once or N times"},
	{Word: "pickup", Aliases: []string{","}, Key: ',', Op: OpPickup, Past: "picked up", Help: "pick up what lies here"},
	{Word: "descend", Aliases: []string{">"}, Key: '>', Op: OpDescend, Past: "went down", Help: "go down the stairs (only on >)"},
	{Word: "eat", Arg: ArgLetter, Key: 'e', Classes: []ItemClass{FoodClass}, Op: OpEat, Past: "ate", Help: "eat the food of letter L"},
	{Word: "quaff", Arg: ArgLetter, Key: 'q', Classes: []ItemClass{PotionClass}, Op: OpQuaff, Past: "quaffed", Help: "drink the potion of letter L"},
	{Word: "wield", Arg: ArgLetter, Key: 'w', Classes: []ItemClass{WeaponClass}, Op: OpWield, Past: "wielded", Help: "wield the weapon of letter L"},
	{Word: "wear", Arg: ArgLetter, Key: 'W', Classes: []ItemClass{ArmourClass}, Op: OpWear, Past: "put on", Help: "wear the armour of letter L"},
	{Word: "drop", Arg: ArgLetter, Key: 'd', Op: OpDrop, Past: "dropped", Help: "drop the item of letter L"},
	{Word: "kick", Arg: ArgDir, Key: 'D' & 0x1f, Op: OpKick, Past: "kicked", Help: "kick toward DIR"},
	{Word: "chat", Arg: ArgDir, Key: 'C', Op: OpChat, Past: "chatted", Help: "talk to whoever is toward DIR"},
	{Word: "inventory", Aliases: []string{"i"}, Key: 'i', Op: OpInventory, Past: "looked over the pack", Help: "list the pack on the message line"},
}

// AddVerb adds a mechanic's verb to the grammar and returns its Op, the
// next after the core's and the verbs added before it. A mechanic calls
// it at init; its system performs the verb by checking [Action]'s Op.
// It panics on a verb of no mechanic, a word or alias already taken (by
// a verb, a direction word or a vi key), a Key already taken by a verb,
// or an empty or spaced word: all mistakes of the program.
func AddVerb(v Verb) Op {
	switch {
	case v.Mechanic == "":
		panic("components: verb " + v.Word + " added by no mechanic")
	case len(verbs) >= maxRow:
		panic("components: verb table full at " + v.Word)
	}
	for _, w := range append([]string{v.Word}, v.Aliases...) {
		if !validWord(w) {
			panic("components: verb " + v.Word + ": bad word or alias " + quoteWord(w))
		}
		if reservedWord(w) {
			panic("components: verb " + v.Word + ": " + w + " is already a word of the grammar")
		}
	}
	if v.Key != 0 {
		for _, x := range verbs {
			if x.Key == v.Key {
				panic("components: verb " + v.Word + ": its key is " + x.Word + "'s")
			}
		}
	}
	v.Aliases = append([]string(nil), v.Aliases...)
	v.Classes = append([]ItemClass(nil), v.Classes...)
	v.Op = Op(len(verbs) + 1)
	verbs = append(verbs, &v)
	return v.Op
}

// validWord: printable ASCII in lower case, no space, separator or '*'.
func validWord(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c <= ' ' || c >= 0x7f, c == ',', c == ';', c == '*', 'A' <= c && c <= 'Z':
			return false
		}
	}
	return true
}

func quoteWord(w string) string { return `"` + w + `"` }

// reservedWord reports whether w already means something alone.
func reservedWord(w string) bool {
	if _, ok := LookupVerb(w); ok {
		return true
	}
	for _, d := range Dirs {
		if EqualFold(w, d.String()) {
			return true
		}
	}
	for _, m := range MoveKeys {
		if EqualFold(w, m.Key) {
			return true
		}
	}
	return false
}

// VerbOf is the verb whose primitive is op, nil for none.
func VerbOf(op Op) *Verb {
	if op < 1 || int(op) > len(verbs) {
		return nil
	}
	return verbs[op-1]
}

// LookupVerb finds the verb whose word or alias is word (ASCII case
// ignored), of any mechanic.
func LookupVerb(word string) (*Verb, bool) {
	for _, v := range verbs {
		if v.Takes(word) {
			return v, true
		}
	}
	return nil, false
}

// Verbs is the table in order, core rows first. The slice is the
// caller's; the rows are shared and must not be changed.
func Verbs() []*Verb { return append([]*Verb(nil), verbs...) }

// ActiveVerbs is the table's rows in play with the mechanics named in
// active (see [ActiveIn]), in table order.
func ActiveVerbs(active []string) []*Verb {
	out := make([]*Verb, 0, len(verbs))
	for _, v := range verbs {
		if ActiveIn(v.Mechanic, active) {
			out = append(out, v)
		}
	}
	return out
}

// EqualFold reports whether s equals the lower-case ASCII keyword kw,
// ignoring ASCII case only ("ſ" is not "s").
func EqualFold(s, kw string) bool {
	if len(s) != len(kw) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c |= 0x20
		}
		if c != kw[i] {
			return false
		}
	}
	return true
}
