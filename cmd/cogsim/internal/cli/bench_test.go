package cli

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/sim"
)

// standardSystems are the names of the standard game's systems, in tick
// order.
func standardSystems(t *testing.T) []string {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	return s.Scheduler().Names()
}

func TestBenchJSON(t *testing.T) {
	code, stdout, stderr := cogsim(t, "bench", "--ticks", "3000", "--runs", "1", "--json")
	require.Equal(t, ExitOK, code, stderr)
	var raw map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &raw))
	for _, key := range []string{"agent", "ticks", "episodes", "runs", "go", "ticksPerSecond", "nsPerTick",
		"allocsPerTick", "allocTicks", "systems", "otherNsPerTick", "otherAllocsPerTick", "clockNs"} {
		assert.Contains(t, raw, key)
	}
	assert.NotContains(t, raw, "profile", "no profile was asked for")

	var rep BenchReport
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	assert.Equal(t, "explore", rep.Agent)
	assert.GreaterOrEqual(t, rep.Ticks, 3000)
	assert.Positive(t, rep.Episodes)
	assert.Equal(t, rep.Ticks, rep.AllocTicks, "short runs count allocations throughout")
	assert.Positive(t, rep.TicksPerSecond)
	assert.InDelta(t, 1e9/rep.TicksPerSecond, rep.NsPerTick, 1e-6)
	assert.GreaterOrEqual(t, rep.AllocsPerTick, 0.0)
	var names []string
	sum, allocs := 0.0, 0.0
	for _, s := range rep.Systems {
		names = append(names, s.Name)
		assert.GreaterOrEqual(t, s.NsPerTick, 0.0, s.Name)
		assert.InDelta(t, s.NsPerTick/rep.NsPerTick, s.Share, 1e-9, s.Name)
		assert.GreaterOrEqual(t, s.AllocsPerTick, 0.0, s.Name)
		sum += s.NsPerTick
		allocs += s.AllocsPerTick
	}
	assert.Equal(t, standardSystems(t), names, "every system, in tick order")
	// Timed and untimed passes differ a little, so the rest is what the
	// systems leave of the tick, or nothing.
	assert.InDelta(t, max(rep.NsPerTick-sum, 0), rep.OtherNsPerTick, 1e-6, "the systems and the rest make the tick")
	assert.LessOrEqual(t, allocs, rep.AllocsPerTick+1e-9, "the systems' allocations are part of the engine's")
}

func TestBenchTable(t *testing.T) {
	code, stdout, stderr := cogsim(t, "bench", "--ticks", "500", "--runs", "1")
	require.Equal(t, ExitOK, code, stderr)
	for _, want := range []string{"ns/tick", "share", "allocs/tick", "ticks/s", otherRow} {
		assert.Contains(t, stdout, want)
	}
	for _, name := range standardSystems(t) {
		assert.Regexp(t, "(?m)^"+name+` +[0-9.]+ +[0-9.]+% +[0-9.]+$`, stdout)
	}
	assert.Regexp(t, `(?m)^tick +[0-9.]+ +100\.0% +[0-9.]+$`, stdout)
}

// svgRect is a rect element of the chart.
type svgRect struct {
	Class string `xml:"class,attr"`
	Width string `xml:"width,attr"`
	Title string `xml:"title"`
}

func TestBenchSVGIsWellFormedWithOneBarPerSystem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "systems.svg")
	code, _, stderr := cogsim(t, "bench", "--ticks", "1000", "--runs", "1", "--svg", path)
	require.Equal(t, ExitOK, code, stderr)
	data, err := os.ReadFile(path)
	require.NoError(t, err)

	// Well-formed: the decoder reads every token to the end.
	dec := xml.NewDecoder(bytes.NewReader(data))
	var bars []svgRect
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "well-formed XML")
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root == "" {
			root = se.Name.Local
			assert.Equal(t, "http://www.w3.org/2000/svg", se.Name.Space)
		}
		if se.Name.Local == "rect" {
			var r svgRect
			require.NoError(t, dec.DecodeElement(&r, &se))
			if r.Class == "bar" {
				bars = append(bars, r)
			}
		}
	}
	assert.Equal(t, "svg", root)
	names := standardSystems(t)
	require.Len(t, bars, len(names), "one bar per system")
	widest := 0.0
	for i, b := range bars {
		assert.True(t, strings.HasPrefix(b.Title, names[i]+": "), "bar %d is %s: %q", i, names[i], b.Title)
		w, err := strconv.ParseFloat(b.Width, 64)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, w, 0.0)
		widest = max(widest, w)
	}
	assert.InDelta(t, 420, widest, 1e-9, "the costliest system spans the chart")
}

func TestBenchCPUProfileCarriesSystemLabels(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	code, stdout, stderr := cogsim(t, "bench", "--ticks", "2000", "--runs", "1", "--json",
		"--cpuprofile", path, "--profile-time", "1s")
	require.Equal(t, ExitOK, code, stderr)
	var rep BenchReport
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	assert.Equal(t, path, rep.Profile)
	assert.Positive(t, rep.ProfileTicks)

	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	labelled := systemLabels(t, raw)
	require.NotEmpty(t, labelled, "samples labelled system=<name>")
	known := map[string]bool{}
	for _, n := range standardSystems(t) {
		known[n] = true
	}
	for name := range labelled {
		assert.True(t, known[name], "system=%s is a system", name)
	}
	assert.Positive(t, labelled["ai"], "the ai system was sampled: %v", labelled)
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

// selectionSystems are the systems of an episode under rules and
// mechanics, in tick order.
func selectionSystems(t *testing.T, rules string, mechanics ...string) []string {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 1, Rules: rules, Mechanics: mechanics})
	require.NoError(t, err)
	return s.Scheduler().Names()
}

