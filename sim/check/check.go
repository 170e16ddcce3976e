// Package check is a mechanic's conformance run (§34.3), for cogsim
// check and for an author's own go test: over seeds, with the explore and
// random agents and the invariant checker on, it checks that
//
//   - snapshot: a snapshot at a random turn (drawn from a generator
//     seeded by the episode), encoded, decoded and restored into a fresh
//     episode (sim.FromSnapshot), goes on with the same observation
//     hashes as the uninterrupted run;
//   - replays: every episode's replay, recorded to memory, verifies
//     (replay.Read and Play);
//   - workers: the result lines of the seeds played by 1 and by 2
//     goroutines are the same bytes;
//   - unselected: the cog game's results (rules "cog", no mechanics) are
//     the same whether or not the selected mechanics are installed in
//     other episodes of the same process, played before and beside them;
//     and, given a golden file of result lines (such as
//     agents/testdata/catalogue/results.jsonl, made by a build whose cog
//     game is the reference), they equal its lines of the same seed and
//     agent. A Go program cannot unlink a package, so this is what "the
//     mechanic linked but not selected" can check in one process.
//
// Each check counts what it played and names the first failure's seed,
// agent and turn.
package check

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"strings"

	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/play"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/worldgen/script"
)

// The checks' names, in the order Run runs them.
const (
	Snapshot   = "snapshot"
	Replays    = "replays"
	Workers    = "workers"
	Unselected = "unselected"
)

// Names lists the checks in order.
var Names = []string{Snapshot, Replays, Workers, Unselected}

// DefaultSeeds is the seed list when Config.Seeds is empty: 1…200.
func DefaultSeeds() []uint64 {
	out := make([]uint64, 200)
	for i := range out {
		out[i] = uint64(i + 1)
	}
	return out
}

// DefaultAgents are the agents when Config.Agents is empty.
var DefaultAgents = []string{"explore", "random"}

// Config says what to check.
type Config struct {
	// Rules and Mechanics select the game under test, as in sim.Config.
	Rules     string
	Mechanics []string
	// Level and Dungeon, when set, build the game under test's levels
	// (§38.4), as in sim.Config; the unselected check's cog game has
	// none.
	Level   *script.Script
	Dungeon *script.Dungeon
	// Seeds are the episodes' seeds (empty: DefaultSeeds).
	Seeds []uint64
	// Agents are built-in agents' names (empty: DefaultAgents).
	Agents []string
	// NewAgent makes the agent called name (the program links the
	// built-in agents; package check does not).
	NewAgent func(name string) (play.Agent, error)
	// MaxTurns, when positive, shortens every episode (tests).
	MaxTurns int
	// Golden is a file of result lines of the cog game (rules "cog", no
	// mechanics); the unselected check compares the lines whose seed,
	// agent and clock it plays. "" compares with GoldenLines.
	Golden string
	// GoldenLines are such lines, when Golden is "" (nil: none), such as
	// agents.GoldenResults, which every build carries.
	GoldenLines []byte
	// Checks names the checks to run (empty: all, see Names).
	Checks []string
}

// Counts are what a check played.
type Counts struct {
	Episodes  int `json:"episodes"`
	Turns     int `json:"turns"`
	Snapshots int `json:"snapshots"`
	Replays   int `json:"replays"`
	// Golden is the number of results compared with the golden file.
	Golden int `json:"golden"`
}

// Failure is where a check first failed. Turn is the command turn after
// which the observations differ (0: the first observation, or none
// applies).
type Failure struct {
	Seed   uint64 `json:"seed"`
	Agent  string `json:"agent"`
	Turn   int    `json:"turn"`
	Reason string `json:"reason"`
}

func (f *Failure) Error() string {
	return fmt.Sprintf("seed %d, agent %s, turn %d: %s", f.Seed, f.Agent, f.Turn, f.Reason)
}

// Outcome is one check's counts and its first failure (nil: passed).
type Outcome struct {
	Name    string   `json:"check"`
	Counts  Counts   `json:"counts"`
	Failure *Failure `json:"failure,omitempty"`
}

// Report is every check run, in order.
type Report struct {
	Rules     string    `json:"rules"`
	Mechanics []string  `json:"mechanics"`
	Seeds     int       `json:"seeds"`
	Agents    []string  `json:"agents"`
	Checks    []Outcome `json:"checks"`
}

