package serve_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/cogsim/cogsim/sim/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tickRecord is what a test reads of a binary record of every key.
type tickRecord struct {
	flags uint32
	stats [obs.NumStats]int32
	text  string
	mask  []byte
	extra struct {
		Ignored string      `json:"ignored"`
		End     *sim.Result `json:"end"`
	}
}

// readRecord reads the one record of an 'O' answer body.
func readRecord(t *testing.T, l *obs.Layout, body []byte) tickRecord {
	t.Helper()
	require.Equal(t, uint32(1), binary.LittleEndian.Uint32(body))
	rec := body[4 : 4+l.Size]
	var r tickRecord
	r.flags = binary.LittleEndian.Uint32(rec[obs.OffFlags:])
	for k := range r.stats {
		r.stats[k] = int32(binary.LittleEndian.Uint32(rec[obs.OffStats+4*k:]))
	}
	var rows []string
	for y := range c.H {
		rows = append(rows, string(rec[obs.OffChars+y*c.W:obs.OffChars+(y+1)*c.W]))
	}
	rows = append(rows, strings.TrimRight(string(rec[obs.OffMessage:obs.OffStatus]), "\x00"),
		strings.TrimRight(string(rec[obs.OffStatus:obs.OffChars]), "\x00"))
	r.text = strings.Join(rows, "\n")
	r.mask = rec[l.MaskOffset : l.MaskOffset+len(l.Actions)]
	trailer := body[4+l.Size:]
	var extras []json.RawMessage
	require.NoError(t, json.Unmarshal(trailer[4:4+binary.LittleEndian.Uint32(trailer)], &extras))
	if len(extras) > 0 {
		require.NoError(t, json.Unmarshal(extras[0], &r.extra))
	}
	return r
}

