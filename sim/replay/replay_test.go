package replay_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var words = []string{"e", "w", "n", "s", "se", "sw", "ne", "nw", "search", "wait", ",", ">", "i", "eat b", "kick e", "chat n", "junk"}

// record plays seed with pseudo-random replies (and an unusable one now
// and then) and returns the replay file's bytes.
func record(t testing.TB, seed uint64) []byte {
	s, err := sim.New(sim.Config{Seed: seed, Agent: "test"})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 1))
	for !s.Done() {
		if rng.IntN(10) == 0 {
			rec.Sim.TurnUnusable()
			require.NoError(t, rec.PlayedUnusable())
			continue
		}
		var reply []string
		for i := rng.IntN(12); i >= 0; i-- {
			w := words[rng.IntN(len(words))]
			if rng.IntN(3) == 0 {
				w = fmt.Sprintf("%s*%d", w, 1+rng.IntN(8))
			}
			reply = append(reply, w)
		}
		rec.Sim.Turn(strings.Join(reply, " "))
		require.NoError(t, rec.Played(strings.Join(reply, " ")))
	}
	require.NoError(t, rec.Finish())
	return buf.Bytes()
}

func TestRecordedEpisodesVerify(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rep, err := replay.Read(bytes.NewReader(record(t, seed)))
		require.NoError(t, err, "seed %d", seed)
		assert.Equal(t, seed, rep.Seed)
		assert.Equal(t, "", rep.Warning())
		require.NoError(t, rep.Play(nil), "seed %d", seed)
	}
}

func TestATamperedReplyIsCaughtAtItsTurn(t *testing.T) {
	var rep *replay.Replay
	for seed := uint64(1); rep == nil || len(rep.Turns) < 10; seed++ {
		var err error
		rep, err = replay.Read(bytes.NewReader(record(t, seed)))
		require.NoError(t, err)
	}
	rep.Turns[5].Reply = "wait*40 " + rep.Turns[5].Reply
	rep.Turns[5].Unusable = false
	var m *replay.Mismatch
	require.ErrorAs(t, rep.Play(nil), &m)
	assert.Equal(t, 6, m.Turn)
}

func TestATamperedHashIsCaughtAtItsTurn(t *testing.T) {
	raw := record(t, 4)
	lines := strings.Split(string(raw), "\n")
	// Line 1 is the header, line k+1 is turn k: flip a digit of turn 3.
	i := strings.Index(lines[3], `"obs":"`) + len(`"obs":"`)
	flipped := byte('0')
	if lines[3][i] == '0' {
		flipped = '1'
	}
	lines[3] = lines[3][:i] + string(flipped) + lines[3][i+1:]
	rep, err := replay.Read(strings.NewReader(strings.Join(lines, "\n")))
	require.NoError(t, err)
	var m *replay.Mismatch
	require.ErrorAs(t, rep.Play(nil), &m)
	assert.Equal(t, 3, m.Turn)
	assert.Contains(t, m.Error(), "turn 3 diverges")
}

func TestCorruptAndTruncatedReplaysAreRefused(t *testing.T) {
	raw := string(record(t, 5))
	lines := strings.Split(strings.TrimRight(raw, "\n"), "\n")
	cases := map[string]string{
		"":                                      "line 1: empty file",
		"not json\n":                            "line 1: not a replay header",
		`{"format":"other","version":1}` + "\n": `format "other"`,
		strings.Replace(lines[0], `"version":1`, `"version":7`, 1) + "\n": "replay version 7",
		strings.Join(lines[:len(lines)-1], "\n"):                          "truncated",
		strings.Join(lines[:3], "\n") + "\n{\"turn\":\n":                  "line 4: not a turn line",
		lines[0] + "\n" + lines[2] + "\n":                                 "line 2: turn 2 where turn 1 was expected",
		raw + "extra\n":                                                   "data after the result line",
		"\x00\x01\x02":                                                    "line 1",
	}
	// A field the writer always writes, left out, is corruption, not a
	// zero value to replay (a seed 0, a reply "", tick 0).
	drop := func(line, field string) string {
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(line), &m))
		delete(m, field)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		return string(b)
	}
	for _, field := range []string{"seed", "rules", "mechanics", "agent", "engine", "obs"} {
		cases[drop(lines[0], field)+"\n"+strings.Join(lines[1:], "\n")+"\n"] = `line 1: not a replay header: no "` + field + `" field`
	}
	for _, field := range []string{"turn", "reply", "tick", "obs"} {
		cases[lines[0]+"\n"+drop(lines[1], field)+"\n"+strings.Join(lines[2:], "\n")+"\n"] = `line 2: not a turn line: no "` + field + `" field`
	}
	for in, want := range cases {
		_, err := replay.Read(strings.NewReader(in))
		if assert.Error(t, err, "%.40q", in) {
			assert.Contains(t, err.Error(), want)
		}
	}
	_, err := replay.Load(filepath.Join(t.TempDir(), "none.jsonl"))
	assert.ErrorContains(t, err, "none.jsonl")
}

