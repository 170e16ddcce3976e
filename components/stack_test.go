package components

import (
	"encoding/json"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plainStack is Stack as it was before its padding was made explicit:
// its JSON is what a Stack's must stay.
type plainStack struct {
	Kind  ItemKind
	Count int
	Spe   int32 `json:",omitempty"`
}

// TestStackJSONIsThePlainStructs: a pack writes the same bytes as one of
// plain stacks would, and reads them back, fields absent in the JSON
// keeping their values as in a plain struct.
func TestStackJSONIsThePlainStructs(t *testing.T) {
	inv := Inventory{Wielded: 1, Worn: NoSlot}
	inv.Slots[0] = Stack{Kind: 3, Count: 2}
	inv.Slots[1] = Stack{Kind: 1, Count: 1, Spe: -4}
	var plain struct {
		Slots   [26]plainStack
		Wielded int
		Worn    int
	}
	for i, st := range inv.Slots {
		plain.Slots[i] = plainStack{Kind: st.Kind, Count: st.Count, Spe: st.Spe}
	}
	plain.Wielded, plain.Worn = inv.Wielded, inv.Worn
	got, err := json.Marshal(inv)
	require.NoError(t, err)
	want, err := json.Marshal(plain)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	var back Inventory
	require.NoError(t, json.Unmarshal(got, &back))
	assert.Equal(t, inv, back)

	st := Stack{Kind: 2, Count: 5, Spe: 7}
	require.NoError(t, json.Unmarshal([]byte(`{"Count":1}`), &st))
	assert.Equal(t, Stack{Kind: 2, Count: 1, Spe: 7}, st)
	require.NoError(t, json.Unmarshal([]byte(`null`), &st))
	assert.Equal(t, Stack{Kind: 2, Count: 1, Spe: 7}, st)
}

// TestStackHasNoPadding: the explicit padding fills the Stack, so a pack
// compares as plain memory.
func TestStackHasNoPadding(t *testing.T) {
	var s Stack
	assert.Equal(t, unsafe.Sizeof(s.Kind)+unsafe.Sizeof(s.pad)+unsafe.Sizeof(s.Count)+unsafe.Sizeof(s.Spe)+unsafe.Sizeof(s.pad2), unsafe.Sizeof(s))
	assert.Equal(t, unsafe.Offsetof(s.Count), unsafe.Sizeof(s.Kind)+unsafe.Sizeof(s.pad))
	assert.Equal(t, unsafe.Offsetof(s.pad2), unsafe.Offsetof(s.Spe)+unsafe.Sizeof(s.Spe))
}
