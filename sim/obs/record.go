package obs

import (
	"fmt"
	"slices"
	"strings"

	c "github.com/cogsim/cogsim/components"
)

// The binary observation record of cogsim serve (docs/serve.md): fixed
// size for a session, little endian, laid out so that numpy reads a
// batch with one structured dtype. A session's record holds the fields
// of its observation keys ([Keys], NLE's observation_keys) and no
// others; with every key, the default, the offsets of its fields in
// bytes are these ([Layout] describes any record):
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
	// OffCrops is where the egocentric crops start: glyphs_crop,
	// chars_crop and colors_crop, each crop × crop; the action mask
	// follows them (one byte an action of the session's list), then
	// zero padding to the record's size.
	OffCrops = OffInvStrs + InvSlots*InvStrBytes

	// StatusBytes is the room for the status line.
	StatusBytes = 128
	// RecordAlign is what a record's size is a multiple of: a cache
	// line, so that workers filling neighbouring records never share
	// one.
	RecordAlign = 64
)

// The egocentric crops (§37.3): a crop × crop window of the map centred
// on the cog, rock outside the board.
const (
	// DefaultCrop is the crop's side unless a session says otherwise.
	DefaultCrop = 9
	// MaxCrop bounds it: the whole board around a cog in a corner.
	MaxCrop = 2*c.W - 1
)

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
// little-endian int32, "<u4", "<i2", "|u1" a byte, "|i1" a signed
// byte), its shape (empty for a scalar) and its offset in bytes.
type Field struct {
	Name   string `json:"name"`
	Dtype  string `json:"dtype"`
	Shape  []int  `json:"shape"`
	Offset int    `json:"offset"`
}

// Keys are the observation's arrays, in the record's order: the names a
// session's observation keys are chosen from (NLE's observation_keys,
// §37.3) and the Python observation's keys, then "action_mask", the
// action mask (Python's info["action_mask"]), an array a session also
// computes only when asked. Every key is the default.
var Keys = []string{"stats", "message", "chars", "glyphs", "colors", "inv_letters", "inv_oclasses",
	"inv_glyphs", "inv_strs", "glyphs_crop", "chars_crop", "colors_crop", KeyMask}

// KeyMask is the action mask's key.
const KeyMask = "action_mask"

// The record's fields, in order: the header (always), the observation's
// arrays, the status line (with chars and message: the text), the mask.
const (
	fieldEnv = iota
	fieldFlags
	fieldReward
	fieldStats
	fieldMessage
	fieldStatus
	fieldChars
	fieldGlyphs
	fieldColors
	fieldInvLetters
	fieldInvClasses
	fieldInvGlyphs
	fieldInvStrs
	fieldGlyphsCrop
	fieldCharsCrop
	fieldColorsCrop
	fieldMask
	numFields
)

// fieldSpec is a field of the record as a layout may hold it; a crop's
// shape is the layout's crop.
type fieldSpec struct {
	name, dtype string
	size        int // of an element
	shape       []int
	crop        bool
}

var fieldSpecs = [numFields]fieldSpec{
	fieldEnv:        {"env", "<i4", 4, []int{}, false},
	fieldFlags:      {"flags", "<u4", 4, []int{}, false},
	fieldReward:     {"reward", "<i4", 4, []int{}, false},
	fieldStats:      {"stats", "<i4", 4, []int{NumStats}, false},
	fieldMessage:    {"message", "|u1", 1, []int{MessageBytes}, false},
	fieldStatus:     {"status", "|u1", 1, []int{StatusBytes}, false},
	fieldChars:      {"chars", "|u1", 1, []int{c.H, c.W}, false},
	fieldGlyphs:     {"glyphs", "<i2", 2, []int{c.H, c.W}, false},
	fieldColors:     {"colors", "|u1", 1, []int{c.H, c.W}, false},
	fieldInvLetters: {"inv_letters", "|u1", 1, []int{InvSlots}, false},
	fieldInvClasses: {"inv_oclasses", "|u1", 1, []int{InvSlots}, false},
	fieldInvGlyphs:  {"inv_glyphs", "<i2", 2, []int{InvSlots}, false},
	fieldInvStrs:    {"inv_strs", "|u1", 1, []int{InvSlots, InvStrBytes}, false},
	fieldGlyphsCrop: {"glyphs_crop", "<i2", 2, nil, true},
	fieldCharsCrop:  {"chars_crop", "|u1", 1, nil, true},
	fieldColorsCrop: {"colors_crop", "|u1", 1, nil, true},
	fieldMask:       {"mask", "|i1", 1, nil, false},
}

