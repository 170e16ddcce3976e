package serve_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// play resets slot 0 with the task and scenario, plays the replies (the
// last until the episode ends, at most 60 turns) and returns every
// observation after the reset.
func play(t *testing.T, s *session, task, scenario string, replies ...string) (first obs.Observation, steps []obs.Observation) {
	t.Helper()
	req := fmt.Sprintf(`{"op":"reset","env":0,"seed":9,"task":%q`, task)
	if scenario != "" {
		var line bytes.Buffer
		require.NoError(t, json.Compact(&line, []byte(scenario)))
		req += `,"scenario":` + line.String()
	}
	first = s.obs(req + "}")
	for k := 0; k < 60; k++ {
		r := replies[min(k, len(replies)-1)]
		b, err := json.Marshal(map[string]any{"op": "step", "env": 0, "reply": r})
		require.NoError(t, err)
		o := s.obs(string(b))
		steps = append(steps, o)
		if o.End != nil || (k >= len(replies)-1 && len(replies) > 0 && replies[len(replies)-1] == "") {
			break
		}
	}
	return first, steps
}

func sum(list []obs.Observation) (total int) {
	for _, o := range list {
		total += o.Reward
	}
	return total
}

func scenarioFile(t *testing.T, name string) string {
	b, err := os.ReadFile(filepath.Join("..", "..", "scenarios", name+".json"))
	require.NoError(t, err)
	return string(b)
}

// TestEachTaskRewardsWhatItCounts: each task's rewards sum to what the
// task counts (§35.3), computed by the server.
func TestEachTaskRewardsWhatItCounts(t *testing.T) {
	s := start(t, serve.Options{Envs: 1})
	_, body := s.ask(`{"op":"info"}`)
	var info serve.Info
	require.NoError(t, json.Unmarshal(body, &info))
	assert.Equal(t, []string{"score", "descend", "gold", "eat", "oracle", "scout", "goal"}, info.Tasks)

	t.Run("score", func(t *testing.T) {
		first, steps := play(t, s, "score", "", "e", "search", "w", "n", "search")
		end := steps[len(steps)-1].End
		require.NotNil(t, end)
		assert.Equal(t, end.Score, first.Reward+sum(steps))
	})
	t.Run("descend", func(t *testing.T) {
		sc := `{"name":"stairs","map":["","  ----"," |@>.|","  ----"],"lit":true}`
		_, steps := play(t, s, "descend", sc, "e", ">", "search")
		assert.Equal(t, 0, steps[0].Reward)
		assert.Equal(t, 1, steps[1].Reward, "a new depth")
		assert.Equal(t, steps[len(steps)-1].End.MaxDepth-1, sum(steps))
	})
	t.Run("gold", func(t *testing.T) {
		sc := `{"name":"gold","map":["","  -----"," |@$..|","  -----"],"lit":true}`
		_, steps := play(t, s, "gold", sc, "e", "pickup", "search")
		gained := steps[1].Stats.Gold
		require.Positive(t, gained)
		assert.Equal(t, gained, steps[1].Reward)
		assert.Equal(t, gained, sum(steps))
	})
	t.Run("eat", func(t *testing.T) {
		sc := `{"name":"meals","map":["","  -----"," |@...|","  -----"],"lit":true,
			"cog":{"nutrition":60,"inventory":[{"kind":"food ration","count":2}]}}`
		_, steps := play(t, s, "eat", sc, "eat a", "eat a", "search")
		assert.Equal(t, []int{1, 0}, []int{steps[0].Reward, steps[1].Reward}, "the second meal is eaten sated")
		assert.Equal(t, 1, sum(steps))
		// Two apples in one turn, each eaten Hungry: a turn's meals
		// count tick by tick.
		apples := `{"name":"apples","map":["","  -----"," |@...|","  -----"],"lit":true,
			"cog":{"nutrition":60,"inventory":[{"kind":"apple","count":3}]}}`
		_, steps = play(t, s, "eat", apples, "eat a eat a", "search")
		assert.Equal(t, 2, steps[0].Reward)
		assert.Equal(t, 2, sum(steps))
	})
	t.Run("oracle", func(t *testing.T) {
		_, steps := play(t, s, "oracle", scenarioFile(t, "oracle"), "chat e", "search")
		require.Len(t, steps, 1, "the deed ends the episode")
		o := steps[0]
		assert.Equal(t, 1, o.Reward)
		assert.Equal(t, []string{"oracle"}, o.Deeds)
		assert.True(t, o.Terminated)
		require.NotNil(t, o.End)
		assert.Equal(t, "goal", o.End.Cause)
	})
	t.Run("scout", func(t *testing.T) {
		// A dark room: each step sees new cells.
		sc := `{"name":"dark","map":["","  ---------"," |@.......|"," |........|","  ---------"],"lit":false}`
		_, steps := play(t, s, "scout", sc, "e", "e", "e", "w", "search")
		assert.Positive(t, steps[0].Reward)
		assert.Positive(t, steps[2].Reward)
		assert.Equal(t, 0, steps[3].Reward, "back where it has been")
		seen := 0
		for _, row := range steps[len(steps)-1].Map {
			for _, ch := range row {
				if ch != ' ' {
					seen++
				}
			}
		}
		// The rock in sight counts as seen but draws as a space: a
		// corner of rock beside the room's walls is all it adds.
		assert.LessOrEqual(t, sum(steps), seen+4, "no more than the cells it has seen")
	})
	t.Run("unknown", func(t *testing.T) {
		assert.Contains(t, s.err(`{"op":"reset","env":0,"task":"fly"}`), `task: unknown "fly" (score, descend, gold, eat, oracle, scout, goal)`)
	})
}

