package serve_test

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/race"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// session runs a JSON-lines session over pipes.
type session struct {
	t   testing.TB
	in  *io.PipeWriter
	out *bufio.Reader
	bin bool
}

// start serves a session of opt. A session's default is tick steps
// (§37.1); the tests of replies, written for command turns, get turns
// unless they name a step (the tests of tick steps name it).
func start(t testing.TB, opt serve.Options) *session {
	if opt.Step == "" {
		opt.Step = serve.StepTurn
	}
	sv, err := serve.New(opt)
	require.NoError(t, err)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		_ = sv.Serve(inR, outW)
		outW.Close()
	}()
	t.Cleanup(func() { inW.Close() })
	return &session{t: t, in: inW, out: bufio.NewReaderSize(outR, 1<<20), bin: opt.Binary}
}

// ask sends a request and reads the JSON answer (or, in binary mode, the
// frame's kind and body).
func (s *session) ask(req string) (kind byte, body []byte) {
	s.t.Helper()
	if s.bin {
		var head [4]byte
		binary.LittleEndian.PutUint32(head[:], uint32(len(req)))
		_, err := s.in.Write(append(head[:], req...))
		require.NoError(s.t, err)
		_, err = io.ReadFull(s.out, head[:])
		require.NoError(s.t, err)
		frame := make([]byte, binary.LittleEndian.Uint32(head[:]))
		_, err = io.ReadFull(s.out, frame)
		require.NoError(s.t, err)
		return frame[0], frame[1:]
	}
	_, err := io.WriteString(s.in, req+"\n")
	require.NoError(s.t, err)
	line, err := s.out.ReadBytes('\n')
	require.NoError(s.t, err)
	return 'J', line
}

func (s *session) obs(req string) obs.Observation {
	s.t.Helper()
	_, b := s.ask(req)
	var o obs.Observation
	require.NoError(s.t, json.Unmarshal(b, &o), string(b))
	require.Equal(s.t, "observation", o.Type, string(b))
	return o
}

func (s *session) batch(req string) []obs.Observation {
	s.t.Helper()
	_, b := s.ask(req)
	var r struct{ Observations []obs.Observation }
	require.NoError(s.t, json.Unmarshal(b, &r), string(b))
	return r.Observations
}

func (s *session) err(req string) string {
	s.t.Helper()
	_, b := s.ask(req)
	var r struct{ Error string }
	require.NoError(s.t, json.Unmarshal(b, &r), string(b))
	require.NotEmpty(s.t, r.Error, string(b))
	return r.Error
}

func TestAResetAndStepsPlayAnEpisode(t *testing.T) {
	s := start(t, serve.Options{Envs: 2})
	o := s.obs(`{"op":"reset","env":1,"seed":7}`)
	require.Equal(t, 1, *o.Env)
	direct, err := sim.New(sim.Config{Seed: 7})
	require.NoError(t, err)
	assert.Equal(t, string(direct.Observe()), o.Text, "the same episode as sim.New")
	for !o.Terminated && !o.Truncated {
		o = s.obs(`{"op":"step","env":1,"reply":"e e search s s w"}`)
		direct.Turn("e e search s s w")
		require.Equal(t, string(direct.Observe()), o.Text)
	}
	require.NotNil(t, o.End, "the last observation carries the result")
	assert.Equal(t, direct.Result().Score, o.End.Score)
	assert.Contains(t, s.err(`{"op":"step","env":1,"reply":"e"}`), "env 1: the episode has ended")
	_, b := s.ask(`{"op":"close"}`)
	assert.JSONEq(t, `{"closed":true}`, string(b))
}

