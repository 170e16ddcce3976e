package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/cogsim/cogsim/bench"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/obs"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/result"
)

type replayOptions struct {
	verify    bool
	anyEngine bool
	turn      int
	json      bool
	html      string
	site      string
	rules     rulesFlags
}

func replayFlags() (*flag.FlagSet, *replayOptions) {
	o := &replayOptions{}
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.BoolVar(&o.verify, "verify", false, "re-simulate and check every recorded observation hash and the whole result; exit 1 at the first difference")
	fs.BoolVar(&o.anyEngine, "any-engine", false, "re-simulate a replay recorded by another engine all the same (it warns; without this such a replay is refused, issue 34)")
	fs.BoolVar(&o.json, "json", false, "with --turn: print the observation as the JSON message of §20 and §29 (glyphs, stats, reward …)")
	fs.IntVar(&o.turn, "turn", -1, "print the observation after command turn K (0: the first); with --verify, after verifying the whole replay (the ok line then goes to stderr)")
	fs.StringVar(&o.html, "html", "", "write one self-contained web page that plays the replay (§31): the browser cogplay and the replay inside it")
	fs.StringVar(&o.site, "site", "", "with --html: take the browser cogplay from this site (cogsim site DIR) instead of building it")
	o.rules.add(fs)
	// A replay names its rules and mechanics itself: here the flags only
	// check them (§34.2).
	fs.Lookup("rules").Usage = "check that the replay was played under this rules variant (its header names it; a replay always re-installs its own): " + fs.Lookup("rules").Usage
	fs.Lookup("rules").DefValue = ""
	fs.Lookup("mechanics").Usage = "check that the replay installed exactly these extra mechanics, in this order, comma-separated " +
		strings.TrimPrefix(fs.Lookup("mechanics").Usage, "extra mechanics to install, comma-separated ")
	return fs, o
}

// replayCmd is cogsim replay FILE: a summary of the replay, its
// verification, or the observation after a turn.
func replayCmd(ctx context.Context, out streams, args []string) error {
	fs, o := replayFlags()
	// The file may come before, between or after the flags.
	file, err := positional(fs, args)
	if err != nil {
		return err
	}
	if file == "" {
		return usagef("missing the replay FILE")
	}
	rep, err := replay.Load(file)
	if err != nil {
		return usagef("%v", err)
	}
	rep.AnyEngine = o.anyEngine
	resimulates := o.verify || isSet(fs, "turn") || o.html != ""
	if resimulates && !o.anyEngine && sim.EngineDiff(rep.Engine) != "" {
		return fmt.Errorf("%s: %w (--any-engine tries anyway)", file, &replay.EngineError{Recorded: rep.Engine})
	}
	if w := rep.Warning(); w != "" {
		fmt.Fprintf(out.stderr, "cogsim replay: warning: %s\n", w)
	}
	if err := checkReplayRules(fs, &o.rules, file, rep); err != nil {
		return err
	}
	if o.html != "" || isSet(fs, "site") {
		switch {
		case o.html == "":
			return usagef("--site needs --html")
		case isSet(fs, "turn") || o.json:
			return usagef("--html cannot be used with --turn or --json")
		}
		if o.verify {
			if err := rep.Play(func(int, []byte) bool { return true }); err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
			fmt.Fprintf(out.stderr, "ok: %d turns verified\n", len(rep.Turns))
		}
		return writeReplayPage(ctx, out, file, o.html, o.site)
	}
	switch {
	case o.verify:
		// With --turn K as well: the whole replay is verified, and the
		// observation after turn K printed.
		if isSet(fs, "turn") && (o.turn < 0 || o.turn > len(rep.Turns)) {
			return usagef("--turn: no turn %d (the replay has turns 0…%d)", o.turn, len(rep.Turns))
		}
		var obs []byte
		err := rep.Play(func(turn int, o2 []byte) bool {
			if isSet(fs, "turn") && turn == o.turn {
				obs = append([]byte(nil), o2...)
			}
			return true
		})
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		ok := fmt.Sprintf("ok: %d turns verified (seed %d, score %d, %s)", len(rep.Turns), rep.Seed, rep.Result.Score, rep.Result.Cause)
		if obs != nil {
			fmt.Fprintln(out.stdout, string(obs))
			fmt.Fprintln(out.stderr, ok)
			return nil
		}
		fmt.Fprintln(out.stdout, ok)
		return nil
	case isSet(fs, "turn") && o.json:
		if o.turn < 0 || o.turn > len(rep.Turns) {
			return usagef("--turn: no turn %d (the replay has turns 0…%d)", o.turn, len(rep.Turns))
		}
		var (
			prev int
			msg  []byte
			enc  obs.Encoder
		)
		err := rep.PlaySim(func(turn int, s *sim.Sim) bool {
			if turn == o.turn {
				msg, _ = json.Marshal(enc.Observation(s, prev))
				return false
			}
			prev = s.State().Score()
			return true
		})
		if err != nil {
			return fmt.Errorf("%s: %w (before turn %d)", file, err, o.turn)
		}
		fmt.Fprintln(out.stdout, string(msg))
		return nil
	case isSet(fs, "turn"):
		obs, err := rep.Observation(o.turn)
		if err != nil {
			var m *replay.Mismatch
			if errors.As(err, &m) {
				return fmt.Errorf("%s: %w (before turn %d)", file, err, o.turn)
			}
			return usagef("--turn: %v", err)
		}
		fmt.Fprintln(out.stdout, string(obs))
		return nil
	}
	fmt.Fprintf(out.stdout, "replay of seed %d, rules %s, agent %s, engine %s: %d turns, score %d, %s\n",
		rep.Seed, result.Printable(rep.RulesLabel()), result.Printable(rep.Agent), result.Printable(rep.Engine), len(rep.Turns), rep.Result.Score, rep.Result.Cause)
	return nil
}

// checkReplayRules holds the replay's header to --rules and --mechanics,
// each only when given (§34.2): a replay re-installs the rules and
// mechanics it names, so the flags check them and change nothing. A
// flag that disagrees is a usage error naming both sides.
func checkReplayRules(fs *flag.FlagSet, flags *rulesFlags, file string, rep *replay.Replay) error {
	rulesSet, mechanicsSet := isSet(fs, "rules"), isSet(fs, "mechanics")
	if !rulesSet && !mechanicsSet {
		return nil
	}
	mechanics, err := flags.check()
	if err != nil {
		return err
	}
	cfg, err := rep.Config()
	if err != nil {
		return usagef("%s: %v", file, err)
	}
	header := bench.Selection{Rules: cmp.Or(cfg.Rules, "cog"), Mechanics: cfg.Mechanics}
	given := header
	var named []string
	if rulesSet {
		given.Rules = cmp.Or(flags.Rules, "cog")
		named = append(named, "--rules "+flags.Rules)
	}
	if mechanicsSet {
		given.Mechanics = mechanics
		named = append(named, "--mechanics "+cmp.Or(flags.Mechanics, `""`))
	}
	if given.Rules != header.Rules || !slices.Equal(given.Mechanics, header.Mechanics) {
		return usagef("%s names rules %s, but %s was played under rules %s (its header)",
			strings.Join(named, " "), given.Label(), file, header.Label())
	}
	return nil
}