// A replay of another engine loads with a warning but is refused
// re-simulation, naming both engines, instead of "diverging at turn K"
// (issue 34); AnyEngine re-simulates it all the same.
func TestAnotherEngineIsRefused(t *testing.T) {
	recorded := string(record(t, 6))
	require.Contains(t, recorded, `"engine":"`+sim.Fingerprint()+`"`)
	for _, old := range []string{"0.2.0", "0.3.0+000000000000"} {
		raw := strings.Replace(recorded, `"engine":"`+sim.Fingerprint()+`"`, `"engine":"`+old+`"`, 1)
		rep, err := replay.Read(strings.NewReader(raw))
		require.NoError(t, err)
		assert.Contains(t, rep.Warning(), "engine "+old)
		err = rep.Play(nil)
		var ee *replay.EngineError
		require.ErrorAs(t, err, &ee, old)
		assert.ErrorContains(t, err, "engine "+old)
		assert.ErrorContains(t, err, "this is engine "+sim.Fingerprint())
		rep.AnyEngine = true
		assert.NoError(t, rep.Play(nil), "the same engine in all but name plays")
	}
	rep, err := replay.Read(strings.NewReader(recorded))
	require.NoError(t, err)
	assert.Empty(t, rep.Warning())
	assert.NoError(t, rep.Play(nil))
}

func TestObservationAfterTurnK(t *testing.T) {
	s, _ := sim.New(sim.Config{Seed: 7})
	var buf bytes.Buffer
	rec, _ := replay.NewRecorder(s, &buf)
	first := string(s.Observe())
	rec.Sim.Turn("e*3")
	require.NoError(t, rec.Played("e*3"))
	after1 := string(s.Observe())
	rec.Sim.Turn("w*3")
	require.NoError(t, rec.Played("w*3"))
	for !s.Done() {
		rec.Sim.Turn("wait*40")
		require.NoError(t, rec.Played("wait*40"))
	}
	require.NoError(t, rec.Finish())
	path := filepath.Join(t.TempDir(), "r.jsonl")
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	rep, err := replay.Load(path)
	require.NoError(t, err)
	obs, err := rep.Observation(0)
	require.NoError(t, err)
	assert.Equal(t, first, string(obs))
	obs, err = rep.Observation(1)
	require.NoError(t, err)
	assert.Equal(t, after1, string(obs))
	_, err = rep.Observation(999)
	assert.ErrorContains(t, err, "no turn 999")
	assert.False(t, errors.Is(err, os.ErrNotExist))
}

func TestScenarioReplays(t *testing.T) {
	sc := &sim.Scenario{Name: "tiny", Map: []string{"", " ----", " |@.|", " ----"}}
	require.NoError(t, sc.Check())
	s, err := sim.New(sim.Config{Seed: 2, Scenario: sc})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, _ := replay.NewRecorder(s, &buf)
	for !s.Done() {
		rec.Sim.Turn("e w")
		require.NoError(t, rec.Played("e w"))
	}
	require.NoError(t, rec.Finish())
	rep, err := replay.Read(&buf)
	require.NoError(t, err)
	assert.Equal(t, "tiny", rep.Scenario.Name)
	assert.NoError(t, rep.Play(nil))
}

