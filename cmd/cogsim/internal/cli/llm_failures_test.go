package cli

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// longKey is as long as a hosted API's key (54 bytes).
const longKey = "sk-proj-4fQ9zLm2Xv7Rt8Kc3Wb6Hn1Jd5Ps0Ga9Ye4Uo7Ti2Mq8Nz"

// keyPiece is the first piece of key, 8 bytes or more, that s holds, or
// "".
func keyPiece(s, key string) string {
	for i := 0; i+8 <= len(key); i++ {
		if piece := key[i : i+8]; strings.Contains(s, piece) {
			return piece
		}
	}
	return ""
}

// filesIn is the text of the files directly in dirs.
func filesIn(t *testing.T, dirs ...string) string {
	t.Helper()
	var b strings.Builder
	for _, d := range dirs {
		files, _ := os.ReadDir(d)
		for _, f := range files {
			if !f.IsDir() {
				raw, err := os.ReadFile(filepath.Join(d, f.Name()))
				require.NoError(t, err)
				b.Write(raw)
			}
		}
	}
	return b.String()
}

// TestAnLLMRunKeepsNoPieceOfAnEchoedKey (issue 34): a server that echoes
// the key in its error bodies and messages, at any byte before, across
// or past the 200 an error keeps, gets no 8 bytes of it into the
// results, the trajectories or the messages — nor into the error that
// stops a run whose server is gone.
func TestAnLLMRunKeepsNoPieceOfAnEchoedKey(t *testing.T) {
	t.Setenv("COGSIM_TEST_KEY", longKey)
	m := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		var turn int
		obs := msgs[len(msgs)-1]["content"]
		if i := strings.Index(obs, "Turn:"); i >= 0 {
			fmt.Sscanf(obs[i:], "Turn:%d", &turn)
		}
		text := strings.Repeat("a", 130+7*turn) + strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ") + strings.Repeat(" b", 100)
		if turn%2 == 0 {
			http.Error(w, text, http.StatusBadRequest)
		} else {
			fmt.Fprintf(w, `{"error":{"message":%q}}`, text)
		}
	})
	dir := t.TempDir()
	out, logs := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "logs")
	code, stdout, errs := cogsim(t, "run", "--agent", "llm:test", "--llm-url", m.url(), "--llm-key-env", "COGSIM_TEST_KEY",
		"--seed", "3", "--turns", "12", "--out", out, "--log", logs)
	require.Equal(t, ExitOK, code, errs)
	assert.True(t, m.auth["Bearer "+longKey], "the key was sent")
	kept := stdout + errs + filesIn(t, dir, logs)
	assert.Contains(t, kept, "HTTP 400: aaaa")
	assert.Empty(t, keyPiece(kept, longKey))

	gone := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		http.Error(w, strings.Repeat("a", 150)+r.Header.Get("Authorization"), http.StatusServiceUnavailable)
	})
	code, stdout, errs = cogsim(t, "run", "--agent", "llm:test", "--llm-url", gone.url(), "--llm-key-env", "COGSIM_TEST_KEY",
		"--llm-max-failures", "1", "--turn-timeout", "1s", "--seed", "3", "--turns", "2")
	assert.Equal(t, ExitFailure, code, errs)
	assert.Contains(t, errs, "HTTP 503: aaaa")
	assert.Empty(t, keyPiece(stdout+errs, longKey))
}

// TestAnLLMRunsKeyFollowsNoRedirect (issue 34): a server that redirects
// to another port of the same host — whose name Go's redirect policy
// matches, keeping the Authorization header — never gets the key to
// the other server: a redirected turn is unusable and says where it
// pointed, and a redirected check of the server stops the run before
// any episode.
func TestAnLLMRunsKeyFollowsNoRedirect(t *testing.T) {
	t.Setenv("COGSIM_TEST_KEY", longKey)
	var mu sync.Mutex
	var seen []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Authorization"))
		mu.Unlock()
		answerWith(w, nil, "search")
	}))
	defer other.Close()
	to := other.URL + "/v1/chat/completions"
	m := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		http.Redirect(w, r, to, http.StatusTemporaryRedirect)
	})
	logs := filepath.Join(t.TempDir(), "logs")
	code, out, errs := cogsim(t, "run", "--agent", "llm:test", "--llm-url", m.url(), "--llm-key-env", "COGSIM_TEST_KEY",
		"--seed", "2", "--turns", "3", "--log", logs)
	require.Equal(t, ExitOK, code, errs)
	rs := results(t, out)
	require.Len(t, rs, 1)
	assert.Equal(t, 3, rs[0].Unusable)
	assert.Contains(t, filesIn(t, logs), "HTTP 307: a redirect to "+to+", not followed")

	moved := httptest.NewServer(http.RedirectHandler(other.URL+"/v1/models", http.StatusPermanentRedirect))
	defer moved.Close()
	code, _, errs = cogsim(t, "run", "--agent", "llm:test", "--llm-url", moved.URL+"/v1", "--llm-key-env", "COGSIM_TEST_KEY")
	assert.Equal(t, ExitUsage, code, errs)
	assert.Contains(t, errs, "the server redirects (HTTP 308) to "+other.URL+"/v1/models, which is not followed")

	mu.Lock()
	defer mu.Unlock()
	assert.NotContains(t, seen, "Bearer "+longKey)
	assert.Empty(t, seen, "the other server was never asked")
}

