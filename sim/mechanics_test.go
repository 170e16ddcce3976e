package sim_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/ecs"
	"github.com/cogsim/cogsim/internal/tally"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/systems"
	"github.com/cogsim/cogsim/systems/yellowmold"
	arche "github.com/mlange-42/arche/ecs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// §27: mechanics as packages.

// TestADeathHaltsTheTick: a cog at 1 hp steps onto an arrow trap on tick
// 12 — a regeneration tick — beside a jackal that would bite later in the
// tick. It dies of the trap, and nothing happens after "You die...": no
// hit point regenerated, no bite, no other message (§7.3, §27.6).
func TestADeathHaltsTheTick(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		m := put(withCog(hall, 5, 3), 6, 3, 'd')
		s := startWith(t, seed, sim.Scenario{Map: m, Cog: &sim.ScenarioCog{HP: ptr(1), MaxHP: ptr(16)},
			Traps: []sim.ScenarioThing{{At: []int{4, 3}, Kind: "arrow trap", Hidden: ptr(true)}}})
		s.State().Clock.Tick = 11 // the next tick is the 12th
		step(s, move(c.West))
		require.True(t, s.Done(), "seed %d", seed)
		assert.Equal(t, "killed by an arrow trap", s.Result().Cause)
		assert.Equal(t, 12, tick(s))
		assert.LessOrEqual(t, hp(s), -1, "seed %d: an arrow does 2…7 to a cog of 1 hp, and nothing heals it after", seed)
		assert.Equal(t, "An arrow shoots out at you!  You die...", message(s), "seed %d: nothing after the death", seed)
		assert.Contains(t, statusLine(s), "HP:"+itoa(hp(s))+"(16)")
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestTheInvariantCheckerCatchesATickGoingOnAfterADeath: the rule that
// would have caught the old bug — a system that heals the cog after it
// died in the tick breaks the checker.
func TestTheInvariantCheckerCatchesATickGoingOnAfterADeath(t *testing.T) {
	m := withCog(hall, 5, 3)
	var violations []string
	s, err := sim.New(sim.Config{Seed: 1, Scenario: &sim.Scenario{Name: "halt", Map: m, Cog: &sim.ScenarioCog{HP: ptr(1)},
		Traps: []sim.ScenarioThing{{At: []int{4, 3}, Kind: "arrow trap", Hidden: ptr(true)}}},
		Setup: func(sch *ecs.Scheduler) error {
			sch.AddFinal("late-heal", lateHeal{})
			sch.AddFinal(systems.NameInvariants, &systems.Invariants{OnViolation: func(msg string) { violations = append(violations, msg) }})
			return nil
		}})
	require.NoError(t, err)
	step(s, move(c.West))
	require.True(t, s.Done())
	require.NotEmpty(t, violations)
	assert.Contains(t, violations[0], "the cog died with")
}

// lateHeal is a broken final system: it heals the cog even after a death.
type lateHeal struct{}

func (lateHeal) Init(w *arche.World) {}

func (lateHeal) Update(w *arche.World) {
	run := systems.Res[c.Run](w)
	(*c.Health)(w.Get(run.Cog, arche.ComponentID[c.Health](w))).HP++
}

func TestUnknownRulesAndMechanicsAreRefusedWithTheKnownOnes(t *testing.T) {
	_, err := sim.New(sim.Config{Seed: 1, Rules: "angband"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown rules "angband" (known: cog, nethack`)
	_, err = sim.New(sim.Config{Seed: 1, Mechanics: []string{"dragons"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown mechanic "dragons" (known: `)
	assert.Contains(t, err.Error(), yellowmold.Name)
}

func TestAVariantIsANamedListOfMechanics(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1, Rules: "nethack", Mechanics: []string{yellowmold.Name, "nethack-hunger"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"nethack-hunger", "nethack-choking", "nethack-swing", yellowmold.Name}, s.State().Mechanics,
		"the variant's mechanics first, then the extras, each once")
	assert.Contains(t, s.Scheduler().Names(), "sting")
	for _, r := range s.Mechanics() {
		m, ok := ecs.LookupMechanic(r.Name)
		require.True(t, ok)
		assert.Equal(t, m.Version, r.Version)
	}
	cog, err := sim.New(sim.Config{Seed: 1})
	require.NoError(t, err)
	assert.Empty(t, cog.State().Mechanics, "cog is the empty list")
	assert.Equal(t, []ecs.MechanicRef{{Name: yellowmold.Name, Version: "1"}}, mustNew(t, sim.Config{Seed: 1, Mechanics: []string{yellowmold.Name}}).Result().Mechanics,
		"results record the mechanics with their versions")
}

func mustNew(t testing.TB, cfg sim.Config) *sim.Sim {
	t.Helper()
	s, err := sim.New(cfg)
	require.NoError(t, err)
	return s
}

// TestAMechanicsOwnStateSurvivesSnapshotAndRestore: the tally mechanic's
// component (on the cog) and resource change every tick; after a
// snapshot, a restore — into the same episode and, from the encoded
// bytes, into a fresh one — gives them back byte for byte, and the
// episode goes on exactly as it would have.
func TestAMechanicsOwnStateSurvivesSnapshotAndRestore(t *testing.T) {
	cfg := sim.Config{Seed: 3, Mechanics: []string{tally.Name}}
	s := mustNew(t, cfg)
	script := []string{"e e e s s", "search*3 w w", "n n n e", "se se se se", "w*5 s*2"}
	for _, r := range script {
		s.Turn(r)
	}
	ledger := func(s *sim.Sim) tally.Ledger { return *arche.GetResource[tally.Ledger](s.State().W) }
	steps := func(s *sim.Sim) tally.Steps {
		return *(*tally.Steps)(s.State().W.Get(s.State().Run.Cog, arche.ComponentID[tally.Steps](s.State().W)))
	}
	require.Equal(t, tick(s), ledger(s).Ticks, "the mechanic ran every tick")
	require.Positive(t, steps(s).Count)

	snap := s.Snapshot()
	encoded, err := snap.MarshalBinary()
	require.NoError(t, err)
	for _, name := range []string{`"tally.steps"`, `"tally.ledger"`} {
		assert.Contains(t, string(encoded), name, "the snapshot holds the mechanic's state")
	}
	wantLedger, wantSteps, wantObs := ledger(s), steps(s), string(s.Observe())
	var later []string
	for _, r := range script {
		s.Turn(r)
		later = append(later, string(s.Observe()))
	}
	laterLedger := ledger(s)

	require.NoError(t, s.Restore(snap))
	assert.Equal(t, wantLedger, ledger(s))
	assert.Equal(t, wantSteps, steps(s))
	assert.Equal(t, wantObs, string(s.Observe()))
	again, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	assert.True(t, bytes.Equal(encoded, again), "restored state encodes to the same bytes")

	var decoded sim.Snapshot
	require.NoError(t, decoded.UnmarshalBinary(encoded))
	fresh, err := sim.FromSnapshot(&decoded)
	require.NoError(t, err)
	assert.Equal(t, wantLedger, ledger(fresh))
	assert.Equal(t, wantSteps, steps(fresh))
	fromFresh, err := fresh.Snapshot().MarshalBinary()
	require.NoError(t, err)
	assert.True(t, bytes.Equal(encoded, fromFresh), "a fresh episode from the bytes encodes to the same bytes")
	for i, r := range script {
		s.Turn(r)
		fresh.Turn(r)
		assert.Equal(t, later[i], string(s.Observe()), "same sim, turn %d", i)
		assert.Equal(t, later[i], string(fresh.Observe()), "fresh sim, turn %d", i)
	}
	assert.Equal(t, laterLedger, ledger(s))
	assert.Equal(t, laterLedger, ledger(fresh))
}

func TestASnapshotOfOtherMechanicsIsRefusedByName(t *testing.T) {
	s := mustNew(t, sim.Config{Seed: 3, Mechanics: []string{tally.Name}})
	s.Turn("e e")
	plain := mustNew(t, sim.Config{Seed: 3})
	assert.ErrorContains(t, plain.Restore(s.Snapshot()), "made with mechanics tally@1")

	encoded, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	renamed := strings.ReplaceAll(string(encoded), `"name":"tally"`, `"name":"dragons"`)
	var snap sim.Snapshot
	require.NoError(t, snap.UnmarshalBinary([]byte(renamed)))
	_, err = sim.FromSnapshot(&snap)
	assert.ErrorContains(t, err, "mechanic dragons, which this binary lacks")

	foreign := strings.ReplaceAll(string(encoded), `"tally.ledger"`, `"dragons.hoard"`)
	assert.ErrorContains(t, snap.UnmarshalBinary([]byte(foreign)), `unknown resource "dragons.hoard"`)

	old := strings.Replace(string(encoded), `"version":3`, `"version":2`, 1)
	assert.ErrorContains(t, snap.UnmarshalBinary([]byte(old)), "format version 2, this engine reads version 3")
}

// unregistered is a component type nobody registered.
type unregistered struct{ N int }

type usesUnregistered struct{}

func (usesUnregistered) Init(w *arche.World)   { arche.ComponentID[unregistered](w) }
func (usesUnregistered) Update(w *arche.World) {}

func TestUnregisteredStateIsRefused(t *testing.T) {
	_, err := sim.New(sim.Config{Seed: 1, Setup: func(sch *ecs.Scheduler) error {
		return sch.After(systems.NameHunger, "sloppy", usesUnregistered{})
	}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unregistered state")
	assert.Contains(t, err.Error(), "unregistered")
}

// eventSpy copies the events of every tick; it runs last, even after a
// death.
type eventSpy struct {
	events *c.Events
	seen   []c.Event
}

func (s *eventSpy) Init(w *arche.World) { s.events = systems.Res[c.Events](w) }
func (s *eventSpy) Update(w *arche.World) {
	s.seen = append(s.seen[:0], s.events.List...)
}

func spyOn(sp *eventSpy) func(*sim.Config) {
	return func(cfg *sim.Config) {
		cfg.Setup = func(sch *ecs.Scheduler) error { sch.AddFinal("event-spy", sp); return nil }
	}
}

func kinds(evs []c.Event) []c.EventKind {
	var out []c.EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

// TestEventsSayWhatHappened: each tick's event log holds what the systems
// resolved, and is empty again at the next tick (§27.3).
func TestEventsSayWhatHappened(t *testing.T) {
	sp := &eventSpy{}
	m := withCog(hall, 5, 3)
	s := startWith(t, 1, sim.Scenario{Map: m,
		Cog:      &sim.ScenarioCog{Nutrition: ptr(100), Inventory: []sim.ScenarioStack{{Kind: "dagger", Wielded: true}, {Kind: "apple"}, {Kind: "potion of confusion"}}},
		Monsters: []sim.ScenarioThing{{At: []int{3, 3}, Species: "lichen", HP: 100}},
		Traps:    []sim.ScenarioThing{{At: []int{7, 4}, Kind: "pit", Hidden: ptr(true)}}}, spyOn(sp), frozenMonsters)

	step(s, move(c.East))
	require.Equal(t, []c.EventKind{c.Move}, kinds(sp.seen))
	assert.Equal(t, c.Pos{X: 5, Y: 3}, sp.seen[0].From)
	assert.Equal(t, c.Pos{X: 6, Y: 3}, sp.seen[0].To)

	step(s, move(c.SouthEast)) // into the pit
	require.Equal(t, []c.EventKind{c.Move, c.StatusSet, c.TrapFired}, kinds(sp.seen))
	assert.Equal(t, c.Trapped, sp.seen[1].Condition)
	assert.Equal(t, 3, sp.seen[1].Ticks)
	assert.Equal(t, c.TrapKind(2), sp.seen[2].Trap)
	assert.Equal(t, 100-2, nutrition(s).Value, "the scenario's 100, less a tick's digestion for each move")
	assert.Positive(t, sp.seen[2].Damage)

	step(s, c.Primitive{Op: c.OpEat, Letter: 'b'})
	require.Equal(t, []c.EventKind{c.Meal}, kinds(sp.seen))
	assert.Equal(t, c.Apple, sp.seen[0].Item)
	assert.Equal(t, 98, sp.seen[0].Before, "eaten before the tick's digestion")
	assert.Equal(t, 148, sp.seen[0].After)
	assert.Equal(t, c.Hungry, sp.seen[0].Hunger)

	step(s, c.Primitive{Op: c.OpQuaff, Letter: 'c'})
	require.Equal(t, []c.EventKind{c.Quaff, c.StatusSet}, kinds(sp.seen))
	assert.Equal(t, c.Confused, sp.seen[1].Condition)

	step(s, wait) // the pit's last tick is tick 5
	assert.Contains(t, kinds(sp.seen), c.StatusEnded)

	// An attack on the lichen, then the end of the confusion.
	s = startWith(t, 1, sim.Scenario{Map: withCog(hall, 5, 3),
		Monsters: []sim.ScenarioThing{{At: []int{6, 3}, Species: "lichen", HP: 1}}}, spyOn(sp), frozenMonsters)
	for !s.Done() && monsterCount(s) > 0 {
		step(s, move(c.East))
		require.Equal(t, c.Attack, sp.seen[0].Kind)
		assert.Equal(t, s.State().Run.Cog, sp.seen[0].Actor)
		assert.Equal(t, c.Lichen, sp.seen[0].Species)
	}
	assert.True(t, sp.seen[0].Hit && sp.seen[0].Killed, "the last attack killed it")
	step(s, wait)
	assert.Empty(t, sp.seen, "the log is cleared every tick")
}

func monsterCount(s *sim.Sim) int { return len(s.State().Roster.List) }

func TestDeathAndDescendEvents(t *testing.T) {
	sp := &eventSpy{}
	m := withCog(hall, 5, 3)
	s := startWith(t, 1, sim.Scenario{Map: m, Cog: &sim.ScenarioCog{HP: ptr(1)},
		Traps: []sim.ScenarioThing{{At: []int{4, 3}, Kind: "dart trap", Hidden: ptr(true)}}}, spyOn(sp))
	step(s, move(c.West))
	require.Equal(t, []c.EventKind{c.Move, c.TrapFired, c.Death}, kinds(sp.seen))
	assert.Equal(t, "killed by a dart trap", sp.seen[2].Cause)
	assert.Equal(t, hp(s), sp.seen[2].HP)

	s = startWith(t, 1, sim.Scenario{Map: put(withCog(hall, 5, 3), 6, 3, '>')}, spyOn(sp))
	step(s, move(c.East))
	step(s, c.Primitive{Op: c.OpDescend})
	require.Equal(t, []c.EventKind{c.Descend}, kinds(sp.seen))
	assert.Equal(t, 1, sp.seen[0].Before)
	assert.Equal(t, 2, sp.seen[0].After)
}

// TestAMechanicsChecksRunOnRestore: a mechanic's Check and CheckEntity
// run on restore as the core game's do, and refuse a damaged value by
// name (§32.2); a snapshot holding a mechanic's state without listing
// the mechanic is refused, naming both.
func TestAMechanicsChecksRunOnRestore(t *testing.T) {
	s := mustNew(t, sim.Config{Seed: 3, Mechanics: []string{tally.Name}})
	s.Turn("e e s")
	good, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	for _, tc := range []struct {
		change func(m map[string]any)
		want   string
	}{
		{func(m map[string]any) { named(m, "resources", "tally.ledger")["Ticks"] = -3 }, "snapshot: tally.ledger.Ticks -3: out of range"},
		{func(m map[string]any) { named(m, "resources", "tally.ledger")["Sum"] = 100000 }, "snapshot: tally.ledger.Sum 100000: out of range"},
		{func(m map[string]any) { named(m, "components", "tally.steps")["Count"] = -1 }, "snapshot: tally.steps.Count -1 of entity"},
		{func(m map[string]any) { m["mechanics"] = []any{} }, `snapshot: "tally.steps" is the state of mechanic "tally", which the snapshot does not list`},
	} {
		var snap sim.Snapshot
		require.NoError(t, snap.UnmarshalBinary(damage(t, good, tc.change)))
		_, err := sim.FromSnapshot(&snap)
		assert.ErrorContains(t, err, tc.want)
		before := string(s.Observe())
		assert.ErrorContains(t, s.Restore(&snap), "snapshot:")
		assert.Equal(t, before, string(s.Observe()), "a refused snapshot leaves the episode as it was")
	}
}
