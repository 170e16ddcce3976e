package view

import (
	"fmt"
	"math"
	"time"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
)

// SnapEvery is how many command turns apart the viewer keeps snapshots:
// seeking restores the nearest one before the target (a restore costs
// microseconds) and re-simulates the few turns after it.
const SnapEvery = 10

// TPS is the front end's frames per second.
const TPS = 60

// Speeds are the playback speeds, in command turns per second of the
// front end's clock (so a frame that comes late plays the turns it owes:
// a replay runs at its speed however fast frames are drawn); the last,
// infinite, is as fast as the engine: every frame plays turns for
// FrameBudget.
var Speeds = []float64{0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, math.Inf(1)}

// maxCatchUp is the most of the clock a frame plays at once: a window
// held still (dragged, hidden) does not leap ahead.
const maxCatchUp = 250 * time.Millisecond

const defaultSpeed = 3

// Viewer is the replay viewer (§22): it re-simulates a replay and can
// play, pause, step a turn or a tick, and seek.
type Viewer struct {
	Rep  *replay.Replay
	Name string

	s *sim.Sim
	// turn is the number of command turns done; inTurn says turn+1 is
	// under way, sub ticks into it.
	turn   int
	inTurn bool
	sub    int
	snaps  map[int]*sim.Snapshot

	playing bool
	speed   int
	acc     float64   // turns owed: the speed times the time played, less the turns played
	last    time.Time // when the last frame played
	// Now is the front end's clock (nil: time.Now); tests set their own.
	Now func() time.Time
	// diverged is the first turn whose observation differs from the
	// recorded hash (0: none so far); broken says why a turn could not
	// be played at all.
	diverged int
	broken   string
	quit     bool
	m        Map
	prof     Profiler
	// next is the game taken over from the replay (T), which then runs
	// in the viewer's place; Begin makes it (nil: a game with no files).
	next  App
	Begin func(s *sim.Sim, rec *Recording, title string) App
	note  string
	// InPage: the viewer runs in a web page, where q closes it (the
	// page's quick-start screen comes back).
	InPage bool
}

// TakeOver is T: the replay's episode, as it stands at the end of the
// current turn, goes on as a person's game, recorded as a new replay:
// the replay's turns up to here, then the person's, one primitive a
// turn (HumanConfig). The new replay verifies from its own header. A
// person's replay counts its clock in one-tick turns already, and keeps
// it (an agent's turns of 40 ticks are counted as 40 each).
func (v *Viewer) TakeOver() (*sim.Sim, *Recording, error) {
	if v.inTurn {
		v.StepTurn()
	}
	cfg, err := v.Rep.Config()
	if err != nil {
		return nil, nil, err
	}
	clock := v.s.State().Clock
	if cfg.Agent != "human" {
		cfg.MaxTurns = clock.MaxTurns * clock.TurnTicks
	}
	cfg.Agent = "human"
	s, err := sim.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	r := &Recording{}
	if r.rec, err = replay.NewRecorder(s, &r.buf); err != nil {
		return nil, nil, err
	}
	for _, t := range v.Rep.Turns[:v.turn] {
		if t.Unusable {
			s.TurnUnusable()
			err = r.rec.PlayedUnusable()
		} else {
			s.Turn(t.Reply)
			err = r.rec.Played(t.Reply)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if s.Done() {
		return nil, nil, fmt.Errorf("the episode is over at turn %d: there is nothing to take over", v.turn)
	}
	return s, r, nil
}

// Next is the game taken over, once there is one.
func (v *Viewer) Next() App { return v.next }

func (v *Viewer) takeOver() {
	s, rec, err := v.TakeOver()
	if err != nil {
		v.note = err.Error()
		return
	}
	title := fmt.Sprintf("%s, taken over from %s at turn %d", GameTitle(s), v.Name, v.turn)
	if v.Begin != nil {
		v.next = v.Begin(s, rec, title)
		return
	}
	v.next = NewPlay(s, PlayOptions{Title: title, Recording: rec})
}

// NewViewer starts viewing rep, at turn 0 and paused.
func NewViewer(rep *replay.Replay, name string) (*Viewer, error) {
	cfg, err := rep.Config()
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", name, err)
	}
	s, err := sim.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", name, err)
	}
	v := &Viewer{Rep: rep, Name: name, s: s, snaps: map[int]*sim.Snapshot{0: s.Snapshot()}, speed: defaultSpeed}
	if replay.Hash(s.Observe()) != rep.Obs {
		v.broken = "the first observation differs from the recorded one"
	}
	return v, nil
}

