package eval

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/cogsim/cogsim/agents"
	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/sim/result"
)

// Source says where a side's episodes come from for [Explain]: the
// replays written with `run --replays DIR` (Replays), the trajectories
// written with `run --log DIR` (Log), or, with neither, the built-in
// agent the results name, re-simulated on their seeds and settings.
type Source struct {
	Replays string `json:"replays,omitempty"`
	Log     string `json:"log,omitempty"`
}

// String names the source as the explanation's header does.
func (s Source) String() string {
	switch {
	case s.Replays != "":
		return "replays in " + s.Replays
	case s.Log != "":
		return "trajectories in " + s.Log
	}
	return "the built-in agent, re-simulated"
}

// Explanation is `cogsim compare --explain` (§39.8): for each paired
// seed whose results differ, the first tick where the two episodes
// diverge, what each side did on it, and the cause — the first thing one
// side did that the other did not, from that tick on; then the causes
// grouped and counted, most seeds first.
type Explanation struct {
	A       string `json:"a"`
	B       string `json:"b"`
	SourceA string `json:"sourceA"`
	SourceB string `json:"sourceB"`
	// Seeds are the paired seeds; Differing those whose results differ.
	Seeds     int          `json:"seeds"`
	Differing int          `json:"differing"`
	Episodes  []Divergence `json:"episodes"`
	Causes    []CauseCount `json:"causes"`
}

// Divergence is one seed's explanation.
type Divergence struct {
	Seed uint64 `json:"seed"`
	// Tick is the first tick whose happenings differ (the cog's
	// primitive, the events, the messages), Turn its command turn (from
	// 0) and Depth the level it was on; A and B are that tick on each
	// side.
	Tick  int      `json:"tick"`
	Turn  int      `json:"turn"`
	Depth int      `json:"depth"`
	A     TickSide `json:"a"`
	B     TickSide `json:"b"`
	// Cause is the grouping's key ("B: the cog picked up a scroll") and
	// CauseTick when it happened.
	Cause     string `json:"cause"`
	CauseTick int    `json:"causeTick"`
}

// TickSide is what one side did on a tick: the cog's primitive (""
// for none: paralysed, or the episode over), the tick's events and its
// messages; Ended is the cause of an episode over by then.
type TickSide struct {
	Action   string   `json:"action"`
	Events   []string `json:"events"`
	Messages []string `json:"messages"`
	Ended    string   `json:"ended,omitempty"`
}

// CauseCount is a cause and the seeds it explains.
type CauseCount struct {
	Cause string   `json:"cause"`
	Seeds []uint64 `json:"seeds"`
}

// Explain explains why two result files of the same seeds differ
// (§39.8), re-simulating each side's episodes from src[0] and src[1].
// The results must pair as [Compare] pairs them; a re-simulated
// episode must end as its result says (else an error names the seed
// and what differs: another engine, another agent). Seeds whose
// results are equal are not explained.
func Explain(nameA, nameB string, a, b []result.Result, src [2]Source) (*Explanation, error) {
	pairs, err := pair(nameA, nameB, a, b)
	if err != nil {
		return nil, err
	}
	ex := &Explanation{A: nameA, B: nameB, SourceA: src[0].String(), SourceB: src[1].String(), Seeds: len(pairs),
		Episodes: []Divergence{}, Causes: []CauseCount{}}
	var todo [][2]*result.Result
	for _, p := range pairs {
		if !sameOutcome(p[0], p[1]) {
			todo = append(todo, p)
		}
	}
	ex.Differing = len(todo)
	out := make([]Divergence, len(todo))
	errs := make([]error, len(todo))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(todo))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				out[i], errs[i] = explainSeed(todo[i], src)
			}
		}()
	}
	for i := range todo {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	ex.Episodes = out
	groups := map[string]*CauseCount{}
	for _, d := range out {
		g := groups[d.Cause]
		if g == nil {
			g = &CauseCount{Cause: d.Cause}
			groups[d.Cause] = g
		}
		g.Seeds = append(g.Seeds, d.Seed)
	}
	for _, g := range groups {
		ex.Causes = append(ex.Causes, *g)
	}
	slices.SortFunc(ex.Causes, func(x, y CauseCount) int {
		if c := cmp.Compare(len(y.Seeds), len(x.Seeds)); c != 0 {
			return c
		}
		return cmp.Compare(x.Cause, y.Cause)
	})
	return ex, nil
}

