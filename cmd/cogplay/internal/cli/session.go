package cli

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"

	"github.com/cogsim/cogsim/cmd/cogplay/internal/save"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/scenario"
)

// exitError carries the exit status of a failure: 2 for bad flags and
// files, 1 for a save file that cannot be restored now.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func fail(code int, format string, args ...any) error {
	return &exitError{code, fmt.Sprintf(format, args...)}
}

// exitCode is the exit status of a failure of NewSession.
func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return 1
}

// Session is what cogplay runs: the app, the window's title, and what to
// do once the window is gone.
type Session struct {
	App   view.App
	Title string
	after func()
}

// NewSession builds the replay viewer or the game the options ask for.
func NewSession(o Options, stderr io.Writer) (*Session, error) {
	if o.replay != "" {
		return newViewer(o, stderr)
	}
	return newGame(o, stderr)
}

func newViewer(o Options, stderr io.Writer) (*Session, error) {
	rep, err := replay.Load(o.replay)
	if err != nil {
		return nil, fail(2, "%v", err)
	}
	if w := rep.Warning(); w != "" {
		fmt.Fprintln(stderr, "cogplay: warning:", w)
	}
	v, err := view.NewViewer(rep, filepath.Base(o.replay))
	if err != nil {
		return nil, fail(2, "%v", err)
	}
	v.Seek(o.turn)
	hooks, _, err := gameHooks(o)
	if err != nil {
		return nil, err
	}
	v.Begin = func(s *sim.Sim, rec *view.Recording, title string) view.App {
		return view.NewPlay(s, view.PlayOptions{Title: title, Hooks: hooks, NumberPad: o.numberPad, Recording: rec, Bind: o.file.Bind, Pace: max(o.pace, 0)})
	}
	return &Session{App: v, Title: "cogplay: replay " + filepath.Base(o.replay)}, nil
}

// TopScores is how many lines of the record the closing screen shows.
const TopScores = 8

// gameHooks are a person's game's files: the save file (returned too),
// the record, the end-of-game files and the top of the record.
func gameHooks(o Options) (view.PlayHooks, string, error) {
	savePath := o.savePath
	if savePath == "" {
		p, err := save.DefaultPath()
		if err != nil {
			return view.PlayHooks{}, "", fail(2, "%v", err)
		}
		savePath = p
	}
	hooks := view.PlayHooks{
		Save: func(s *sim.Sim, wizard bool, log []string, ticks []int, replay []byte) (string, error) {
			return savePath, save.Write(savePath, s, wizard, log, ticks, replay)
		},
		End: func(r sim.Result, dump string, replay []byte) ([]string, error) {
			return save.WriteEnd(o.name, r, dump, replay)
		},
	}
	// mine is this game's line of the record, once written.
	var mine *save.Entry
	hooks.Record = func(r sim.Result) (string, error) {
		path, err := save.RecordPath()
		if err == nil {
			e := save.NewEntry(r)
			e.Player = o.name
			if err = save.AppendEntry(path, e); err == nil {
				mine = &e
			}
		}
		return path, err
	}
	hooks.Scores = func() []string {
		path, err := save.RecordPath()
		if err != nil {
			return nil
		}
		entries, err := save.ReadRecord(path)
		if err != nil {
			return []string{err.Error()}
		}
		return save.FormatRecord(entries, TopScores, mine)
	}
	return hooks, savePath, nil
}

