package llm_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cogsim/cogsim/agents/llm"
)

// longKey is as long as a hosted API's key (54 bytes).
const longKey = "sk-proj-4fQ9zLm2Xv7Rt8Kc3Wb6Hn1Jd5Ps0Ga9Ye4Uo7Ti2Mq8Nz"

// leak is the first piece of key, 8 bytes or more, that s holds, or "".
func leak(s, key string) string {
	for i := 0; i+8 <= len(key); i++ {
		if piece := key[i : i+8]; strings.Contains(s, piece) {
			return piece
		}
	}
	return ""
}

// lastObservation is the last user message of request n of s.
func lastObservation(s *server, n int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	msgs, _ := s.bodies[n-1]["messages"].([]any)
	last, _ := msgs[len(msgs)-1].(map[string]any)
	obs, _ := last["content"].(string)
	return obs
}

// TestAnEchoedKeyIsRedactedBeforeTheCut (issue 34): a server that echoes
// the key anywhere in an error body, an error message, a refusal or an
// answer — before the 200 bytes an error keeps, across them or just past
// them — gets no 8 bytes of it into the turn. The cut used to come
// before the redaction, so a key at byte 146 left 53 of its 54 bytes.
func TestAnEchoedKeyIsRedactedBeforeTheCut(t *testing.T) {
	var s *server
	s = newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		var form string
		var at int
		fmt.Sscanf(lastObservation(s, n), "%s %d", &form, &at)
		text := strings.Repeat("a", at) + strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ") + strings.Repeat(" b", 150)
		switch form {
		case "status":
			http.Error(w, text, http.StatusBadRequest)
		case "retried":
			http.Error(w, text, http.StatusServiceUnavailable)
		case "message":
			fmt.Fprintf(w, `{"error":{"message":%q}}`, text)
		case "refusal":
			fmt.Fprintf(w, `{"choices":[{"message":{"content":null,"refusal":%q}}]}`, text)
		default: // an answer
			reply(w, text, 1, 1)
		}
	})
	c := &llm.Client{URL: s.srv.URL + "/v1", Key: longKey, Model: "test", Backoff: fast}
	for _, template := range llm.Templates {
		a := llm.NewAgent(llm.Config{Client: c, System: "PROMPT", Template: template})
		for _, form := range []string{"status", "retried", "message", "refusal", "answer"} {
			for _, at := range []int{0, 100, 140, 146, 150, 160, 180, 190, 195, 199, 200, 201, 230} {
				tr := turn(t, a, fmt.Sprint(form, " ", at))
				assert.Empty(t, leak(fmt.Sprintf("%+v", tr), longKey), "%s %s at byte %d", template, form, at)
			}
		}
	}
	assert.Contains(t, s.auth, "Bearer "+longKey, "the key was sent")
}

// TestRedirectsAreNotFollowed (issue 34): a redirect, to the same host
// name on another port, is an unusable turn naming where it pointed, and
// the server it points to sees nothing — Go's default policy would have
// handed it the key.
func TestRedirectsAreNotFollowed(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Authorization"))
		mu.Unlock()
		reply(w, "s", 1, 1)
	}))
	defer other.Close()
	to := other.URL + "/v1/chat/completions"
	codes := []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect}
	s := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, to, codes[(n-1)%len(codes)])
	})
	for _, h := range []*http.Client{nil, {}, {CheckRedirect: func(*http.Request, []*http.Request) error { return nil }}} {
		c := &llm.Client{URL: s.srv.URL + "/v1", Key: longKey, Model: "test", Backoff: fast, HTTP: h}
		a := llm.NewAgent(llm.Config{Client: c, System: "PROMPT", Template: llm.Naive})
		for _, code := range codes {
			tr := turn(t, a, "OBS")
			assert.False(t, tr.OK)
			assert.Equal(t, 1, tr.Tries, "a redirect is not retried")
			assert.Contains(t, tr.Error, fmt.Sprintf("HTTP %d: a redirect to %s, not followed", code, to))
		}
	}
	mu.Lock()
	defer mu.Unlock()
	assert.Empty(t, seen, "the other server was never asked")
}
