package llm_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cogsim/cogsim/agents/llm"
)

// TestAServerGoneIsDown (issue 34): with MaxFailures, that many failed
// requests in a row — no connection, a 5xx once the retries are spent, a
// timeout — make the client's server gone: the last of them and every
// request after it (not sent) return a *Down naming the URL and the last
// failure. An answer, even a model's unusable one or a 4xx, starts the
// count again.
func TestAServerGoneIsDown(t *testing.T) {
	var s *server
	s = newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		switch lastObservation(s, n) {
		case "fail":
			http.Error(w, "overloaded", http.StatusServiceUnavailable)
		case "slow":
			<-r.Context().Done()
		case "bad":
			http.Error(w, "context too long", http.StatusBadRequest)
		default:
			reply(w, "", 1, 1)
		}
	})
	c := &llm.Client{URL: s.srv.URL + "/v1", Key: longKey, Model: "test", Backoff: fast, MaxFailures: 3}
	a := llm.NewAgent(llm.Config{Client: c, System: "PROMPT", Template: llm.Naive})
	ask := func(obs string) (llm.Turn, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		if obs == "slow" {
			ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
		}
		defer cancel()
		return a.Turn(ctx, obs)
	}
	for _, obs := range []string{"fail", "slow", "empty", "fail", "fail", "bad", "fail", "slow"} {
		tr, err := ask(obs)
		require.NoError(t, err, obs)
		assert.False(t, tr.OK, obs)
	}
	_, err := ask("fail")
	var down *llm.Down
	require.ErrorAs(t, err, &down)
	assert.Equal(t, 3, down.Failures)
	assert.Contains(t, err.Error(), "the server at "+s.srv.URL+"/v1 failed 3 requests in a row")
	assert.Contains(t, err.Error(), "HTTP 503: overloaded")
	assert.Empty(t, leak(err.Error(), longKey))
	s.mu.Lock()
	sent := s.n
	s.mu.Unlock()
	_, err = ask("empty")
	assert.ErrorAs(t, err, &down, "still gone")
	s.mu.Lock()
	assert.Equal(t, sent, s.n, "and not asked again")
	s.mu.Unlock()

	// No connection at all counts the same.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := "http://" + ln.Addr().String() + "/v1"
	ln.Close()
	c = &llm.Client{URL: closed, Model: "test", Backoff: fast, MaxFailures: 2}
	a = llm.NewAgent(llm.Config{Client: c, System: "PROMPT", Template: llm.Naive})
	tr, err := ask("OBS")
	require.NoError(t, err)
	assert.Contains(t, tr.Error, "no answer")
	_, err = ask("OBS")
	require.ErrorAs(t, err, &down)
	assert.Contains(t, err.Error(), closed)

	// A run stopped is neither a failure nor gone.
	c = &llm.Client{URL: s.srv.URL + "/v1", Model: "test", Backoff: fast, MaxFailures: 1}
	a = llm.NewAgent(llm.Config{Client: c, System: "PROMPT", Template: llm.Naive})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = a.Turn(ctx, "slow")
	assert.True(t, errors.Is(err, context.Canceled), "%v", err)
	tr, err = ask("empty")
	require.NoError(t, err)
	assert.Equal(t, "an empty answer", tr.Error)
}
