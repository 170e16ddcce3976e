package components

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheCoreVerbsKeepTheirOps: the core rows are the table's first, in
// the order of the Op constants, so no Op a replay or a system knows
// changes (§32.3).
func TestTheCoreVerbsKeepTheirOps(t *testing.T) {
	want := []struct {
		word string
		op   Op
	}{
		{"move", OpMove}, {"search", OpSearch}, {"wait", OpWait}, {"pickup", OpPickup},
		{"descend", OpDescend}, {"eat", OpEat}, {"quaff", OpQuaff}, {"wield", OpWield},
		{"wear", OpWear}, {"drop", OpDrop}, {"kick", OpKick}, {"chat", OpChat},
		{"inventory", OpInventory},
	}
	core := ActiveVerbs(nil)
	require.Len(t, core, len(want))
	for i, w := range want {
		assert.Equal(t, w.word, core[i].Word)
		assert.Equal(t, w.op, core[i].Op)
		assert.Equal(t, Op(i+1), w.op)
		assert.Same(t, core[i], VerbOf(w.op))
		v, ok := LookupVerb(w.word)
		assert.True(t, ok)
		assert.Same(t, core[i], v)
	}
	assert.Nil(t, VerbOf(0))
	v, ok := LookupVerb("S")
	assert.True(t, ok, "an alias, any case")
	assert.Equal(t, OpSearch, v.Op)
}

// TestAddVerb: a mechanic's verb gets the next Op and is found by its word
// and aliases; the table's mistakes panic, naming what is wrong.
func TestAddVerb(t *testing.T) {
	saved := verbs
	t.Cleanup(func() { verbs = saved })
	verbs = append([]*Verb(nil), saved...)
	next := Op(len(verbs) + 1)
	op := AddVerb(Verb{Word: "zzap", Aliases: []string{"zz"}, Arg: ArgLetterAim, Key: 'Z', Mechanic: "m"})
	assert.Equal(t, next, op)
	v, ok := LookupVerb("ZZ")
	require.True(t, ok)
	assert.Equal(t, op, v.Op)
	assert.Same(t, v, VerbOf(op))
	assert.Equal(t, "zzap L [DIR|>]", v.Form())
	assert.Len(t, ActiveVerbs([]string{"m"}), len(saved)+1)
	assert.Len(t, ActiveVerbs([]string{"other"}), len(saved))
	assert.Equal(t, v, Verbs()[len(saved)])

	for _, tc := range []struct {
		v    Verb
		want string
	}{
		{Verb{Word: "pray"}, "components: verb pray added by no mechanic"},
		{Verb{Word: "zzap", Mechanic: "n"}, "components: verb zzap: zzap is already a word of the grammar"},
		{Verb{Word: "pray", Aliases: []string{"s"}, Mechanic: "n"}, "components: verb pray: s is already a word of the grammar"},
		{Verb{Word: "ne", Mechanic: "n"}, "components: verb ne: ne is already a word of the grammar"},
		{Verb{Word: "y", Mechanic: "n"}, "components: verb y: y is already a word of the grammar"},
		{Verb{Word: "Pray", Mechanic: "n"}, `components: verb Pray: bad word or alias "Pray"`},
		{Verb{Word: "pray now", Mechanic: "n"}, `components: verb pray now: bad word or alias "pray now"`},
		{Verb{Word: "pray", Aliases: []string{"p*"}, Mechanic: "n"}, `components: verb pray: bad word or alias "p*"`},
		{Verb{Word: "pray", Key: 'Z', Mechanic: "n"}, "components: verb pray: its key is zzap's"},
	} {
		assert.PanicsWithValue(t, tc.want, func() { AddVerb(tc.v) })
	}
}
