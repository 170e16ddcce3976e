package llm

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Reach checks, before any episode, that the server answers at all
// (within the turn's deadline turnTimeout, at least 2 s and at most
// 30 s) and accepts the key: a GET of URL/models, whatever its status
// but 401, 403 and a redirect (not followed, so that the key goes
// nowhere else). A run against a server that is not there fails at
// once instead of playing every turn unusable. Its errors say what to do
// in the words of cogsim's --llm-… flags.
func (c *Client) Reach(ctx context.Context, turnTimeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, min(max(turnTimeout, 2*time.Second), 30*time.Second))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(c.URL, "/")+"/models", nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("the server does not answer (%s); start it first (docs/evaluation.md)", c.Redact(err.Error()))
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); loc != "" && resp.StatusCode/100 == 3 {
		return fmt.Errorf("the server redirects (HTTP %d) to %s, which is not followed, so that the key goes to --llm-url only: give the URL it should be", resp.StatusCode, c.Redact(loc))
	}
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		hint := "give the key with --llm-key-env NAME"
		if c.Key != "" {
			hint = "check the key in the variable --llm-key-env names"
		}
		return fmt.Errorf("the server refuses the request (HTTP %d): %s", resp.StatusCode, hint)
	}
	return nil
}
