// Package llm plays cogsim with a language model behind an
// OpenAI-compatible chat-completions endpoint (§36 of the spec): vLLM,
// llama.cpp's server, Ollama and hosted APIs speak it. [Client] sends
// one request (POST {URL}/chat/completions) with retries; [Agent] keeps
// an episode's conversation and turns each observation into a reply. It
// uses the standard library's HTTP client only.
//
// Whatever the server does — an error status, a refusal, an empty or
// malformed answer, an answer too long to read, no answer before the
// turn's deadline — the turn gets an unusable reply (§14), never a
// crash; the key is sent in the Authorization header only, to the URL's
// server only (no redirect is followed), and never appears in an error,
// a log line or a result. A server that fails request after request is
// taken as gone ([Client.MaxFailures], [*Down]).
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxAnswer bounds what is read of a response body: a longer answer is
// unusable, and the rest is not read.
const MaxAnswer = 4 << 20

// Message is one message of a chat: role "system", "user" or
// "assistant".
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Usage is the API's token count of one answer.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// MaxTokens bounds each count of a Usage: a server's count above it is
// not believed, and sums stop at it (a result's bound, result.MaxTokens).
const MaxTokens = 1_000_000_000_000

// Add adds u's counts to v's, each sum at most MaxTokens.
func (v *Usage) Add(u Usage) {
	v.PromptTokens = min(v.PromptTokens+u.PromptTokens, MaxTokens)
	v.CompletionTokens = min(v.CompletionTokens+u.CompletionTokens, MaxTokens)
}

// usageOf reads an answer's "usage" leniently: the token counts are a
// server's word, not part of the reply, so a count that is not a whole
// number in 0 … MaxTokens (negative, fractional, a string, too big) is
// taken as not given (0) rather than spoiling the answer.
func usageOf(raw json.RawMessage) Usage {
	var fields struct {
		Prompt     json.RawMessage `json:"prompt_tokens"`
		Completion json.RawMessage `json:"completion_tokens"`
	}
	if json.Unmarshal(raw, &fields) != nil {
		return Usage{}
	}
	count := func(raw json.RawMessage) int {
		n, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil || n < 0 || n > MaxTokens {
			return 0
		}
		return int(n)
	}
	return Usage{PromptTokens: count(fields.Prompt), CompletionTokens: count(fields.Completion)}
}

// Client sends chat-completion requests to one model.
type Client struct {
	// URL is the API's base, e.g. http://127.0.0.1:8000/v1; requests go
	// to URL + "/chat/completions".
	URL string
	// Key, when set, is sent as "Authorization: Bearer Key".
	Key   string
	Model string
	// Temperature and MaxTokens are sent with every request (MaxTokens
	// only when positive).
	Temperature float64
	MaxTokens   int
	// HTTP sends the requests (nil: http.DefaultClient), following no
	// redirect whatever its CheckRedirect ([Client.Do]).
	HTTP *http.Client
	// Backoff is the wait before retry number n (1, 2, …) after a 429,
	// a 5xx or a failed connection; nil: [DefaultBackoff]. A
	// Retry-After header in seconds, when longer, wins.
	Backoff func(n int) time.Duration
	// MaxFailures, when positive, is how many failed requests in a row
	// make the server taken as gone: the one that fails the
	// MaxFailures-th time and every one after it (not sent) return a
	// [*Down]. A request fails when the server does not answer it —
	// no connection, no answer within the turn's deadline, a 429 or a
	// 5xx once the retries are spent; any other answer, even a model's
	// unusable one or a 4xx, starts the count again. The count is over
	// all the client's callers.
	MaxFailures int

	mu       sync.Mutex
	failures int
	down     *Down
}

// DefaultBackoff waits 250 ms before the first retry and doubles each
// time, up to 8 s.
func DefaultBackoff(n int) time.Duration {
	d := 250 * time.Millisecond
	for i := 1; i < n && d < 8*time.Second; i++ {
		d *= 2
	}
	return min(d, 8*time.Second)
}

