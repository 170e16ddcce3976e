package prayer_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/internal/mechtest"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/cogsim/cogsim/systems/prayer"

	// The tests play the built-in mechanics, which the commands link and
	// the library does not (§2).
	_ "github.com/cogsim/cogsim/systems/builtin"
)

func ptr[T any](v T) *T { return &v }

// cell is a small lit room with the cog at hp of maxHP hit points; a
// timeout when not negative sets the prayer timeout.
func cell(hp, maxHP, timeout int) sim.Scenario {
	sc := sim.Scenario{Name: "cell", Depth: 2, Lit: ptr(true),
		Map: []string{"", " -----", " |.@.|", " -----"},
		Cog: &sim.ScenarioCog{HP: ptr(hp), MaxHP: ptr(maxHP)}, Clock: &sim.ScenarioClock{MaxTurns: 1000}}
	if timeout >= 0 {
		sc.Mechanics = map[string]json.RawMessage{prayer.Name: json.RawMessage(`{"timeout": ` + itoa(timeout) + `}`)}
	}
	return sc
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// start starts sc with the prayer mechanic.
func start(t *testing.T, sc sim.Scenario) *sim.Sim {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 3, Scenario: &sc, Mechanics: []string{prayer.Name}})
	require.NoError(t, err)
	return s
}

// message is the message line of s's observation.
func message(s *sim.Sim) string { return mechtest.Message(s) }

// hp is the cog's hit points.
func hp(s *sim.Sim) int { return s.State().Health.Get(s.State().Cog()).HP }

// prays are the last tick's Pray events.
func prays(s *sim.Sim) []c.Event {
	var list []c.Event
	for _, ev := range s.State().Events.List {
		if ev.Kind == prayer.PrayEvent {
			list = append(list, ev)
		}
	}
	return list
}

// TestTrouble: hp ≤ 5 or below 1/7 of the maximum (§39.7).
func TestTrouble(t *testing.T) {
	for _, tc := range []struct {
		hp, max int
		want    bool
	}{{5, 100, true}, {6, 100, true}, {14, 100, true}, {15, 100, false}, {6, 42, false}, {5, 6, true}, {6, 6, false}, {16, 16, false}} {
		assert.Equal(t, tc.want, prayer.InTrouble(tc.hp, tc.max), "%d of %d", tc.hp, tc.max)
	}
}

// TestAPrayerInTroubleIsAnswered: a cog in trouble at a timeout of 200
// or less: "You feel a hopeful feeling.", hp back to the maximum, the
// timeout 300…349, the prayed deed (worth 25) the first time, a Pray
// event; one tick.
func TestAPrayerInTroubleIsAnswered(t *testing.T) {
	for _, timeout := range []int{0, 150, 201} {
		s := start(t, cell(3, 40, timeout))
		s.Turn("pray")
		ev := prays(s)
		require.Len(t, ev, 1)
		// Judged by the timeout as the clock showed before the tick: the
		// scenario's at T:0.
		assert.Equal(t, timeout, ev[0].Ticks)
		if timeout == 201 {
			assert.Equal(t, prayer.MsgDispleased, message(s))
			assert.Equal(t, 3, hp(s))
			assert.False(t, ev[0].Hit)
			assert.False(t, s.State().Run.Deeds.Has(prayer.Prayed))
			continue
		}
		assert.Equal(t, prayer.MsgAnswered, message(s))
		assert.Equal(t, 40, hp(s))
		assert.Equal(t, 1, s.State().Clock.Tick, "one tick")
		assert.True(t, ev[0].Hit)
		assert.Equal(t, []int{3, 40}, []int{ev[0].Before, ev[0].After})
		r := s.Result()
		require.Len(t, r.Deeds, 1)
		assert.Equal(t, c.Deed{Name: prayer.Prayed, Tick: 1}, r.Deeds[0])
		assert.Equal(t, prayer.PrayedPoints, r.Parts.Deeds)
	}
}

// TestTheTimeoutFallsAndResets: from 300 at the start it falls by one a
// tick, so a cog in trouble is answered from tick 101 (timeout 200 as
// the clock shows T:100) and not before; an answer sets it to 300…349,
// so the next prayer in trouble waits 100…149 ticks more; a displeased
// prayer changes nothing.
func TestTheTimeoutFallsAndResets(t *testing.T) {
	s := start(t, cell(2, 40, -1))
	for range 3 {
		s.Turn("search*33")
	}
	require.Equal(t, 99, s.State().Clock.Tick)
	s.State().Health.Get(s.State().Cog()).HP = 2 // regeneration gave some back
	s.Turn("pray")
	assert.Equal(t, prayer.MsgDispleased, message(s), "tick 100: the timeout is 201")
	s.Turn("pray")
	assert.Equal(t, prayer.MsgAnswered, message(s), "tick 101: 200")
	spread := map[int]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		sc := cell(2, 40, 0)
		s, err := sim.New(sim.Config{Seed: seed, Scenario: &sc, Mechanics: []string{prayer.Name}})
		require.NoError(t, err)
		s.Turn("pray")
		require.Equal(t, prayer.MsgAnswered, message(s))
		s.State().Health.Get(s.State().Cog()).HP = 2
		waited := 0
		for {
			s.Turn("pray")
			if message(s) == prayer.MsgAnswered {
				break
			}
			s.State().Health.Get(s.State().Cog()).HP = 2
			waited++
			require.Less(t, waited, 200)
		}
		require.True(t, waited >= 100 && waited <= 149, "waited %d", waited)
		spread[waited] = true
	}
	assert.Greater(t, len(spread), 5, "300 + rn2(50)")
}

