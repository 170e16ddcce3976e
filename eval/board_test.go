package eval

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
)

// group is the results of agent with scores, played by this build.
func group(file, agent string, scores ...int) Group {
	g := Group{Files: []string{file}}
	for i, s := range scores {
		r := res(uint64(i+1), s, "clock")
		r.Agent, r.Engine = agent, sim.Fingerprint()
		if s >= 20 {
			r.Deeds = []c.Deed{{Name: "descend-2", Tick: 1}}
		}
		g.Results = append(g.Results, r)
	}
	return g
}

// TestBoardRanksRows (§36.4): rows are summaries, best mean first; a
// row of one episode is unranked, after the measured rows (issue 34);
// a deed no row earned has no column.
func TestBoardRanksRows(t *testing.T) {
	groups := []Group{group("one.jsonl", "solo", 500), group("low.jsonl", "low", 10, 20), group("high.jsonl", "high", 30, 40)}
	b, err := NewBoard([]string{"one.jsonl", "low.jsonl", "high.jsonl"}, groups)
	require.NoError(t, err)
	var agents []string
	for _, r := range b.Rows {
		agents = append(agents, r.Agent)
		s, err := Summarize(groups[map[string]int{"solo": 0, "low": 1, "high": 2}[r.Agent]].Results)
		require.NoError(t, err)
		assert.Equal(t, s, r.Summary, "the row is the summary")
	}
	assert.Equal(t, []string{"high", "low", "solo"}, agents)
	assert.Equal(t, []string{"descend-2"}, b.Deeds)
	assert.Equal(t, Rate{Name: "descend-2", Episodes: 1, Rate: 0.5, CI95: wilson(1, 2)}, b.Rows[1].DeedRate("descend-2"))
	assert.Equal(t, Rate{Name: "found", CI95: wilson(0, 2)}, b.Rows[1].DeedRate("found"), "a deed not earned")
	assert.Equal(t, "55 turns", b.Rows[0].Setting())

	var text bytes.Buffer
	b.WriteText(&text)
	lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
	require.Len(t, lines, 4)
	assert.Regexp(t, `^#\s+agent\s+rules\s+setting\s+episodes\s+mean\s+95% CI\s+median\s+died\s+descend-2\s+prompt tokens/ep\s+completion tokens/ep$`, lines[0])
	assert.Regexp(t, `^1\s+high\s+cog\s+55 turns\s+2\s+35\.0\s+-28\.5 to 98\.5\s+35\.0\s+0\.0%\s+100\.0%\s+—\s+—$`, lines[1])
	assert.Regexp(t, `^2\s+low\s`, lines[2])
	assert.Regexp(t, `^—\s+solo\s+cog\s+55 turns\s+1\s+500\.0\s+none \(1 episode\)\s`, lines[3])
}

// TestBoardSettingSaysWhatDiffers: the setting column says the clock,
// strictness, scenario, LLM settings and another engine.
func TestBoardSettingSaysWhatDiffers(t *testing.T) {
	g := group("x.jsonl", "llm:tiny", 1, 2)
	for i := range g.Results {
		r := &g.Results[i]
		r.MaxTurns, r.Strict, r.Scenario, r.Engine = 12, true, "oracle", ""
		r.LLM = &result.LLMSettings{Template: "cot", History: 3, Temperature: 0.5, Seed: -1}
	}
	b, err := NewBoard(g.Files, []Group{g})
	require.NoError(t, err)
	assert.Equal(t, "12 turns, strict, scenario oracle, cot, history 3, temperature 0.5, engine none recorded", b.Rows[0].Setting())
	assert.Equal(t, 12, b.Rows[0].MaxTurns)
	assert.True(t, b.Rows[0].Strict)
}

// TestBoardPage: the page is self-contained, carries the board as JSON
// that reads back, and its names are text, never markup.
func TestBoardPage(t *testing.T) {
	b, err := NewBoard([]string{"high.jsonl", "low.jsonl"}, []Group{group("high.jsonl", "high", 30, 40), group("low.jsonl", "low", 10, 20)})
	require.NoError(t, err)
	var page bytes.Buffer
	require.NoError(t, b.WritePage(&page))
	html := page.String()
	assert.NotRegexp(t, `(?i)(src|href)\s*=`, html)
	assert.NotContains(t, html, "http://")
	assert.NotContains(t, html, "https://")
	assert.Contains(t, html, "from 2 result files")

	m := regexp.MustCompile(`(?s)<script type="application/json" id="board-data">(.*?)</script>`).FindStringSubmatch(html)
	require.NotNil(t, m)
	var back Board
	require.NoError(t, json.Unmarshal([]byte(m[1]), &back))
	assert.Equal(t, *b, back)

	var again bytes.Buffer
	require.NoError(t, b.WritePage(&again))
	assert.Equal(t, html, again.String(), "the same board gives the same page")

	evil := group("evil.jsonl", "exec:</script><img src=x onerror=alert(1)>", 5, 25)
	b, err = NewBoard(evil.Files, []Group{evil})
	require.NoError(t, err)
	page.Reset()
	require.NoError(t, b.WritePage(&page))
	assert.NotContains(t, page.String(), "<img")
	assert.Equal(t, 2, strings.Count(page.String(), "</script>"), "only the page's own two scripts end")
}