// Answer is what the model answered to one request.
type Answer struct {
	// Content is the message's text; Reasoning the reasoning a server
	// sends apart (reasoning_content: vLLM's and llama.cpp's reasoning
	// parsers, DeepSeek); Refusal the refusal, if any.
	Content   string
	Reasoning string
	Refusal   string
	// Usage sums the counts of every try that reported one.
	Usage Usage
	// Tries is how many requests were sent.
	Tries int
}

// Error is a request that gave no usable answer: its message says why
// (an HTTP status, a timeout, a malformed body), without the key.
type Error struct {
	Msg string
	// Timeout is set when the turn's deadline passed.
	Timeout bool
	// failed is set when the server did not answer (MaxFailures).
	failed bool
}

func (e *Error) Error() string { return e.Msg }

// Down is the error of a client whose server is taken as gone:
// MaxFailures requests in a row failed.
type Down struct {
	// URL is the client's, its password hidden.
	URL      string
	Failures int
	// Last is why the last request failed.
	Last string
}

func (d *Down) Error() string {
	return fmt.Sprintf("the server at %s failed %d requests in a row (the last: %s)", d.URL, d.Failures, d.Last)
}

// request is the body sent.
type request struct {
	Model       string    `json:"model"`
	Messages    []Message `json:"messages"`
	Temperature float64   `json:"temperature"`
	MaxTokens   int       `json:"max_tokens,omitempty"`
	Seed        *int64    `json:"seed,omitempty"`
}