// TestATamperedResultIsCaughtByField: the header and the result line
// alone, or a result line with any field changed, do not verify; the
// error names the first differing field.
func TestATamperedResultIsCaughtByField(t *testing.T) {
	var raw string
	for seed := uint64(1); ; seed++ {
		raw = string(record(t, seed))
		if strings.Contains(raw, `"deeds":[{`) {
			break
		}
	}
	lines := strings.Split(strings.TrimRight(raw, "\n"), "\n")
	result := lines[len(lines)-1]

	_, err := replay.Read(strings.NewReader(lines[0] + "\n" + result + "\n"))
	assert.ErrorContains(t, err, "line 2: the result says", "every turn deleted")

	var r struct{ Result map[string]any }
	require.NoError(t, json.Unmarshal([]byte(result), &r))
	edits := []struct {
		key  string
		set  func(v any) any
		want string
	}{
		{"maxDepth", func(v any) any { return v.(float64) + 1 }, "maxDepth: "},
		{"deeds", func(any) any { return []any{} }, "deeds: "},
		{"parts", func(v any) any {
			p := v.(map[string]any)
			p["gold"] = p["gold"].(float64) + 5
			return p
		}, "parts.gold: "},
		{"seed", func(v any) any { return v.(float64) + 1 }, "seed: "},
		{"agent", func(any) any { return "someone else" }, `agent: "test", recorded "someone else"`},
		{"score", func(v any) any { return v.(float64) + 50 }, "score: "},
		{"ticks", func(v any) any { return v.(float64) - 1 }, "ticks: "},
		{"cause", func(any) any { return "killed by a jackal" }, "cause: "},
		{"rules", func(any) any { return "nethack" }, `rules: "cog", recorded "nethack"`},
	}
	for _, e := range edits {
		m := map[string]any{}
		require.NoError(t, json.Unmarshal([]byte(result), &m))
		res := m["result"].(map[string]any)
		res[e.key] = e.set(res[e.key])
		b, err := json.Marshal(m)
		require.NoError(t, err)
		tampered := strings.Join(append(slices.Clone(lines[:len(lines)-1]), string(b)), "\n") + "\n"
		rep, err := replay.Read(strings.NewReader(tampered))
		require.NoError(t, err, e.key)
		assert.ErrorContains(t, rep.Play(nil), "the result differs: "+e.want, e.key)
	}

	m := map[string]any{}
	require.NoError(t, json.Unmarshal([]byte(result), &m))
	m["result"].(map[string]any)["turns"] = float64(len(lines))
	b, _ := json.Marshal(m)
	_, err = replay.Read(strings.NewReader(strings.Join(append(slices.Clone(lines[:len(lines)-1]), string(b)), "\n")))
	assert.ErrorContains(t, err, "the result says")
}

// TestAReplayOfAnAgentThatWentAwayVerifies: an episode cut short by its
// agent (disconnected, timeout) ends without a last turn and verifies.
func TestAReplayOfAnAgentThatWentAwayVerifies(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 3, Agent: "test"})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	rec.Sim.Turn("e e")
	require.NoError(t, rec.Played("e e"))
	s.Disconnect("timeout")
	require.NoError(t, rec.Finish())
	rep, err := replay.Read(&buf)
	require.NoError(t, err)
	require.NoError(t, rep.Play(nil))

	// The same turns claiming the clock ran out do not.
	rep.Result.Cause = "clock"
	assert.ErrorContains(t, rep.Play(nil), "not over after the last turn")
}

func TestTooManyTurnsAreRefused(t *testing.T) {
	raw := record(t, 2)
	header, _, _ := bytes.Cut(raw, []byte("\n"))
	var b bytes.Buffer
	b.Write(header)
	b.WriteByte('\n')
	for k := 1; k <= replay.MaxTurns+1; k++ {
		fmt.Fprintf(&b, `{"turn":%d,"reply":"e","tick":%d,"obs":"%064d"}`+"\n", k, k, 0)
	}
	_, err := replay.Read(&b)
	assert.ErrorContains(t, err, fmt.Sprintf("line %d: more than %d turns", replay.MaxTurns+2, replay.MaxTurns))
}

// TestAReplayFromBeforeTheResultsSettingsVerifies: a replay whose result
// line predates maxTurns, strict and scenarioDigest (written by an
// earlier cogsim) still verifies on its other fields, while a recorded
// maxTurns that disagrees is caught.
func TestAReplayFromBeforeTheResultsSettingsVerifies(t *testing.T) {
	raw := strings.TrimRight(string(record(t, 3)), "\n")
	lines := strings.Split(raw, "\n")
	last := lines[len(lines)-1]
	require.Contains(t, last, `,"maxTurns":55,"strict":false`)
	old := strings.Replace(last, `,"maxTurns":55,"strict":false`, "", 1)
	lines[len(lines)-1] = old
	rep, err := replay.Read(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	require.NoError(t, err)
	assert.NoError(t, rep.Play(nil), "verifies without the settings")

	lines[len(lines)-1] = strings.Replace(last, `"maxTurns":55`, `"maxTurns":54`, 1)
	rep, err = replay.Read(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	require.NoError(t, err)
	assert.ErrorContains(t, rep.Play(nil), "maxTurns: 55, recorded 54")
}
