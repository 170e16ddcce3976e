package sim

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"unsafe"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/render/text"
	"github.com/cogsim/cogsim/sim/reply"
	"github.com/cogsim/cogsim/sim/scenario"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/worldgen"
	"github.com/cogsim/cogsim/worldgen/script"
	arche "github.com/mlange-42/arche/ecs"
)

// Defaults of the clock (§13).
const (
	DefaultMaxTurns  = 55
	DefaultTurnTicks = 40
)

// MaxClockTurns bounds an episode's clock in command turns, whoever sets
// it ([scenario.MaxClockTurns]).
const MaxClockTurns = scenario.MaxClockTurns

// UnusableReply is the message of a turn whose reply could not be read
// (§20).
const UnusableReply = "Unusable reply."

// Config says which episode to run.
type Config struct {
	Seed uint64
	// Rules names the rules variant (§25); "" is "cog".
	Rules string
	// Mechanics names mechanics to install beside the variant's (§27.1),
	// in order; they must be registered (see [ecs.Register]).
	Mechanics []string
	// Scenario, when set, fixes the starting situation (§19).
	Scenario *Scenario
	// Level, when set, builds the first level (§38.4): the script's
	// level at depth 1, its goal the episode's unless Goal is set.
	Level *script.Script
	// Dungeon, when set, says which script builds which depth (§38.4);
	// the rest are generated.
	Dungeon *script.Dungeon
	// MaxTurns and TurnTicks override the clock; 0 takes the defaults
	// (or the scenario's).
	MaxTurns, TurnTicks int
	// Agent names the agent, for the result.
	Agent string
	// Setup, when set, may change the scheduler before the world is
	// initialised (insert, replace or disable systems). Replays do not
	// record it: a mechanic meant to be replayed is registered and named
	// in Mechanics instead.
	Setup func(*ecs.Scheduler) error
	// Strict makes a reply with any unknown token unusable as a whole
	// (§30): forty ticks of waiting, and the message names the first bad
	// token. Without it unknown tokens are skipped (§14).
	Strict bool
	// Invariants runs the invariant checker after every tick; it panics on
	// a violation. The environment variable COGSIM_INVARIANTS=1 turns it
	// on for every episode (the test script sets it).
	Invariants bool
	// DeferText draws the observation text only when [Sim.Observe] asks
	// for it rather than at the end of each turn: for a session that
	// reads the observation's arrays (sim/obs) and seldom the text. The
	// text is then the state's when Observe is called, so such a session
	// calls it only between turns, never within one (a turn stepped with
	// TickTurn).
	DeferText bool
	// Goal, when set, is a deed (§16) whose earning ends the episode with
	// the cause "goal" (a task's end, §35.3: the Oracle task ends at the
	// oracle deed), or GoalStairs. Replays and snapshots keep it. Empty,
	// a Level script's goal (des.flags) is the episode's.
	Goal string
}

// GoalStairs is the goal that ends the episode, with the cause "goal",
// when the cog first leaves the level it starts on by the stairs: a
// level script's default (§38.5).
const GoalStairs = "stairs"

// Sim is one episode. It is not safe for concurrent use; parallel
// episodes are parallel Sims.
type Sim struct {
	cfg   Config
	world arche.World
	env   *State
	sched *ecs.Scheduler
	// mechanics are the installed mechanics, the variant's first.
	mechanics []*ecs.Mechanic
	// invariants validates restored snapshots.
	invariants invariantCheck
	// levels builds the levels.
	levels levels
	gen    worldgen.Generator
	parser reply.Parser
	note   string
	// goal is the episode's goal: Config's, or its level script's;
	// goalStairs says it is GoalStairs, reached when the level's depth
	// is no longer startDepth.
	goal       string
	goalStairs bool
	startDepth int
	// The command turn under way (BeginTurn … TickTurn, or TickStep's:
	// tickSteps says its ticks are tick steps).
	inTurn    bool
	tickSteps bool
	turnDepth int
	turnTicks int
	msg       []byte
	obs       []byte
	// The installed mechanics' statuses (§32.6): indices into
	// c.Statuses and their words, in the episode's order
	// (c.ActiveStatuses).
	statuses    []int
	statusWords []string
	// holds are the statuses' tests, bound to the world (§32.6).
	holds []func() bool
	// memory keeps the map drawn from the level's memory.
	memory text.Memory
	// textStale says the observation text is to be drawn (DeferText).
	textStale bool

	// held is resetKeepingResources's scratch space; room is where a
	// packed snapshot's values of types that assign themselves are read
	// before they are put in place (RestorePacked).
	held []heldResource
	room map[*ecs.StateType]unsafe.Pointer
	// lastHead is the last packed header RestorePacked read, as bytes
	// and read: a search restores one snapshot many times.
	lastHead struct {
		raw string
		h   snapshotHeader
	}
	// packComps caches packedComponents: n ids registered.
	packComps struct {
		n     int
		comps []*ecs.StateType
		ids   []arche.ID
	}
	// scratch is RestorePacked's room, kept from one restore to the next.
	scratch struct {
		cols   []packedColumn
		ents   []uint32
		ids    [][]arche.ID
		colIDs []arche.ID
	}
}