// TestTickStepsAndTheirTurnsWriteTheSameReplays: a long fixed sequence
// of primitives — the explore agent's, which walks, fights and takes
// the stairs, and every fifth step one drawn from the action mask (item
// verbs, kicks, chats, pickups) — played as tick steps by action index
// in a binary session, and the same primitives sent as replies, one per
// command turn (the turn's used primitives joined), in a session of
// turns: the two give the same result and byte-identical replays
// (§37.2), which verify.
func TestTickStepsAndTheirTurnsWriteTheSameReplays(t *testing.T) {
	table := obs.NewActionTable(nil)
	layout := obs.DefaultLayout(nil, table)
	index := map[c.Primitive]int{}
	for k, a := range table.Actions {
		index[a.Prim] = k
	}
	raw, err := os.ReadFile("../../scenarios/eye-trap.json")
	require.NoError(t, err)
	var eyeTrap bytes.Buffer
	require.NoError(t, json.Compact(&eyeTrap, raw))
	// The eye-trap scenario's plan: into the pit, wait late into the
	// turn, then hit the floating eye, whose gaze paralyses the cog past
	// the turn's end.
	hit := []string{"e"}
	for range 30 {
		hit = append(hit, "search")
	}
	for range 40 {
		hit = append(hit, "e")
	}
	levels, paralysed := 0, 0
	for _, tc := range []struct {
		seed     uint64
		scenario string
		plan     []string
	}{{3, "", nil}, {4, "", nil}, {5, "", nil}, {11, eyeTrap.String(), hit}} {
		seed := tc.seed
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			tickDir, turnDir := t.TempDir(), t.TempDir()
			ticks := start(t, serve.Options{Envs: 1, Binary: true, RecordDir: tickDir, Step: serve.StepTick})
			x := agents.NewExplore()
			x.Reset(seed)
			var (
				parser  reply.Parser
				pending []int
				turns   []string // the replies of the command turns
				used    []string // the used primitives of the turn under way
				rng     = rand.New(rand.NewPCG(seed, 5))
				steps   int
			)
			reset := fmt.Sprintf(`{"op":"reset","env":0,"seed":%d}`, seed)
			if tc.scenario != "" {
				reset = fmt.Sprintf(`{"op":"reset","env":0,"seed":%d,"scenario":%s}`, seed, tc.scenario)
			}
			for _, r := range tc.plan {
				pending = append(pending, slices.Index(table.Replies(), map[string]string{"e": "e", "search": "search"}[r]))
			}
			kind, body := ticks.ask(reset)
			require.Equal(t, byte('O'), kind, string(body))
			r := readRecord(t, &layout, body)
			for r.flags&obs.FlagEnded == 0 {
				var a int
				if steps%5 == 4 && steps > 0 {
					var ok []int
					for k, m := range r.mask {
						if m == 1 {
							ok = append(ok, k)
						}
					}
					a = ok[rng.IntN(len(ok))]
				} else {
					if len(pending) == 0 {
						var q c.Queue
						parser.Parse(x.Reply([]byte(r.text)), &q)
						for _, p := range q.Items[:q.Len] {
							pending = append(pending, index[p])
						}
						if len(pending) == 0 {
							pending = []int{index[c.Primitive{Op: c.OpSearch}]}
						}
					}
					a, pending = pending[0], pending[1:]
				}
				turnBefore := r.stats[obs.StatTurn]
				kind, body := ticks.ask(string(actionFrame(0, a)))
				require.Equal(t, byte('O'), kind, string(body))
				r = readRecord(t, &layout, body)
				steps++
				ignored := r.flags&obs.FlagIgnored != 0
				if ignored {
					require.Equal(t, table.Actions[a].Reply, r.extra.Ignored, "step %d", steps)
					paralysed++
				} else {
					used = append(used, table.Actions[a].Reply)
				}
				if r.stats[obs.StatTurn] != turnBefore || r.flags&obs.FlagEnded != 0 {
					// The turn ended: its reply, kept going to its end
					// by a wait when its last ticks used nothing.
					if ignored {
						used = append(used, "wait")
					}
					turns = append(turns, strings.Join(used, " "))
					used = nil
				}
				require.LessOrEqual(t, steps, 2200)
			}
			levels += int(r.extra.End.MaxDepth) - 1
			t.Logf("%d steps, %d turns, depth %d, %s", steps, len(turns), r.extra.End.MaxDepth, r.extra.End.Cause)

			replies := start(t, serve.Options{Envs: 1, RecordDir: turnDir, Step: serve.StepTurn})
			replies.obs(reset)
			var last obs.Observation
			for k, reply := range turns {
				q, _ := json.Marshal(map[string]any{"op": "step", "env": 0, "reply": reply})
				last = replies.obs(string(q))
				require.Equal(t, k+1 == len(turns), last.End != nil, "turn %d of %d", k+1, len(turns))
			}
			assert.Equal(t, r.extra.End, last.End, "the results")
			name := fmt.Sprintf("seed-%d.jsonl", seed)
			a, err := os.ReadFile(filepath.Join(tickDir, name))
			require.NoError(t, err)
			b, err := os.ReadFile(filepath.Join(turnDir, name))
			require.NoError(t, err)
			require.True(t, bytes.Equal(a, b), "the replays differ:\n%s\n%s", a, b)
			rp, err := replay.Load(filepath.Join(tickDir, name))
			require.NoError(t, err)
			require.NoError(t, rp.Play(nil))
			assert.Equal(t, len(turns), rp.Result.Turns)
		})
	}
	assert.Positive(t, levels, "the episodes take the stairs")
	assert.Positive(t, paralysed, "some steps fall on a paralysed cog")
}

// TestASessionPlaysTickStepsByDefault: a session's steps are tick steps
// unless a reset says "turn" (§37.1): a reply of one primitive plays one
// tick, any other is refused naming what it is, and "turn" plays the
// reply's command turn as ever; info says the default.
func TestASessionPlaysTickStepsByDefault(t *testing.T) {
	sv, err := serve.New(serve.Options{Envs: 1})
	require.NoError(t, err)
	assert.Equal(t, "tick", sv.Info().Step)
	s := start(t, serve.Options{Envs: 1, Step: serve.StepTick})
	s.obs(`{"op":"reset","env":0,"seed":2}`)
	o := s.obs(`{"op":"step","env":0,"reply":"search"}`)
	assert.Equal(t, 1, o.Tick)
	assert.Equal(t, 0, o.Turn)
	assert.Equal(t, `env 0: reply: a tick step plays one primitive (reset with "step":"turn" for replies), and "e e" names 2 primitives`,
		s.err(`{"op":"step","env":0,"reply":"e e"}`))
	assert.Contains(t, s.err(`{"op":"step","env":0,"reply":"fly"}`), `"fly" names no primitive and the unknown "fly"`)
	assert.Contains(t, s.err(`{"op":"step","env":0,"reply":"e junk"}`), `names 1 primitive and the unknown "junk"`)
	o = s.obs(`{"op":"step","env":0,"reply":" eat b "}`)
	assert.Equal(t, 2, o.Tick)
	s.obs(`{"op":"reset","env":0,"seed":2,"step":"turn"}`)
	o = s.obs(`{"op":"step","env":0,"reply":"search*5"}`)
	assert.Equal(t, 5, o.Tick)
	assert.Equal(t, 1, o.Turn)
	assert.Contains(t, s.err(`{"op":"reset","env":0,"step":"tock"}`), `step: must be "tick" or "turn", got "tock"`)
	_, err = serve.New(serve.Options{Envs: 1, Step: "tock"})
	assert.ErrorContains(t, err, `step: must be "tick" or "turn"`)
	_, err = serve.New(serve.Options{Envs: 1, Keys: []string{"glyphs"}})
	assert.ErrorContains(t, err, "binary")
}