// Sim is the episode at the viewer's position.
func (v *Viewer) Sim() *sim.Sim { return v.s }

// Turn is the number of command turns done.
func (v *Viewer) Turn() int { return v.turn }

// Tick is the episode's tick.
func (v *Viewer) Tick() int { return v.s.State().Clock.Tick }

// InTurn reports whether a turn is under way (stepped tick by tick), and
// how many of its ticks are done.
func (v *Viewer) InTurn() (bool, int) { return v.inTurn, v.sub }

// Turns is the number of turns in the replay.
func (v *Viewer) Turns() int { return len(v.Rep.Turns) }

// Playing reports whether playback runs, and its speed in turns per
// second.
func (v *Viewer) Playing() (bool, float64) { return v.playing, Speeds[v.speed] }

// Diverged is the first turn whose observation differed from the
// replay's record, or 0.
func (v *Viewer) Diverged() int { return v.diverged }

// Observation is the observation text the cog received last (§15): after
// the last whole turn, since a turn's observation is made when it ends.
func (v *Viewer) Observation() []byte { return v.s.Observe() }

// StepTurn plays the rest of the turn under way, or the next turn. It
// reports false at the end of the replay.
func (v *Viewer) StepTurn() bool {
	if v.inTurn {
		for !v.s.TickTurn() {
		}
		v.endTurn()
		return true
	}
	if !v.canStart() {
		return false
	}
	t := v.Rep.Turns[v.turn]
	if t.Unusable {
		v.s.TurnUnusable()
	} else {
		v.s.Turn(t.Reply)
	}
	v.endTurn()
	return true
}

// StepTick runs one tick of the current turn, starting the next turn if
// none is under way. It reports false at the end of the replay.
func (v *Viewer) StepTick() bool {
	if !v.inTurn {
		if !v.canStart() {
			return false
		}
		t := v.Rep.Turns[v.turn]
		if t.Unusable {
			// An unusable reply has no tick-by-tick form: it waits the
			// whole turn.
			return v.StepTurn()
		}
		v.s.BeginTurn(t.Reply)
		v.inTurn, v.sub = true, 0
	}
	v.sub++
	if v.s.TickTurn() {
		v.endTurn()
	}
	return true
}

// canStart reports whether another recorded turn can be played.
func (v *Viewer) canStart() bool {
	if v.turn >= len(v.Rep.Turns) {
		return false
	}
	if v.s.Done() {
		v.broken = fmt.Sprintf("turn %d is recorded after the episode ended", v.turn+1)
		return false
	}
	return true
}

// endTurn books a finished turn: checks its observation against the
// record and keeps a snapshot every SnapEvery turns.
func (v *Viewer) endTurn() {
	v.inTurn, v.sub = false, 0
	v.turn++
	t := v.Rep.Turns[v.turn-1]
	if v.diverged == 0 && (replay.Hash(v.s.Observe()) != t.Obs || v.s.State().Clock.Tick != t.Tick) {
		v.diverged = v.turn
	}
	if v.turn%SnapEvery == 0 && v.snaps[v.turn] == nil {
		v.snaps[v.turn] = v.s.Snapshot()
	}
}

// Seek moves to the end of turn k (0: the start), clamped to the replay.
func (v *Viewer) Seek(k int) {
	k = max(0, min(k, len(v.Rep.Turns)))
	if v.inTurn {
		v.StepTurn()
	}
	if k == v.turn {
		return
	}
	base := -1
	for t := range v.snaps {
		if t <= k && t > base {
			base = t
		}
	}
	if k < v.turn || base > v.turn {
		if err := v.s.Restore(v.snaps[base]); err != nil {
			v.broken = "seeking: " + err.Error()
			return
		}
		v.turn = base
	}
	for v.turn < k && v.StepTurn() {
	}
}