// New builds the episode of cfg: the first level (or the scenario), the
// cog, and the first observation.
func New(cfg Config) (*Sim, error) {
	cfg, mechanics, err := cfg.resolve()
	if err != nil {
		return nil, err
	}
	// An archetype holds 16 entities before it grows: a level has a few
	// monsters, items and traps, and larger first blocks only cost time
	// and memory when the episode is built.
	s := &Sim{cfg: cfg, world: arche.NewWorld(16), msg: make([]byte, 0, 2*text.MaxMessage), obs: make([]byte, 0, text.Size)}
	w := &s.world
	// The registered resources of the core game and of the installed
	// mechanics, each begun (§32.2).
	ecs.AddResources(w, mechanics)
	s.env = newState(w)
	s.env.Dungeon = worldgen.Plan(s.cfg.Seed)
	s.env.Streams.Reseed(s.cfg.Seed)
	s.mechanics = mechanics
	s.env.Mechanics = mechanicNames(mechanics)
	s.gen.Mechanics = s.env.Mechanics
	arche.GetResource[c.Installed](w).Names = s.gen.Mechanics
	s.statuses = c.ActiveStatuses(s.gen.Mechanics)
	for _, j := range s.statuses {
		s.statusWords = append(s.statusWords, c.Statuses()[j].Word)
		s.holds = append(s.holds, c.Statuses()[j].Holds(w))
	}
	s.parser.SetMechanics(s.gen.Mechanics)
	s.levels = levels{cfg: &s.cfg, env: s.env, gen: &s.gen, mechanics: mechanics}
	if s.sched, err = schedule(cfg, mechanics, s.levels.enter); err != nil {
		return nil, err
	}
	s.levels.vision = s.sched.Get(systems.NameVision)
	if s.levels.vision == nil {
		return nil, errors.New("sim: the scheduler has no vision system")
	}
	// Verb systems run only on their verbs' ticks (§39.6): the tick's
	// primitive is the Action the input system sets. Told before Init,
	// which makes the plan once.
	s.sched.Dispatch(&s.env.Action.Op)
	s.sched.Init(w)
	if err := checkRegistered(w); err != nil {
		return nil, err
	}
	if err := s.startEpisode(); err != nil {
		return nil, err
	}
	return s, nil
}

// schedule builds the scheduler of an episode of cfg, not yet
// initialised: the standard order (enter builds a level for the level
// system), the mechanics' edits, the invariant checker when it is on,
// then cfg.Setup's changes.
func schedule(cfg Config, mechanics []*ecs.Mechanic, enter func(depth int)) (*ecs.Scheduler, error) {
	sched := systems.Standard(enter)
	if err := ecs.Install(sched, mechanics); err != nil {
		return nil, fmt.Errorf("rules %q: %w", cfg.Rules, err)
	}
	if cfg.Invariants || os.Getenv("COGSIM_INVARIANTS") == "1" {
		// Before Setup, so that a benchmark can switch the checker off.
		sched.AddFinal(systems.NameInvariants, &systems.Invariants{})
	}
	if cfg.Setup != nil {
		if err := cfg.Setup(sched); err != nil {
			return nil, err
		}
	}
	return sched, nil
}