// pair pairs a (of nameA) and b (of nameB) by seed as Compare does,
// in seed order; sides that do not hold the same seeds are refused
// with an *UnpairedError.
func pair(nameA, nameB string, a, b []result.Result) ([][2]*result.Result, error) {
	ra, rb := bySeed(a), bySeed(b)
	if err := paired(nameA, nameB, ra, rb); err != nil {
		return nil, err
	}
	out := make([][2]*result.Result, len(ra))
	for i := range ra {
		out[i] = [2]*result.Result{&ra[i], &rb[i]}
	}
	return out, nil
}

// sameOutcome reports whether two results tell the same episode: the
// score and its parts, the deeds with their ticks, the cause, the
// depth, the ticks and turns.
func sameOutcome(a, b *result.Result) bool {
	return a.Score == b.Score && a.Parts == b.Parts && slices.Equal(a.Deeds, b.Deeds) && a.Cause == b.Cause &&
		a.MaxDepth == b.MaxDepth && a.Ticks == b.Ticks && a.Turns == b.Turns
}

// explainSeed plays both sides of a seed and finds where they part.
func explainSeed(p [2]*result.Result, src [2]Source) (Divergence, error) {
	var logs [2][]tickRecord
	for side := range 2 {
		var err error
		if logs[side], err = episodeLog(p[side], src[side]); err != nil {
			return Divergence{}, fmt.Errorf("seed %d of %s: %w", p[side].Seed, sideName(side), err)
		}
	}
	return diverge(p[0].Seed, logs), nil
}

func sideName(side int) string { return string(rune('A' + side)) }

// tickRecord is what happened on a tick of an episode, as [Explain]
// compares it: the primitive, the events and the messages, and the
// facts drawn from them.
type tickRecord struct {
	tick, turn, depth int
	side              TickSide
	facts             []string
}

// same reports whether two ticks' happenings are the same.
func (r *tickRecord) same(o *tickRecord) bool {
	return r.side.Action == o.side.Action && slices.Equal(r.side.Events, o.side.Events) &&
		slices.Equal(r.side.Messages, o.side.Messages) && r.side.Ended == o.side.Ended
}

// diverge finds the first tick where the logs differ and the cause.
func diverge(seed uint64, logs [2][]tickRecord) Divergence {
	n := max(len(logs[0]), len(logs[1]))
	at := func(side, i int) tickRecord {
		l := logs[side]
		if i < len(l) {
			return l[i]
		}
		// The episode is over: its last tick stands, with no primitive.
		last := l[len(l)-1]
		return tickRecord{tick: i + 1, turn: last.turn, depth: last.depth, side: TickSide{Events: []string{}, Messages: []string{}, Ended: last.side.Ended}}
	}
	d := Divergence{Seed: seed}
	first := n
	for i := range n {
		ra, rb := at(0, i), at(1, i)
		if !ra.same(&rb) {
			first = i
			break
		}
	}
	if first == n {
		d.Cause = "the same ticks: only the results differ"
		return d
	}
	ra, rb := at(0, first), at(1, first)
	d.Tick, d.Turn, d.Depth, d.A, d.B = ra.tick, ra.turn, ra.depth, ra.side, rb.side
	if len(logs[1]) > first && len(logs[0]) <= first {
		d.Turn, d.Depth = rb.turn, rb.depth
	}
	d.Cause, d.CauseTick = cause(logs, first)
	return d
}

// fact is a salient happening of a side at a tick.
type fact struct {
	tick int
	text string
}

