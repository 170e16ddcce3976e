package obs_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/thirst"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/scenario"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// glow is a mechanic of this test with one status word that always
// holds, registered after thirst's two words.
const glow = "glow"

var _ = c.AddStatus(c.StatusInfo{Word: "Glow", Mechanic: glow, Holds: func(*arche.World) func() bool { return func() bool { return true } }})

func init() {
	ecs.Register(ecs.Mechanic{Name: glow, Version: "1", Doc: "the cog glows (for tests)",
		Install: func(*ecs.Scheduler) error { return nil }})
}

// conditions is s's conditions stat.
func conditions(s *sim.Sim) int32 {
	var a obs.Arrays
	new(obs.Encoder).FillArrays(s, &a)
	return a.Stats[obs.StatConditions]
}

// TestConditionBitsFollowTheEpisodesMechanics: a mechanic's status word
// is bit 4+i of the conditions, i its place among the words of the
// mechanics the episode installs, in their order — not among every
// word the program links: glow's word, registered after thirst's two,
// is bit 4 in an episode without thirst, and after thirst's in one
// that installs thirst first. Conditions names the bits as the status
// line shows the words.
func TestConditionBitsFollowTheEpisodesMechanics(t *testing.T) {
	core := c.CoreStatusWords[:]
	thirsty := func(n int) map[string]json.RawMessage {
		return map[string]json.RawMessage{thirst.Name: json.RawMessage(fmt.Sprintf(`{"thirst": %d}`, n))}
	}
	for _, tc := range []struct {
		mechanics []string
		thirst    int
		words     []string
		bits      int32
	}{
		{nil, 0, nil, 0},
		{[]string{glow}, 0, []string{"Glow"}, 1 << 4},
		{[]string{thirst.Name}, 250, []string{"Thirsty", "Parched"}, 1<<4 | 1<<5},
		{[]string{glow, thirst.Name}, 250, []string{"Glow", "Thirsty", "Parched"}, 1<<4 | 1<<5 | 1<<6},
		{[]string{thirst.Name, glow}, 150, []string{"Thirsty", "Parched", "Glow"}, 1<<4 | 1<<6},
	} {
		sc := scenario.Scenario{Map: withCog(hall, 5, 3)}
		if tc.thirst > 0 {
			sc.Mechanics = thirsty(tc.thirst)
		}
		s := start(t, 1, sc, tc.mechanics...)
		names := obs.Conditions(s.State().Mechanics)
		assert.Equal(t, append(append([]string(nil), core...), tc.words...), names, "%v", tc.mechanics)
		assert.Equal(t, fmt.Sprint(names[len(core):]), fmt.Sprint(s.Frame().Status.Words), "%v: the status line's words, in the bits' order", tc.mechanics)
		assert.Equal(t, tc.bits, conditions(s), "%v", tc.mechanics)
		table := obs.NewActionTable(s.State().Mechanics)
		assert.Equal(t, names, obs.DefaultLayout(s.State().Mechanics, table).Conditions, "%v", tc.mechanics)
		var shown []string
		for i, w := range names {
			if tc.bits&(1<<i) != 0 {
				shown = append(shown, w)
			}
		}
		status := strings.Split(string(s.Observe()), "\n")[19]
		assert.True(t, strings.HasSuffix(status, strings.Join(append([]string{""}, shown...), " ")), "%v: %q", tc.mechanics, status)
	}
}