// startEpisode builds the episode's start on a world whose resources are
// fresh: the clock, the potion appearances, the first level (or the
// scenario), the cog, the first observation.
func (s *Sim) startEpisode() error {
	cfg := s.cfg
	// What caches the observation starts anew (sim/obs): the pack's
	// names hang on the potions' appearances, drawn anew.
	s.env.epoch++
	s.memory.Forget()
	clock := s.env.Clock
	clock.MaxTurns, clock.TurnTicks = cfg.clock()
	if err := s.levels.start(); err != nil {
		return err
	}
	s.goal = cfg.Goal
	if s.goal == "" {
		s.goal = s.levels.goal
	}
	s.goalStairs, s.startDepth = s.goal == GoalStairs, s.env.Level.Depth
	s.env.Run.MaxDepth = s.env.Level.Depth
	s.render()
	return nil
}

// Reset starts a new episode of the same configuration with seed, reusing
// the world, the scheduler and its systems: it is the episode [New] would
// build, for a fraction of the cost (a long-lived session resets this
// way, §29). A scenario with a seed of its own and seed 0 takes the
// scenario's, as New does.
func (s *Sim) Reset(seed uint64) error {
	if sc := s.cfg.Scenario; sc != nil && sc.Seed != nil && seed == 0 {
		seed = *sc.Seed
	}
	s.cfg.Seed = seed
	w := &s.world
	s.held = resetKeepingResources(w, s.held)
	// Every registered resource begins anew, the core game's and the
	// mechanics' alike (§32.2).
	ecs.BeginEpisode(w)
	s.env.Streams.Reseed(seed)
	s.note, s.env.Reply = "", ReplyRead{}
	s.inTurn, s.tickSteps, s.turnTicks = false, false, 0
	s.env.Dungeon = s.gen.Plan(seed)
	return s.startEpisode()
}

// Turn runs one command turn with reply (§13, §14).
func (s *Sim) Turn(reply string) {
	if s.BeginTurn(reply) {
		for !s.TickTurn() {
		}
	}
}

// TurnUnusable runs a command turn for a reply that could not be read at
// all (not JSON, no reply field): forty ticks of waiting and "Unusable
// reply." (§20).
func (s *Sim) TurnUnusable() {
	if s.BeginTurnUnusable() {
		for !s.TickTurn() {
		}
	}
}

// BeginTurnUnusable starts the command turn of a reply that could not be
// read at all without running it, as BeginTurn does for a reply: its
// ticks are then run one by one with TickTurn. It reports false when
// the episode is over.
func (s *Sim) BeginTurnUnusable() bool {
	if s.Done() {
		return false
	}
	s.env.Queue.Reset()
	s.note = UnusableReply
	s.env.Reply = ReplyRead{Unusable: true}
	s.env.Run.Unusable++
	s.begin()
	return true
}

// TurnPrimitive runs a command turn of the one primitive p: the turn of
// a reply naming it, without its text (an action by index, §35.4; a
// key in cogplay, §22).
func (s *Sim) TurnPrimitive(p c.Primitive) {
	if s.Done() {
		return
	}
	e := s.env
	e.Queue.Reset()
	e.Queue.Push(p)
	s.note = ""
	s.env.Reply = ReplyRead{}
	s.begin()
	for !s.TickTurn() {
	}
}

// BeginTurn starts a command turn with reply without running it: the
// turn's ticks are then run one by one with TickTurn (a replay viewer
// steps ticks this way). It reports false when the episode is over.
func (s *Sim) BeginTurn(reply string) bool {
	if s.Done() {
		return false
	}
	ignored := s.parser.Parse(reply, s.env.Queue)
	s.note = ""
	s.env.Reply = ReplyRead{Ignored: ignored}
	switch {
	case ignored != "" && s.cfg.Strict:
		// The whole reply is unusable: forty ticks of waiting.
		s.env.Queue.Reset()
		s.env.Reply.Unusable = true
		s.env.Run.Unusable++
		first, _, _ := strings.Cut(ignored, " ")
		if len(first) > text.MaxMessage/2 {
			first = first[:text.MaxMessage/2]
		}
		s.note = StrictUnusable(first)
	case ignored != "":
		s.env.Run.Ignored++
		if len(ignored) > text.MaxMessage {
			ignored = ignored[:text.MaxMessage]
		}
		s.note = "Ignored: " + ignored + "."
	}
	s.begin()
	return true
}