// TestAResetOfSomeEnvsAnswersEvery: a reset_all naming envs (Gymnasium's
// reset_mask, §37.6) resets those alone, with their seeds, and answers
// every env: the others as they are.
func TestAResetOfSomeEnvsAnswersEvery(t *testing.T) {
	s := start(t, serve.Options{Envs: 3, Step: serve.StepTick})
	first := s.batch(`{"op":"reset_all","seed":10}`)
	for range 5 {
		s.batch(`{"op":"step_all","replies":["search","search","search"]}`)
	}
	got := s.batch(`{"op":"reset_all","envs":[2,0],"seeds":[40,null]}`)
	require.Len(t, got, 3)
	assert.Equal(t, 0, got[0].Tick, "env 0 reset")
	assert.NotEqual(t, first[0].Map, got[0].Map, "env 0 plays its next seed, 10 + 3")
	other := start(t, serve.Options{Envs: 1, Step: serve.StepTick})
	assert.Equal(t, other.obs(`{"op":"reset","env":0,"seed":13}`).Map, got[0].Map, "env 0 played seed 13")
	assert.Equal(t, 5, got[1].Tick, "env 1 as it was")
	assert.Equal(t, 0, got[2].Tick)
	r := s.obs(`{"op":"reset","env":2,"seed":40}`)
	assert.Equal(t, r.Map, got[2].Map, "env 2 played seed 40")
	assert.Contains(t, s.err(`{"op":"reset_all","envs":[3]}`), "envs: 3 is out of range 0 … 2")
	assert.Contains(t, s.err(`{"op":"reset_all","envs":[1,1]}`), "envs: 1 twice")
	assert.Contains(t, s.err(`{"op":"reset_all","envs":[]}`), "envs: none")
	assert.Contains(t, s.err(`{"op":"reset_all","envs":[1],"seeds":[1,2]}`), "seeds: 2 seeds for 1 envs")
}

// stepSomeFrame is a binary step_some request of envs and actions.
func stepSomeFrame(envs []int, actions []int) []byte {
	b := binary.LittleEndian.AppendUint32([]byte{'c'}, uint32(len(envs)))
	for k, i := range envs {
		b = binary.LittleEndian.AppendUint32(b, uint32(i))
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(actions[k])))
	}
	return b
}