// TestAnLLMRunStopsWhenItsServerIsGone (issue 34): a server that answers
// a few turns and then dies stops the run after --llm-max-failures
// failed requests in a row, with an error naming the server and the
// last failure; the results hold the episodes finished before, not the
// one in progress (nor its trajectory), and --resume against a server
// that is back finishes the file as an uninterrupted run's, byte for
// byte. cogsim agent stops the same way.
func TestAnLLMRunStopsWhenItsServerIsGone(t *testing.T) {
	healthy := newModel(t, cotPlayer)
	dir := t.TempDir()
	args := []string{"run", "--agent", "llm:test", "--llm-template", "cot", "--seeds", "1-4", "--turns", "3", "--workers", "1",
		"--turn-timeout", "1s", "--llm-max-failures", "2"}
	full := filepath.Join(dir, "full.jsonl")
	code, _, errs := cogsim(t, append(args, "--llm-url", healthy.url(), "--out", full)...)
	require.Equal(t, ExitOK, code, errs)
	want, err := os.ReadFile(full)
	require.NoError(t, err)
	rs := results(t, string(want))
	require.Len(t, rs, 4)

	// The server answers every turn of seeds 1 and 2 and the first of
	// seed 3, then dies.
	answers := int64(rs[0].Turns + rs[1].Turns + 1)
	var served atomic.Int64
	die := make(chan struct{})
	var once sync.Once
	dying := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		if served.Add(1) > answers {
			once.Do(func() { close(die) })
			panic(http.ErrAbortHandler) // the connection drops
		}
		cotPlayer(w, r, msgs)
	})
	go func() {
		<-die
		dying.srv.Close()
	}()
	out, logs := filepath.Join(dir, "r.jsonl"), filepath.Join(dir, "logs")
	code, _, errs = cogsim(t, append(args, "--llm-url", dying.url(), "--out", out, "--log", logs)...)
	assert.Equal(t, ExitFailure, code, errs)
	assert.Contains(t, errs, "cogsim run: episode seed 3, not written (--resume plays it and the rest): the server at "+dying.url()+" failed 2 requests in a row (the last: no answer: ")
	assert.Contains(t, errs, "stopped by --llm-max-failures 2")
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	lines := strings.SplitAfter(string(want), "\n")
	assert.Equal(t, lines[0]+lines[1], string(got), "seeds 1 and 2, complete, and nothing else")
	assert.FileExists(t, filepath.Join(logs, "seed-2.jsonl"))
	assert.NoFileExists(t, filepath.Join(logs, "seed-3.jsonl"), "the episode in progress leaves no trajectory")

	code, _, errs = cogsim(t, append(args, "--llm-url", healthy.url(), "--out", out, "--resume")...)
	require.Equal(t, ExitOK, code, errs)
	got, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	failing := newModel(t, func(w http.ResponseWriter, r *http.Request, msgs []map[string]string) {
		http.Error(w, "overloaded", http.StatusServiceUnavailable)
	})
	code, _, errs = cogsim(t, "agent", "--agent", "llm:test", "--llm-url", failing.url(), "--llm-max-failures", "2",
		"--turn-timeout", "1s", "--turns", "3")
	assert.Equal(t, ExitFailure, code, errs)
	assert.Contains(t, errs, "cogsim agent: the server at "+failing.url()+" failed 2 requests in a row (the last: HTTP 503: overloaded")

	code, help, _ := cogsim(t, "run", "-h")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, help, "so --resume plays it (0: never stop, each such turn an unusable reply), 0 … 1000000 (default 10)")
	code, _, errs = cogsim(t, "run", "--agent", "llm:test", "--llm-url", healthy.url(), "--llm-max-failures", "-1")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errs, "--llm-max-failures: must be 0 … 1000000, got -1")
}