// StrictUnusable is the message of a reply refused under Strict for its
// first bad token tok (§30).
func StrictUnusable(tok string) string {
	return `Unusable reply: "` + tok + `" is not an action.`
}

// begin prepares the queued turn: a reply with no usable action waits
// the whole turn.
func (s *Sim) begin() {
	e := s.env
	if e.Queue.Len == 0 {
		for i := 0; i < e.Clock.TurnTicks; i++ {
			e.Queue.Push(c.Primitive{Op: c.OpWait})
		}
	}
	e.Log.Reset()
	s.turnDepth, s.turnTicks, s.inTurn, s.tickSteps = e.Level.Depth, 0, true, false
}

// TickTurn runs one tick of the current command turn and reports whether
// the turn is over: its queue emptied, the cog changed level, the run
// ended, or turnTicks ticks passed (§13). Leftover primitives are dropped
// and the observation is rendered when it is.
func (s *Sim) TickTurn() bool {
	if !s.inTurn {
		return true
	}
	e := s.env
	s.tick()
	s.turnTicks++
	if !(e.Run.Ended || e.Level.Depth != s.turnDepth || e.Queue.Empty() || s.turnTicks >= e.Clock.TurnTicks) {
		return false
	}
	s.endTurn()
	s.render()
	return true
}

// endTurn closes the command turn under way: leftover primitives are
// dropped, the turn counts, and the 55th ends the run (§13).
func (s *Sim) endTurn() {
	e := s.env
	s.inTurn, s.tickSteps = false, false
	e.Queue.Reset()
	e.Clock.Turn++
	if !e.Run.Ended && e.Clock.Turn >= e.Clock.MaxTurns {
		e.Run.Deeds.Earn("full-clock", e.Clock.Tick)
		e.Run.End("clock")
	}
}

// TickStep runs one tick step (§37.1): the cog's action is the one
// primitive p, played as one tick, and the observation is the one after
// that tick. The command turns go on beneath the steps: a turn is made
// of the next turnTicks ticks' steps — fewer when the cog changes level
// or the run ends — so the clock, the full-clock deed and the status
// line's Turn mean what they mean for replies, and an episode that
// stays on one level and runs out the clock lasts maxTurns × turnTicks
// steps. The message line is the turn's last message so far, as after
// a reply. While the cog is paralysed the tick passes without using p.
//
// It reports whether p was used (false while paralysed, or when the
// episode is over) and whether the step ended a command turn. A turn of
// tick steps is the turn of one reply: the primitives used, joined (see
// [TickReplies]); the two are not mixed within a turn.
func (s *Sim) TickStep(p c.Primitive) (used, turnEnded bool) {
	if s.Done() {
		return false, false
	}
	e := s.env
	if !s.inTurn || !s.tickSteps {
		e.Log.Reset()
		s.note = ""
		e.Reply = ReplyRead{}
		s.turnDepth, s.turnTicks, s.inTurn, s.tickSteps = e.Level.Depth, 0, true, true
	}
	e.Queue.Reset()
	e.Queue.Push(p)
	s.tick()
	s.turnTicks++
	used = e.Queue.Empty()
	e.Queue.Reset()
	if e.Run.Ended || e.Level.Depth != s.turnDepth || s.turnTicks >= e.Clock.TurnTicks {
		s.endTurn()
		turnEnded = true
	}
	s.render()
	return used, turnEnded
}

// TickReplies joins the primitives of command turns played as tick steps
// into the replies that play the same turns (§37.2), for a replay: the
// primitives used, in order, joined by spaces, then "wait" when the
// turn's last ticks used none (the cog paralysed), so that the reply's
// queue does not empty before the turn's end. Its zero value is ready.
type TickReplies struct {
	buf  []byte
	idle bool
}

// Add notes one tick step of the turn: the reply naming its primitive
// (one primitive, no other token), and whether the step used it.
func (r *TickReplies) Add(reply string, used bool) {
	r.idle = !used
	if !used {
		return
	}
	if len(r.buf) > 0 {
		r.buf = append(r.buf, ' ')
	}
	r.buf = append(r.buf, reply...)
}