// TestTheRecordsFieldsFollowEachOther: each field of the layout starts
// where the one before ends (rounded up to its element's size), the
// mask last, and the record is the mask's end rounded up to 64 bytes:
// with every key and 9 × 9 crops, the mask at 6 416 and 6 592 bytes for
// the cog game's 159 actions; with glyphs and stats alone, 1 984.
func TestTheRecordsFieldsFollowEachOther(t *testing.T) {
	size := map[string]int{"<i4": 4, "<u4": 4, "<i2": 2, "|u1": 1, "|i1": 1}
	table := obs.NewActionTable(nil)
	for _, tc := range []struct {
		keys             []string
		names            []string
		maskOffset, size int
	}{
		{nil, []string{"env", "flags", "reward", "stats", "message", "status", "chars", "glyphs", "colors",
			"inv_letters", "inv_oclasses", "inv_glyphs", "inv_strs", "glyphs_crop", "chars_crop", "colors_crop", "mask"}, 6416, 6592},
		{[]string{"stats", "glyphs", "action_mask"}, []string{"env", "flags", "reward", "stats", "glyphs", "mask"}, 1796, 1984},
		{[]string{"message", "chars_crop", "action_mask"}, []string{"env", "flags", "reward", "message", "chars_crop", "mask"}, 349, 512},
		{[]string{"action_mask", "message", "chars"}, []string{"env", "flags", "reward", "message", "status", "chars", "mask"}, 1260, 1472},
	} {
		l, err := obs.NewLayout(nil, table, tc.keys, 0)
		require.NoError(t, err)
		at := 0
		var names []string
		for _, f := range l.Fields {
			n, ok := size[f.Dtype]
			require.True(t, ok, "%s: dtype %q", f.Name, f.Dtype)
			at = (at + n - 1) / n * n
			require.Equal(t, at, f.Offset, f.Name)
			for _, d := range f.Shape {
				n *= d
			}
			at += n
			names = append(names, f.Name)
		}
		assert.Equal(t, tc.names, names, "%v", tc.keys)
		last := l.Fields[len(l.Fields)-1]
		assert.Equal(t, l.MaskOffset, last.Offset)
		assert.Equal(t, []int{159}, last.Shape)
		assert.Equal(t, tc.maskOffset, l.MaskOffset, "%v", tc.keys)
		assert.Equal(t, tc.size, l.Size, "%v", tc.keys)
		assert.Zero(t, l.Size%l.Align)
		assert.Equal(t, obs.StatNames[:], l.Stats)
		assert.Equal(t, table.Replies(), l.Actions)
		assert.Equal(t, 9, l.Crop)
	}
	// Without the mask's key the record has no mask: glyphs and stats
	// alone are 1 796 bytes, 1 856 with the padding.
	l, err := obs.NewLayout(nil, table, []string{"glyphs", "stats"}, 0)
	require.NoError(t, err)
	assert.Equal(t, -1, l.MaskOffset)
	assert.Equal(t, "glyphs", l.Fields[len(l.Fields)-1].Name)
	assert.Equal(t, 1856, l.Size)
	l = obs.DefaultLayout(nil, table)
	assert.Equal(t, obs.OffCrops, l.Fields[len(l.Fields)-4].Offset, "glyphs_crop")
	assert.Equal(t, obs.Keys, l.Keys)
	assert.Equal(t, []string{"terminated", "truncated", "unusable", "ended", "ignored", "deeds"}, l.Flags)
	for bit, name := range map[int]string{obs.FlagTerminated: "terminated", obs.FlagEnded: "ended", obs.FlagDeeds: "deeds"} {
		k := 0
		for 1<<k != bit {
			k++
		}
		assert.Equal(t, name, l.Flags[k])
	}
	for _, bad := range []struct {
		keys []string
		crop int
		err  string
	}{
		{[]string{"glyph"}, 0, `keys: unknown "glyph"`},
		{[]string{"stats", "stats"}, 0, `keys: "stats" twice`},
		{[]string{}, 0, "keys: none"},
		{nil, 8, "crop: must be odd"},
		{nil, -1, "crop: must be odd"},
		{nil, obs.MaxCrop + 2, "crop: must be odd"},
	} {
		_, err := obs.NewLayout(nil, table, bad.keys, bad.crop)
		assert.ErrorContains(t, err, bad.err, "%v %d", bad.keys, bad.crop)
	}
}

// TestTheStatsHoldTheLargestClock: the largest clock an episode may
// have is the maxTurns stat as it is (issue 25: 3e9 turns showed as
// −1294967296).
func TestTheStatsHoldTheLargestClock(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1, MaxTurns: sim.MaxClockTurns})
	require.NoError(t, err)
	s.Turn("s")
	var a obs.Arrays
	new(obs.Encoder).FillArrays(s, &a)
	assert.Equal(t, int32(sim.MaxClockTurns), a.Stats[obs.StatMaxTurns])
}

// record is every field an Encoder writes of s's observation, the pack
// and the mask included.
func record(enc *obs.Encoder, s *sim.Sim, table *obs.ActionTable) string {
	var buf [obs.OffCrops - obs.OffMessage]byte
	b := buf[:]
	cut := func(n int) []byte { f := b[:n:n]; b = b[n:]; return f }
	mask := make([]byte, table.Len())
	stats := enc.FillRecord(s, obs.RecordFields{Message: cut(obs.MessageBytes), Status: cut(obs.StatusBytes), Chars: cut(c.N),
		Glyphs: cut(2 * c.N), Colors: cut(c.N), InvLetters: cut(obs.InvSlots), InvClasses: cut(obs.InvSlots),
		InvGlyphs: cut(2 * obs.InvSlots), InvStrs: cut(obs.InvSlots * obs.InvStrBytes), Mask: mask, MaskTable: table})
	return fmt.Sprint(stats) + string(buf[:]) + string(mask)
}

// TestAnEncoderFollowsItsEpisode: one Encoder writing two Sims in turn,
// one of them restored to an earlier point now and then, writes what a
// fresh Encoder writes of each: what it keeps starts anew with the Sim
// and with its episode.
func TestAnEncoderFollowsItsEpisode(t *testing.T) {
	kit := scenario.Scenario{Map: withCog(hall, 5, 3), Cog: &scenario.Cog{Inventory: []scenario.Stack{
		{Kind: "potion of healing"}, {Kind: "potion of sleeping"}, {Kind: "food ration"}}}}
	a, b := start(t, 4, kit), start(t, 5, kit)
	table := obs.NewActionTable(nil)
	var shared obs.Encoder
	var snap *sim.Snapshot
	script := []string{"e e", "q a", "w n", "search", "eat c", "s s e"}
	for step := range 24 {
		for _, s := range []*sim.Sim{a, b} {
			require.Equal(t, record(new(obs.Encoder), s, table), record(&shared, s, table), "step %d", step)
		}
		switch {
		case step == 3:
			snap = a.Snapshot()
		case step%5 == 4:
			require.NoError(t, a.Restore(snap))
			continue
		}
		a.Turn(script[step%len(script)])
		b.Turn(script[(step+1)%len(script)])
	}
}
