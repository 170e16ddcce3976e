package obs

import (
	c "github.com/cogsim/cogsim/components"
)

// The binary observation record of cogsim serve (docs/serve.md): fixed
// size for a session, little endian, laid out so that numpy reads a
// batch with one structured dtype. The offsets of its fields, in bytes
// ([Fields] describes each):
const (
	OffEnv        = 0
	OffFlags      = 4
	OffReward     = 8
	OffStats      = 12
	OffMessage    = OffStats + 4*NumStats
	OffStatus     = OffMessage + MessageBytes
	OffChars      = OffStatus + StatusBytes
	OffGlyphs     = OffChars + c.N
	OffColors     = OffGlyphs + 2*c.N
	OffInvLetters = OffColors + c.N
	OffInvClasses = OffInvLetters + InvSlots
	OffInvGlyphs  = OffInvClasses + InvSlots
	OffInvStrs    = OffInvGlyphs + 2*InvSlots
	// OffMask is the action mask: one byte an action of the session's
	// list, then zero padding to RecordSize.
	OffMask = OffInvStrs + InvSlots*InvStrBytes

	// StatusBytes is the room for the status line.
	StatusBytes = 128
	// RecordAlign is what a record's size is a multiple of: a cache
	// line, so that workers filling neighbouring records never share
	// one.
	RecordAlign = 64
)

// RecordSize is the size of one observation record of a session whose
// action list has actions entries.
func RecordSize(actions int) int {
	return (OffMask + actions + RecordAlign - 1) / RecordAlign * RecordAlign
}

// The record's flag bits, [FlagNames] in order.
const (
	FlagTerminated = 1 << iota
	FlagTruncated
	FlagUnusable
	FlagEnded   // the trailer holds the result
	FlagIgnored // the trailer holds the ignored tokens
	FlagDeeds   // the trailer holds the deeds earned since the last observation
)

// FlagNames names the flag bits, the low bit first.
var FlagNames = []string{"terminated", "truncated", "unusable", "ended", "ignored", "deeds"}

// Field is one field of the record: its name, its numpy type ("<i4" a
// little-endian int32, "<u4", "<i2", "|u1" a byte, "|b1" a byte read as
// a bool), its shape (empty for a scalar) and its offset in bytes.
type Field struct {
	Name   string `json:"name"`
	Dtype  string `json:"dtype"`
	Shape  []int  `json:"shape"`
	Offset int    `json:"offset"`
}

// Fields are the record's fixed fields in order, each starting where
// the one before ends; the action mask ([OffMask]) follows them. Their
// names are the Python observation's keys (NLE's convention).
var Fields = []Field{
	{"env", "<i4", []int{}, OffEnv},
	{"flags", "<u4", []int{}, OffFlags},
	{"reward", "<i4", []int{}, OffReward},
	{"stats", "<i4", []int{NumStats}, OffStats},
	{"message", "|u1", []int{MessageBytes}, OffMessage},
	{"status", "|u1", []int{StatusBytes}, OffStatus},
	{"chars", "|u1", []int{c.H, c.W}, OffChars},
	{"glyphs", "<i2", []int{c.H, c.W}, OffGlyphs},
	{"colors", "|u1", []int{c.H, c.W}, OffColors},
	{"inv_letters", "|u1", []int{InvSlots}, OffInvLetters},
	{"inv_oclasses", "|u1", []int{InvSlots}, OffInvClasses},
	{"inv_glyphs", "<i2", []int{InvSlots}, OffInvGlyphs},
	{"inv_strs", "|u1", []int{InvSlots, InvStrBytes}, OffInvStrs},
}

// Layout describes the record of a session, so that a client builds its
// reader from the server's description instead of typing it twice
// (docs/serve.md, info's "layout"): the fields, the mask last (shape
// [len(Actions)]); the record's Size, MaskOffset + len(Actions) rounded
// up to a multiple of Align; the names of the stats in order, of the
// conditions' bits from the low one, of the flags' bits, and the
// session's actions.
type Layout struct {
	Fields     []Field  `json:"fields"`
	MaskOffset int      `json:"maskOffset"`
	Align      int      `json:"align"`
	Size       int      `json:"size"`
	Stats      []string `json:"stats"`
	Conditions []string `json:"conditions"`
	Flags      []string `json:"flags"`
	Actions    []string `json:"actions"`
}

// NewLayout is the record's layout of a session whose episodes install
// the mechanics active (the variant's first, as [sim.Sim.MechanicNames]
// lists them), with their action list t ([NewActionTable] of active).
func NewLayout(active []string, t *ActionTable) Layout {
	fields := append([]Field(nil), Fields...)
	fields = append(fields, Field{"mask", "|b1", []int{t.Len()}, OffMask})
	return Layout{Fields: fields, MaskOffset: OffMask, Align: RecordAlign, Size: RecordSize(t.Len()),
		Stats: StatNames[:], Conditions: Conditions(active), Flags: FlagNames, Actions: t.Replies()}
}
