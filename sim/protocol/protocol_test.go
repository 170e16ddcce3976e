package protocol_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type msg struct {
	Type    string          `json:"type"`
	Turn    int             `json:"turn"`
	Tick    int             `json:"tick"`
	Text    string          `json:"text"`
	Map     []string        `json:"map"`
	Message string          `json:"message"`
	Status  string          `json:"status"`
	Result  json.RawMessage `json:"result"`
}

func decode(t *testing.T, out []byte) []msg {
	var msgs []msg
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m msg
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m), sc.Text())
		msgs = append(msgs, m)
	}
	return msgs
}

func TestBadLinesAreUnusableRepliesAndEOFDisconnects(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	in := strings.Join([]string{
		`{"reply":"e"}`,
		`not json at all`,
		`{"say":"hello"}`,
		`{"reply":42}`,
		"\x00\x01\x02\xff\xfe",
		strings.Repeat("x", 10<<20),
		`{"reply":"search"} trailing`,
		`{"reply":"wait"}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	res, err := protocol.Serve(s, strings.NewReader(in), &out, nil)
	require.NoError(t, err)
	msgs := decode(t, out.Bytes())
	require.Len(t, msgs, 10, "9 observations and the end")
	assert.Equal(t, "observation", msgs[0].Type)
	assert.Len(t, msgs[0].Map, 18)
	assert.Equal(t, strings.Join(msgs[0].Map, "\n")+"\n"+msgs[0].Message+"\n"+msgs[0].Status, msgs[0].Text)
	assert.Equal(t, 1, msgs[1].Tick, "a good reply: one move")
	for i := 2; i <= 7; i++ {
		assert.Equal(t, sim.UnusableReply, msgs[i].Message, "line %d", i)
		assert.Equal(t, msgs[i-1].Tick+40, msgs[i].Tick, "line %d waits forty ticks", i)
	}
	assert.Equal(t, msgs[7].Tick+1, msgs[8].Tick)
	assert.Equal(t, "end", msgs[9].Type)
	assert.Equal(t, protocol.CauseDisconnected, res.Cause)
	assert.Contains(t, string(msgs[9].Result), `"cause":"disconnected"`)
}

func TestAWholeEpisodeEndsWithTheEndMessageAndAReplay(t *testing.T) {
	s, _ := sim.New(sim.Config{Seed: 2})
	var rbuf bytes.Buffer
	rec, err := replay.NewRecorder(s, &rbuf)
	require.NoError(t, err)
	in := strings.Repeat(`{"reply":"wait*40"}`+"\n", 60)
	var out bytes.Buffer
	res, err := protocol.Serve(s, strings.NewReader(in), &out, rec)
	require.NoError(t, err)
	msgs := decode(t, out.Bytes())
	require.Len(t, msgs, res.Turns+1, "the first observation, one before each later turn, and the end")
	assert.Equal(t, "end", msgs[len(msgs)-1].Type)
	assert.Equal(t, "observation", msgs[len(msgs)-2].Type)
	rep, err := replay.Read(&rbuf)
	require.NoError(t, err)
	assert.NoError(t, rep.Play(nil))
}

func TestParseReply(t *testing.T) {
	for line, want := range map[string]bool{
		`{"reply":"e e"}`: true, `{"reply":""}`: true, ` {"reply":"e"} `: true, `{"reply":"e","x":1}`: true,
		`{"reply":null}`: false, `[]`: false, ``: false, `{"reply":"e"}{"reply":"w"}`: false, `"e"`: false,
		// Binary: bytes that are not UTF-8, in the reply or beside it.
		"{\"reply\":\"e\xff\"}": false, "{\"reply\":\"e\",\"x\":\"\xc3\"}": false, `{"reply":"é"}`: true,
	} {
		_, ok := protocol.ParseReply([]byte(line))
		assert.Equal(t, want, ok, line)
	}
}

// patient is the turn timeout of agents that should answer, end or be
// found disconnected: a machine under load may take many seconds to
// start a shell or a Python agent (issues 25, 34), so it is only a
// safety net against a hang.
const patient = 5 * time.Minute

// heldFor bounds an episode that must not wait for a hung or hostile
// agent (the testdata agents hold for 10 minutes, sleep 600 below) nor for the patient timeout; it too
// is only a safety net, far above what a loaded machine needs.
const heldFor = 2 * time.Minute

func execRun(t *testing.T, command string, timeout time.Duration) sim.Result {
	// A quiet room: only the agent can end the episode early.
	sc := &sim.Scenario{Name: "quiet", Map: []string{"", " ------", " |.@..|", " ------"}}
	s, err := sim.New(sim.Config{Seed: 3, Scenario: sc})
	require.NoError(t, err)
	res, err := protocol.Exec(context.Background(), command, s, timeout, nil, nil)
	require.NoError(t, err)
	return res
}

func TestExecAgents(t *testing.T) {
	good := execRun(t, `while read -r line; do echo '{"reply":"wait*40"}'; done`, patient)
	assert.Equal(t, "starvation", good.Cause, "waiting, the cog starves on tick 1100")
	assert.Equal(t, 1100, good.Ticks)

	crash := execRun(t, `read -r line; echo '{"reply":"e"}'; read -r line; exit 3`, patient)
	assert.Equal(t, protocol.CauseDisconnected, crash.Cause)
	assert.Equal(t, 1, crash.Turns)

	// It must hang: a short turn timeout, and a sleep far longer than
	// the bound, which an episode that waited for it would pass.
	start := time.Now()
	hang := execRun(t, `read -r line; echo '{"reply":"e"}'; sleep 600`, 300*time.Millisecond)
	took := time.Since(start)
	assert.Equal(t, protocol.CauseTimeout, hang.Cause)
	assert.GreaterOrEqual(t, took, 300*time.Millisecond, "not before the turn timeout")
	assert.Less(t, took, heldFor, "the hung agent is killed")

	junk := execRun(t, `while read -r line; do echo 'junk junk'; done`, patient)
	assert.Equal(t, "starvation", junk.Cause, "junk costs turns, not the episode")
	assert.Equal(t, 1100, junk.Ticks)

	s, err := sim.New(sim.Config{Seed: 3})
	require.NoError(t, err)
	_, err = protocol.Exec(context.Background(), "/nonexistent/agent-binary", s, patient, nil, nil)
	assert.ErrorContains(t, err, "/nonexistent/agent-binary", "a program that cannot start is an error, not an episode")
}

func TestCheckFindsMissingPrograms(t *testing.T) {
	assert.NoError(t, protocol.Check("sleep 1"))
	assert.NoError(t, protocol.Check("python3 -c 'print(1)'"))
	assert.NoError(t, protocol.Check("cd /tmp && ls"), "a builtin first: the shell finds the rest")
	assert.ErrorContains(t, protocol.Check("/nonexistent/agent"), `cannot run "/nonexistent/agent"`)
	assert.ErrorContains(t, protocol.Check("no-such-agent-program --fast"), `cannot run "no-such-agent-program"`)
	assert.ErrorContains(t, protocol.Check("no-such-agent-program | tee log"), `cannot run "no-such-agent-program"`)
	assert.ErrorContains(t, protocol.Check("testdata/agents"), "cannot run", "a directory is not a program")
	assert.ErrorContains(t, protocol.Check("  "), "no command")
}

func TestCommandsWithoutShellSyntaxRunDirectly(t *testing.T) {
	assert.Equal(t, []string{"python3", "agent.py", "--fast"}, protocol.Command("python3  agent.py --fast").Args)
	assert.Equal(t, []string{"sh", "-c", "a | b"}, protocol.Command("a | b").Args)
	assert.Equal(t, []string{"sh", "-c", `python3 -c 'x'`}, protocol.Command(`python3 -c 'x'`).Args)
	assert.Equal(t, []string{"sh", "-c", "A=1 prog"}, protocol.Command("A=1 prog").Args)
}

// TestReplaysKnowTheAgentCauses: a replay of an episode its agent cut
// short verifies only if the replay package knows the cause.
func TestReplaysKnowTheAgentCauses(t *testing.T) {
	assert.ElementsMatch(t, []string{protocol.CauseDisconnected, protocol.CauseTimeout}, replay.AgentCauses)
}