// Err is the first check's failure, naming the check, or nil.
func (r Report) Err() error {
	for _, o := range r.Checks {
		if o.Failure != nil {
			return fmt.Errorf("check %s: %w", o.Name, o.Failure)
		}
	}
	return nil
}

// Run runs the checks of cfg. Its error is a bad configuration (an
// unknown rules variant, mechanic, agent or check, an unreadable golden
// file); the checks' failures are in the report (Report.Err).
func Run(cfg Config) (Report, error) {
	cfg, err := cfg.normal()
	if err != nil {
		return Report{}, err
	}
	rep := Report{Rules: cfg.Rules, Mechanics: cfg.Mechanics, Seeds: len(cfg.Seeds), Agents: cfg.Agents}
	if rep.Mechanics == nil {
		rep.Mechanics = []string{}
	}
	var golden map[key][]byte
	switch {
	case cfg.Golden != "":
		b, err := os.ReadFile(cfg.Golden)
		if err != nil {
			return Report{}, fmt.Errorf("check: golden results: %w", err)
		}
		if golden, err = readGolden(cfg.Golden, b); err != nil {
			return Report{}, err
		}
	case cfg.GoldenLines != nil:
		if golden, err = readGolden("(built in)", cfg.GoldenLines); err != nil {
			return Report{}, err
		}
	}
	want := func(name string) bool { return len(cfg.Checks) == 0 || contains(cfg.Checks, name) }
	// The sequential run serves the snapshot, replay and worker checks.
	var serial []episode
	if want(Snapshot) || want(Replays) || want(Workers) {
		serial = cfg.play(cfg.game(), 1, want(Replays))
	}
	if want(Snapshot) {
		rep.Checks = append(rep.Checks, cfg.snapshot(serial))
	}
	if want(Replays) {
		rep.Checks = append(rep.Checks, replays(serial))
	}
	if want(Workers) {
		rep.Checks = append(rep.Checks, workers(serial, cfg.play(cfg.game(), 2, false)))
	}
	if want(Unselected) {
		rep.Checks = append(rep.Checks, cfg.unselected(golden))
	}
	return rep, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (cfg Config) normal() (Config, error) {
	if cfg.Rules == "" {
		cfg.Rules = "cog"
	}
	if len(cfg.Seeds) == 0 {
		cfg.Seeds = DefaultSeeds()
	}
	if len(cfg.Agents) == 0 {
		cfg.Agents = DefaultAgents
	}
	if cfg.NewAgent == nil {
		return cfg, errors.New("check: no NewAgent to make the agents")
	}
	for _, a := range cfg.Agents {
		if _, err := cfg.NewAgent(a); err != nil {
			return cfg, err
		}
	}
	for _, c := range cfg.Checks {
		if !contains(Names, c) {
			return cfg, fmt.Errorf("check: unknown check %q (known: %s)", c, strings.Join(Names, ", "))
		}
	}
	if _, err := sim.CheckSelection(cfg.Rules, cfg.Mechanics); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// game is the sim.Config of the game under test, but for the seed.
func (cfg Config) game() sim.Config {
	return sim.Config{Rules: cfg.Rules, Mechanics: cfg.Mechanics, Level: cfg.Level, Dungeon: cfg.Dungeon, MaxTurns: cfg.MaxTurns, Invariants: true}
}

// cog is the sim.Config of the plain cog game.
func (cfg Config) cog() sim.Config {
	return sim.Config{Rules: "cog", MaxTurns: cfg.MaxTurns, Invariants: true}
}

// job is one episode to play: a seed and an agent.
type job struct {
	seed  uint64
	agent string
}

func (cfg Config) jobs() []job {
	var out []job
	for _, s := range cfg.Seeds {
		for _, a := range cfg.Agents {
			out = append(out, job{s, a})
		}
	}
	return out
}

// episode is one played episode: its replies, the hash of each
// observation (hashes[0] the first), its result line and its replay.
type episode struct {
	job
	cfg     sim.Config
	replies []string
	hashes  [][32]byte
	result  []byte
	replay  []byte
	// fail is a panic (an invariant broken) or error while playing.
	fail *Failure
}

// play plays every job of cfg with the game base on the given number of
// goroutines, in order of the jobs whatever the number.
func (cfg Config) play(base sim.Config, workers int, record bool) []episode {
	jobs := cfg.jobs()
	out := make([]episode, len(jobs))
	b := play.Batch{N: len(jobs), Workers: workers, Worker: func(int) (func(context.Context, int) (sim.Result, error), func(), error) {
		return func(ctx context.Context, i int) (sim.Result, error) {
			out[i] = cfg.playOne(ctx, base, jobs[i], record)
			return sim.Result{}, nil
		}, nil, nil
	}}
	_, _ = b.Run(context.Background(), func(int, sim.Result) error { return nil })
	return out
}

// hashes keeps each observation's hash and each reply of an episode.
type hashes struct{ ep *episode }

func (h hashes) Turn(s *sim.Sim, t *play.Turn) error {
	h.ep.replies = append(h.ep.replies, t.Text)
	h.ep.hashes = append(h.ep.hashes, sha256.Sum256(s.Observe()))
	return nil
}

func (h hashes) End(*sim.Sim, sim.Result) error { return nil }

// playOne plays one episode to its end with its agent, told the
// installed mechanics, as cogsim run does.
func (cfg Config) playOne(ctx context.Context, base sim.Config, j job, record bool) (ep episode) {
	ep.job = j
	base.Seed, base.Agent = j.seed, j.agent
	ep.cfg = base
	defer func() {
		if v := recover(); v != nil {
			ep.fail = &Failure{Seed: j.seed, Agent: j.agent, Turn: len(ep.replies),
				Reason: fmt.Sprintf("panic: %v\n%s", v, firstLines(string(debug.Stack()), 12))}
		}
	}()
	s, err := sim.New(base)
	if err != nil {
		ep.fail = &Failure{Seed: j.seed, Agent: j.agent, Reason: err.Error()}
		return ep
	}
	a, err := cfg.NewAgent(j.agent)
	if err != nil {
		ep.fail = &Failure{Seed: j.seed, Agent: j.agent, Reason: err.Error()}
		return ep
	}
	defer a.Close()
	observers := []play.Observer{hashes{&ep}}
	var buf bytes.Buffer
	if record {
		rec, err := replay.NewRecorder(s, &buf)
		if err != nil {
			ep.fail = &Failure{Seed: j.seed, Agent: j.agent, Reason: err.Error()}
			return ep
		}
		observers = append(observers, play.Record(rec))
	}
	ep.hashes = append(ep.hashes, sha256.Sum256(s.Observe()))
	res, err := play.Run(ctx, s, a, 0, observers...)
	if err != nil {
		ep.fail = &Failure{Seed: j.seed, Agent: j.agent, Turn: len(ep.replies), Reason: err.Error()}
		return ep
	}
	if record {
		ep.replay = buf.Bytes()
	}
	ep.result, err = json.Marshal(res)
	if err != nil {
		ep.fail = &Failure{Seed: j.seed, Agent: j.agent, Turn: len(ep.replies), Reason: err.Error()}
	}
	return ep
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// snapshotTurn draws the turn to snapshot before, 0…turns-1, from a
// generator seeded by the episode's seed and agent.
func snapshotTurn(j job, turns int) int {
	h := sha256.Sum256([]byte(j.agent))
	var salt uint64
	for _, b := range h[:8] {
		salt = salt<<8 | uint64(b)
	}
	return rand.New(rand.NewPCG(j.seed, salt)).IntN(turns)
}

// snapshot plays each episode's replies again up to a random turn,
// snapshots it there, encodes and decodes the snapshot, restores it into
// a fresh episode and plays the rest of the replies there, comparing
// each observation with the uninterrupted run's.
func (cfg Config) snapshot(serial []episode) Outcome {
	o := Outcome{Name: Snapshot}
	for _, ep := range serial {
		if o.Failure != nil {
			break
		}
		if ep.fail != nil {
			o.Failure = ep.fail
			break
		}
		o.Counts.Episodes++
		o.Counts.Turns += len(ep.replies)
		if len(ep.replies) == 0 {
			continue
		}
		k := snapshotTurn(ep.job, len(ep.replies))
		o.Counts.Snapshots++
		o.Failure = resume(ep, k)
	}
	return o
}

// resume is the snapshot check of one episode, snapshotting before turn
// k+1 (after k turns).
func resume(ep episode, k int) (f *Failure) {
	fail := func(turn int, format string, args ...any) *Failure {
		return &Failure{Seed: ep.seed, Agent: ep.agent, Turn: turn,
			Reason: fmt.Sprintf("snapshot after turn %d: ", k) + fmt.Sprintf(format, args...)}
	}
	turn := 0
	defer func() {
		if v := recover(); v != nil {
			f = fail(turn, "panic: %v", v)
		}
	}()
	s, err := sim.New(ep.cfg)
	if err != nil {
		return fail(0, "%v", err)
	}
	for turn = 1; turn <= k; turn++ {
		s.Turn(ep.replies[turn-1])
	}
	turn = k
	if sha256.Sum256(s.Observe()) != ep.hashes[k] {
		return fail(k, "the episode played again to the snapshot's turn differs from the first run")
	}
	b, err := s.Snapshot().MarshalBinary()
	if err != nil {
		return fail(k, "encoding: %v", err)
	}
	var snap sim.Snapshot
	if err := snap.UnmarshalBinary(b); err != nil {
		return fail(k, "decoding: %v", err)
	}
	fresh, err := sim.FromSnapshot(&snap)
	if err != nil {
		return fail(k, "restoring: %v", err)
	}
	if sha256.Sum256(fresh.Observe()) != ep.hashes[k] {
		return fail(k, "the restored episode's observation differs")
	}
	for turn = k + 1; turn <= len(ep.replies); turn++ {
		fresh.Turn(ep.replies[turn-1])
		if sha256.Sum256(fresh.Observe()) != ep.hashes[turn] {
			return fail(turn, "the restored episode's observation differs from the uninterrupted run's")
		}
	}
	if !fresh.Done() {
		return fail(len(ep.replies), "the restored episode is not over when the uninterrupted run ended")
	}
	if res, _ := json.Marshal(fresh.Result()); !bytes.Equal(res, ep.result) {
		return fail(len(ep.replies), "the restored episode's result differs: %s, uninterrupted %s", res, ep.result)
	}
	return nil
}

// replays verifies each episode's replay.
func replays(serial []episode) Outcome {
	o := Outcome{Name: Replays}
	for _, ep := range serial {
		if ep.fail != nil {
			o.Failure = ep.fail
			break
		}
		o.Counts.Episodes++
		o.Counts.Turns += len(ep.replies)
		o.Counts.Replays++
		if f := verify(ep); f != nil {
			o.Failure = f
			break
		}
	}
	return o
}

func verify(ep episode) (f *Failure) {
	defer func() {
		if v := recover(); v != nil {
			f = &Failure{Seed: ep.seed, Agent: ep.agent, Reason: fmt.Sprintf("replay: panic: %v", v)}
		}
	}()
	r, err := replay.Read(bufio.NewReader(bytes.NewReader(ep.replay)))
	if err != nil {
		return &Failure{Seed: ep.seed, Agent: ep.agent, Reason: fmt.Sprintf("reading the replay: %v", err)}
	}
	if err := r.Play(nil); err != nil {
		turn := len(ep.replies)
		var m *replay.Mismatch
		if errors.As(err, &m) {
			turn = m.Turn
		}
		return &Failure{Seed: ep.seed, Agent: ep.agent, Turn: turn, Reason: "the replay does not verify: " + err.Error()}
	}
	return nil
}

// workers compares the result lines of one and of two goroutines.
func workers(one, two []episode) Outcome {
	o := Outcome{Name: Workers}
	for i := range one {
		a, b := one[i], two[i]
		for _, ep := range []episode{a, b} {
			if ep.fail != nil {
				o.Failure = ep.fail
				return o
			}
		}
		o.Counts.Episodes += 2
		o.Counts.Turns += len(a.replies) + len(b.replies)
		if !bytes.Equal(a.result, b.result) {
			o.Failure = &Failure{Seed: a.seed, Agent: a.agent, Turn: firstDiff(a.hashes, b.hashes),
				Reason: fmt.Sprintf("the result line with 2 workers differs from 1 worker's: %s, with 1: %s", b.result, a.result)}
			return o
		}
	}
	return o
}

// firstDiff is the first turn whose observation differs between two
// runs (the shorter run's length if one is a prefix of the other).
func firstDiff(a, b [][32]byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// key names a golden result: the episode's seed, agent and clock.
type key struct {
	seed     uint64
	agent    string
	maxTurns int
}

// withoutEngine is a result line without its engine (issue 34): golden
// lines hold the cog game's play, which an engine of another name (or a
// file older than engine names) may play alike.
func withoutEngine(line []byte) []byte {
	var r sim.Result
	if json.Unmarshal(line, &r) != nil {
		return line
	}
	r.Engine = ""
	b, err := json.Marshal(r)
	if err != nil {
		return line
	}
	return b
}

// readGolden reads the golden result lines b of the file path.
func readGolden(path string, b []byte) (map[key][]byte, error) {
	out := map[key][]byte{}
	for n, line := range bytes.Split(bytes.TrimRight(b, "\n"), []byte("\n")) {
		var r struct {
			Seed      uint64   `json:"seed"`
			Agent     string   `json:"agent"`
			Rules     string   `json:"rules"`
			Mechanics []string `json:"mechanics"`
			MaxTurns  int      `json:"maxTurns"`
		}
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("check: golden results %s line %d: %w", path, n+1, err)
		}
		if r.Rules != "cog" {
			return nil, fmt.Errorf("check: golden results %s line %d: rules %q, not the cog game", path, n+1, r.Rules)
		}
		out[key{r.Seed, r.Agent, r.MaxTurns}] = line
	}
	return out, nil
}

// unselected plays the cog game three ways — alone, alternating with the
// game under test in one goroutine, and beside it in another goroutine —
// and compares the results with each other and with the golden lines.
func (cfg Config) unselected(golden map[key][]byte) Outcome {
	o := Outcome{Name: Unselected}
	jobs := cfg.jobs()
	turns := cfg.MaxTurns // the cog game's clock, which golden lines must have
	if turns == 0 {
		turns = sim.DefaultMaxTurns
	}
	cog, game := cfg.cog(), cfg.game()
	ctx := context.Background()
	alone := make([]episode, len(jobs))
	for i, j := range jobs {
		alone[i] = cfg.playOne(ctx, cog, j, false)
	}
	// Alternating: the mechanic's episode of each seed first.
	inter := make([]episode, len(jobs))
	var side []episode
	for i, j := range jobs {
		side = append(side, cfg.playOne(ctx, game, j, false))
		inter[i] = cfg.playOne(ctx, cog, j, false)
	}
	// Beside: the mechanic's episodes on another goroutine.
	beside := make([]episode, len(jobs))
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, j := range jobs {
			cfg.playOne(ctx, game, j, false)
		}
	}()
	for i, j := range jobs {
		beside[i] = cfg.playOne(ctx, cog, j, false)
	}
	<-done
	for _, ep := range side {
		if ep.fail != nil {
			o.Failure = ep.fail
			return o
		}
	}
	for i := range jobs {
		a := alone[i]
		for _, ep := range []episode{a, inter[i], beside[i]} {
			if ep.fail != nil {
				o.Failure = ep.fail
				return o
			}
			o.Counts.Episodes++
			o.Counts.Turns += len(ep.replies)
		}
		for _, c := range []struct {
			ep  episode
			how string
		}{{inter[i], "after an episode with the mechanics"}, {beside[i], "beside episodes with the mechanics"}} {
			if !bytes.Equal(a.result, c.ep.result) {
				o.Failure = &Failure{Seed: a.seed, Agent: a.agent, Turn: firstDiff(a.hashes, c.ep.hashes),
					Reason: fmt.Sprintf("the cog game's result %s differs: %s, alone %s", c.how, c.ep.result, a.result)}
				return o
			}
		}
		if g, ok := golden[key{a.seed, a.agent, turns}]; ok {
			o.Counts.Golden++
			if !bytes.Equal(withoutEngine(a.result), withoutEngine(g)) {
				o.Failure = &Failure{Seed: a.seed, Agent: a.agent, Turn: 0,
					Reason: fmt.Sprintf("the cog game's result differs from the golden one: %s, golden %s", a.result, g)}
				return o
			}
		}
	}
	return o
}