// TestDeedsAndTheResultSoFar: an observation names the deeds earned by
// its step; the result op gives the episode's result before its end.
func TestDeedsAndTheResultSoFar(t *testing.T) {
	s := start(t, serve.Options{Envs: 1})
	s.obs(`{"op":"reset","env":0,"seed":2}`)
	_, b := s.ask(`{"op":"result","env":0}`)
	var r struct {
		Result sim.Result
		Ended  bool
	}
	require.NoError(t, json.Unmarshal(b, &r))
	assert.False(t, r.Ended)
	assert.Equal(t, uint64(2), r.Result.Seed)
	s.obs(`{"op":"step","env":0,"reply":"search"}`)
	_, b = s.ask(`{"op":"result","env":0}`)
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, 1, r.Result.Turns)
	assert.Contains(t, s.err(`{"op":"result","env":7}`), "env: 7 is out of range")
}

// TestRecordedReplaysVerify: a session with a record folder writes each
// finished episode's replay, which verifies (§35.4); a restored episode
// is not recorded.
func TestRecordedReplaysVerify(t *testing.T) {
	dir := t.TempDir()
	s := start(t, serve.Options{Envs: 2, RecordDir: dir, MaxTurns: 6, Autoreset: true})
	s.batch(`{"op":"reset_all","seed":30}`)
	for range 13 {
		s.batch(`{"op":"step_all","replies":["e search","I think n"]}`)
	}
	for _, name := range []string{"seed-30.jsonl", "seed-31.jsonl", "seed-32.jsonl", "seed-33.jsonl"} {
		r, err := replay.Load(filepath.Join(dir, name))
		require.NoError(t, err, name)
		require.NoError(t, r.Play(nil), name)
		assert.Equal(t, 6, r.Result.Turns)
	}
	// The same seed again takes the next name.
	s.obs(`{"op":"reset","env":0,"seed":30}`)
	for range 6 {
		s.obs(`{"op":"step","env":0,"reply":"w"}`)
	}
	_, err := replay.Load(filepath.Join(dir, "seed-30.2.jsonl"))
	require.NoError(t, err)
}

// TestARecordedSessionWritesReplaysItsReaderReads: a reply longer than
// serve.MaxReply is refused, naming the bound, and the session and its
// recording go on; the longest reply allowed, of the worst escaping,
// still makes a replay its reader reads and verifies (issue 34: a
// 17 MiB reply made an unreadable replay).
func TestARecordedSessionWritesReplaysItsReaderReads(t *testing.T) {
	dir := t.TempDir()
	s := start(t, serve.Options{Envs: 1, RecordDir: dir, MaxTurns: 3})
	s.obs(`{"op":"reset","env":0,"seed":9}`)
	long := strings.Repeat("x", serve.MaxReply+1)
	_, body := s.ask(`{"op":"step","env":0,"reply":"` + long + `"}`)
	assert.Contains(t, string(body), `"error":"reply: 1048577 bytes, longer than 1048576 (1 MiB)"`)
	_, body = s.ask(`{"op":"step_all","replies":["` + long + `"]}`)
	assert.Contains(t, string(body), `"error":"replies[0]: 1048577 bytes, longer than 1048576 (1 MiB)"`)
	// Control characters escape to six bytes each in the replay's JSON.
	worst := strings.Repeat(`\u0001`, serve.MaxReply)
	for range 3 {
		s.obs(`{"op":"step","env":0,"reply":"` + worst + `"}`)
	}
	r, err := replay.Load(filepath.Join(dir, "seed-9.jsonl"))
	require.NoError(t, err)
	require.NoError(t, r.Play(nil))
	assert.Equal(t, 3, r.Result.Turns)
}

// TestTheEatTaskCountsMealsPlayedByIndex: a meal played by action index
// in a binary session earns the Eat task's reward as its reply would.
func TestTheEatTaskCountsMealsPlayedByIndex(t *testing.T) {
	s := start(t, serve.Options{Envs: 1, Binary: true, Task: "eat"})
	s.ask(`{"op":"reset","env":0,"seed":9,"scenario":{"name":"apples","map":["","  -----"," |@...|","  -----"],"lit":true,` +
		`"cog":{"nutrition":60,"inventory":[{"kind":"apple","count":3}]}}}`)
	eat := slices.Index(obs.NewActionTable(nil).Replies(), "eat a")
	for _, want := range []int32{1, 1, 0} {
		kind, body := s.ask(string(actionFrame(0, eat)))
		require.Equal(t, byte('O'), kind)
		assert.Equal(t, want, int32(binary.LittleEndian.Uint32(body[4+obs.OffReward:])))
		s.ask(string(actionFrame(0, eat+1))) // eat b: nothing there
	}
}
