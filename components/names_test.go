package components_test

import (
	"encoding/json"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKindsAreWrittenByName: every row of the species, item and trap
// tables encodes as its name and decodes to its id; an unknown name is
// refused, naming it (§32.1).
func TestKindsAreWrittenByName(t *testing.T) {
	for i := range c.Species {
		roundTrip(t, c.SpeciesID(i), `"`+c.Species[i].Name+`"`)
	}
	for i := range c.ItemKinds {
		roundTrip(t, c.ItemKind(i), `"`+c.ItemKinds[i].Name+`"`)
	}
	for i := range c.TrapKinds {
		roundTrip(t, c.TrapKind(i), `"`+c.TrapKinds[i].Name+`"`)
	}
	var sp c.SpeciesID
	assert.EqualError(t, json.Unmarshal([]byte(`"killer bee"`), &sp), `unknown species "killer bee" (made by a mechanic this binary lacks?)`)
	var it c.ItemKind
	assert.EqualError(t, json.Unmarshal([]byte(`"wand of digging"`), &it), `unknown item kind "wand of digging" (made by a mechanic this binary lacks?)`)
	var tr c.TrapKind
	assert.EqualError(t, json.Unmarshal([]byte(`"magic trap"`), &tr), `unknown trap kind "magic trap" (made by a mechanic this binary lacks?)`)
	_, err := json.Marshal(c.Monster{Species: c.SpeciesID(len(c.Species))})
	assert.ErrorContains(t, err, "no such row")
}

func roundTrip[T comparable](t *testing.T, v T, want string) {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, want, string(b))
	var back T
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, v, back)
}