// Layout describes the record of a session, so that a client builds its
// reader from the server's description instead of typing it twice
// (docs/serve.md, info's "layout"): the fields of its keys in order,
// the mask last (shape [len(Actions)], at MaskOffset; -1 without the
// key "action_mask"); the record's Size, its fields' end rounded up to
// a multiple of Align; the names of the
// stats in order, of the conditions' bits from the low one, of the
// flags' bits, and the session's actions; its observation keys and the
// crops' side.
type Layout struct {
	Fields     []Field  `json:"fields"`
	MaskOffset int      `json:"maskOffset"`
	Align      int      `json:"align"`
	Size       int      `json:"size"`
	Stats      []string `json:"stats"`
	Conditions []string `json:"conditions"`
	Flags      []string `json:"flags"`
	Actions    []string `json:"actions"`
	Keys       []string `json:"keys"`
	Crop       int      `json:"crop"`
	// at is each field's offset, -1 when the record lacks it; ends its
	// end.
	at, ends [numFields]int
}

// NewLayout is the record's layout of a session whose episodes install
// the mechanics active (the variant's first, as [sim.Sim.MechanicNames]
// lists them), with their action list t ([NewActionTable] of active),
// holding the arrays keys names (nil: every key; the order does not
// matter) with crops of crop × crop cells (0: [DefaultCrop]).
func NewLayout(active []string, t *ActionTable, keys []string, crop int) (Layout, error) {
	if crop == 0 {
		crop = DefaultCrop
	}
	if crop < 1 || crop > MaxCrop || crop%2 == 0 {
		return Layout{}, fmt.Errorf("crop: must be odd, 1 … %d, got %d", MaxCrop, crop)
	}
	want := map[string]bool{}
	if keys == nil {
		keys = Keys
	}
	for _, k := range keys {
		if !slices.Contains(Keys, k) {
			return Layout{}, fmt.Errorf("keys: unknown %q (%s)", k, strings.Join(Keys, ", "))
		}
		if want[k] {
			return Layout{}, fmt.Errorf("keys: %q twice", k)
		}
		want[k] = true
	}
	if len(want) == 0 {
		return Layout{}, fmt.Errorf("keys: none (%s)", strings.Join(Keys, ", "))
	}
	l := Layout{Align: RecordAlign, Stats: StatNames[:], Conditions: Conditions(active), Flags: FlagNames,
		Actions: t.Replies(), Crop: crop}
	for _, k := range Keys {
		if want[k] {
			l.Keys = append(l.Keys, k)
		}
	}
	at := 0
	for f := range numFields {
		spec := fieldSpecs[f]
		has := f <= fieldReward || want[spec.name] || f == fieldMask && want[KeyMask] ||
			f == fieldStatus && want["chars"] && want["message"]
		l.at[f], l.ends[f] = -1, -1
		if !has {
			continue
		}
		shape := spec.shape
		switch {
		case spec.crop:
			shape = []int{crop, crop}
		case f == fieldMask:
			shape = []int{t.Len()}
		}
		n := spec.size
		for _, d := range shape {
			n *= d
		}
		at = (at + spec.size - 1) / spec.size * spec.size
		l.Fields = append(l.Fields, Field{spec.name, spec.dtype, shape, at})
		l.at[f], l.ends[f] = at, at+n
		at += n
	}
	l.MaskOffset = l.at[fieldMask] // -1 without the mask
	l.Size = (at + RecordAlign - 1) / RecordAlign * RecordAlign
	return l, nil
}

// DefaultLayout is the layout of every key and the default crop.
func DefaultLayout(active []string, t *ActionTable) Layout {
	l, err := NewLayout(active, t, nil, 0)
	if err != nil {
		panic(err)
	}
	return l
}

// field is rec's field f, nil when the record lacks it.
func (l *Layout) field(rec []byte, f int) []byte {
	if l.at[f] < 0 {
		return nil
	}
	return rec[l.at[f]:l.ends[f]:l.ends[f]]
}

// Record is where [Encoder.FillRecord] writes the arrays of a record
// laid out by l (rec, of l.Size bytes): its fields, nil for those it
// lacks, the mask of table t included.
func (l *Layout) Record(rec []byte, t *ActionTable) RecordFields {
	return RecordFields{
		Message: l.field(rec, fieldMessage), Status: l.field(rec, fieldStatus),
		Chars: l.field(rec, fieldChars), Glyphs: l.field(rec, fieldGlyphs), Colors: l.field(rec, fieldColors),
		InvLetters: l.field(rec, fieldInvLetters), InvClasses: l.field(rec, fieldInvClasses),
		InvGlyphs: l.field(rec, fieldInvGlyphs), InvStrs: l.field(rec, fieldInvStrs),
		GlyphsCrop: l.field(rec, fieldGlyphsCrop), CharsCrop: l.field(rec, fieldCharsCrop),
		ColorsCrop: l.field(rec, fieldColorsCrop), Crop: l.Crop,
		Mask: l.field(rec, fieldMask), MaskTable: t,
	}
}

// End is where the record's last field ends: zero padding follows, to
// Size.
func (l *Layout) End() int {
	end := 0
	for _, e := range l.ends {
		end = max(end, e)
	}
	return end
}

// StatsOffset is where the stats are in the record, -1 when it lacks
// them.
func (l *Layout) StatsOffset() int { return l.at[fieldStats] }