func TestABadRequestNamesTheFieldAndTheSessionGoesOn(t *testing.T) {
	s := start(t, serve.Options{Envs: 2})
	for req, want := range map[string]string{
		`not json`:                                                             "request:",
		`{"op":"step","env":0,"reply":"e"}`:                                    "env 0: no episode (reset it first)",
		`{"op":"step","env":2,"reply":"e"}`:                                    "env: 2 is out of range 0 … 1",
		`{"op":"step","reply":"e"}`:                                            "env: missing",
		`{"op":"reset","env":0,"seed":"x"}`:                                    "seed: must be uint64",
		`{"op":"reset","env":0,"rules":"nope"}`:                                `rules: unknown rules "nope"`,
		`{"op":"reset","env":0,"mechanics":["dragons"]}`:                       `mechanics: unknown mechanic "dragons"`,
		`{"op":"reset","env":0,"colour":1}`:                                    `unknown field "colour"`,
		`{"op":"fly"}`:                                                         `op: unknown "fly"`,
		`{"op":"step_all","replies":["e"]}`:                                    "replies: 1 replies for 2 envs",
		`{"op":"restore","env":0,"snapshot":"!!"}`:                             "snapshot: not base64",
		`{"op":"reset","env":0,"scenario":{"map":7}}`:                          "scenario:",
		`{"op":"reset","env":0,"maxTurns":53687092}`:                           "maxTurns: must be 1 … 100000",
		`{"op":"reset","env":0,"maxTurns":3000000000}`:                         "maxTurns: must be 1 … 100000",
		`{"op":"reset","env":0,"mechanics":["rogue-hunger","nethack-hunger"]}`: `is replaced by mechanic "rogue-hunger" already`,
	} {
		assert.Contains(t, s.err(req), want, req)
	}
	o := s.obs(`{"op":"reset","env":0,"seed":3}`)
	assert.Equal(t, 0, o.Turn, "the session went on")
}

// TestGlyphsSayWhatTheMapShows: every cell's glyph draws the character
// the text map shows there, and a species glyph stands only where a
// monster letter does (§29: no hidden information).
func TestGlyphsSayWhatTheMapShows(t *testing.T) {
	char := map[int16]string{}
	for _, g := range text.Glyphs() {
		char[g.ID] = g.Char
	}
	s := start(t, serve.Options{Envs: 1, Rules: "cog", Mechanics: []string{"yellow-mold"}})
	cells, monsters := 0, 0
	for seed := 1; seed <= 25; seed++ {
		o := s.obs(fmt.Sprintf(`{"op":"reset","env":0,"seed":%d}`, seed))
		for turn := 0; turn < 30 && o.End == nil; turn++ {
			for y, row := range o.Map {
				for x := range c.W {
					g := o.Glyphs[y][x]
					want, ok := char[g]
					require.True(t, ok, "glyph %d is in the table", g)
					require.Equal(t, string(row[x]), want, "seed %d turn %d (%d, %d)", seed, turn, x, y)
					if g >= text.SpeciesGlyphBase {
						monsters++
						assert.NotEqual(t, byte('@'), row[x])
					}
					cells++
				}
			}
			o = s.obs(`{"op":"step","env":0,"reply":"e*3 s*3 w*3 n*3 search"}`)
		}
	}
	assert.Positive(t, monsters, "monsters were seen")
	t.Logf("%d cells, %d monster cells", cells, monsters)
}

// TestRewardsSumToTheScore: over many episodes, the rewards of an
// episode's observations add up to its final score (§29).
func TestRewardsSumToTheScore(t *testing.T) {
	s := start(t, serve.Options{Envs: 4, Autoreset: true})
	replies := []string{"e e e s s s", "w w n n search*4", ", e e e", "se*4 kick e", "eat b i", "> s s s", "quaff c nw nw"}
	sums := make([]int, 4)
	done, negative := 0, 0
	// Under -race, which checks the session's goroutines, not its sums,
	// fewer episodes: 200 take most of a minute there.
	episodes := 200
	if race.Enabled {
		episodes = 40
	}
	s.batch(`{"op":"reset_all","seed":1000}`)
	for turn := 0; done < episodes; turn++ {
		reps := make([]string, 4)
		for i := range reps {
			reps[i] = replies[(turn+i)%len(replies)]
		}
		b, _ := json.Marshal(map[string]any{"op": "step_all", "replies": reps})
		for i, o := range s.batch(string(b)) {
			if o.Reward < 0 {
				negative++
			}
			sums[i] += o.Reward
			if o.End != nil {
				require.Equal(t, o.End.Score, sums[i], "env %d: rewards sum to the score", i)
				sums[i] = 0
				done++
			}
		}
	}
	t.Logf("%d episodes, %d negative rewards (the Oracle's fee)", done, negative)
}

