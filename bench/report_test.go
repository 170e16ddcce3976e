package bench

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sampleReport is a report of made-up figures under rules nethack and
// the wands, with a replaced system and a profile.
func sampleReport() *Report {
	return &Report{
		Agent: "explore", Rules: "nethack", Mechanics: []string{"wands"},
		Ticks: 20005, Episodes: 29, Runs: 3, Go: "go1.26.0 linux/amd64",
		TicksPerSecond: 500000, NsPerTick: 2000,
		AllocsPerTick: 0.0125, AllocTicks: 20005,
		Systems: []SystemCost{
			{Name: "ai", NsPerTick: 500, Share: 0.25, Runs: 1},
			{Name: "hunger", ReplacedBy: "nethack-hunger", NsPerTick: 100, Share: 0.05, Runs: 0.999},
			{Name: "zap", By: "wands", NsPerTick: 1200, Share: 0.6, AllocsPerTick: 0.01, Runs: 0.004},
		},
		OtherNsPerTick: 200, OtherAllocsPerTick: 0.0025, ClockNs: 40,
		Profile: "cpu.prof", ProfileTicks: 250000,
	}
}

func ExampleReport_WriteText() {
	_ = sampleReport().WriteText(os.Stdout)
	// Output:
	// cogsim bench: explore agent, rules nethack + wands, seeds 1…29, 20005 ticks, median of 3 runs, go1.26.0 linux/amd64
	//
	// system                    ns/tick   share allocs/tick    runs
	// ai                          500.0   25.0%      0.0000  100.0%
	// hunger → nethack-hunger     100.0    5.0%      0.0000   99.9%
	// zap                        1200.0   60.0%      0.0100    0.4%
	// other (parse, render)       200.0   10.0%      0.0025
	// tick                       2000.0  100.0%      0.0125
	//
	// engine: 500000 ticks/s, 2000.0 ns/tick (sim.Turn only; per-system times less 40.0 ns of timing per call)
	// allocations: 0.0125 allocs/tick (sim.Turn only, first 20005 ticks)
	// profile: cpu.prof (250000 ticks; go tool pprof -tagfocus system=ai cpu.prof)
}

func TestWriteTextOfTheStandardGameNamesNoRules(t *testing.T) {
	r := sampleReport()
	r.Rules, r.Mechanics, r.Profile = "cog", nil, ""
	var b bytes.Buffer
	require.NoError(t, r.WriteText(&b))
	first, _, _ := strings.Cut(b.String(), "\n")
	assert.Equal(t, "cogsim bench: explore agent, seeds 1…29, 20005 ticks, median of 3 runs, go1.26.0 linux/amd64", first,
		"the standard game's header reads as it always did")
	assert.NotContains(t, b.String(), "profile:", "no profile was written")
}

func TestWriteJSONKeepsTheFieldNames(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, sampleReport().WriteJSON(&b))
	assert.True(t, strings.HasPrefix(b.String(), "{\n  \"agent\": \"explore\",\n"), "indented by two spaces: %s", b.String())
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &raw))
	var keys []string
	for k := range raw {
		keys = append(keys, k)
	}
	assert.ElementsMatch(t, []string{"agent", "rules", "mechanics", "ticks", "episodes", "runs", "go",
		"ticksPerSecond", "nsPerTick", "allocsPerTick", "allocTicks", "systems", "otherNsPerTick",
		"otherAllocsPerTick", "clockNs", "profile", "profileTicks"}, keys)
	assert.Equal(t, []any{
		map[string]any{"name": "ai", "nsPerTick": 500.0, "share": 0.25, "allocsPerTick": 0.0, "runs": 1.0},
		map[string]any{"name": "hunger", "replacedBy": "nethack-hunger", "nsPerTick": 100.0, "share": 0.05, "allocsPerTick": 0.0, "runs": 0.999},
		map[string]any{"name": "zap", "by": "wands", "nsPerTick": 1200.0, "share": 0.6, "allocsPerTick": 0.01, "runs": 0.004},
	}, raw["systems"])

	r := sampleReport()
	r.Mechanics, r.Profile, r.ProfileTicks = nil, "", 0
	b.Reset()
	require.NoError(t, r.WriteJSON(&b))
	for _, key := range []string{`"mechanics"`, `"profile"`, `"profileTicks"`} {
		assert.NotContains(t, b.String(), key, "left out when empty")
	}
}

// svgRect is a rect element of the chart.
type svgRect struct {
	Class string `xml:"class,attr"`
	Width string `xml:"width,attr"`
	Title string `xml:"title"`
}

func TestWriteSVGIsWellFormedWithOneBarPerSystem(t *testing.T) {
	r := sampleReport()
	r.Agent = `<"a&b">` // escaped, or the XML breaks
	var b bytes.Buffer
	require.NoError(t, r.WriteSVG(&b))

	// Well-formed: the decoder reads every token to the end.
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	var bars []svgRect
	var texts []string
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "well-formed XML")
		if cd, ok := tok.(xml.CharData); ok {
			texts = append(texts, string(cd))
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root == "" {
			root = se.Name.Local
			assert.Equal(t, "http://www.w3.org/2000/svg", se.Name.Space)
		}
		if se.Name.Local == "rect" {
			var rect svgRect
			require.NoError(t, dec.DecodeElement(&rect, &se))
			if rect.Class == "bar" {
				bars = append(bars, rect)
			}
		}
	}
	assert.Equal(t, "svg", root)
	assert.Contains(t, texts, `cogsim bench: ns per tick by system (<"a&b"> agent, rules nethack + wands, 20005 ticks)`)
	assert.Contains(t, texts, "hunger → nethack-hunger")
	require.Len(t, bars, len(r.Systems), "one bar per system")
	widths := map[string]float64{}
	for i, bar := range bars {
		name := r.Systems[i].Name
		assert.True(t, strings.HasPrefix(bar.Title, name+": ") || strings.HasPrefix(bar.Title, name+" → "),
			"bar %d is %s: %q", i, name, bar.Title)
		w, err := strconv.ParseFloat(bar.Width, 64)
		require.NoError(t, err)
		widths[name] = w
	}
	assert.Equal(t, map[string]float64{"ai": 175, "hunger": 35, "zap": 420}, widths,
		"the costliest system spans the chart, the others in proportion")
	assert.Equal(t, "zap: 1200.0 ns/tick, 60.0% of the tick, 0.0100 allocs/tick", bars[2].Title)
}

func TestWriteSVGOfNoCostDrawsEmptyBars(t *testing.T) {
	r := &Report{Agent: "wait", Rules: "cog", Systems: []SystemCost{{Name: "ai"}, {Name: "vision"}}}
	var b bytes.Buffer
	require.NoError(t, r.WriteSVG(&b))
	assert.Equal(t, 2, strings.Count(b.String(), `class="bar" x="150" y=`), "one bar per system")
	assert.Equal(t, 2, strings.Count(b.String(), `width="0.0"`), "no peak, no length")
}