// response is the part of the body read.
type response struct {
	Choices []struct {
		Message *struct {
			Content          *string `json:"content"`
			ReasoningContent *string `json:"reasoning_content"`
			Refusal          *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage json.RawMessage `json:"usage"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Complete asks the model for the next message of msgs, with seed (nil:
// none sent). It retries a 429, a 5xx and a failed connection with
// backoff while ctx's deadline leaves time for the wait; other failures
// are final. When ctx is cancelled (not past its deadline) it returns
// ctx's error; when the server is gone (MaxFailures) a [*Down]; every
// other failure is an [*Error].
func (c *Client) Complete(ctx context.Context, msgs []Message, seed *int64) (Answer, error) {
	c.mu.Lock()
	down := c.down
	c.mu.Unlock()
	if down != nil {
		return Answer{}, down
	}
	ans, err := c.complete(ctx, msgs, seed)
	return ans, c.tally(err)
}

// tally counts a request's outcome towards MaxFailures: the error to
// return for err, a [*Down] once the server is gone.
func (c *Client) tally(err error) error {
	e, ok := err.(*Error)
	if c.MaxFailures <= 0 || (err != nil && !ok) {
		return err // not counted, or the run was stopped
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.down != nil:
		return c.down
	case err == nil || !e.failed:
		c.failures = 0
		return err
	}
	c.failures++
	if c.failures < c.MaxFailures {
		return err
	}
	where := c.URL
	if u, perr := url.Parse(c.URL); perr == nil {
		where = u.Redacted()
	}
	c.down = &Down{URL: where, Failures: c.failures, Last: e.Msg}
	return c.down
}

// complete is Complete before the count of failures.
func (c *Client) complete(ctx context.Context, msgs []Message, seed *int64) (Answer, error) {
	body, err := json.Marshal(request{Model: c.Model, Messages: msgs, Temperature: c.Temperature, MaxTokens: c.MaxTokens, Seed: seed})
	if err != nil {
		return Answer{}, &Error{Msg: "encoding the request: " + err.Error()}
	}
	backoff := c.Backoff
	if backoff == nil {
		backoff = DefaultBackoff
	}
	var ans Answer
	for {
		ans.Tries++
		a, retry, wait, err := c.try(ctx, body)
		ans.Usage.Add(a.Usage)
		if err == nil {
			a.Usage, a.Tries = ans.Usage, ans.Tries
			return a, nil
		}
		if ctx.Err() != nil {
			return ans, c.ctxError(ctx)
		}
		if !retry {
			return ans, err
		}
		wait = max(wait, backoff(ans.Tries))
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			return ans, &Error{Msg: fmt.Sprintf("%s; no time left in the turn for try %d", err.Error(), ans.Tries+1), failed: true}
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ans, c.ctxError(ctx)
		case <-t.C:
		}
	}
}

// ctxError is what a done ctx means: the turn's deadline passed (an
// unusable reply), or the run was stopped.
func (c *Client) ctxError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &Error{Msg: "timeout: no answer within the turn's deadline", Timeout: true, failed: true}
	}
	return ctx.Err()
}

// try sends one request: the answer, or an error and whether a retry
// may help (and how long the server asked to wait).
func (c *Client) try(ctx context.Context, body []byte) (Answer, bool, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.URL, "/")+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return Answer{}, false, 0, &Error{Msg: c.Redact("the request: " + err.Error())}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return Answer{}, true, 0, &Error{Msg: c.Redact("no answer: " + err.Error())}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswer+1))
	if err != nil {
		return Answer{}, true, 0, &Error{Msg: c.Redact("reading the answer: " + err.Error())}
	}
	if len(raw) > MaxAnswer {
		return Answer{}, false, 0, &Error{Msg: fmt.Sprintf("the answer is longer than %d bytes (4 MiB); not read", MaxAnswer)}
	}
	if loc := resp.Header.Get("Location"); loc != "" && resp.StatusCode/100 == 3 {
		return Answer{}, false, 0, &Error{Msg: fmt.Sprintf("HTTP %d: a redirect to %s, not followed", resp.StatusCode, c.said(loc))}
	}
	if resp.StatusCode != http.StatusOK {
		retry := resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
		var wait time.Duration
		if s, err := strconv.Atoi(strings.TrimSpace(resp.Header.Get("Retry-After"))); err == nil && s > 0 {
			wait = time.Duration(min(s, 3600)) * time.Second
		}
		msg := fmt.Sprintf("HTTP %d", resp.StatusCode)
		if body := c.said(string(raw)); body != "" {
			msg += ": " + body
		}
		return Answer{}, retry, wait, &Error{Msg: msg}
	}
	var r response
	if err := json.Unmarshal(raw, &r); err != nil {
		return Answer{}, false, 0, &Error{Msg: c.Redact("malformed answer (not the JSON of a chat completion): " + err.Error())}
	}
	a := Answer{Usage: usageOf(r.Usage)}
	switch {
	case r.Error != nil:
		return a, false, 0, &Error{Msg: "the server says: " + c.said(r.Error.Message)}
	case len(r.Choices) == 0:
		return a, false, 0, &Error{Msg: "an answer without choices"}
	case r.Choices[0].Message == nil:
		return a, false, 0, &Error{Msg: "an answer without a message"}
	}
	m := r.Choices[0].Message
	if m.Content != nil {
		a.Content = c.Redact(*m.Content)
	}
	if m.ReasoningContent != nil {
		a.Reasoning = c.Redact(*m.ReasoningContent)
	}
	if m.Refusal != nil {
		a.Refusal = c.Redact(*m.Refusal)
	}
	return a, false, 0, nil
}

// Do sends req as every request of c is sent: with the key, and
// following no redirect — a 3xx is the response — so that the key goes
// to the URL's server only (Go's policy would hand it to another port
// of the same host).
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	var hc http.Client
	if c.HTTP != nil {
		hc = *c.HTTP
	}
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	if c.Key != "" {
		req.Header.Set("Authorization", "Bearer "+c.Key)
	}
	return hc.Do(req)
}

// said is what a message keeps of a server's text (an error body, its
// message, a Location): the key taken out of the whole text first, then
// the start of it, so that no cut can leave a piece of the key.
func (c *Client) said(s string) string { return clip(c.Redact(strings.TrimSpace(s))) }

// clip keeps the first 200 bytes of s on one line.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		i := 200
		for i > 0 && s[i]&0xC0 == 0x80 {
			i--
		}
		s = s[:i] + "…"
	}
	return s
}

// Redact replaces the key by "[key]" in text that may echo it (an error
// body, a server's message), so it cannot reach a log or a result. Text
// is redacted whole, before any cut.
func (c *Client) Redact(s string) string {
	if c.Key == "" {
		return s
	}
	return strings.ReplaceAll(s, c.Key, "[key]")
}