func TestAutoresetStartsTheNextSeedOnTheNextStep(t *testing.T) {
	s := start(t, serve.Options{Envs: 3, Autoreset: true, MaxTurns: 2})
	obs := s.batch(`{"op":"reset_all","seed":10}`)
	require.Len(t, obs, 3)
	for range 2 {
		obs = s.batch(`{"op":"step_all","replies":["e","e","e"]}`)
	}
	for i, o := range obs {
		require.True(t, o.Truncated, "env %d: the clock of 2 turns ran out", i)
		require.NotNil(t, o.End)
		assert.Equal(t, uint64(10+i), o.End.Seed)
	}
	obs = s.batch(`{"op":"step_all","replies":["e","e","e"]}`)
	for i, o := range obs {
		assert.Zero(t, o.Turn, "env %d: a new episode, the reply not played", i)
		assert.False(t, o.Truncated || o.Terminated)
		assert.Zero(t, o.Reward)
		direct, err := sim.New(sim.Config{Seed: uint64(13 + i), MaxTurns: 2})
		require.NoError(t, err)
		assert.Equal(t, string(direct.Observe()), o.Text, "env %d plays seed %d, its seed + 3", i, 13+i)
	}
}

func TestStepAllOnAllCoresIsStepOneByOne(t *testing.T) {
	// Enough slots for two workers (8 a worker), with helpers that
	// linger between batches.
	const envs = 48
	many := start(t, serve.Options{Envs: envs, Autoreset: true, Linger: serve.DefaultLinger})
	one := start(t, serve.Options{Envs: envs, Autoreset: true})
	a := many.batch(`{"op":"reset_all","seed":1}`)
	for i := range envs {
		require.Equal(t, a[i].Text, one.obs(fmt.Sprintf(`{"op":"reset","env":%d,"seed":%d}`, i, 1+i)).Text)
	}
	for turn := range 60 {
		reps := make([]string, envs)
		for i := range reps {
			reps[i] = []string{"e e", "s s", "w search", "n n n"}[(turn+i)%4]
		}
		b, _ := json.Marshal(map[string]any{"op": "step_all", "replies": reps})
		a = many.batch(string(b))
		for i := range envs {
			o := one.obs(fmt.Sprintf(`{"op":"step","env":%d,"reply":%q}`, i, reps[i]))
			require.Equal(t, o.Text, a[i].Text, "env %d turn %d", i, turn)
		}
	}
}

// TestASnapshotRestoredContinuesAsTheOriginal: restored into another slot,
// a snapshot plays on exactly as the original slot does.
func TestASnapshotRestoredContinuesAsTheOriginal(t *testing.T) {
	s := start(t, serve.Options{Envs: 2, Rules: "nethack"})
	s.obs(`{"op":"reset","env":0,"seed":5}`)
	for range 6 {
		s.obs(`{"op":"step","env":0,"reply":"e e s s w search"}`)
	}
	_, b := s.ask(`{"op":"snapshot","env":0}`)
	var snap struct{ Snapshot string }
	require.NoError(t, json.Unmarshal(b, &snap))
	o := s.obs(fmt.Sprintf(`{"op":"restore","env":1,"snapshot":%q}`, snap.Snapshot))
	assert.Zero(t, o.Reward)
	for turn := range 20 {
		a := s.obs(`{"op":"step","env":0,"reply":"n n e e search*3"}`)
		b := s.obs(`{"op":"step","env":1,"reply":"n n e e search*3"}`)
		require.Equal(t, a.Text, b.Text, "turn %d", turn)
		require.Equal(t, a.Reward, b.Reward)
		if a.End != nil {
			break
		}
	}
}