// Turn is the reply of the turn just ended; the next turn starts empty.
func (r *TickReplies) Turn() string {
	if r.idle {
		if len(r.buf) > 0 {
			r.buf = append(r.buf, ' ')
		}
		r.buf = append(r.buf, "wait"...)
	}
	out := string(r.buf)
	r.buf, r.idle = r.buf[:0], false
	return out
}

// Clear forgets the turn so far (a new episode, or a restored one).
func (r *TickReplies) Clear() { r.buf, r.idle = r.buf[:0], false }

// InTickTurn reports whether a command turn of tick steps is under way:
// the last TickStep did not end its turn.
func (s *Sim) InTickTurn() bool { return s.inTurn && s.tickSteps }

// tick runs the scheduler once.
func (s *Sim) tick() {
	e := s.env
	e.Clock.Tick++
	e.Events.Reset()
	s.sched.Tick(&s.world)
	if s.goal != "" && !e.Run.Ended && (s.goalStairs && e.Level.Depth != s.startDepth || e.Run.Deeds.Has(s.goal)) {
		e.Run.End("goal")
	}
	e.Log.EndTick(e.Clock.Tick)
}

// Step runs one tick with primitive p, outside command turns: one key, one
// primitive, one tick, as a person plays (§22). The clock then counts
// ticks: the episode ends at maxTurns × turnTicks ticks.
func (s *Sim) Step(p c.Primitive) {
	if s.Done() {
		return
	}
	e := s.env
	e.Queue.Reset()
	e.Queue.Push(p)
	e.Log.Reset()
	s.note = ""
	s.env.Reply = ReplyRead{}
	s.tick()
	e.Queue.Reset()
	if !e.Run.Ended && e.Clock.Tick >= e.Clock.MaxTurns*e.Clock.TurnTicks {
		e.Run.Deeds.Earn("full-clock", e.Clock.Tick)
		e.Run.End("clock")
	}
	s.render()
}

// Done reports whether the episode has ended.
func (s *Sim) Done() bool { return s.env.Run.Ended }

// Observe returns the current observation text (§15): 20 lines joined by
// newlines. The slice is valid until the next Turn or Step.
func (s *Sim) Observe() []byte {
	if s.textStale {
		s.textStale = false
		s.drawText()
	}
	return s.obs
}

// State exposes the episode's state to tests, tools and front ends.
func (s *Sim) State() *State { return s.env }

// Mechanics names the installed mechanics with their versions, the
// variant's first (§27.1).
func (s *Sim) Mechanics() []ecs.MechanicRef { return ecs.Refs(s.mechanics) }

// Scheduler exposes the tick order and its timings.
func (s *Sim) Scheduler() *ecs.Scheduler { return s.sched }

// Config is the configuration the episode runs with.
func (s *Sim) Config() Config { return s.cfg }

// Frame is what the observation is drawn from, for front ends.
func (s *Sim) Frame() text.Frame {
	e := s.env
	return text.Frame{
		Level:   e.Level,
		Memory:  &s.memory,
		Vision:  e.Vision.Rect,
		Cog:     e.CogPos(),
		Message: s.Message(),
		Status:  s.Status(),
	}
}

// Memory keeps the map drawn from the level's memory between
// observations (the Frame's).
func (s *Sim) Memory() *text.Memory { return &s.memory }

// Message is the observation's message, as the Frame has it: a note on
// the reply, then the messages of the turn's last tick that had any.
// The slice is valid until the next call.
func (s *Sim) Message() []byte {
	last, _ := s.env.Log.Last()
	s.msg = s.msg[:0]
	if s.note != "" {
		s.msg = append(s.msg, s.note...)
		if len(last) > 0 {
			s.msg = append(s.msg, "  "...)
		}
	}
	s.msg = append(s.msg, last...)
	return s.msg
}

