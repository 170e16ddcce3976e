package serve_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cogsim/cogsim/sim/serve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBothFramingsAnswerOneOperation: a binary step or step_all is the
// JSON request's operation: two sessions fed the same requests, one as
// JSON objects and one in the binary kinds, answer the same bytes —
// observations and errors alike, a reply over 1 MiB included — and an
// op missing or unknown is answered with the operations' names.
func TestBothFramingsAnswerOneOperation(t *testing.T) {
	opt := serve.Options{Envs: 2, Binary: true, MaxTurns: 5, Autoreset: true}
	byJSON, byKind := start(t, opt), start(t, opt)
	for _, s := range []*session{byJSON, byKind} {
		s.ask(`{"op":"reset_all","seed":4}`)
	}
	jsonStep := func(env int, reply string) string {
		b, err := json.Marshal(map[string]any{"op": "step", "env": env, "reply": reply})
		require.NoError(t, err)
		return string(b)
	}
	long := strings.Repeat("s", serve.MaxReply+1)
	for k, tc := range []struct{ asJSON, asKind string }{
		{jsonStep(1, "e e"), string(stepFrame(1, "e e"))},
		{`{"op":"step_all","replies":["search","w"]}`, string(stepAllFrame("search", "w"))},
		{jsonStep(5, "e"), string(stepFrame(5, "e"))},
		{jsonStep(0, long), string(stepFrame(0, long))},
		{jsonStep(0, "e*40"), string(stepFrame(0, "e*40"))},
		{`{"op":"step_all","replies":["n"]}`, string(stepAllFrame("n"))},
		{`{"op":"step_all","replies":["eat a","s*9"]}`, string(stepAllFrame("eat a", "s*9"))},
	} {
		k1, want := byJSON.ask(tc.asJSON)
		k2, got := byKind.ask(tc.asKind)
		require.Equal(t, k1, k2, "request %d", k)
		require.Equal(t, string(want), string(got), "request %d", k)
	}
	_, body := byKind.ask(string(stepFrame(0, long)))
	assert.Contains(t, string(body), `"error":"reply: 1048577 bytes, longer than 1048576 (1 MiB)"`)
	_, body = byKind.ask(string(stepAllFrame("n")))
	assert.Contains(t, string(body), `"error":"replies: 1 replies for 2 envs"`)
	ops := "(reset, reset_all, step, step_all, step_some, snapshot, restore, result, render, text, info, close)"
	_, body = byKind.ask(`{"op":"fly"}`)
	assert.Contains(t, string(body), `op: unknown \"fly\" `+ops)
	_, body = byKind.ask(`{"env":0}`)
	assert.Contains(t, string(body), `op: missing `+ops)
}