// TestOutOfTroubleOnlyAtZero: a cog out of trouble is answered only at
// timeout 0, and then keeps its hit points.
func TestOutOfTroubleOnlyAtZero(t *testing.T) {
	s := start(t, cell(30, 40, 1))
	s.Turn("pray")
	assert.Equal(t, prayer.MsgDispleased, message(s))
	s.Turn("pray")
	assert.Equal(t, prayer.MsgAnswered, message(s), "0 after a tick")
	assert.Equal(t, 30, hp(s), "out of trouble: no healing")
	assert.True(t, s.State().Run.Deeds.Has(prayer.Prayed))
}

// TestPrayIsAVerbOnlyWithTheMechanic: without the mechanic "pray" is no
// word and a scenario's prayer field is refused; a bad timeout is
// refused naming it.
func TestPrayIsAVerbOnlyWithTheMechanic(t *testing.T) {
	sc := cell(3, 40, -1)
	s, err := sim.New(sim.Config{Seed: 1, Scenario: &sc})
	require.NoError(t, err)
	s.Turn("pray")
	assert.Contains(t, message(s), "Ignored: pray")
	sc = cell(3, 40, 5)
	_, err = sim.New(sim.Config{Seed: 1, Scenario: &sc})
	assert.Error(t, err)
	for raw, want := range map[string]string{
		`{"timeout": -1}`:     "mechanics.prayer: timeout: -1 is out of range",
		`{"timeout": "soon"}`: "mechanics.prayer:",
		`{"luck": 3}`:         `unknown field "luck"`,
	} {
		sc := cell(3, 40, -1)
		sc.Mechanics = map[string]json.RawMessage{prayer.Name: json.RawMessage(raw)}
		_, err := sim.New(sim.Config{Seed: 1, Scenario: &sc, Mechanics: []string{prayer.Name}})
		assert.ErrorContains(t, err, want, raw)
	}
}

// TestTheTimeoutIsSavedAndRestored: a snapshot holds the timeout; the
// restored episode answers and refuses as the original does.
func TestTheTimeoutIsSavedAndRestored(t *testing.T) {
	s := start(t, cell(2, 40, 120))
	s.Turn("search*50")
	b, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	assert.Contains(t, string(b), "prayer.prayer")
	var snap sim.Snapshot
	require.NoError(t, snap.UnmarshalBinary(b))
	r, err := sim.FromSnapshot(&snap)
	require.NoError(t, err)
	for _, reply := range []string{"pray", "pray", "search*10", "pray"} {
		s.Turn(reply)
		r.Turn(reply)
		require.Equal(t, string(s.Observe()), string(r.Observe()), reply)
		require.Equal(t, message(s), message(r))
	}
	rb, err := r.Snapshot().MarshalBinary()
	require.NoError(t, err)
	ob, err := s.Snapshot().MarshalBinary()
	require.NoError(t, err)
	assert.Equal(t, ob, rb)
}

// TestAReplayWithPrayersVerifies: prayers answered and not re-simulate
// hash for hash.
func TestAReplayWithPrayersVerifies(t *testing.T) {
	sc := cell(2, 40, 0)
	sc.Clock = &sim.ScenarioClock{MaxTurns: 8}
	s, err := sim.New(sim.Config{Seed: 6, Scenario: &sc, Mechanics: []string{prayer.Name}, Agent: "test"})
	require.NoError(t, err)
	var buf bytes.Buffer
	rec, err := replay.NewRecorder(s, &buf)
	require.NoError(t, err)
	for _, r := range []string{"pray", "pray", "search*40", "pray", "e w", "pray", "search", "pray"} {
		rec.Sim.Turn(r)
		require.NoError(t, rec.Played(r))
	}
	require.NoError(t, rec.Finish())
	rep, err := replay.Read(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	require.NoError(t, rep.Play(nil))
	assert.Contains(t, buf.String(), `"prayed"`)
}

// TestCheckConformance is the mechanic's conformance run (§34.3).
func TestCheckConformance(t *testing.T) { mechtest.Conformance(t, prayer.Name) }

// TestTheCogGameIsUnchangedWhenLinked: with the mechanic linked but not
// installed, the explore agent's games are the cog game's reference;
// installed (the explorer prays), some differ.
func TestTheCogGameIsUnchangedWhenLinked(t *testing.T) {
	mechtest.UnchangedWhenLinked(t, mechtest.CogGame, prayer.Name)
}
