package bench

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
)

// tickOrder is the names of the systems of an episode under rules and
// mechanics, in tick order.
func tickOrder(t *testing.T, rules string, mechanics ...string) []string {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 1, Rules: rules, Mechanics: mechanics})
	require.NoError(t, err)
	return s.Scheduler().Names()
}

// measured records a short game under sel and measures it with o.
func measured(t *testing.T, ticks int, sel Selection, o Options) *Report {
	t.Helper()
	g, err := RecordUnder(context.Background(), StandardAgent, ticks, sel)
	require.NoError(t, err)
	rep, err := Measure(context.Background(), g, o)
	require.NoError(t, err)
	assert.Equal(t, g.Ticks, rep.Ticks)
	assert.Len(t, g.Episodes, rep.Episodes)
	return rep
}

func TestMeasureAddsUpTheTick(t *testing.T) {
	rep := measured(t, 3000, Selection{}, Options{})
	assert.Equal(t, StandardAgent, rep.Agent)
	assert.Equal(t, "cog", rep.Rules)
	assert.Empty(t, rep.Mechanics)
	assert.Equal(t, 1, rep.Runs, "no runs is one")
	assert.GreaterOrEqual(t, rep.Ticks, 3000)
	assert.Equal(t, rep.Ticks, rep.AllocTicks, "short games count allocations throughout")
	assert.Positive(t, rep.TicksPerSecond)
	assert.InDelta(t, 1e9/rep.TicksPerSecond, rep.NsPerTick, 1e-6)
	assert.GreaterOrEqual(t, rep.AllocsPerTick, 0.0)
	assert.Empty(t, rep.Profile)
	assert.Zero(t, rep.ProfileTicks)
	var names []string
	sum, allocs := 0.0, 0.0
	for _, s := range rep.Systems {
		names = append(names, s.Name)
		assert.GreaterOrEqual(t, s.NsPerTick, 0.0, s.Name)
		assert.InDelta(t, s.NsPerTick/rep.NsPerTick, s.Share, 1e-9, s.Name)
		assert.GreaterOrEqual(t, s.AllocsPerTick, 0.0, s.Name)
		assert.Empty(t, s.By, s.Name)
		assert.Empty(t, s.ReplacedBy, s.Name)
		sum += s.NsPerTick
		allocs += s.AllocsPerTick
	}
	assert.Equal(t, tickOrder(t, ""), names, "every system, in tick order")
	// Timed and untimed passes differ a little, so the rest is what the
	// systems leave of the tick, or nothing.
	assert.InDelta(t, max(rep.NsPerTick-sum, 0), rep.OtherNsPerTick, 1e-6, "the systems and the rest make the tick")
	assert.InDelta(t, max(rep.AllocsPerTick-allocs, 0), rep.OtherAllocsPerTick, 1e-9)
	assert.LessOrEqual(t, allocs, rep.AllocsPerTick+1e-9, "the systems' allocations are part of the engine's")
}

func TestMeasureUnderASelectionNamesItsMechanics(t *testing.T) {
	rep := measured(t, 2000, Selection{Rules: "nethack", Mechanics: []string{"wands"}}, Options{Runs: 2})
	assert.Equal(t, "nethack", rep.Rules)
	assert.Equal(t, []string{"wands"}, rep.Mechanics)
	assert.Equal(t, 2, rep.Runs)
	byName := map[string]SystemCost{}
	var names []string
	for _, s := range rep.Systems {
		byName[s.Name] = s
		names = append(names, s.Name)
	}
	assert.Equal(t, tickOrder(t, "nethack", "wands"), names, "the selection's tick, in order")
	assert.Equal(t, "wands", byName["zap"].By)
	assert.Equal(t, "nethack-hunger", byName["melee-hunger"].By, "installed with nethack's stomach")
	assert.Equal(t, "nethack-hunger", byName["hunger"].ReplacedBy, "nethack's stomach runs in hunger's place")
	assert.Positive(t, byName["hunger"].NsPerTick, "the replaced slot is timed")
	assert.Empty(t, byName["ai"].By, "a core system")
}

func TestMeasureRefusesAGameWithoutTicks(t *testing.T) {
	_, err := Measure(context.Background(), &Game{Agent: StandardAgent}, Options{})
	assert.EqualError(t, err, "bench: the game has no ticks")
}

func TestMeasureStopsWhenCancelled(t *testing.T) {
	g, err := Record(context.Background(), StandardAgent, 100)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Measure(ctx, g, Options{})
	assert.ErrorIs(t, err, context.Canceled)
}

