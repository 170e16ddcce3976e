package cli

import (
	"context"
	"errors"
	"flag"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/cogsim/cogsim/agents/llm"
	"github.com/cogsim/cogsim/agents/prompt"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/result"
)

// llmPrefix marks a model behind an OpenAI-compatible endpoint:
// --agent llm:MODEL (§36).
const llmPrefix = "llm:"

// The defaults of the --llm-… flags.
const (
	defaultLLMURL       = "http://127.0.0.1:8000/v1"
	defaultLLMHistory   = 4
	defaultLLMMaxTokens = 1024
	// defaultLLMMaxFailures failed turns in a row are, with one worker
	// and the default --turn-timeout (each turn retrying until its
	// deadline), about ten minutes of a server gone: time for a
	// restart, not for a results file full of unusable episodes.
	defaultLLMMaxFailures = 10
)

// llmFlags are the --llm-… flags of run and agent.
type llmFlags struct {
	url         string
	keyEnv      string
	history     int
	template    string
	temperature float64
	maxTokens   int
	seed        int64
	maxFailures int
}

func (l *llmFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&l.url, "llm-url", defaultLLMURL, "with --agent llm:MODEL, the OpenAI-compatible API's base URL; requests go to URL/chat/completions (vLLM, llama.cpp's server, Ollama, hosted APIs; docs/evaluation.md)")
	fs.StringVar(&l.keyEnv, "llm-key-env", "", "with --agent llm:MODEL, the NAME of the environment variable holding the API key, sent as \"Authorization: Bearer\" (the key itself is never written anywhere)")
	fs.IntVar(&l.history, "llm-history", defaultLLMHistory, "with --agent llm:MODEL, how many earlier turns (observation and answer) each request carries, 0 … 1000")
	fs.StringVar(&l.template, "llm-template", llm.Naive, "with --agent llm:MODEL, how the model answers: naive (the reply only) or cot (reasoning, then a last line \"Reply: …\", of which only the reply is played)")
	fs.Float64Var(&l.temperature, "llm-temperature", 0, "with --agent llm:MODEL, the sampling temperature sent, 0 … 2")
	fs.IntVar(&l.maxTokens, "llm-max-tokens", defaultLLMMaxTokens, "with --agent llm:MODEL, max_tokens sent: the longest answer, in tokens (0: not sent)")
	fs.Int64Var(&l.seed, "llm-seed", -1, "with --agent llm:MODEL, the seed sent with every request; -1: each episode's seed (modulo 2^31), so that episodes differ and a run is repeatable where the server honours seeds")
	fs.IntVar(&l.maxFailures, "llm-max-failures", defaultLLMMaxFailures, "with --agent llm:MODEL, stop after this many failed requests in a row — no connection, no answer within --turn-timeout, a 429 or 5xx once retries are spent; not a model's unusable answer — with an error naming the server and the last failure; the episode in progress is not written, so --resume plays it (0: never stop, each such turn an unusable reply), 0 … 1000000")
}

// llmModel is the model of an llm:MODEL agent, and whether it is one.
func llmModel(agent string) (string, bool) { return strings.CutPrefix(agent, llmPrefix) }

// checkModel checks the MODEL of llm:MODEL.
func checkModel(model string) error {
	switch {
	case strings.TrimSpace(model) == "":
		return errors.New("llm: needs a model name, e.g. llm:qwen2.5-7b-instruct")
	case len(model) > 200 || strings.ContainsAny(model, "\n\r\x00"):
		return errors.New("llm: the model name must be one line of at most 200 bytes")
	}
	return nil
}

// setsLLM names the first --llm-… flag set on the command line, "" if
// none: they mean nothing without --agent llm:MODEL.
func setsLLM(fs *flag.FlagSet) string {
	name := ""
	fs.Visit(func(f *flag.Flag) {
		if name == "" && strings.HasPrefix(f.Name, "llm-") {
			name = f.Name
		}
	})
	return name
}

// config checks the flags and makes the agent configuration of model:
// the client (its key read from --llm-key-env), and the system prompt
// of the episodes of ep (cogsim prompt's text, §36.1). workers sizes the
// connection pool.
func (l *llmFlags) config(model string, ep sim.Config, workers int) (*llm.Config, error) {
	u, err := url.Parse(l.url)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, usagef("--llm-url %q: not an http:// or https:// URL", redactURL(l.url))
	}
	if !slices.Contains(llm.Templates, l.template) {
		return nil, usagef("--llm-template %q: one of %s", l.template, strings.Join(llm.Templates, ", "))
	}
	switch {
	case l.history < 0 || l.history > 1000:
		return nil, usagef("--llm-history: must be 0 … 1000, got %d", l.history)
	case l.temperature < 0 || l.temperature > 2 || l.temperature != l.temperature:
		return nil, usagef("--llm-temperature: must be 0 … 2, got %v", l.temperature)
	case l.maxTokens < 0 || l.maxTokens > 1<<24:
		return nil, usagef("--llm-max-tokens: must be 0 … %d, got %d", 1<<24, l.maxTokens)
	case l.seed < -1:
		return nil, usagef("--llm-seed: must be -1 (each episode's) or a seed ≥ 0, got %d", l.seed)
	case l.maxFailures < 0 || l.maxFailures > 1_000_000:
		return nil, usagef("--llm-max-failures: must be 0 … 1000000, got %d", l.maxFailures)
	}
	var key string
	if l.keyEnv != "" {
		v, ok := os.LookupEnv(l.keyEnv)
		if !ok || strings.TrimSpace(v) == "" {
			return nil, usagef("--llm-key-env %s: that environment variable is not set", l.keyEnv)
		}
		key = strings.TrimSpace(v)
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.MaxIdleConnsPerHost = max(workers, 2)
	client := &llm.Client{URL: l.url, Key: key, Model: model, Temperature: l.temperature, MaxTokens: l.maxTokens,
		HTTP: &http.Client{Transport: transport}, MaxFailures: l.maxFailures}
	text, err := prompt.Text(ep)
	if err != nil {
		return nil, usagef("%v", err)
	}
	cfg := &llm.Config{Client: client, System: llm.System(text, l.template), Template: l.template, History: l.history}
	if l.seed >= 0 {
		cfg.Seed = &l.seed
	}
	return cfg, nil
}

// llmSettings are what a result says of cfg's agent beside its model
// (§36.1), nil for another agent.
func llmSettings(cfg *llm.Config) *result.LLMSettings {
	if cfg == nil {
		return nil
	}
	return cfg.Settings()
}

// redactURL hides a password in a URL.
func redactURL(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Redacted()
	}
	return s
}

// reach checks, before any episode, that the server answers at all
// and accepts the key (llm.Client.Reach).
func reach(ctx context.Context, c *llm.Client, turnTimeout time.Duration) error {
	if err := c.Reach(ctx, turnTimeout); err != nil {
		return usagef("--llm-url %s: %v", redactURL(c.URL), err)
	}
	return nil
}