// TestStepSomeStepsTheEnvsNamed: a step_some (EnvPool's send, §37.6)
// steps the envs it names, in any order, as steps of each would, and
// answers their records in its order — in the answer, or in shared
// memory at the envs' own places of the doorbell's region; a bad one is
// refused before any env steps.
func TestStepSomeStepsTheEnvsNamed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shm")
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	opt := serve.Options{Envs: 3, Autoreset: true, MaxTurns: 2, Binary: true, Step: serve.StepTick}
	some, single := start(t, opt), start(t, opt)
	opt.Shm = path
	shared := start(t, opt)
	rb := cogRecord
	for _, s := range []*session{some, single, shared} {
		s.ask(`{"op":"reset_all","seed":7}`)
	}
	table := obs.NewActionTable(nil)
	region := 1
	x := uint32(5)
	for turn := range 200 { // past the 80-step episodes: autoresets
		envs := [][]int{{2, 0}, {1}, {0, 1, 2}, {1, 2}}[turn%4]
		acts := make([]int, len(envs))
		for k := range acts {
			x = x*1664525 + 1013904223
			acts[k] = int(x>>8) % table.Len()
		}
		kind, got := some.ask(string(stepSomeFrame(envs, acts)))
		require.Equal(t, byte('O'), kind, "%s", got)
		require.Equal(t, uint32(len(envs)), binary.LittleEndian.Uint32(got))
		kind, bell := shared.ask(string(stepSomeFrame(envs, acts)))
		require.Equal(t, byte('M'), kind, "%s", bell)
		le := binary.LittleEndian
		assert.Equal(t, []uint32{uint32(region), uint32(len(envs)), uint32(envs[0])},
			[]uint32{le.Uint32(bell), le.Uint32(bell[4:]), le.Uint32(bell[8:])})
		m, err := os.ReadFile(path)
		require.NoError(t, err)
		for k, i := range envs {
			kind, want := single.ask(string(actionFrame(i, acts[k])))
			require.Equal(t, byte('O'), kind)
			rec := got[4+k*rb : 4+(k+1)*rb]
			require.True(t, bytes.Equal(want[4:4+rb], rec), "turn %d: env %d", turn, i)
			at := serve.ShmHeader + (region*3+i)*rb
			require.True(t, bytes.Equal(rec, m[at:at+rb]), "turn %d: env %d in shared memory", turn, i)
		}
		region ^= 1
	}
	for _, tc := range []struct {
		envs, acts []int
		err        string
	}{
		{[]int{3}, []int{0}, "envs: 3 is out of range 0 … 2"},
		{[]int{1, 1}, []int{0, 0}, "envs: 1 twice"},
		{[]int{1, 2}, []int{0, 159}, "actions: env 2: 159 is out of range 0 … 158"},
	} {
		kind, body := some.ask(string(stepSomeFrame(tc.envs, tc.acts)))
		require.Equal(t, byte('E'), kind)
		assert.Contains(t, string(body), tc.err)
	}
	kind, body := some.ask(string(stepSomeFrame(nil, nil)))
	require.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), "a binary step_some of 0 envs")
	// JSON: replies (or actions) by env.
	js := start(t, serve.Options{Envs: 3, Step: serve.StepTick})
	js.batch(`{"op":"reset_all","seed":7}`)
	got := js.batch(`{"op":"step_some","envs":[2],"replies":["search"]}`)
	require.Len(t, got, 1)
	assert.Equal(t, 1, got[0].Tick)
	got = js.batch(`{"op":"step_some","envs":[0,2],"actions":[8,8]}`)
	require.Len(t, got, 2)
	assert.Equal(t, []int{1, 2}, []int{got[0].Tick, got[1].Tick})
	assert.Contains(t, js.err(`{"op":"step_some","envs":[0]}`), "step_some: actions or replies missing")
	assert.Contains(t, js.err(`{"op":"step_some","envs":[0],"actions":[1],"replies":["e"]}`), "not both")
	assert.Contains(t, js.err(`{"op":"step_some","envs":[0,1],"actions":[1]}`), "actions: 1 actions for 2 envs")
}

// TestPackedSnapshotsRestoreInTheirSession: a binary session's snapshot
// is the packed form (§37.7), sent back raw ('r'): into its own slot and
// into another slot of the same configuration, the episode continues as
// the original did; the JSON form restores too; a snapshot taken
// between the tick steps of a turn is refused by a slot of turns; the
// text request says the observation's text.
func TestPackedSnapshotsRestoreInTheirSession(t *testing.T) {
	s := start(t, serve.Options{Envs: 2, Binary: true, Step: serve.StepTick})
	s.ask(`{"op":"reset_all","seed":21}`)
	for a := range 30 {
		s.ask(string(actionFrame(0, (a*7)%159)))
	}
	kind, snap := s.ask(`{"op":"snapshot","env":0}`)
	require.Equal(t, byte('S'), kind)
	require.True(t, sim.IsPacked(snap))
	var want [][]byte
	for a := range 20 {
		_, rec := s.ask(string(actionFrame(0, (a*11)%159)))
		want = append(want, rec)
	}
	restore := func(env int, b []byte) (byte, []byte) {
		return s.ask(string(append(binary.LittleEndian.AppendUint32([]byte{'r'}, uint32(env)), b...)))
	}
	for _, env := range []int{0, 1} {
		kind, body := restore(env, snap)
		require.Equal(t, byte('O'), kind, "%s", body)
		for a := range 20 {
			_, rec := s.ask(string(actionFrame(env, (a*11)%159)))
			rec[4], want[a][4] = 0, 0 // the env field
			require.Equal(t, want[a], rec, "env %d step %d", env, a)
		}
	}
	_, portable := s.ask(`{"op":"snapshot","env":1,"format":"json"}`)
	kind, body := restore(0, portable)
	require.Equal(t, byte('O'), kind, "%s", body)
	kind, text := s.ask(`{"op":"text","env":0}`)
	require.Equal(t, byte('J'), kind)
	assert.Contains(t, string(text), `Dlvl:`)
	s.ask(`{"op":"reset","env":1,"seed":3,"step":"turn"}`)
	kind, body = restore(1, snap)
	require.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), "restore it into a slot of tick steps")
	kind, body = restore(1, snap[:30])
	require.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), "cut short")
}