// cause is the first fact from tick index first on that one side has and
// the other has not at the same place: the earlier of the two, A's when
// both come on the same tick (then both are named). With no such fact,
// the cog's moves alone differ.
func cause(logs [2][]tickRecord, first int) (string, int) {
	var facts [2][]fact
	for side := range 2 {
		for i := first; i < len(logs[side]); i++ {
			for _, f := range logs[side][i].facts {
				facts[side] = append(facts[side], fact{logs[side][i].tick, f})
			}
		}
	}
	for i := 0; ; i++ {
		fa, okA := item(facts[0], i)
		fb, okB := item(facts[1], i)
		switch {
		case !okA && !okB:
			return "only the cog's moves differ", 0
		case okA && okB && fa.text == fb.text:
			continue
		case okA && okB && fa.tick == fb.tick:
			return "A: " + fa.text + "; B: " + fb.text, fa.tick
		case !okB || okA && fa.tick < fb.tick:
			return "A: " + fa.text, fa.tick
		default:
			return "B: " + fb.text, fb.tick
		}
	}
}

func item(list []fact, i int) (fact, bool) {
	if i < len(list) {
		return list[i], true
	}
	return fact{}, false
}

// episodeLog plays the episode of result r from src and records each
// tick; the episode must end as r says.
func episodeLog(r *result.Result, src Source) ([]tickRecord, error) {
	var cfg sim.Config
	var replies []string
	var unusable []bool
	var agent play
	switch {
	case src.Replays != "":
		rep, err := readReplay(filepath.Join(src.Replays, fmt.Sprintf("seed-%d.jsonl", r.Seed)))
		if err != nil {
			return nil, err
		}
		if cfg, err = rep.Config(); err != nil {
			return nil, err
		}
		for _, t := range rep.Turns {
			replies, unusable = append(replies, t.Reply), append(unusable, t.Unusable)
		}
	case src.Log != "":
		var err error
		if cfg, err = resultConfig(r); err != nil {
			return nil, err
		}
		if replies, unusable, err = readTrajectory(filepath.Join(src.Log, fmt.Sprintf("seed-%d.jsonl", r.Seed))); err != nil {
			return nil, err
		}
	default:
		var err error
		if cfg, err = resultConfig(r); err != nil {
			return nil, err
		}
		a, err := agents.New(r.Agent)
		if err != nil {
			return nil, fmt.Errorf("agent %s is not built in: give its replays or its trajectories (--log)", result.Printable(r.Agent))
		}
		agent = a
	}
	cfg.Invariants = false
	s, err := sim.New(cfg)
	if err != nil {
		return nil, err
	}
	if agent != nil {
		agent.Reset(cfg.Seed)
		if k, ok := agent.(interface{ Know([]string) }); ok {
			k.Know(s.State().Mechanics)
		}
	}
	rec := recorder{s: s}
	for turn := 0; !s.Done(); turn++ {
		switch {
		case agent != nil:
			rec.turn(s.BeginTurn(agent.Reply(s.Observe())))
		case turn < len(replies) && unusable[turn]:
			rec.turn(s.BeginTurnUnusable())
		case turn < len(replies):
			rec.turn(s.BeginTurn(replies[turn]))
		default:
			return nil, fmt.Errorf("the replies end at turn %d, before the episode does", turn)
		}
	}
	got := s.Result()
	if !sameOutcome(&got, r) {
		return nil, fmt.Errorf("re-simulated, the episode ends otherwise than its result (score %d, %s at tick %d; the file: score %d, %s at tick %d): another engine, agent or file?",
			got.Score, got.Cause, got.Ticks, r.Score, result.Printable(r.Cause), r.Ticks)
	}
	return rec.log, nil
}

// readReplay reads the replay file at path.
func readReplay(path string) (*replay.Replay, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rep, err := replay.Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rep, nil
}

// play is a built-in agent.
type play interface {
	Reset(seed uint64)
	Reply(obs []byte) string
}

// resultConfig is the episode configuration a result records, for an
// episode the results alone can rebuild: not one of a scenario, a level
// script or a task's goal, whose contents the results do not hold.
func resultConfig(r *result.Result) (sim.Config, error) {
	switch {
	case r.Scenario != "" || r.ScenarioDigest != "":
		return sim.Config{}, errors.New("an episode of a scenario: give its replays, which hold the scenario")
	case len(r.Scripts) > 0:
		return sim.Config{}, errors.New("an episode of a level script: give its replays, which hold the script")
	case r.Cause == "goal":
		return sim.Config{}, errors.New("an episode with a goal: give its replays, which hold the goal")
	}
	extra, err := sim.ExtraMechanics(r.Rules, r.Mechanics)
	if err != nil {
		return sim.Config{}, err
	}
	return sim.Config{Seed: r.Seed, Rules: r.Rules, Mechanics: extra, MaxTurns: r.MaxTurns, Strict: r.Strict, Agent: r.Agent}, nil
}

