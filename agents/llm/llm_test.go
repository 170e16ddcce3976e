package llm_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/agents/llm"
)

// server is a chat-completions endpoint in the test process: answer
// writes the response to the n-th request (from 1), whose body it is
// given.
type server struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	n      int
	bodies []map[string]any
	auth   []string
	answer func(n int, w http.ResponseWriter, r *http.Request)
}

func newServer(t *testing.T, answer func(n int, w http.ResponseWriter, r *http.Request)) *server {
	s := &server{t: t, answer: answer}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		s.mu.Lock()
		s.n++
		n := s.n
		s.bodies = append(s.bodies, body)
		s.auth = append(s.auth, r.Header.Get("Authorization"))
		s.mu.Unlock()
		s.answer(n, w, r)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

// reply is a normal answer with content and usage.
func reply(w http.ResponseWriter, content string, prompt, completion int) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":%q},"finish_reason":"stop"}],"usage":{"prompt_tokens":%d,"completion_tokens":%d,"total_tokens":%d}}`,
		content, prompt, completion, prompt+completion)
}

// fast retries at once, three times at most: a test never waits.
func fast(n int) time.Duration {
	if n < 3 {
		return time.Millisecond
	}
	return time.Hour
}

func (s *server) agent(template string, history int) *llm.Agent {
	c := &llm.Client{URL: s.srv.URL + "/v1", Key: "sk-secret-123", Model: "test", Temperature: 0, MaxTokens: 64, Backoff: fast}
	a := llm.NewAgent(llm.Config{Client: c, System: llm.System("PROMPT\n", template), Template: template, History: history})
	a.Reset(7)
	return a
}

func turn(t *testing.T, a *llm.Agent, obs string) llm.Turn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tr, err := a.Turn(ctx, obs)
	require.NoError(t, err)
	return tr
}

// TestANormalAnswerIsTheReply: the request carries the model, the
// system prompt, the observation, temperature, max tokens, the seed and
// the key; the answer is the reply, with its usage.
func TestANormalAnswerIsTheReply(t *testing.T) {
	s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) { reply(w, " n e\n", 120, 3) })
	tr := turn(t, s.agent(llm.Naive, 2), "OBS 0")
	assert.True(t, tr.OK)
	assert.Equal(t, "n e", tr.Reply)
	assert.Equal(t, llm.Usage{PromptTokens: 120, CompletionTokens: 3}, tr.Usage)
	assert.Equal(t, 1, tr.Tries)
	b := s.bodies[0]
	assert.Equal(t, "test", b["model"])
	assert.EqualValues(t, 0, b["temperature"])
	assert.EqualValues(t, 64, b["max_tokens"])
	assert.EqualValues(t, 7, b["seed"], "the episode's seed")
	assert.Equal(t, []any{
		map[string]any{"role": "system", "content": "PROMPT\n"},
		map[string]any{"role": "user", "content": "OBS 0"},
	}, b["messages"])
	assert.Equal(t, "Bearer sk-secret-123", s.auth[0])
}

// TestTokenCountsAreTakenLeniently: a server's token counts are its
// word, not the reply: a count that is not a whole number in 0 …
// MaxTokens is taken as not given, and never spoils the answer; sums
// stop at MaxTokens.
func TestTokenCountsAreTakenLeniently(t *testing.T) {
	for usage, want := range map[string]llm.Usage{
		`{"prompt_tokens":-5,"completion_tokens":-1}`:                 {},
		`{"prompt_tokens":12.5,"completion_tokens":"12"}`:             {},
		`{"prompt_tokens":1e20,"completion_tokens":7}`:                {CompletionTokens: 7},
		`{"prompt_tokens":4611686018427387904,"completion_tokens":3}`: {CompletionTokens: 3},
		`{"prompt_tokens":1000000000000,"completion_tokens":0}`:       {PromptTokens: llm.MaxTokens},
		`"many"`: {},
		`null`:   {},
		`[1,2]`:  {},
	} {
		s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `{"choices":[{"message":{"role":"assistant","content":"s*3"}}],"usage":%s}`, usage)
		})
		tr := turn(t, s.agent(llm.Naive, 0), "OBS")
		assert.True(t, tr.OK, "usage %s: %+v", usage, tr)
		assert.Equal(t, "s*3", tr.Reply, "usage %s", usage)
		assert.Equal(t, want, tr.Usage, "usage %s", usage)
	}
	// Sums stop at the bound.
	u := llm.Usage{PromptTokens: 900_000_000_000, CompletionTokens: 1}
	u.Add(llm.Usage{PromptTokens: 900_000_000_000, CompletionTokens: 2})
	assert.Equal(t, llm.Usage{PromptTokens: llm.MaxTokens, CompletionTokens: 3}, u)
}