// TestTheBinaryFramingHoldsTheSameObservations: every field of a binary
// record equals the JSON observation of the same episode.
func TestTheBinaryFramingHoldsTheSameObservations(t *testing.T) {
	js := start(t, serve.Options{Envs: 2, Autoreset: true, MaxTurns: 6})
	bin := start(t, serve.Options{Envs: 2, Autoreset: true, MaxTurns: 6, Binary: true})
	kind, body := bin.ask(`{"op":"info"}`)
	require.Equal(t, byte('J'), kind)
	var info serve.Info
	require.NoError(t, json.Unmarshal(body, &info))
	assert.Equal(t, cogRecord, info.RecordBytes)
	assert.Len(t, info.Actions, 159)

	want := js.batch(`{"op":"reset_all","seed":40}`)
	kind, body = bin.ask(`{"op":"reset_all","seed":40}`)
	require.Equal(t, byte('O'), kind)
	compare(t, want, body)
	for turn := range 14 {
		req := `{"op":"step_all","replies":["e e junk","s s search"]}`
		want = js.batch(req)
		if turn%2 == 0 {
			kind, body = bin.ask(req)
		} else {
			kind, body = bin.ask(string(stepAllFrame("e e junk", "s s search")))
		}
		require.Equal(t, byte('O'), kind)
		compare(t, want, body)
	}
	o := js.obs(`{"op":"step","env":1,"reply":"w w"}`)
	kind, body = bin.ask(string(stepFrame(1, "w w")))
	require.Equal(t, byte('O'), kind)
	compare(t, []obs.Observation{o}, body)
	kind, body = bin.ask(string(stepAllFrame("e")))
	assert.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), "replies: 1 replies for 2 envs")
	kind, body = bin.ask(string(stepFrame(9, "e")))
	assert.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), "env: 9 is out of range")
	kind, body = bin.ask(`{"op":"fly"}`)
	assert.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), `op: unknown`)
	kind, body = bin.ask(`{"op":"snapshot","env":0}`)
	assert.Equal(t, byte('S'), kind)
	assert.True(t, sim.IsPacked(body), "the packed form (§37.7)")
	kind, body = bin.ask(`{"op":"snapshot","env":0,"format":"json"}`)
	assert.Equal(t, byte('S'), kind)
	assert.True(t, bytes.HasPrefix(body, []byte(`{"format":"cogsim-snapshot"`)), "the portable form")
	kind, body = bin.ask(`{"op":"snapshot","env":0,"format":"xml"}`)
	assert.Equal(t, byte('E'), kind)
	assert.Contains(t, string(body), `format: must be \"packed\" or \"json\", got \"xml\"`)
}

// stepFrame is a binary step request.
func stepFrame(env int, reply string) []byte {
	b := binary.LittleEndian.AppendUint32([]byte{'s'}, uint32(env))
	return append(b, reply...)
}

// stepAllFrame is a binary step_all request.
func stepAllFrame(replies ...string) []byte {
	b := []byte{'a'}
	for _, r := range replies {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(r)))
		b = append(b, r...)
	}
	return b
}

