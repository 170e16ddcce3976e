package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReplaysOfARunVerifyAndTamperingIsCaught(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "replays")
	code, out, errs := cogsim(t, "run", "--seed", "1", "--episodes", "20", "--agent", "explore", "--replays", dir)
	require.Equal(t, ExitOK, code, errs)
	rs := results(t, out)
	require.Len(t, rs, 20)
	for _, r := range rs {
		path := filepath.Join(dir, fmt.Sprintf("seed-%d.jsonl", r.Seed))
		code, vout, verr := cogsim(t, "replay", path, "--verify")
		require.Equal(t, ExitOK, code, verr)
		assert.Contains(t, vout, fmt.Sprintf("ok: %d turns verified (seed %d, score %d", r.Turns, r.Seed, r.Score))
	}

	// A tampered reply is caught at its turn.
	path := filepath.Join(dir, "seed-3.jsonl")
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(raw), "\n")
	i := strings.Index(lines[2], `"reply":"`) + len(`"reply":"`)
	lines[2] = lines[2][:i] + "wait*40 " + lines[2][i:] // turn 2
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644))
	code, _, verr := cogsim(t, "replay", bad, "--verify")
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, verr, "turn 2 diverges")

	// --turn K prints the observation after turn K.
	code, obs, verr := cogsim(t, "replay", path, "--turn", "1")
	require.Equal(t, ExitOK, code, verr)
	assert.Len(t, strings.Split(strings.TrimRight(obs, "\n"), "\n"), 20)
	assert.Contains(t, obs, "Turn:1/55")
	code, _, verr = cogsim(t, "replay", path, "--turn", "999")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, verr, "no turn 999")

	// --verify with --turn K verifies the whole replay and prints the
	// observation after turn K; a tampered later turn still fails.
	code, obs, verr = cogsim(t, "replay", path, "--verify", "--turn", "1")
	require.Equal(t, ExitOK, code, verr)
	assert.Contains(t, obs, "Turn:1/55")
	assert.Contains(t, verr, "turns verified")
	code, _, verr = cogsim(t, "replay", bad, "--verify", "--turn", "1")
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, verr, "turn 2 diverges")

	// The header and the result line alone do not verify.
	header, _, _ := strings.Cut(string(raw), "\n")
	result := lines[len(lines)-2]
	require.NoError(t, os.WriteFile(bad, []byte(header+"\n"+result+"\n"), 0o644))
	code, _, verr = cogsim(t, "replay", bad, "--verify")
	assert.NotEqual(t, ExitOK, code)
	assert.Contains(t, verr, "the result says")

	// A truncated replay is refused with its line.
	require.NoError(t, os.WriteFile(bad, raw[:len(raw)/2], 0o644))
	code, _, verr = cogsim(t, "replay", bad, "--verify")
	assert.Equal(t, ExitUsage, code)
	assert.Regexp(t, `line \d+: `, verr)
}

// TestAnEscapeSequenceInAReplyDoesNotReachTheTerminal: replay --turn
// shows an ignored ESC sequence escaped.
func TestAnEscapeSequenceInAReplyDoesNotReachTheTerminal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	in := strings.NewReader(`{"reply":"\u001b[2J\u001b]0;pwned\u0007 e"}` + "\n")
	var out, errb bytes.Buffer
	require.Equal(t, ExitOK, MainIO(context.Background(), []string{"agent", "--seed", "2", "--replay", path}, in, &out, &errb), errb.String())
	code, obs, verr := cogsim(t, "replay", path, "--turn", "1")
	require.Equal(t, ExitOK, code, verr)
	assert.NotContains(t, obs, "\x1b")
	assert.NotContains(t, obs, "\a")
	assert.Contains(t, obs, `Ignored: \x1b[2J\x1b]0 pwned\x07.`, "the semicolon is a separator")
}

func TestAgentCommandSpeaksTheProtocol(t *testing.T) {
	replayPath := filepath.Join(t.TempDir(), "ep.jsonl")
	in := strings.Repeat(`{"reply":"e e s s search"}`+"\n", 3) + "junk\n"
	var out, errb bytes.Buffer
	code := MainIO(context.Background(), []string{"agent", "--seed", "4", "--replay", replayPath}, strings.NewReader(in), &out, &errb)
	require.Equal(t, ExitOK, code, errb.String())
	msgs := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	require.Len(t, msgs, 6, "5 observations and the end")
	assert.Contains(t, msgs[4], `Unusable reply.`)
	assert.Contains(t, msgs[5], `"type":"end"`)
	assert.Contains(t, msgs[5], `"cause":"disconnected"`)
	code, vout, verr := cogsim(t, "replay", replayPath, "--verify")
	require.Equal(t, ExitOK, code, verr)
	assert.Contains(t, vout, "ok: 4 turns verified")
}

func TestExecAgentsRunInTheBatch(t *testing.T) {
	agent := `exec:while read -r line; do echo '{"reply":"e e s s w w n n"}'; done`
	code, out, errs := cogsim(t, "run", "--seed", "5", "--episodes", "3", "--agent", agent, "--workers", "2")
	require.Equal(t, ExitOK, code, errs)
	rs := results(t, out)
	require.Len(t, rs, 3)
	for _, r := range rs {
		assert.NotEqual(t, "disconnected", r.Cause)
		assert.Greater(t, r.Turns, 1)
	}
	// A crashing program ends only its own episode.
	crash := `exec:read -r line; exit 1`
	code, out, errs = cogsim(t, "run", "--seed", "5", "--episodes", "2", "--agent", crash)
	require.Equal(t, ExitOK, code, errs)
	for _, r := range results(t, out) {
		assert.Equal(t, "disconnected", r.Cause)
	}
}

func TestResultsAreTheSameAtOneTwoAndEightWorkers(t *testing.T) {
	var outs []string
	for _, w := range []string{"1", "2", "8"} {
		code, out, errs := cogsim(t, "run", "--seed", "11", "--episodes", "24", "--agent", "explore", "--workers", w)
		require.Equal(t, ExitOK, code, errs)
		outs = append(outs, out)
	}
	assert.Equal(t, outs[0], outs[1])
	assert.Equal(t, outs[0], outs[2])
}
