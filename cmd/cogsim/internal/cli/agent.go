package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/cogsim/cogsim/agents/llm"
	"github.com/cogsim/cogsim/internal/atomicfile"

	"github.com/cogsim/cogsim/internal/levelflag"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/protocol"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/scenario"
)

type agentOptions struct {
	seed     uint64
	scenario string
	levels   levelflag.Flags
	rules    rulesFlags
	replay   string
	turns    int
	strict   bool
	agent    string
	timeout  time.Duration
	llm      llmFlags
}

func agentFlags() (*flag.FlagSet, *agentOptions) {
	o := &agentOptions{}
	fs := flag.NewFlagSet("agent", flag.ContinueOnError)
	fs.Uint64Var(&o.seed, "seed", 1, "episode seed (without --seed: the scenario's seed if it has one)")
	fs.StringVar(&o.scenario, "scenario", "", "start from this scenario file (§19)")
	o.levels.Add(fs)
	o.rules.add(fs)
	fs.StringVar(&o.replay, "replay", "", "record the episode's replay to this file (§21)")
	fs.IntVar(&o.turns, "turns", 0, "end the episode after this many command turns (default: the rules' 55, or the scenario's clock)")
	fs.BoolVar(&o.strict, "strict", false, strictDoc)
	fs.StringVar(&o.agent, "agent", "stdio", "stdio: the outside agent on stdin/stdout; or llm:MODEL: a model behind an OpenAI-compatible chat-completions API plays instead (the --llm-… flags, §36), and stdout carries the exchange — each observation, the model's reply object with its reasoning and usage, the end")
	fs.DurationVar(&o.timeout, "turn-timeout", protocol.DefaultTurnTimeout, "with --agent llm:MODEL, how long the model may take over one turn, retries included, before the turn is an unusable reply")
	o.llm.add(fs)
	return fs, o
}

// agentCmd is cogsim agent: one episode over stdio for an outside agent.
// Bad lines cost unusable turns; EOF ends the episode as disconnected.
func agentCmd(ctx context.Context, out streams, args []string) (err error) {
	fs, o := agentFlags()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	mechanics, err := o.rules.check()
	if err != nil {
		return err
	}
	if o.turns < 0 || o.turns > sim.MaxClockTurns {
		return usagef("--turns: must be 1 … %d (0: the rules'), got %d", sim.MaxClockTurns, o.turns)
	}
	model, isLLM := llmModel(o.agent)
	switch {
	case isLLM:
		if err := checkModel(model); err != nil {
			return usagef("--agent %s: %v", o.agent, err)
		}
	case o.agent != "stdio":
		return usagef("--agent %q: stdio or llm:MODEL", o.agent)
	case setsLLM(fs) != "":
		return usagef("--%s: only with --agent llm:MODEL", setsLLM(fs))
	case isSet(fs, "turn-timeout"):
		return usagef("--turn-timeout: only with --agent llm:MODEL")
	}
	if o.timeout <= 0 {
		return usagef("--turn-timeout: must be positive, got %v", o.timeout)
	}
	cfg := sim.Config{Seed: o.seed, Rules: o.rules.Rules, Mechanics: mechanics, Agent: o.agent, MaxTurns: o.turns, Strict: o.strict}
	if o.scenario != "" {
		sc, err := scenario.Load(o.scenario)
		if err != nil {
			return usagef("--scenario: %v", err)
		}
		cfg.Scenario = sc
		if sc.Seed != nil && !isSet(fs, "seed") {
			cfg.Seed = *sc.Seed
		}
	}
	if err := o.levels.Set(&cfg); err != nil {
		return usagef("%v", err)
	}
	if err := levelflag.Check(cfg); err != nil {
		return usagef("%v", err)
	}
	s, err := sim.New(cfg)
	if err != nil {
		return usagef("%s%v", scenarioPrefix(o.scenario), err)
	}
	var chat *llm.Config
	if isLLM {
		if chat, err = o.llm.config(model, cfg, 1); err != nil {
			return err
		}
		if err := reach(ctx, chat.Client, o.timeout); err != nil {
			return err
		}
	}
	var rec *replay.Recorder
	if o.replay != "" {
		// Whole or nothing: an episode cut short leaves no replay.
		f, ferr := atomicfile.Create(o.replay, 0o644)
		if ferr != nil {
			return usagef("--replay: %v", ferr)
		}
		defer f.Abort()
		if rec, err = replay.NewRecorder(s, f); err != nil {
			return fmt.Errorf("writing the replay: %w", err)
		}
		defer func() {
			if err == nil {
				if err = f.Commit(); err != nil {
					err = fmt.Errorf("writing the replay: %w", err)
				}
			}
		}()
	}
	var a play.Agent = protocol.NewStdio(out.stdin, out.stdout)
	if chat != nil {
		a = &protocol.Echo{Agent: llm.NewPlayer(*chat, o.timeout), W: out.stdout}
	}
	var observers []play.Observer
	if rec != nil {
		observers = append(observers, play.RecordTo(rec))
	}
	episode := func() error {
		_, err := play.Run(ctx, s, a, 0, observers...)
		if errors.Is(err, play.ErrInterrupted) {
			return errInterrupted
		}
		return err
	}
	if chat != nil {
		// The model's requests end with ctx: the episode stops by
		// itself, its replay not yet committed.
		return episode()
	}
	// Reading stdin does not end with ctx.
	return untilDone(ctx, episode)
}