// newGame restores the saved game if there is one (§24), else starts a
// new one.
func newGame(o Options, stderr io.Writer) (*Session, error) {
	hooks, savePath, err := gameHooks(o)
	if err != nil {
		return nil, err
	}
	if save.Exists(savePath) {
		return restoreGame(o, savePath, hooks, stderr)
	}
	cfg := sim.Config{Seed: o.seed, Rules: o.rules.Rules, Mechanics: o.mechanics, Agent: "human"}
	popts := func(wizard bool, title string, rec *view.Recording) view.PlayOptions {
		return view.PlayOptions{Wizard: wizard, Title: title, Hooks: hooks, NumberPad: o.numberPad, Recording: rec, Bind: o.file.Bind, Pace: max(o.pace, 0)}
	}
	if o.scenario != "" {
		sc, err := scenario.Load(o.scenario)
		if err != nil {
			return nil, fail(2, "%v", err)
		}
		cfg.Scenario = sc
	}
	if err := o.levels.Set(&cfg); err != nil {
		return nil, fail(2, "%v", err)
	}
	if !o.seedSet && (cfg.Scenario == nil || cfg.Scenario.Seed == nil) {
		cfg.Seed = rand.Uint64N(1_000_000_000)
	}
	begin := func(ch view.Choice) (view.App, error) {
		cfg.Seed, cfg.Rules = ch.Seed, ch.Rules
		// The mechanics of --mechanics, then those chosen on the
		// quick-start screen.
		cfg.Mechanics = slices.Clone(o.mechanics)
		for _, m := range ch.Mechanics {
			if !slices.Contains(cfg.Mechanics, m) {
				cfg.Mechanics = append(cfg.Mechanics, m)
			}
		}
		s, rec, err := view.NewRecorded(cfg)
		if err != nil {
			return nil, err
		}
		return view.NewPlay(s, popts(ch.Wizard, view.GameTitle(s), rec)), nil
	}
	if !o.seedSet && cfg.Scenario == nil && cfg.Level == nil {
		// The quick-start screen: the seed, the rules, the mechanics,
		// wizard mode.
		st := view.NewStart(cfg.Seed, ecs.VariantNames(), o.rules.Rules, view.OfferedMechanics(), o.wizard, begin)
		return &Session{App: st, Title: "cogplay: a new game"}, nil
	}
	app, err := begin(view.Choice{Seed: cfg.Seed, Rules: cfg.Rules, Wizard: o.wizard})
	if err != nil {
		return nil, fail(2, "%v", err)
	}
	p := app.(*view.Play)
	return &Session{App: p, Title: "cogplay: " + p.Title()}, nil
}

// restoreGame restores the save file at path by NetHack's rules: unreadable
// while the restore runs, deleted once read, kept on request in wizard
// mode. A save file that cannot be restored is moved aside to
// <file>.corrupt and cogplay exits with status 1: the next start is a new
// game.
func restoreGame(o Options, path string, hooks view.PlayHooks, stderr io.Writer) (*Session, error) {
	r, err := save.Open(path)
	var corrupt *save.CorruptError
	switch {
	case errors.Is(err, save.ErrBeingRestored):
		return nil, fail(1, "%s: %v", path, err)
	case errors.As(err, &corrupt):
		moved, qerr := save.Quarantine(path)
		if qerr != nil {
			return nil, fail(1, "%v (and it could not be moved aside: %v)", err, qerr)
		}
		return nil, fail(1, "%v; moved it to %s; run cogplay again to start a new game", err, moved)
	case err != nil:
		return nil, fail(1, "restoring %s: %v", path, err)
	}
	if o.seedSet || o.scenario != "" || o.levels.Level != "" || o.levels.Dungeon != "" {
		fmt.Fprintf(stderr, "cogplay: restoring the game saved in %s; --seed, --scenario, --level and --dungeon are ignored\n", path)
	}
	wizard := o.wizard || r.Envelope.Wizard
	if wizard {
		hooks.KeepSave = r.Finish
	} else if err := r.Finish(false); err != nil {
		return nil, fail(1, "restored, but could not delete the save file: %v", err)
	}
	title := view.GameTitle(r.Sim) + ", restored"
	var rec *view.Recording
	if r.Envelope.Replay != "" {
		if rec, err = view.ResumeRecording(r.Sim, []byte(r.Envelope.Replay)); err != nil {
			fmt.Fprintf(stderr, "cogplay: the replay kept in %s cannot be read (%v): the rest of the game is not recorded\n", path, err)
		}
	}
	p := view.NewPlay(r.Sim, view.PlayOptions{Wizard: wizard, AskKeep: wizard, Title: title, Log: r.Envelope.Log, LogTicks: r.Envelope.LogTicks, Hooks: hooks,
		NumberPad: o.numberPad, Recording: rec, Bind: o.file.Bind, Pace: max(o.pace, 0)})
	// A wizard who never answered keeps the file, with its mode back.
	return &Session{App: p, Title: "cogplay: " + title, after: func() { r.Finish(true) }}, nil
}