// Key handles one key of the viewer and reports whether to quit.
func (v *Viewer) Key(k Key) bool {
	switch k {
	case ' ':
		v.playing = !v.playing
		v.acc, v.last = 0, v.now()
	case '+', '=':
		v.speed = min(v.speed+1, len(Speeds)-1)
	case '-', '_':
		v.speed = max(v.speed-1, 0)
	case KeyRight, '.', 'l':
		v.playing = false
		v.StepTurn()
	case ',', 't':
		v.playing = false
		v.StepTick()
	case KeyLeft, 'h':
		v.playing = false
		if v.inTurn {
			v.Seek(v.turn)
		} else {
			v.Seek(v.turn - 1)
		}
	case KeyHome:
		v.Seek(0)
	case KeyEnd:
		v.playing = false
		v.Seek(len(v.Rep.Turns))
	case KeyPageUp:
		v.Seek(v.turn - 10)
	case KeyPageDown:
		v.Seek(v.turn + 10)
	case KeyF3:
		v.prof.Toggle(v.s)
	case 'M':
		if err := v.prof.Measure(v.Rep, 3); err != nil {
			v.broken = err.Error()
		}
	case 'T':
		v.playing = false
		v.takeOver()
	case 'q', KeyEscape:
		v.quit = true
	}
	return v.quit
}

// Profiler is the profiler overlay's state (F3).
func (v *Viewer) Profiler() *Profiler { return &v.prof }

// Update implements App; once a game is taken over it gets the input.
func (v *Viewer) Update(in Input) bool {
	if v.next != nil {
		return v.next.Update(in)
	}
	v.note = ""
	for i, k := range in.Keys {
		if v.next != nil {
			rest := in
			rest.Keys = in.Keys[i:]
			return v.next.Update(rest)
		}
		if v.Key(k) {
			return true
		}
	}
	if in.Click != nil {
		if k, ok := timelineTurn(*in.Click, len(v.Rep.Turns)); ok {
			v.Seek(k)
		}
	}
	if v.playing {
		v.play()
	}
	v.prof.Sample(v.s)
	return v.quit
}

func (v *Viewer) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

// play plays the turns the clock owes since the last frame at the speed,
// as many as FrameBudget of this frame holds.
func (v *Viewer) play() {
	now := v.now()
	dt := min(now.Sub(v.last), maxCatchUp)
	v.last = now
	speed := Speeds[v.speed]
	if math.IsInf(speed, 1) {
		v.acc = math.Inf(1)
	} else {
		v.acc += speed * dt.Seconds()
	}
	for v.acc >= 1-1e-6 { // a second in whole nanoseconds of frames may fall short by a few
		v.acc--
		if !v.StepTurn() {
			v.playing = false
			break
		}
		if v.now().Sub(now) >= FrameBudget {
			// The engine is the limit: what is owed is dropped, not
			// saved up.
			v.acc = min(v.acc, 1)
			break
		}
	}
	if math.IsInf(v.acc, 1) {
		v.acc = 0
	}
}

// Close implements App.
func (v *Viewer) Close() {
	if v.next != nil {
		v.next.Close()
	}
}

// Summary implements App.
func (v *Viewer) Summary() string {
	if v.next != nil {
		return v.next.Summary()
	}
	obs := v.s.Observe()
	status := obs
	for i := len(obs) - 1; i >= 0; i-- {
		if obs[i] == '\n' {
			status = obs[i+1:]
			break
		}
	}
	return fmt.Sprintf("turn: %d\ntick: %d\nstatus: %s\ndiverged: %d\n", v.turn, v.Tick(), status, v.diverged)
}

// PrimitiveString writes a primitive as the reply grammar does (§14):
// "e", "s", ",", "eat b", "kick n", and a mechanic's verb by the verb
// table: "zap f >".
func PrimitiveString(p c.Primitive) string {
	switch p.Op {
	case c.OpMove:
		if p.Dir == c.South {
			return "move s" // "s" alone is search (§14)
		}
		return p.Dir.String()
	case c.OpSearch:
		return "s"
	case c.OpWait:
		return "."
	case c.OpPickup:
		return ","
	case c.OpDescend:
		return ">"
	case c.OpInventory:
		return "i"
	case c.OpEat, c.OpQuaff, c.OpWield, c.OpWear, c.OpDrop:
		return opWords[p.Op] + " " + string(p.Letter)
	case c.OpKick, c.OpChat:
		return opWords[p.Op] + " " + p.Dir.String()
	}
	if v := c.VerbOf(p.Op); v != nil {
		return v.Text(p) // a mechanic's verb, by its shape (§32.3)
	}
	return "-"
}

var opWords = map[c.Op]string{c.OpEat: "eat", c.OpQuaff: "quaff", c.OpWield: "wield", c.OpWear: "wear",
	c.OpDrop: "drop", c.OpKick: "kick", c.OpChat: "chat"}