// TestNaiveRepliesLeaveTheirFences: a reply in a code fence or inline
// code is played without it.
func TestNaiveRepliesLeaveTheirFences(t *testing.T) {
	for content, want := range map[string]string{"```\nsearch*3\n```": "search*3", "```text\nn e\n```": "n e", "`s`": "s", "```search\n```": "search"} {
		s := newServer(t, func(int, http.ResponseWriter, *http.Request) {})
		s.answer = func(n int, w http.ResponseWriter, r *http.Request) { reply(w, content, 1, 1) }
		tr := turn(t, s.agent(llm.Naive, 0), "OBS")
		assert.True(t, tr.OK, content)
		assert.Equal(t, want, tr.Reply, content)
	}
}

// TestChainOfThoughtPlaysTheReplyLineOnly: under cot the reply is the
// last "Reply:" line and the rest is the reasoning; without such a line
// the turn is unusable and its answer is kept as the reasoning.
func TestChainOfThoughtPlaysTheReplyLineOnly(t *testing.T) {
	answers := []string{
		"A jackal is east. I should fight it.\nReply: e e e",
		"Thinking.\n**Reply:** `search*5`",
		"I will explore the corridor to the south.",
		"Hmm.\nReply:   ",
	}
	s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) { reply(w, answers[n-1], 500, 40) })
	a := s.agent(llm.CoT, 4)
	tr := turn(t, a, "OBS 0")
	assert.True(t, tr.OK)
	assert.Equal(t, "e e e", tr.Reply)
	assert.Equal(t, "A jackal is east. I should fight it.", tr.Reasoning)
	tr = turn(t, a, "OBS 1")
	assert.Equal(t, "search*5", tr.Reply)
	assert.Equal(t, "Thinking.", tr.Reasoning)
	tr = turn(t, a, "OBS 2")
	assert.False(t, tr.OK)
	assert.Contains(t, tr.Error, `no line "Reply: …"`)
	assert.Equal(t, answers[2], tr.Reasoning)
	tr = turn(t, a, "OBS 3")
	assert.False(t, tr.OK)
	assert.Contains(t, tr.Error, "has no reply")
	system := s.bodies[0]["messages"].([]any)[0].(map[string]any)["content"].(string)
	assert.True(t, strings.HasPrefix(system, "PROMPT\n"))
	assert.Contains(t, system, "Reply: <the actions")
}

// TestTheConversationKeepsTheLastKTurns: each request carries the
// system prompt, the last K exchanges and the observation.
func TestTheConversationKeepsTheLastKTurns(t *testing.T) {
	s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) { reply(w, fmt.Sprintf("R%d", n), 1, 1) })
	a := s.agent(llm.Naive, 2)
	for i := range 4 {
		turn(t, a, fmt.Sprintf("OBS %d", i))
	}
	contents := func(n int) []string {
		var out []string
		for _, m := range s.bodies[n]["messages"].([]any) {
			out = append(out, m.(map[string]any)["content"].(string))
		}
		return out
	}
	assert.Equal(t, []string{"PROMPT\n", "OBS 0"}, contents(0))
	assert.Equal(t, []string{"PROMPT\n", "OBS 0", "R1", "OBS 1"}, contents(1))
	assert.Equal(t, []string{"PROMPT\n", "OBS 0", "R1", "OBS 1", "R2", "OBS 2"}, contents(2))
	assert.Equal(t, []string{"PROMPT\n", "OBS 1", "R2", "OBS 2", "R3", "OBS 3"}, contents(3))

	// A new episode starts a new conversation.
	a.Reset(8)
	turn(t, a, "OBS A")
	assert.Equal(t, []string{"PROMPT\n", "OBS A"}, contents(4))
	assert.EqualValues(t, 8, s.bodies[4]["seed"])
}