func compare(t *testing.T, want []obs.Observation, body []byte) {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(body))
	require.Equal(t, len(want), n)
	recs := body[4:]
	trailerAt := n * cogRecord
	var extras []struct {
		Env     int
		Ignored string
		End     *sim.Result
	}
	m := binary.LittleEndian.Uint32(recs[trailerAt:])
	require.NoError(t, json.Unmarshal(recs[trailerAt+4:trailerAt+4+int(m)], &extras))
	for k, o := range want {
		r := recs[k*cogRecord : (k+1)*cogRecord]
		le := binary.LittleEndian
		require.Equal(t, uint32(*o.Env), le.Uint32(r[0:]))
		flags := le.Uint32(r[4:])
		assert.Equal(t, o.Terminated, flags&obs.FlagTerminated != 0)
		assert.Equal(t, o.Truncated, flags&obs.FlagTruncated != 0)
		assert.Equal(t, o.End != nil, flags&obs.FlagEnded != 0)
		assert.Equal(t, o.Ignored != "", flags&obs.FlagIgnored != 0)
		assert.Equal(t, int32(o.Reward), int32(le.Uint32(r[8:])))
		stats := []int{o.Stats.Depth, o.Stats.Gold, o.Stats.HP, o.Stats.MaxHP, o.Stats.AC, o.Stats.XLevel, o.Stats.XP,
			o.Stats.Tick, o.Stats.Turn, o.Stats.MaxTurns, o.Stats.Hunger, o.Stats.Conditions, o.Stats.X, o.Stats.Y}
		for i, v := range stats {
			require.Equal(t, int32(v), int32(le.Uint32(r[12+4*i:])), "stat %d", i)
		}
		assert.Equal(t, o.Message, strings.TrimRight(string(r[68:324]), "\x00"))
		assert.Equal(t, o.Status, strings.TrimRight(string(r[324:452]), "\x00"))
		for y := range c.H {
			require.Equal(t, o.Map[y], string(r[452+y*c.W:452+(y+1)*c.W]))
			for x := range c.W {
				require.Equal(t, o.Glyphs[y][x], int16(le.Uint16(r[1316+2*(y*c.W+x):])))
			}
		}
		found := false
		for _, ex := range extras {
			if ex.Env == *o.Env {
				found = true
				assert.Equal(t, o.Ignored, ex.Ignored)
				if o.End != nil {
					assert.Equal(t, *o.End, *ex.End)
				}
			}
		}
		// The trailer names every env whose record cannot say all.
		assert.Equal(t, o.End != nil || o.Ignored != "", found, "env %d in the trailer", *o.Env)
	}
}