// Status is the status line's numbers and words, as the Frame has them.
func (s *Sim) Status() text.Status {
	e := s.env
	// The cog is alive as long as the episode: its components are read
	// without the check.
	cog := e.Run.Cog
	h := e.Health.GetUnchecked(cog)
	ex := e.Experience.GetUnchecked(cog)
	st := e.Status.GetUnchecked(cog)
	next := e.Clock.Tick + 1
	return text.Status{
		Depth: e.Level.Depth, Gold: e.Purse.GetUnchecked(cog).Gold,
		HP: h.HP, MaxHP: h.MaxHP, AC: e.Inventory.GetUnchecked(cog).AC(),
		XLevel: ex.Level, XP: ex.Points,
		Tick: e.Clock.Tick, Turn: e.Clock.Turn, MaxTurns: e.Clock.MaxTurns,
		Hunger:   e.Nutrition.GetUnchecked(cog).State,
		Confused: st.Confused(next), Paralysed: st.Paralysed(next),
		Stuck: st.Stuck(next), Trapped: st.Trapped(next),
		Words: s.statusWords, Mechanic: s.MechanicStatuses(),
	}
}

// MechanicStatuses is the status line's Mechanic bits ([Sim.Status]):
// bit i for the i-th status word of the episode's mechanics that holds.
func (s *Sim) MechanicStatuses() uint32 {
	if len(s.holds) == 0 {
		return 0
	}
	return heldStatuses(s.holds)
}

// heldStatuses is the bitmask of the statuses that hold now: bit i for
// the test holds[i]. Not inlined, so that MechanicStatuses, whose
// episodes most often have no such status, is.
//
//go:noinline
func heldStatuses(holds []func() bool) uint32 {
	var bits uint32
	for i, h := range holds {
		if h() {
			bits |= 1 << i
		}
	}
	return bits
}

// render draws the observation text, or with Config.DeferText notes that
// it is to be drawn.
func (s *Sim) render() {
	if s.cfg.DeferText {
		s.textStale = true
		return
	}
	s.drawText()
}

func (s *Sim) drawText() {
	f := s.Frame()
	s.obs = text.Append(s.obs[:0], &f)
}

// Disconnect ends the episode at once because the agent went away (§20).
func (s *Sim) Disconnect(cause string) {
	if s.Done() {
		return
	}
	s.env.Run.End(cause)
	s.render()
}

// Revive undoes the cog's death, for wizard mode (§22): "Die?" answered
// no. As NetHack's savelife, hp goes back to maxHp and a starving cog's
// nutrition to 500; play goes on. It reports whether there was a death to
// undo (the clock's end is not one).
func (s *Sim) Revive() bool {
	e := s.env
	r := e.Run
	if !r.Ended || r.Cause == "clock" {
		return false
	}
	cog := r.Cog
	h := e.Health.Get(cog)
	h.HP = h.MaxHP
	if n := e.Nutrition.Get(cog); n.Value < 500 {
		n.Value = 500
		n.State = e.Hunger.StateOf(n.Value)
	}
	r.Ended, r.Cause = false, ""
	s.render()
	return true
}

// WithoutInvariants is a Config.Setup that switches the invariant checker
// off when COGSIM_INVARIANTS turned it on: benchmarks measure the game.
func WithoutInvariants(sch *ecs.Scheduler) error {
	if sch.Get(systems.NameInvariants) != nil {
		return sch.Enable(systems.NameInvariants, false)
	}
	return nil
}

// checkRegistered refuses a world holding a component or resource type
// that is not registered (§27.2): snapshots and saves would lose it.
func checkRegistered(w *arche.World) error {
	var missing []string
	for _, id := range arche.ComponentIDs(w) {
		if info, ok := arche.ComponentInfo(w, id); ok {
			if _, ok := ecs.StateOf(info.Type); !ok {
				missing = append(missing, "component "+info.Type.String())
			}
		}
	}
	for _, id := range arche.ResourceIDs(w) {
		if t, ok := arche.ResourceType(w, id); ok && w.Resources().Has(id) {
			if _, ok := ecs.StateOf(t); !ok {
				missing = append(missing, "resource "+t.String())
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("sim: unregistered state, which snapshots would lose: %s (register it with ecs.RegisterComponent or ecs.RegisterResource)", strings.Join(missing, ", "))
	}
	return nil
}

// mechanicNames names the mechanics, in order.
func mechanicNames(list []*ecs.Mechanic) []string {
	names := make([]string, len(list))
	for i, m := range list {
		names[i] = m.Name
	}
	return names
}
