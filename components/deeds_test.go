package components

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTheDeedTableStartsWithTheCoreDeeds (§39.1): the core deeds, worth
// 25 each, are the table's first rows in §16's order; a deed's points
// are what Deeds.Points adds; AddDeed refuses a deed of no mechanic, a
// taken or bad name, points out of range and no doc.
func TestTheDeedTableStartsWithTheCoreDeeds(t *testing.T) {
	names := DeedNames()
	assert.Equal(t, []string{"descend-2", "descend-3", "descend-5", "descend-8", "descend-12", "first-kill",
		"xlevel-3", "xlevel-5", "ate", "identified", "found", "oracle", "gold-100", "full-clock"}, names[:14])
	for _, d := range DeedTable()[:14] {
		assert.Equal(t, DeedPoints, d.Points, d.Name)
		assert.Empty(t, d.Mechanic, d.Name)
		assert.NotEmpty(t, d.Doc, d.Name)
	}
	deeds := Deeds{List: []Deed{{"ate", 3}, {"oracle", 9}, {"no such deed", 12}}}
	assert.Equal(t, 50, deeds.Points(), "an unknown name adds nothing")
	assert.Empty(t, ActiveDeeds(nil)[14:], "the core's alone without mechanics")

	for _, bad := range []DeedInfo{
		{Name: "lost", Points: 10, Doc: "x"},
		{Name: "ate", Points: 10, Doc: "x", Mechanic: "test"},
		{Name: "Big", Points: 10, Doc: "x", Mechanic: "test"},
		{Name: "a b", Points: 10, Doc: "x", Mechanic: "test"},
		{Name: "neg", Points: -1, Doc: "x", Mechanic: "test"},
		{Name: "huge", Points: MaxDeedPoints + 1, Doc: "x", Mechanic: "test"},
		{Name: "mute", Points: 10, Mechanic: "test"},
	} {
		assert.Panics(t, func() { AddDeed(bad) }, bad.Name)
	}
}

// TestAVerbWritesAPrimitive: a primitive as the grammar reads it, by the
// verb's shape.
func TestAVerbWritesAPrimitive(t *testing.T) {
	move, _ := LookupVerb("move")
	eat, _ := LookupVerb("eat")
	search, _ := LookupVerb("search")
	assert.Equal(t, "move ne", move.Text(Primitive{Op: OpMove, Dir: NorthEast}))
	assert.Equal(t, "eat c", eat.Text(Primitive{Op: OpEat, Letter: 'c'}))
	assert.Equal(t, "search", search.Text(Primitive{Op: OpSearch}))
	zap := &Verb{Word: "zap", Arg: ArgLetterAim}
	assert.Equal(t, "zap f >", zap.Text(Primitive{Letter: 'f', Aim: AimDown}))
	assert.Equal(t, "zap f w", zap.Text(Primitive{Letter: 'f', Aim: AimDir, Dir: West}))
	assert.Equal(t, "zap f", zap.Text(Primitive{Letter: 'f'}))
}