// TestRetriesOn429And5xx: a 429 and a 503 are retried with backoff and
// the answer after them is the reply; a server that keeps failing gives
// an unusable turn naming the status, after the tries the turn's time
// allows.
func TestRetriesOn429And5xx(t *testing.T) {
	s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		switch n {
		case 1:
			http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
		case 2:
			http.Error(w, "overloaded", http.StatusServiceUnavailable)
		default:
			reply(w, "s", 10, 1)
		}
	})
	tr := turn(t, s.agent(llm.Naive, 0), "OBS")
	assert.True(t, tr.OK, tr.Error)
	assert.Equal(t, "s", tr.Reply)
	assert.Equal(t, 3, tr.Tries)

	s = newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		http.Error(w, "internal error", http.StatusInternalServerError)
	})
	tr = turn(t, s.agent(llm.Naive, 0), "OBS")
	assert.False(t, tr.OK)
	assert.Equal(t, 3, tr.Tries, "two retries, then the third wait passes the deadline")
	assert.Contains(t, tr.Error, "HTTP 500: internal error")
	assert.Contains(t, tr.Error, "no time left in the turn")

	// Other statuses are not retried.
	s = newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no such model", http.StatusNotFound)
	})
	tr = turn(t, s.agent(llm.Naive, 0), "OBS")
	assert.False(t, tr.OK)
	assert.Equal(t, 1, tr.Tries)
	assert.Contains(t, tr.Error, "HTTP 404")
}

// TestASlowAnswerPastTheDeadlineIsUnusable: a server that never answers
// makes the turn unusable when its deadline passes; a run stopped
// (cancelled) is told apart.
func TestASlowAnswerPastTheDeadlineIsUnusable(t *testing.T) {
	s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	a := s.agent(llm.Naive, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	tr, err := a.Turn(ctx, "OBS")
	require.NoError(t, err)
	assert.False(t, tr.OK)
	assert.Contains(t, tr.Error, "timeout")

	ctx, stop := context.WithCancel(context.Background())
	go func() {
		for {
			s.mu.Lock()
			n := s.n
			s.mu.Unlock()
			if n == 2 {
				stop()
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	_, err = a.Turn(ctx, "OBS")
	assert.ErrorIs(t, err, context.Canceled)
}

// TestUnreadableAnswersAreUnusable: malformed JSON, no choices, a
// refusal, an empty answer, an error object and an answer too long to
// read each give an unusable turn that says why.
func TestUnreadableAnswersAreUnusable(t *testing.T) {
	huge := `{"choices":[{"message":{"content":"` + strings.Repeat("n ", llm.MaxAnswer) + `"}}]}`
	for body, want := range map[string]string{
		`{"choices": [{"message": {"content": "n"`:                                        "malformed answer",
		`<html>Bad gateway</html>`:                                                        "malformed answer",
		`{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":0}}`:                "without choices",
		`{"choices":[{"finish_reason":"stop"}]}`:                                          "without a message",
		`{"choices":[{"message":{"content":null,"refusal":"I cannot help with that."}}]}`: "the model refused: I cannot help with that.",
		`{"choices":[{"message":{"content":"   \n"}}]}`:                                   "an empty answer",
		`{"choices":[{"message":{"content":null}}]}`:                                      "an empty answer",
		`{"error":{"message":"context length exceeded"}}`:                                 "the server says: context length exceeded",
		huge: "longer than 4194304 bytes",
	} {
		s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) })
		tr := turn(t, s.agent(llm.Naive, 0), "OBS")
		assert.False(t, tr.OK, want)
		assert.Contains(t, tr.Error, want)
		assert.Equal(t, 1, tr.Tries, want)
	}
}

// TestTheKeyNeverLeaves: a server that echoes the Authorization header
// in its errors and answers does not get the key into anything the
// agent returns.
func TestTheKeyNeverLeaves(t *testing.T) {
	s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		switch n {
		case 1:
			http.Error(w, "bad key "+r.Header.Get("Authorization"), http.StatusUnauthorized)
		case 2:
			reply(w, "your key is "+r.Header.Get("Authorization")+"\nReply: s", 1, 1)
		default:
			fmt.Fprintf(w, `{"error":{"message":"quota of %s"}}`, r.Header.Get("Authorization"))
		}
	})
	a := s.agent(llm.CoT, 1)
	var all []string
	for i := range 3 {
		tr := turn(t, a, fmt.Sprint("OBS ", i))
		all = append(all, fmt.Sprintf("%+v", tr))
	}
	joined := strings.Join(all, "\n")
	assert.NotContains(t, joined, "sk-secret-123")
	assert.Contains(t, joined, "[key]")
	assert.Equal(t, "Bearer sk-secret-123", s.auth[0], "the key was sent")
	// The conversation sent back to the server holds no key either.
	raw, _ := json.Marshal(s.bodies[2])
	assert.NotContains(t, string(raw), "sk-secret-123")
}

// TestDefaultBackoffDoubles: 250 ms, doubling, at most 8 s.
func TestDefaultBackoffDoubles(t *testing.T) {
	var got []time.Duration
	for n := 1; n <= 8; n++ {
		got = append(got, llm.DefaultBackoff(n))
	}
	assert.Equal(t, []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second,
		4 * time.Second, 8 * time.Second, 8 * time.Second, 8 * time.Second}, got)
}
