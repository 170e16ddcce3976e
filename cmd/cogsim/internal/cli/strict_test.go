package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// proseAgent answers in prose until told, under --strict, which token was
// wrong (testdata/agents/prose.py).
var proseAgent = "exec:python3 " + filepath.Join("testdata", "agents", "prose.py")

// TestAnLLMStyleAgentGetsStrictFeedback: under --strict the prose agent's
// replies are unusable as a whole, it is told the first bad token, and
// the results count its unusable replies; without --strict its prose is
// half-executed and counted as ignored.
func TestAnLLMStyleAgentGetsStrictFeedback(t *testing.T) {
	requirePython(t)
	dir := t.TempDir()
	code, out, errs := cogsim(t, "run", "--seed", "3", "--episodes", "2", "--turns", "6", "--agent", proseAgent, "--strict", "--replays", dir)
	require.Equal(t, ExitOK, code, errs)
	rs := results(t, out)
	require.Len(t, rs, 2)
	for _, r := range rs {
		// prose, clean, prose, clean, prose, clean
		assert.Equal(t, 3, r.Unusable, "seed %d", r.Seed)
		assert.Equal(t, 0, r.Ignored)
		assert.Equal(t, 6, r.Turns)
	}
	assert.Contains(t, errs, "replies: 6 unusable, 0 ignored")
	code, vout, verr := cogsim(t, "replay", filepath.Join(dir, "seed-3.jsonl"), "--verify")
	require.Equal(t, ExitOK, code, verr)
	assert.Contains(t, vout, "ok: 6 turns verified")
	_, obs, _ := cogsim(t, "replay", filepath.Join(dir, "seed-3.jsonl"), "--turn", "1")
	// "I" is the inventory key: the first bad token is "think".
	assert.True(t, strings.Contains(obs, `Unusable reply: "think" is not an action.`), obs)

	code, out, errs = cogsim(t, "run", "--seed", "3", "--episodes", "1", "--turns", "6", "--agent", proseAgent)
	require.Equal(t, ExitOK, code, errs)
	r := results(t, out)[0]
	assert.Equal(t, 0, r.Unusable)
	assert.Equal(t, 6, r.Ignored, "every prose reply skipped words")
	assert.Less(t, r.Ticks, 6*40, "its I, I and e were played")
}

// TestStrictOnTheAgentCommand: cogsim agent --strict.
func TestStrictOnTheAgentCommand(t *testing.T) {
	in := strings.NewReader(`{"reply":"Move: north"}` + "\n")
	var out, errb strings.Builder
	code := MainIO(t.Context(), []string{"agent", "--seed", "2", "--strict"}, in, &out, &errb)
	require.Equal(t, ExitOK, code, errb.String())
	assert.Contains(t, out.String(), `Unusable reply: \"Move:\" is not an action.`)
	assert.Contains(t, out.String(), `"unusable":1`)
}

// requirePython skips a test that needs python3 where there is none.
func requirePython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
}

// TestStrictOnServe: cogsim serve --strict reads every slot's replies
// strictly, and the result counts them.
func TestStrictOnServe(t *testing.T) {
	in := strings.NewReader(`{"op":"reset","env":0,"seed":4,"maxTurns":2}` + "\n" +
		`{"op":"step","env":0,"reply":"Move: n"}` + "\n" +
		`{"op":"step","env":0,"reply":"search"}` + "\n")
	var out, errb strings.Builder
	code := MainIO(t.Context(), []string{"serve", "--strict", "--step", "turn"}, in, &out, &errb)
	require.Equal(t, ExitOK, code, errb.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3)
	assert.Contains(t, lines[1], `Unusable reply: \"Move:\" is not an action.`)
	assert.Contains(t, lines[1], `"unusable":true`)
	assert.Contains(t, lines[2], `"unusable":1,"ignored":0`)
}