func TestMeasureProfileCarriesSystemLabels(t *testing.T) {
	for name, rules := range map[string]string{"standard": "", "nethack": "nethack"} {
		t.Run(name, func(t *testing.T) {
			var prof bytes.Buffer
			rep := measured(t, 2000, Selection{Rules: rules},
				Options{Profile: &prof, ProfileName: "cpu.prof", ProfileTime: time.Second})
			assert.Equal(t, "cpu.prof", rep.Profile)
			assert.GreaterOrEqual(t, rep.ProfileTicks, rep.Ticks, "the game once at least")

			zr, err := gzip.NewReader(&prof)
			require.NoError(t, err)
			raw, err := io.ReadAll(zr)
			require.NoError(t, err)
			labelled := systemLabels(t, raw)
			require.NotEmpty(t, labelled, "samples labelled system=<name>")
			known := map[string]bool{}
			for _, n := range tickOrder(t, rules) {
				known[n] = true
			}
			for name := range labelled {
				assert.True(t, known[name], "system=%s is a system of the game", name)
			}
			assert.Positive(t, labelled["ai"], "the ai system was sampled: %v", labelled)
		})
	}
}

// systemLabels decodes a pprof profile (profile.proto) just enough to
// count the samples by their string label system=<name>: Profile.sample
// (field 2) holds Sample.label (field 3) with key and str (fields 1, 2),
// indices into Profile.string_table (field 6).
func systemLabels(t *testing.T, raw []byte) map[string]int {
	t.Helper()
	var strs []string
	type label struct{ key, str uint64 }
	var samples [][]label
	require.NoError(t, protoFields(raw, func(num int, v uint64, b []byte) error {
		switch num {
		case 6:
			strs = append(strs, string(b))
		case 2:
			var ls []label
			err := protoFields(b, func(num int, _ uint64, b []byte) error {
				if num != 3 {
					return nil
				}
				var l label
				err := protoFields(b, func(num int, v uint64, _ []byte) error {
					switch num {
					case 1:
						l.key = v
					case 2:
						l.str = v
					}
					return nil
				})
				ls = append(ls, l)
				return err
			})
			samples = append(samples, ls)
			return err
		}
		return nil
	}))
	counts := map[string]int{}
	for _, ls := range samples {
		for _, l := range ls {
			require.Less(t, l.key, uint64(len(strs)))
			require.Less(t, l.str, uint64(len(strs)))
			if strs[l.key] == "system" {
				counts[strs[l.str]]++
			}
		}
	}
	return counts
}

// protoFields calls f with each field of a protobuf message: its number,
// its value (varint and fixed fields) or its bytes (length-delimited).
func protoFields(b []byte, f func(num int, v uint64, data []byte) error) error {
	for len(b) > 0 {
		tag, n := binary.Uvarint(b)
		if n <= 0 {
			return errors.New("bad tag")
		}
		b = b[n:]
		var v uint64
		var data []byte
		switch tag & 7 {
		case 0:
			if v, n = binary.Uvarint(b); n <= 0 {
				return errors.New("bad varint")
			}
			b = b[n:]
		case 1:
			if len(b) < 8 {
				return errors.New("short fixed64")
			}
			v, b = binary.LittleEndian.Uint64(b), b[8:]
		case 2:
			l, n := binary.Uvarint(b)
			if n <= 0 || uint64(len(b)-n) < l {
				return errors.New("bad length")
			}
			data, b = b[n:n+int(l)], b[n+int(l):]
		case 5:
			if len(b) < 4 {
				return errors.New("short fixed32")
			}
			v, b = uint64(binary.LittleEndian.Uint32(b)), b[4:]
		default:
			return errors.New("unknown wire type")
		}
		if err := f(int(tag>>3), v, data); err != nil {
			return err
		}
	}
	return nil
}

// TestVerbSystemsRunOnlyOnTheirTicks (§39.6): measured under wands,
// scrolls and prayer, a verb system runs on the ticks of its verbs
// alone, while the others run on every tick. The recorded explorer is
// not told the mechanics (issue 35), so it never zaps, reads or prays:
// those systems never run and cost nothing at all; the core's search
// and items run on some ticks only.
func TestVerbSystemsRunOnlyOnTheirTicks(t *testing.T) {
	rep := measured(t, 6000, Selection{Mechanics: []string{"wands", "scrolls", "prayer"}}, Options{})
	runs, ns := map[string]float64{}, map[string]float64{}
	for _, s := range rep.Systems {
		runs[s.Name], ns[s.Name] = s.Runs, s.NsPerTick
	}
	for _, name := range []string{"zap", "read", "pray"} {
		require.Contains(t, runs, name)
		assert.Zero(t, runs[name], "%s: no tick of its verb", name)
		assert.Zero(t, ns[name], "%s: no time", name)
	}
	for _, name := range []string{"search", "items"} {
		assert.Positive(t, runs[name], "the explorer %ss", name)
		assert.Less(t, runs[name], 0.5, "%s runs on its verbs' ticks only", name)
	}
	for _, name := range []string{"input", "ai", "vision", "level"} {
		assert.InDelta(t, 1, runs[name], 0.02, "%s runs every tick", name)
	}
}
