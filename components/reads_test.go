package components

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAClassSaysHowItsUnidentifiedItemsRead (§39.2): a class's Reads
// places the appearance and the noun, the article follows the first
// word, and a stack makes the noun plural; without Reads an item reads
// as a potion does.
func TestAClassSaysHowItsUnidentifiedItemsRead(t *testing.T) {
	var kn Knowledge
	scroll := &ClassInfo{Name: "scroll", Noun: "scroll", Reads: "{noun} labelled {appearance}"}
	parts, bad := parseReads(scroll.Reads)
	assert.Empty(t, bad)
	scroll.reads = parts
	wand := &ClassInfo{Name: "wand", Noun: "wand"}
	cases := []struct {
		ci      *ClassInfo
		app     string
		plural  bool
		article bool
		want    string
	}{
		{scroll, "ZELGO MER", false, true, "a scroll labelled ZELGO MER"},
		{scroll, "ZELGO MER", true, false, "scrolls labelled ZELGO MER"},
		{scroll, "ELBIB YLOH", false, false, "scroll labelled ELBIB YLOH"},
		{wand, "oak", false, true, "an oak wand"},
		{wand, "oak", true, false, "oak wands"},
		{wand, "tin", false, false, "tin wand"},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, string(kn.appendUnknown(nil, tc.ci, tc.app, tc.plural, tc.article)))
	}
	for reads, want := range map[string]string{
		"{noun}":                    "not one {appearance}",
		"{appearance} {appearance}": "not one {appearance}",
		"{appearance} {nouns}":      "an unknown {placeholder}",
		"{appearance} }":            "a stray }",
		"x} {appearance}":           "a stray }",
	} {
		_, bad := parseReads(reads)
		assert.Contains(t, bad, want, reads)
	}
	assert.Panics(t, func() {
		AddClass(ClassInfo{Name: "bad-reads", Glyph: 0x01, Noun: "x", Appearances: []string{"a"}, Reads: "{noun}", Mechanic: "test"})
	})
}

// TestWeaponsAndArmourShowTheirSpe: a weapon or armour with a Spe reads
// with it, NetHack's enchantment; without one, as always; a potion never
// shows its Spe.
func TestWeaponsAndArmourShowTheirSpe(t *testing.T) {
	var kn Knowledge
	name := func(k ItemKind, count int, spe int32) string { return string(kn.AppendName(nil, k, count, spe)) }
	assert.Equal(t, "a dagger", name(Dagger, 1, 0))
	assert.Equal(t, "a +1 dagger", name(Dagger, 1, 1))
	assert.Equal(t, "a -2 long sword", name(LongSword, 1, -2))
	assert.Equal(t, "+3 leather armour", name(LeatherArmour, 1, 3))
	assert.Equal(t, "leather armour", name(LeatherArmour, 1, 0))
	assert.Equal(t, "2 +1 daggers", name(Dagger, 2, 1))
	assert.Equal(t, "a potion of healing", name(PotionHealing, 1, 4))
	assert.Equal(t, "+1 dagger", string(kn.AppendBareName(nil, Dagger, 1)))
}