// readTrajectory reads the replies of a trajectory (§30): each turn's
// reply, or that it was unusable.
func readTrajectory(path string) (replies []string, unusable []bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, replay.MaxBytes))
	sc.Buffer(make([]byte, 0, 1<<20), replay.MaxLine)
	for n := 1; sc.Scan(); n++ {
		var line struct {
			Type      string   `json:"type"`
			Turn      *int     `json:"turn"`
			Reply     *string  `json:"reply"`
			Unusable  bool     `json:"unusable"`
			Truncated []string `json:"truncated"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return nil, nil, fmt.Errorf("%s line %d: %v", path, n, err)
		}
		if line.Type != "" || line.Turn == nil {
			continue
		}
		if slices.Contains(line.Truncated, "reply") {
			return nil, nil, fmt.Errorf("%s line %d: the reply was cut at 64 KiB: give the replays", path, n)
		}
		if *line.Turn != len(replies) {
			return nil, nil, fmt.Errorf("%s line %d: turn %d, want %d", path, n, *line.Turn, len(replies))
		}
		r := ""
		if line.Reply != nil {
			r = *line.Reply
		}
		replies, unusable = append(replies, r), append(unusable, line.Unusable || line.Reply == nil)
	}
	return replies, unusable, sc.Err()
}

// recorder records the ticks of an episode played turn by turn.
type recorder struct {
	s   *sim.Sim
	log []tickRecord
}

// turn runs the turn begun (when begun) tick by tick, recording each.
func (r *recorder) turn(begun bool) {
	if !begun {
		return
	}
	for {
		turn, pack, purse := r.s.State().Clock.Turn, *r.pack(), r.s.State().Purse.Get(r.s.State().Cog()).Gold
		done := r.s.TickTurn()
		r.record(turn, &pack, purse)
		if done {
			return
		}
	}
}

func (r *recorder) pack() *c.Inventory { e := r.s.State(); return e.Inventory.Get(e.Cog()) }

// record records the tick just run; pack and purse are as they were
// before it.
func (r *recorder) record(turn int, pack *c.Inventory, purse int) {
	e := r.s.State()
	t := e.Clock.Tick
	rec := tickRecord{tick: t, turn: turn, depth: e.Level.Depth, side: TickSide{Events: []string{}, Messages: []string{}}}
	if e.Run.Ended {
		rec.side.Ended = e.Run.Cause
	}
	if a := e.Action; a.Active {
		rec.side.Action = primitiveText(a.Primitive)
		if f := r.verbFact(a.Primitive, pack, purse); f != "" {
			rec.facts = append(rec.facts, f)
		}
	}
	mechanicVerb := e.Action.Active && c.VerbOf(e.Action.Op) != nil && c.VerbOf(e.Action.Op).Mechanic != ""
	for _, ev := range e.Events.List {
		rec.side.Events = append(rec.side.Events, r.eventText(ev))
		if f := r.eventFact(ev, mechanicVerb); f != "" {
			rec.facts = append(rec.facts, f)
		}
	}
	if msg, at := e.Log.Last(); at == t && len(msg) > 0 {
		rec.side.Messages = strings.Split(string(msg), "  ")
	}
	r.log = append(r.log, rec)
}

// primitiveText writes a primitive as the grammar does: "move e",
// "read f", "zap c >", "pray".
func primitiveText(p c.Primitive) string {
	if v := c.VerbOf(p.Op); v != nil {
		return v.Text(p)
	}
	return "?"
}

// who names an event's actor or target: "the cog", or the species.
func (r *recorder) who(e c.Event, cog bool) string {
	if cog {
		return "the cog"
	}
	return c.Article(e.Species.Info().Name) + e.Species.Info().Name
}

// eventText writes an event for the tick-by-tick comparison: its kind
// and what it says, with the cog and monsters by role and species (the
// two episodes' entities are not comparable) and cells by coordinates.
func (r *recorder) eventText(ev c.Event) string {
	cog := r.s.State().Cog()
	var b strings.Builder
	b.WriteString(ev.Kind.String())
	switch ev.Kind {
	case c.Attack:
		fmt.Fprintf(&b, " %s→%s hit=%t damage=%d killed=%t kick=%t", r.who(ev, ev.Actor == cog), r.who(ev, ev.Target == cog),
			ev.Hit, ev.Damage, ev.Killed, ev.Kick)
	case c.Death:
		fmt.Fprintf(&b, " %s hp=%d", ev.Cause, ev.HP)
	case c.Meal, c.Quaff:
		fmt.Fprintf(&b, " %s", ev.Item.Info().Name)
	case c.TrapFired:
		fmt.Fprintf(&b, " %s damage=%d", ev.Trap.Info().Name, ev.Damage)
	case c.Move:
		who := "a monster"
		if ev.Actor == cog {
			who = "the cog"
		}
		fmt.Fprintf(&b, " %s %d,%d→%d,%d", who, ev.From.X, ev.From.Y, ev.To.X, ev.To.Y)
	case c.Descend:
		fmt.Fprintf(&b, " %d→%d", ev.Before, ev.After)
	case c.StatusSet, c.StatusEnded:
		fmt.Fprintf(&b, " %d ticks=%d", ev.Condition, ev.Ticks)
	default:
		fmt.Fprintf(&b, " item=%s hit=%t count=%d before=%d after=%d", ev.Item.Info().Name, ev.Hit, ev.Count, ev.Before, ev.After)
	}
	return b.String()
}

// conditionWords say a condition as a fact does.
var conditionWords = map[c.Condition]string{c.Confused: "confused", c.Paralysed: "paralysed", c.Stuck: "stuck", c.Trapped: "trapped"}

// eventFact is the salient fact an event tells, "" for none (a step, a
// condition's end); a mechanic's event on a tick of a mechanic's verb
// is that verb's, told by the verb's fact.
func (r *recorder) eventFact(ev c.Event, mechanicVerb bool) string {
	cog := r.s.State().Cog()
	switch ev.Kind {
	case c.Attack:
		verb := "hit"
		switch {
		case ev.Killed && ev.Actor == cog:
			verb = "killed"
		case ev.Killed:
			verb = "killed"
		case !ev.Hit:
			verb = "missed"
		}
		if ev.Kick && ev.Actor == cog {
			verb = "kicked and " + verb
		}
		return r.who(ev, ev.Actor == cog) + " " + verb + " " + r.who(ev, ev.Target == cog)
	case c.Death:
		return "the cog died (" + ev.Cause + ")"
	case c.Meal:
		return "the cog ate " + c.Article(ev.Item.Info().Name) + ev.Item.Info().Name
	case c.Quaff:
		return "the cog quaffed a potion"
	case c.TrapFired:
		return c.Article(ev.Trap.Info().Name) + ev.Trap.Info().Name + " fired"
	case c.Descend:
		return "the cog went down a level"
	case c.StatusSet:
		return "the cog became " + conditionWords[ev.Condition]
	case c.Move, c.StatusEnded:
		return ""
	}
	if mechanicVerb {
		return ""
	}
	return "a " + ev.Kind.String() + " event"
}

// verbFact is the salient fact of the cog's primitive, "" for a step, a
// search, a wait, a look at the pack or a descent (the descend event
// tells it), an eating or quaffing (their events do): "the cog picked
// up a scroll", "the cog read a scroll", "the cog prayed". pack and
// purse are as they were before the tick.
func (r *recorder) verbFact(p c.Primitive, pack *c.Inventory, purse int) string {
	v := c.VerbOf(p.Op)
	switch {
	case v == nil:
		return ""
	case v.Mechanic == "":
		switch p.Op {
		case c.OpMove, c.OpSearch, c.OpWait, c.OpInventory, c.OpDescend, c.OpEat, c.OpQuaff:
			return ""
		case c.OpPickup:
			return r.pickedUp(pack, purse)
		}
	}
	past := cmp.Or(v.Past, v.Word)
	if v.Arg == c.ArgLetter || v.Arg == c.ArgLetterAim {
		if i := pack.Slot(p.Letter); i >= 0 {
			return "the cog " + past + " " + classPhrase(pack.Slots[i].Kind.Info().Class)
		}
		return "the cog " + past + " nothing"
	}
	return "the cog " + past
}

// pickedUp says what a pickup brought: the classes the pack gained,
// and gold.
func (r *recorder) pickedUp(before *c.Inventory, purse int) string {
	var what []string
	if r.s.State().Purse.Get(r.s.State().Cog()).Gold > purse {
		what = append(what, "gold")
	}
	after := r.pack()
	var had, has [256]int
	for i := range before.Slots {
		if !before.Slots[i].Empty() {
			had[before.Slots[i].Kind.Info().Class] += before.Slots[i].Count
		}
		if !after.Slots[i].Empty() {
			has[after.Slots[i].Kind.Info().Class] += after.Slots[i].Count
		}
	}
	for cl := range c.Classes {
		if has[cl] > had[cl] {
			what = append(what, classPhrase(c.ItemClass(cl)))
		}
	}
	if len(what) == 0 {
		return "the cog picked up nothing"
	}
	return "the cog picked up " + strings.Join(what, " and ")
}

// classPhrase names a thing by its class: "a scroll", "a potion",
// "gold", "food", "armour".
func classPhrase(cl c.ItemClass) string {
	switch cl {
	case c.GoldClass:
		return "gold"
	case c.FoodClass:
		return "food"
	case c.ArmourClass:
		return "armour"
	}
	name := cl.String()
	return c.Article(name) + name
}

// WriteText writes the explanation as `cogsim compare --explain` prints
// it: the causes grouped, most seeds first, then each seed's first
// divergent tick and cause.
func (ex *Explanation) WriteText(w io.Writer) {
	fmt.Fprintf(w, "A: %s (%s)\nB: %s (%s)\n", ex.A, ex.SourceA, ex.B, ex.SourceB)
	fmt.Fprintf(w, "%d paired seeds; %d with different results\n", ex.Seeds, ex.Differing)
	if ex.Differing == 0 {
		return
	}
	fmt.Fprintln(w, "\ncauses (the first thing one side did that the other did not, from the first divergent tick):")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, g := range ex.Causes {
		n := "seeds"
		if len(g.Seeds) == 1 {
			n = "seed"
		}
		fmt.Fprintf(tw, "%d %s\t%s\t(%s)\n", len(g.Seeds), n, g.Cause, seedList(g.Seeds, 8))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nby seed:")
	for _, d := range ex.Episodes {
		fmt.Fprintf(w, "seed %d: first divergent tick %d (turn %d, depth %d); cause at tick %d: %s\n", d.Seed, d.Tick, d.Turn, d.Depth, d.CauseTick, d.Cause)
		fmt.Fprintf(w, "  A: %s\n  B: %s\n", d.A.summary(), d.B.summary())
	}
}

// summary writes a tick side on one line.
func (t TickSide) summary() string {
	var parts []string
	switch {
	case t.Action != "":
		parts = append(parts, t.Action)
	case t.Ended != "":
		parts = append(parts, "the episode is over ("+t.Ended+")")
	default:
		parts = append(parts, "no action")
	}
	var events []string
	steps := 0
	for _, e := range t.Events {
		if strings.HasPrefix(e, "move a monster ") {
			steps++
			continue
		}
		events = append(events, e)
	}
	if steps == 1 {
		events = append(events, "a monster's step")
	} else if steps > 1 {
		events = append(events, strconv.Itoa(steps)+" monsters' steps")
	}
	if len(events) > 0 {
		parts = append(parts, "events: "+strings.Join(events, ", "))
	}
	if len(t.Messages) > 0 {
		parts = append(parts, "\""+strings.Join(t.Messages, "  ")+"\"")
	}
	return strings.Join(parts, "; ")
}

// seedList lists up to n seeds, then how many more.
func seedList(seeds []uint64, n int) string {
	var parts []string
	for i, s := range seeds {
		if i == n {
			parts = append(parts, "… "+strconv.Itoa(len(seeds)-n)+" more")
			break
		}
		parts = append(parts, strconv.FormatUint(s, 10))
	}
	return strings.Join(parts, ", ")
}