func BenchmarkStepBinary(b *testing.B) {
	for _, envs := range []int{1, 16, 256} {
		b.Run(fmt.Sprintf("envs=%d", envs), func(b *testing.B) {
			s := start(b, serve.Options{Envs: envs, Binary: true, Autoreset: true})
			s.ask(`{"op":"reset_all","seed":1}`)
			reps := make([]string, envs)
			for i := range reps {
				reps[i] = []string{"e", "s", "w", "n", "search"}[i%5]
			}
			req, _ := json.Marshal(map[string]any{"op": "step_all", "replies": reps})
			b.ResetTimer()
			for range b.N {
				s.ask(string(req))
			}
			b.ReportMetric(float64(b.N*envs)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

// BenchmarkServerOnly times the server alone: a batch of step_all
// requests read from memory, the answers discarded — by replies (command
// turns), and by random action indices (tick steps, with autoresets)
// into answers or shared memory (§35.6, §37.10), with every observation
// key or with glyphs and stats alone.
func BenchmarkServerOnly(b *testing.B) {
	// The engine's fingerprint, which the first result names, is made
	// once a process (~34 million instructions, a few hundred thousand
	// more or less from one run to the next): before the timing, not
	// inside it (scripts/ir-per-step.sh).
	sim.Fingerprint()
	for _, mode := range []string{"replies", "actions", "actions+shm", "actions+shm+glyphs+stats"} {
		for _, envs := range []int{1, 256} {
			b.Run(fmt.Sprintf("%s/envs=%d", mode, envs), func(b *testing.B) {
				opt := serve.Options{Envs: envs, Binary: true, Autoreset: true, Linger: serve.DefaultLinger}
				if mode == "replies" {
					opt.Step = serve.StepTurn
				}
				if mode == "actions+shm+glyphs+stats" {
					opt.Keys = []string{"glyphs", "stats"}
				}
				if strings.HasPrefix(mode, "actions+shm") {
					// Memory, as the Python package's memfd is: in
					// /dev/shm where there is one (a file on disk
					// costs page faults as the kernel writes it back).
					dir := "/dev/shm"
					if _, err := os.Stat(dir); err != nil {
						dir = b.TempDir()
					}
					f, err := os.CreateTemp(dir, "cogsim-bench-")
					require.NoError(b, err)
					require.NoError(b, f.Close())
					opt.Shm = f.Name()
					b.Cleanup(func() { os.Remove(f.Name()) })
				}
				sv, err := serve.New(opt)
				require.NoError(b, err)
				defer sv.Close()
				frame := func(req []byte) []byte {
					var head [4]byte
					binary.LittleEndian.PutUint32(head[:], uint32(len(req)))
					return append(head[:], req...)
				}
				reps := make([]string, envs)
				for i := range reps {
					reps[i] = []string{"e", "s", "w", "n", "search"}[i%5]
				}
				// The requests: 64 batches of random actions, played in
				// turn, written into a buffer of their size, so that
				// making them costs next to nothing beside the server's
				// work (scripts/ir-per-step.sh counts the instructions
				// of a run).
				var pool [][]byte
				x := uint32(1)
				acts := make([]int, envs)
				for range 64 {
					if mode == "replies" {
						pool = append(pool, frame(stepAllFrame(reps...)))
						continue
					}
					for i := range acts {
						x = x*1664525 + 1013904223
						acts[i] = int(x>>8) % 159
					}
					pool = append(pool, frame(actionsFrame(acts...)))
				}
				var in bytes.Buffer
				in.Grow(64 + b.N*len(pool[0]))
				in.Write(frame([]byte(`{"op":"reset_all","seed":1}`)))
				for k := range b.N {
					in.Write(pool[k%len(pool)])
				}
				b.ReportAllocs()
				b.ResetTimer()
				require.NoError(b, sv.Serve(&in, io.Discard))
				b.ReportMetric(float64(b.N*envs)/b.Elapsed().Seconds(), "steps/s")
			})
		}
	}
}

// TestARestoredSlotKeepsTheSessionsSettings: a snapshot carries its
// episode's configuration, so a slot of a --strict --turns 3
// --autoreset session restored from one stays strict and, after its next
// autoreset, plays 3 turns, not 55 (issue 25).
func TestARestoredSlotKeepsTheSessionsSettings(t *testing.T) {
	s := start(t, serve.Options{Envs: 1, Strict: true, MaxTurns: 3, Autoreset: true})
	s.obs(`{"op":"reset","env":0,"seed":7}`)
	_, b := s.ask(`{"op":"snapshot","env":0}`)
	var snap struct{ Snapshot string }
	require.NoError(t, json.Unmarshal(b, &snap))
	s.obs(fmt.Sprintf(`{"op":"restore","env":0,"snapshot":%q}`, snap.Snapshot))
	o := s.obs(`{"op":"step","env":0,"reply":"I think e"}`)
	assert.True(t, o.Unusable, "still strict: %s", o.Message)
	for o.End == nil {
		o = s.obs(`{"op":"step","env":0,"reply":"s"}`)
	}
	assert.Equal(t, 3, o.End.Turns, "the restored episode's clock")
	o = s.obs(`{"op":"step","env":0,"reply":"s"}`) // autoreset: the next seed
	assert.Equal(t, 0, o.Turn)
	for turns := 1; o.End == nil; turns++ {
		require.LessOrEqual(t, turns, 3, "the next episode keeps --turns 3")
		o = s.obs(`{"op":"step","env":0,"reply":"s"}`)
	}
	assert.Equal(t, 3, o.End.Turns)
}

// cogRecord is the record size of a session of the cog game: 159
// actions.
var cogRecord = obs.DefaultLayout(nil, obs.NewActionTable(nil)).Size
