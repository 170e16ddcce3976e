package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/eval"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
)

// model is a chat-completions server in the test process (§36.5). Its
// answer to a request depends on the request only — the last
// observation and the number of messages — never on the order requests
// come in, so runs with other workers or shards get the same answers.
type model struct {
	srv      *httptest.Server
	requests atomic.Int64
	mu       sync.Mutex
	// auth are the Authorization headers received; systems the system
	// prompts.
	auth    map[string]bool
	systems map[string]bool
	// answer writes the response to a request: its messages.
	answer func(w http.ResponseWriter, r *http.Request, msgs []map[string]string)
}

func newModel(t *testing.T, answer func(w http.ResponseWriter, r *http.Request, msgs []map[string]string)) *model {
	m := &model{answer: answer, auth: map[string]bool{}, systems: map[string]bool{}}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.Lock()
		m.auth[r.Header.Get("Authorization")] = true
		m.mu.Unlock()
		switch r.URL.Path {
		case "/v1/models":
			io.WriteString(w, `{"object":"list","data":[{"id":"test","object":"model"}]}`)
			return
		case "/v1/chat/completions":
		default:
			http.NotFound(w, r)
			return
		}
		m.requests.Add(1)
		var body struct {
			Model    string              `json:"model"`
			Messages []map[string]string `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Messages) == 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		m.mu.Lock()
		m.systems[body.Messages[0]["content"]] = true
		m.mu.Unlock()
		m.answer(w, r, body.Messages)
	}))
	t.Cleanup(m.srv.Close)
	return m
}

func (m *model) url() string { return m.srv.URL + "/v1" }

// answerWith writes a chat completion of content, counting a token per
// four bytes of the request's messages and of the content.
func answerWith(w http.ResponseWriter, msgs []map[string]string, content string) {
	n := 0
	for _, msg := range msgs {
		n += len(msg["content"])
	}
	b, _ := json.Marshal(map[string]any{
		"object":  "chat.completion",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]int{"prompt_tokens": n / 4, "completion_tokens": len(content)/4 + 1, "total_tokens": n/4 + len(content)/4 + 1},
	})
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// cotPlayer answers as a chain-of-thought model that explores: its
// reasoning, then a reply chosen by the observation's hash; one
// observation in nine it rambles without a Reply line, and one in
// thirteen it answers with "Move: north" (unusable under --strict).
func cotPlayer(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
	obs := msgs[len(msgs)-1]["content"]
	h := fnv.New32a()
	h.Write([]byte(obs))
	x := h.Sum32()
	moves := []string{"e e e search", "s*4", "w w n", "ne ne pickup", "se descend", "search*5", "n n e e"}
	var content string
	switch {
	case x%9 == 0:
		content = "The map is confusing. I think I should go somewhere else."
	case x%13 == 0:
		content = "I see a door.\nReply: Move: north"
	default:
		content = fmt.Sprintf("I remember %d messages. The cog should explore.\nReply: %s", len(msgs), moves[x%uint32(len(moves))])
	}
	answerWith(w, msgs, content)
}

// TestRunWithAnLLMAgent is §36's end to end: run --agent llm:test
// against a server that speaks the protocol writes results with token
// counts and trajectories with reasoning and usage; summarize totals
// the tokens; the system prompt is cogsim prompt's for the run; shards
// and workers give the same bytes.
func TestRunWithAnLLMAgent(t *testing.T) {
	m := newModel(t, cotPlayer)
	dir := t.TempDir()
	out, logs := filepath.Join(dir, "llm.jsonl"), filepath.Join(dir, "out")
	args := []string{"run", "--agent", "llm:test", "--llm-url", m.url(), "--llm-template", "cot", "--seeds", "1-20", "--turns", "12", "--strict"}
	code, _, errs := cogsim(t, append(args, "--log", logs, "--out", out, "--workers", "4")...)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, errs, "tokens: ")
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	rs := results(t, string(raw))
	require.Len(t, rs, 20)
	var prompt, completion, unusable int
	for _, r := range rs {
		assert.Equal(t, "llm:test", r.Agent)
		assert.Equal(t, &result.LLMSettings{Template: "cot", History: 4, Temperature: 0, MaxTokens: 1024, Seed: -1}, r.LLM,
			"the settings beside the model")
		require.NotNil(t, r.Tokens, "seed %d", r.Seed)
		assert.Positive(t, r.Tokens.Prompt)
		assert.Positive(t, r.Tokens.Completion)
		prompt += r.Tokens.Prompt
		completion += r.Tokens.Completion
		unusable += r.Unusable
		_, err := result.Parse([]byte(mustJSON(t, r)))
		assert.NoError(t, err)
	}
	assert.Positive(t, unusable, "the rambling answers and Move: north were unusable")
	assert.Equal(t, int64(20*12), m.requests.Load(), "one request a turn")

	// The system prompt is cogsim prompt's for the run, with cot's
	// answer format.
	_, want, _ := cogsim(t, "prompt", "--turns", "12")
	require.Len(t, m.systems, 1)
	for sys := range m.systems {
		assert.True(t, strings.HasPrefix(sys, strings.TrimRight(want, "\n")), "the system prompt starts as cogsim prompt --turns 12")
		assert.Contains(t, sys, "Reply: <the actions")
	}

	// The trajectories: each turn's reasoning and usage; an unusable
	// turn keeps the answer as reasoning and says why.
	lines := readTrajectory(t, filepath.Join(logs, "seed-3.jsonl"))
	require.Len(t, lines, 1+12+1)
	var sawReasoning bool
	sumPrompt := 0
	for _, l := range lines[1:13] {
		var extra struct {
			Reasoning string `json:"reasoning"`
			Error     string `json:"error"`
			Usage     struct {
				Prompt     int `json:"prompt_tokens"`
				Completion int `json:"completion_tokens"`
			} `json:"usage"`
		}
		require.NoError(t, json.Unmarshal(l["extra"], &extra))
		assert.Positive(t, extra.Usage.Completion)
		sumPrompt += extra.Usage.Prompt
		sawReasoning = sawReasoning || strings.Contains(extra.Reasoning, "The cog should explore.")
	}
	assert.True(t, sawReasoning)
	rambled := 0
	for seed := 1; seed <= 20; seed++ {
		for _, l := range readTrajectory(t, filepath.Join(logs, fmt.Sprintf("seed-%d.jsonl", seed))) {
			var extra struct{ Reasoning, Error string }
			if l["extra"] == nil || json.Unmarshal(l["extra"], &extra) != nil || extra.Error == "" {
				continue
			}
			if strings.HasPrefix(extra.Error, `no line "Reply: …"`) {
				rambled++
				assert.Equal(t, "The map is confusing. I think I should go somewhere else.", extra.Reasoning)
				assert.JSONEq(t, `null`, string(l["reply"]))
				assert.JSONEq(t, `true`, string(l["unusable"]))
			}
		}
	}
	assert.Positive(t, rambled, "an answer without a Reply line is an unusable turn, its text kept as reasoning")
	var end struct{ Result sim.Result }
	require.NoError(t, json.Unmarshal(mustMarshal(t, lines[13]), &end))
	require.NotNil(t, end.Result.Tokens)
	assert.Equal(t, rs[2].Tokens, end.Result.Tokens, "the trajectory's result has the tokens")
	assert.Equal(t, sumPrompt, end.Result.Tokens.Prompt, "the episode's tokens are its turns'")

	// summarize totals them, text and JSON.
	code, js, errs := cogsim(t, "summarize", out, "--json")
	require.Equal(t, ExitOK, code, errs)
	var s eval.Summary
	require.NoError(t, json.Unmarshal([]byte(js), &s))
	assert.Equal(t, eval.TokenTotals{Episodes: 20, Prompt: prompt, Completion: completion,
		PromptPerEpisode: math.Round(float64(prompt)/20*1e4) / 1e4, CompletionPerEpisode: math.Round(float64(completion)/20*1e4) / 1e4}, s.Tokens)
	assert.Contains(t, js, `"mechanics": ""`)
	assert.Contains(t, js, `"scenario": ""`)
	code, text, errs := cogsim(t, "summarize", out)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, text, fmt.Sprintf("tokens: %d prompt, %d completion; per episode ", prompt, completion))

	// Shards and one worker: the same bytes.
	var shards []byte
	for k := range 2 {
		f := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k))
		code, _, errs := cogsim(t, append(args, "--shard", fmt.Sprintf("%d/2", k), "--workers", "3", "--out", f)...)
		require.Equal(t, ExitOK, code, errs)
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		shards = append(shards, b...)
	}
	assert.Equal(t, string(raw), string(shards), "the shards concatenated are the run")
	code, one, errs := cogsim(t, append(args, "--workers", "1")...)
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, string(raw), one)

	// --resume finishes a cut file to the same bytes.
	cut := filepath.Join(dir, "cut.jsonl")
	require.NoError(t, os.WriteFile(cut, raw[:bytes.Index(raw, []byte(`{"seed":8,`))+20], 0o644))
	code, _, errs = cogsim(t, append(args, "--out", cut, "--resume")...)
	require.Equal(t, ExitOK, code, errs)
	again, err := os.ReadFile(cut)
	require.NoError(t, err)
	assert.Equal(t, string(raw), string(again))

	// Other settings of the same model neither resume nor merge into
	// these results; board ranks them apart.
	require.NoError(t, os.WriteFile(cut, raw[:bytes.Index(raw, []byte(`{"seed":8,`))], 0o644))
	naive := append(slices.Clone(args), "--llm-history", "1", "--out", cut, "--resume")
	naive[slices.Index(naive, "cot")] = "naive"
	code, _, errs = cogsim(t, naive...)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "line 1: llm template cot, history 4, temperature 0, max tokens 1024, seed each episode's, this run plays template naive, history 1")
	warm := filepath.Join(dir, "warm.jsonl")
	code, _, errs = cogsim(t, append(slices.Clone(args), "--llm-temperature", "0.7", "--seeds", "21-22", "--out", warm)...)
	require.Equal(t, ExitOK, code, "%s", errs)
	code, _, errs = cogsim(t, "summarize", out, warm)
	assert.NotEqual(t, ExitOK, code)
	assert.Contains(t, errs, "line 1: llm template cot, history 4, temperature 0.7, max tokens 1024, seed each episode's, but ")
	assert.Contains(t, errs, "results of different settings do not merge")
	code, text, errs = cogsim(t, "board", out, warm)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, text, "cot, history 4, temperature 0.7")
	assert.Contains(t, text, "cot, history 4, temperature 0 ")

	// compare totals each side's tokens.
	base := filepath.Join(dir, "base.jsonl")
	code, _, errs = cogsim(t, "run", "--seeds", "1-20", "--turns", "12", "--strict", "--out", base)
	require.Equal(t, ExitOK, code, errs)
	code, text, errs = cogsim(t, "compare", base, out)
	require.Equal(t, ExitOK, code, errs)
	assert.Contains(t, text, "tokens A: none counted\n")
	assert.Contains(t, text, fmt.Sprintf("tokens B: %d prompt, %d completion;", prompt, completion))
	code, js, errs = cogsim(t, "compare", base, out, "--json")
	require.Equal(t, ExitOK, code, errs)
	var c eval.Comparison
	require.NoError(t, json.Unmarshal([]byte(js), &c))
	assert.Equal(t, s.Tokens, c.B.Tokens)
	assert.Equal(t, eval.TokenTotals{}, c.A.Tokens)
}

func mustJSON(t *testing.T, v any) string { return string(mustMarshal(t, v)) }

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestAnLLMAgentsKeyGoesNowhere: the key of --llm-key-env is sent to the
// server, and is in no result, trajectory, message or help text, even
// from a server that echoes it in its answers and errors.
func TestAnLLMAgentsKeyGoesNowhere(t *testing.T) {
	const key = "sk-test-5f3a9c0e1d"
	t.Setenv("COGSIM_TEST_KEY", key)
	m := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		auth := r.Header.Get("Authorization")
		if len(msgs)%4 == 0 {
			fmt.Fprintf(w, `{"error":{"message":"bad key %s"}}`, auth)
			return
		}
		answerWith(w, msgs, "search "+auth)
	})
	dir := t.TempDir()
	out, logs, replays := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "logs"), filepath.Join(dir, "replays")
	code, stdout, errs := cogsim(t, "run", "--agent", "llm:test", "--llm-url", m.url(), "--llm-key-env", "COGSIM_TEST_KEY", "--llm-history", "3",
		"--seeds", "1-3", "--turns", "6", "--out", out, "--log", logs, "--replays", replays)
	require.Equal(t, ExitOK, code, errs)
	assert.True(t, m.auth["Bearer "+key], "the key was sent")
	everything := stdout + errs
	for _, d := range []string{dir, logs, replays} {
		files, _ := os.ReadDir(d)
		for _, f := range files {
			if !f.IsDir() {
				b, err := os.ReadFile(filepath.Join(d, f.Name()))
				require.NoError(t, err)
				everything += string(b)
			}
		}
	}
	assert.Contains(t, everything, "[key]", "what echoed it is there, without it")
	assert.NotContains(t, everything, key)
	for _, args := range [][]string{{"run", "-h"}, {"agent", "-h"}, {"help", "run"}} {
		_, help, _ := cogsim(t, args...)
		assert.Contains(t, help, "llm-key-env")
		assert.NotContains(t, help, key)
	}
	// The agent command too.
	code, stdout, errs = cogsim(t, "agent", "--agent", "llm:test", "--llm-url", m.url(), "--llm-key-env", "COGSIM_TEST_KEY", "--turns", "3")
	require.Equal(t, ExitOK, code, errs)
	assert.NotContains(t, stdout+errs, key)

	// A server that refuses the key is told before any episode.
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "invalid key "+r.Header.Get("Authorization"), http.StatusUnauthorized)
	}))
	defer refusing.Close()
	code, _, errs = cogsim(t, "run", "--agent", "llm:test", "--llm-url", refusing.URL+"/v1", "--llm-key-env", "COGSIM_TEST_KEY")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "the server refuses the request (HTTP 401)")
	assert.NotContains(t, errs, key)
}

// TestAnLLMAgentsUnusableTurns: a server that fails — 500s, malformed
// JSON, no choices, an answer too long, no answer before the turn's
// deadline — costs unusable turns, never the run; the trajectory says
// why.
func TestAnLLMAgentsUnusableTurns(t *testing.T) {
	huge := strings.Repeat("x", 5<<20)
	m := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		obs := msgs[len(msgs)-1]["content"]
		switch {
		case strings.Contains(obs, "Turn:0/"):
			io.WriteString(w, `{"choices": [`)
		case strings.Contains(obs, "Turn:1/"):
			io.WriteString(w, `{"choices": []}`)
		case strings.Contains(obs, "Turn:2/"):
			answerWith(w, msgs, huge)
		case strings.Contains(obs, "Turn:3/"):
			http.Error(w, "no such model", http.StatusNotFound)
		default:
			answerWith(w, msgs, "search")
		}
	})
	logs := filepath.Join(t.TempDir(), "logs")
	code, out, errs := cogsim(t, "run", "--agent", "llm:test", "--llm-url", m.url(), "--seed", "5", "--turns", "5", "--log", logs)
	require.Equal(t, ExitOK, code, errs)
	rs := results(t, out)
	require.Len(t, rs, 1)
	assert.Equal(t, 4, rs[0].Unusable)
	assert.Equal(t, 5, rs[0].Turns)
	assert.Equal(t, "clock", rs[0].Cause)
	lines := readTrajectory(t, filepath.Join(logs, "seed-5.jsonl"))
	for i, want := range []string{"malformed answer", "an answer without choices", "longer than 4194304 bytes", "HTTP 404: no such model"} {
		var extra struct{ Error string }
		require.NoError(t, json.Unmarshal(lines[1+i]["extra"], &extra))
		assert.Contains(t, extra.Error, want, "turn %d", i)
	}
	assert.JSONEq(t, `"search"`, string(lines[5]["reply"]))

	// A server that never answers: each turn is unusable when its
	// deadline passes (the server blocks until the request is given
	// up, so nothing races a timer).
	slow := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) { <-r.Context().Done() })
	code, out, errs = cogsim(t, "run", "--agent", "llm:test", "--llm-url", slow.url(), "--seed", "5", "--turns", "2",
		"--turn-timeout", "50ms", "--log", logs)
	require.Equal(t, ExitOK, code, errs)
	rs = results(t, out)
	require.Len(t, rs, 1)
	assert.Equal(t, 2, rs[0].Unusable)
	assert.Equal(t, "clock", rs[0].Cause, "a timeout is an unusable reply, not the end")
	lines = readTrajectory(t, filepath.Join(logs, "seed-5.jsonl"))
	var extra struct{ Error string }
	require.NoError(t, json.Unmarshal(lines[1]["extra"], &extra))
	assert.Equal(t, "timeout: no answer within the turn's deadline", extra.Error)
}

// TestAnLLMAgentIsStoppedLikeAnyAgent: Ctrl-C while the model thinks
// stops the run at once, and the episode cut short is not written.
func TestAnLLMAgentIsStoppedLikeAnyAgent(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		cancel()
		<-r.Context().Done()
	})
	code, out, errs := cogsimCtx(ctx, "run", "--agent", "llm:test", "--llm-url", m.url(), "--seed", "1", "--turns", "3")
	assert.Equal(t, ExitInterrupted, code, errs)
	assert.Empty(t, out)
	assert.Contains(t, errs, "1 cut short and not written (seeds 1)")
}

// TestTheAgentCommandPlaysAModel: cogsim agent --agent llm:MODEL plays
// the episode with the model and writes the exchange: observations,
// reply objects with the usage, and the end with the tokens.
func TestTheAgentCommandPlaysAModel(t *testing.T) {
	m := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		answerWith(w, msgs, "```\ne e\n```")
	})
	replayFile := filepath.Join(t.TempDir(), "r.jsonl")
	code, out, errs := cogsim(t, "agent", "--agent", "llm:test", "--llm-url", m.url(), "--seed", "4", "--turns", "3", "--replay", replayFile)
	require.Equal(t, ExitOK, code, errs)
	var kinds []string
	var end struct {
		Type   string
		Result sim.Result
	}
	for line := range strings.Lines(out) {
		var msg map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(line), &msg), line)
		switch {
		case msg["reply"] != nil:
			kinds = append(kinds, "reply")
			assert.JSONEq(t, `"e e"`, string(msg["reply"]))
			assert.Contains(t, string(msg["usage"]), `"prompt_tokens"`)
		default:
			var typ string
			require.NoError(t, json.Unmarshal(msg["type"], &typ))
			kinds = append(kinds, typ)
			if typ == "end" {
				require.NoError(t, json.Unmarshal([]byte(line), &end))
			}
		}
	}
	assert.Equal(t, []string{"observation", "reply", "observation", "reply", "observation", "reply", "end"}, kinds)
	assert.Equal(t, "llm:test", end.Result.Agent)
	require.NotNil(t, end.Result.Tokens)
	assert.Positive(t, end.Result.Tokens.Prompt)
	code, vout, errs := cogsim(t, "replay", replayFile, "--verify")
	assert.Equal(t, ExitOK, code, errs)
	assert.Contains(t, vout+errs, "ok: 3 turns verified")
}

// TestLLMFlagsAreChecked: bad --llm-… values, and the flags without an
// llm agent, are usage errors naming the flag; a server that is not
// there is told before any episode.
func TestLLMFlagsAreChecked(t *testing.T) {
	m := newModel(t, cotPlayer)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := "http://" + ln.Addr().String() + "/v1"
	ln.Close()
	llmRun := func(extra ...string) []string {
		return append([]string{"run", "--agent", "llm:test", "--llm-url", m.url()}, extra...)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--agent", "llm:"}, "--agent llm:: llm: needs a model name"},
		{[]string{"run", "--llm-history", "3"}, "--llm-history: only with --agent llm:MODEL"},
		{[]string{"agent", "--llm-template", "cot"}, "--llm-template: only with --agent llm:MODEL"},
		{[]string{"agent", "--agent", "explore"}, `--agent "explore": stdio or llm:MODEL`},
		{llmRun("--llm-template", "fewshot"), `--llm-template "fewshot": one of naive, cot`},
		{llmRun("--llm-history", "-1"), "--llm-history: must be 0 … 1000, got -1"},
		{llmRun("--llm-temperature", "2.5"), "--llm-temperature: must be 0 … 2, got 2.5"},
		{llmRun("--llm-max-tokens", "-5"), "--llm-max-tokens: must be 0 … "},
		{llmRun("--llm-seed", "-2"), "--llm-seed: must be -1 (each episode's) or a seed ≥ 0, got -2"},
		{llmRun("--llm-key-env", "COGSIM_SURELY_UNSET_VARIABLE"), "--llm-key-env COGSIM_SURELY_UNSET_VARIABLE: that environment variable is not set"},
		{[]string{"run", "--agent", "llm:test", "--llm-url", "ftp://example.com/v1"}, `--llm-url "ftp://example.com/v1": not an http:// or https:// URL`},
		{[]string{"run", "--agent", "llm:test", "--llm-url", closed}, "--llm-url " + closed + ": the server does not answer"},
		{[]string{"agent", "--agent", "llm:test", "--llm-url", closed}, "the server does not answer"},
	} {
		code, _, errs := cogsim(t, tc.args...)
		assert.Equal(t, ExitUsage, code, "%v: %s", tc.args, errs)
		assert.Contains(t, errs, tc.want, tc.args)
	}
	assert.Zero(t, m.requests.Load(), "no episode ran")

	// A server that takes the connection but does not answer within
	// the turn's deadline (at least 2 s) is not there: it answers after
	// 20 s, which the old fixed 30 s would have waited for.
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
			w.WriteHeader(http.StatusOK)
		}
	}))
	defer slow.Close()
	code, _, errs := cogsim(t, "run", "--agent", "llm:test", "--llm-url", slow.URL+"/v1", "--turn-timeout", "1s", "--episodes", "1")
	assert.Equal(t, ExitUsage, code, errs)
	assert.Contains(t, errs, "the server does not answer")
}