// benchJSON runs cogsim bench --json on a short game with args and
// decodes the report.
func benchJSON(t *testing.T, args ...string) BenchReport {
	t.Helper()
	code, stdout, stderr := cogsim(t, append([]string{"bench", "--ticks", "2000", "--runs", "1", "--json"}, args...)...)
	require.Equal(t, ExitOK, code, stderr)
	var rep BenchReport
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	return rep
}

func TestBenchRulesNethackListsItsSystems(t *testing.T) {
	rep := benchJSON(t, "--rules", "nethack")
	assert.Equal(t, "nethack", rep.Rules)
	assert.Empty(t, rep.Mechanics)
	byName := map[string]SystemCost{}
	var names []string
	for _, s := range rep.Systems {
		byName[s.Name] = s
		names = append(names, s.Name)
		assert.GreaterOrEqual(t, s.NsPerTick, 0.0, s.Name)
	}
	assert.Equal(t, selectionSystems(t, "nethack"), names, "the nethack tick, in order")
	require.Contains(t, byName, "melee-hunger")
	assert.Equal(t, "nethack-hunger", byName["melee-hunger"].By, "installed with nethack's stomach")
	require.Contains(t, byName, "hunger")
	assert.Equal(t, "nethack-hunger", byName["hunger"].ReplacedBy, "nethack's stomach runs in hunger's place")
	assert.Positive(t, byName["hunger"].NsPerTick, "the replaced slot is timed")
	assert.Empty(t, byName["ai"].By, "a core system")
}

func TestBenchMechanicsWandsListsZap(t *testing.T) {
	rep := benchJSON(t, "--mechanics", "wands")
	assert.Equal(t, "cog", rep.Rules)
	assert.Equal(t, []string{"wands"}, rep.Mechanics)
	var names []string
	for _, s := range rep.Systems {
		names = append(names, s.Name)
		if s.Name == "zap" {
			assert.Equal(t, "wands", s.By)
		}
	}
	assert.Contains(t, names, "zap")
	assert.Equal(t, selectionSystems(t, "", "wands"), names)
}

func TestBenchStandardGameIsUnchanged(t *testing.T) {
	rep := benchJSON(t)
	assert.Equal(t, "cog", rep.Rules)
	assert.Empty(t, rep.Mechanics)
	for _, s := range rep.Systems {
		assert.Empty(t, s.By, s.Name)
		assert.Empty(t, s.ReplacedBy, s.Name)
	}
}

func TestBenchTableAndSVGNameTheSelection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "systems.svg")
	code, stdout, stderr := cogsim(t, "bench", "--ticks", "500", "--runs", "1", "--rules", "nethack",
		"--mechanics", "wands", "--svg", path)
	require.Equal(t, ExitOK, code, stderr)
	assert.Contains(t, stdout, "explore agent, rules nethack + wands,")
	assert.Regexp(t, `(?m)^hunger → nethack-hunger +[0-9.]+ +[0-9.]+% +[0-9.]+$`, stdout)
	assert.Regexp(t, `(?m)^zap +[0-9.]+ +[0-9.]+% +[0-9.]+$`, stdout)
	svg, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "rules nethack + wands")
	assert.Contains(t, string(svg), ">zap<")
	assert.Contains(t, string(svg), "hunger → nethack-hunger")

	code, stdout, _ = cogsim(t, "bench", "--ticks", "500", "--runs", "1")
	require.Equal(t, ExitOK, code)
	assert.NotContains(t, stdout, "rules", "the standard game's header reads as before")
}

func TestBenchCPUProfileLabelsAMechanicsSystems(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	code, _, stderr := cogsim(t, "bench", "--ticks", "2000", "--runs", "1", "--json",
		"--rules", "nethack", "--cpuprofile", path, "--profile-time", "1s")
	require.Equal(t, ExitOK, code, stderr)
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	require.NoError(t, err)
	raw, err = io.ReadAll(zr)
	require.NoError(t, err)
	labelled := systemLabels(t, raw)
	known := map[string]bool{}
	for _, n := range selectionSystems(t, "nethack") {
		known[n] = true
	}
	for name := range labelled {
		assert.True(t, known[name], "system=%s is a nethack system", name)
	}
	assert.Positive(t, labelled["ai"], "sampled: %v", labelled)
}

func TestBenchRefusesBadSelections(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "chess"}, "--rules"},
		{[]string{"--mechanics", "no-such"}, "--mechanics"},
		{[]string{"--rules", "rogue", "--mechanics", "nethack-hunger"}, "--mechanics"},
	} {
		code, _, stderr := cogsim(t, append([]string{"bench", "--ticks", "10", "--runs", "1"}, tc.args...)...)
		assert.Equal(t, ExitUsage, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.want, tc.args)
	}
}
