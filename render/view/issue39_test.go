package view_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	c "github.com/cogsim/cogsim/components"
	"github.com/cogsim/cogsim/render/view"
	"github.com/cogsim/cogsim/sim"
	"github.com/cogsim/cogsim/sim/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of issue 39 (cogplay, round four) that are not auto-explore's
// (explore_test.go), through the models. Each is named in the closing
// note with its item.

// 3. A primitive the cog knows does nothing is not sent: no tick, and the
// message line says why; Esc at the map is silent.
func TestNoOpsCostNoTick(t *testing.T) {
	s, sp := spied(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "k")
	require.Equal(t, 1, s.State().Clock.Tick, "a step north, to the wall")
	for _, tc := range []struct{ keys, says string }{
		{"k", "It's a wall."},
		{"u", "It's a wall."},
		{"K", "Stopped: It's a wall."},
		{"5 k", "Stopped: It's a wall."},
		{",", "There is nothing here to pick up."},
		{">", "You can't go down here."},
	} {
		press(t, p, tc.keys)
		settle(t, p)
		assert.Equal(t, 1, s.State().Clock.Tick, "%q costs no tick", tc.keys)
		if strings.HasPrefix(tc.says, "Stopped") {
			assert.Equal(t, tc.says, p.Activity(), "%q: a run or a count stops at its first bump", tc.keys)
		} else {
			assert.Equal(t, tc.says, p.Message(), tc.keys)
		}
	}
	assert.Len(t, sp.seen, 1, "nothing sent but the first step")
	press(t, p, "esc")
	assert.Empty(t, p.Note(), "Esc at the map says nothing")
	assert.NotContains(t, screen(p), "Unknown command")

	// A door found locked is not tried again.
	sc := sim.Scenario{Map: put(twoRooms, 10, 3, '@'), Doors: []sim.ScenarioThing{{At: []int{11, 3}, State: "locked"}}}
	s, sp = spied(t, sc)
	p = view.NewPlay(s, view.PlayOptions{})
	press(t, p, "l")
	assert.Equal(t, "This door is locked.", p.Message(), "the first try finds it out")
	press(t, p, "l l")
	assert.Equal(t, 1, s.State().Clock.Tick, "then it costs nothing")
	assert.Equal(t, "This door is locked.", p.Message())
	assert.Len(t, sp.seen, 1)

	// The Oracle in the way.
	sc = sim.Scenario{Map: put(twoRooms, 5, 3, '@'), Monsters: []sim.ScenarioThing{{At: []int{6, 3}, Species: "Oracle"}}}
	s, sp = spied(t, sc)
	p = view.NewPlay(s, view.PlayOptions{})
	press(t, p, "l")
	assert.Equal(t, "You stop. An Oracle is in your way.", p.Message())
	assert.Empty(t, sp.seen)
}

// 2. "an Oracle", and explore starts with her in view.
func TestTheOracleIsAnOracleAndExploreStartsBesideHer(t *testing.T) {
	sc := sim.Scenario{Map: put(twoRooms, 5, 3, '@'), Monsters: []sim.ScenarioThing{{At: []int{8, 3}, Species: "Oracle"}}}
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	assert.Equal(t, "an Oracle", p.Describe(c.Pos{X: 8, Y: 3}))
	press(t, p, "x")
	assert.True(t, p.Busy(), "a peaceful monster in view does not stop auto-explore: %s", p.Message())
	settle(t, p)
	assert.NotContains(t, p.Activity(), "Oracle")
}

// 4. Counts do not rest with a hostile in view and stop when one comes
// next to the cog; runs never attack.
func TestCountsAndRunsMindTheHostilesInView(t *testing.T) {
	sc := hall()
	sc.Monsters = []sim.ScenarioThing{{At: []int{9, 3}, Species: "floating eye"}}
	s, sp := spied(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "2 0 s")
	assert.Equal(t, "You can't rest with a floating eye in view.", p.Message())
	assert.False(t, p.Busy())
	assert.Zero(t, s.State().Clock.Tick)

	press(t, p, "9 l")
	settle(t, p)
	assert.Equal(t, moves(c.East, 3), sp.seen, "three steps, then the eye is next to the cog")
	assert.Equal(t, "Stopped: a floating eye is next to you.", p.Activity())
	assert.Equal(t, c.Pos{X: 8, Y: 3}, s.State().CogPos())

	press(t, p, "L")
	settle(t, p)
	assert.Len(t, sp.seen, 3, "a run never steps into a monster: no attack, no gaze")
	assert.Equal(t, "Stopped: a floating eye is in the way.", p.Activity())
	st := s.State().Status.Get(s.State().Run.Cog)
	assert.False(t, st.Paralysed(s.State().Clock.Tick+1))
}

// 10. The activity row's "Stopped: … next to you." goes once another
// tick is played (the kill).
func TestTheActivityRowDoesNotOutliveTheStop(t *testing.T) {
	sc := hall()
	sc.Monsters = []sim.ScenarioThing{{At: []int{9, 3}, Species: "floating eye", HP: 1}}
	sc.Cog.Inventory = []sim.ScenarioStack{{Kind: "long sword", Wielded: true}}
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "L")
	settle(t, p)
	require.Equal(t, "Stopped: a floating eye is next to you.", p.Activity())
	press(t, p, "s")
	assert.Empty(t, p.Activity(), "the row is cleared by the next tick")
	assert.NotContains(t, screen(p), "next to you")
}

// 11. The log folds a message only on the same tick or the next, and a
// restored game's log keeps its ticks.
func TestTheLogFoldsOnlyOnTheNextTick(t *testing.T) {
	var l view.MsgLog
	l.Add(472, "A little dart shoots out at you!")
	l.Add(490, "A little dart shoots out at you!")
	l.Add(491, "You are still in a pit.")
	l.Add(492, "You are still in a pit.")
	var lines []string
	for _, e := range l.Entries() {
		lines = append(lines, e.String())
	}
	assert.Equal(t, []string{"T:472 A little dart shoots out at you!", "T:490 A little dart shoots out at you!",
		"T:491-492 You are still in a pit. (x2)"}, lines)
	texts, ticks := l.Texts()
	assert.Equal(t, []int{472, 490, 491, 492}, ticks)

	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{Log: texts, LogTicks: ticks})
	press(t, p, "^P")
	out := screen(p)
	assert.Contains(t, out, "T:490 A little dart shoots out at you!")
	assert.Contains(t, out, "T:491-492 You are still in a pit. (x2)", "a restored game keeps the ticks")
}

// 12. A run goes along a corridor two wide, to its end.
func TestRunningAlongACorridorTwoWide(t *testing.T) {
	wide := []string{"", "  @#########", "   #########"}
	s, sp := spied(t, sim.Scenario{Map: wide, Lit: ptr(false)})
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "L")
	settle(t, p)
	assert.Equal(t, moves(c.East, 9), sp.seen)
	assert.Equal(t, "Stopped: a dead end.", p.Activity())
	assert.Equal(t, c.Pos{X: 11, Y: 1}, s.State().CogPos())
}

// 13. The figures of weapons and armour, the discoveries, no offer of
// the weapon in hand, gold counted once and picked up by explore.
func TestTheItemsSayWhatTheyAre(t *testing.T) {
	s := start(t, hall())
	p := view.NewPlay(s, view.PlayOptions{})
	details := p.Game().InventoryDetails()
	assert.Equal(t, "a - a dagger (weapon in hand) [damage 2-5, to-hit +1]", details[0])
	assert.Equal(t, "c - leather armour (being worn) [AC +2]", details[2])
	assert.Equal(t, "e - a long sword [damage 2-9, to-hit +0]", details[4])
	assert.Contains(t, screen(p), "[AC +3]", "the panel shows them")

	press(t, p, "w")
	assert.Equal(t, "What do you want to wield? [e or ?*]", p.Prompt(), "not the dagger in hand")
	press(t, p, "esc \\")
	assert.Equal(t, "You haven't discovered anything yet...", p.Message())
	press(t, p, "q d")
	press(t, p, "\\")
	assert.Contains(t, screen(p), "potion of healing (")
	assert.Equal(t, 1, s.State().Clock.Tick, "the lists cost no tick")

	bare := start(t, sim.Scenario{Map: put(twoRooms, 5, 3, '@'), Cog: &sim.ScenarioCog{Inventory: []sim.ScenarioStack{{Kind: "dagger", Wielded: true}}}})
	p = view.NewPlay(bare, view.PlayOptions{})
	press(t, p, "w")
	assert.Equal(t, "You don't have anything else to wield.", p.Message())
}

func TestGoldIsCountedOnceAndExplorePicksItUp(t *testing.T) {
	sc := hall()
	sc.Items = []sim.ScenarioThing{{At: []int{6, 3}, Kind: "gold piece", Count: 43}, {At: []int{6, 3}, Kind: "gold piece", Count: 43}}
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{})
	press(t, p, "l")
	assert.Equal(t, "You see here 86 gold pieces.", p.Message(), "two piles, one sum")
	assert.Equal(t, "yourself, on 86 gold pieces", p.Describe(c.Pos{X: 6, Y: 3}))

	sc.Items = append(sc.Items, sim.ScenarioThing{At: []int{3, 2}, Kind: "gold piece", Count: 5})
	s, sp := spied(t, sc)
	p = view.NewPlay(s, view.PlayOptions{})
	stops := exploreUntilDone(t, p)
	for _, why := range stops {
		assert.NotContains(t, why, "gold", "explore does not stop on gold")
	}
	e := s.State()
	assert.Equal(t, 91, e.Purse.Get(e.Run.Cog).Gold, "it picked the gold up")
	picks := 0
	for _, prim := range sp.seen {
		if prim.Op == c.OpPickup {
			picks++
		}
	}
	assert.Equal(t, 2, picks, "a pickup on each cell of gold")
}

// 14. Commands play as many ticks a frame as the pace allows, drawn at
// the end; the viewer keeps its speed when frames come slowly.
func TestAFramePlaysAsManyTicksAsThePaceAllows(t *testing.T) {
	sc := hall()
	sc.Map = put(sc.Map, 9, 2, '>')
	clock := time.Unix(1000, 0)
	now := func() time.Time { return clock }
	s := start(t, sc)
	p := view.NewPlay(s, view.PlayOptions{Now: now})
	press(t, p, "_ >")
	p.Update(view.Input{})
	assert.Equal(t, c.Pos{X: 9, Y: 2}, s.State().CogPos(), "the engine's pace: the whole way in one frame")
	assert.False(t, p.Busy())

	s = start(t, sc)
	p = view.NewPlay(s, view.PlayOptions{Pace: 2, Now: now})
	press(t, p, "2 0 s")
	p.Update(view.Input{})
	assert.Equal(t, 2, s.State().Clock.Tick, "pace 2: two ticks a frame")
	p.Update(view.Input{})
	assert.Equal(t, 4, s.State().Clock.Tick)

	// At the engine's pace the frame stops at its budget.
	s = start(t, sc)
	p = view.NewPlay(s, view.PlayOptions{Now: func() time.Time { clock = clock.Add(time.Millisecond); return clock }})
	press(t, p, "9 0 s")
	p.Update(view.Input{})
	ticks := s.State().Clock.Tick
	assert.Greater(t, ticks, 1)
	assert.Less(t, ticks, 20, "8 ms of a frame, a millisecond a tick here")
}

func TestTheViewerPlaysAtItsSpeedWhenFramesAreSlow(t *testing.T) {
	v := newViewer(t, recorded(t, 1, 60))
	clock := time.Unix(1000, 0)
	v.Now = func() time.Time { return clock }
	for v.Key('+'); ; v.Key('+') {
		if _, speed := v.Playing(); speed == 32 {
			break
		}
	}
	v.Key(' ')
	for range 10 {
		clock = clock.Add(100 * time.Millisecond) // ten frames a second
		v.Update(view.Input{})
	}
	assert.Equal(t, 32, v.Turn(), "a second at 32 turns a second")
	assert.Contains(t, screen(v), "PLAYING, 32 turns/s")
}

// 6. Taking over a person's replay keeps its clock in ticks.
func TestTakingOverAPersonsReplayKeepsItsClock(t *testing.T) {
	s, rec, err := view.NewRecorded(sim.Config{Seed: 3, Agent: "human"})
	require.NoError(t, err)
	p := view.NewPlay(s, view.PlayOptions{Recording: rec})
	press(t, p, "s s s s")
	rep, err := replay.ReadUnfinished(bytes.NewReader(p.Game().Replay()))
	require.NoError(t, err)
	v, err := view.NewViewer(rep, "mine.jsonl")
	require.NoError(t, err)
	v.Seek(3)
	v.Update(view.Input{Keys: []view.Key{'T'}})
	q, ok := v.Next().(*view.Play)
	require.True(t, ok)
	assert.Contains(t, q.StatusLine(), "T:3/2200", "not 88000")
}

// 15. Paralysis does not carry the clock past its end: a person's turn is
// one tick.
func TestParalysisEndsAtTheClock(t *testing.T) {
	cfg := sim.Config{Seed: 1, Agent: "human", Scenario: &sim.Scenario{Name: "asleep", Map: put(twoRooms, 5, 3, '@'),
		Cog: &sim.ScenarioCog{Paralysed: 60}, Clock: &sim.ScenarioClock{MaxTurns: 1, TurnTicks: 40}}}
	s, rec, err := view.NewRecorded(cfg)
	require.NoError(t, err)
	p := view.NewPlay(s, view.PlayOptions{Recording: rec})
	press(t, p, "s")
	assert.True(t, s.Done(), "the clock ran out while the cog slept")
	assert.Equal(t, 40, s.State().Clock.Tick)
	assert.Contains(t, p.StatusLine(), "T:40/40")
}

// 7. The tombstone never cuts its text: ten deeds, the files, the run
// shared.
func TestTheTombstoneShowsAllOfItsText(t *testing.T) {
	s := start(t, deadly())
	for i, d := range []string{"descend-2", "descend-3", "descend-5", "descend-8", "first-kill", "xlevel-3", "ate", "identified", "found", "gold-100"} {
		s.State().Run.Deeds.Earn(d, 10*(i+1))
	}
	files := []string{"The end of the game: /home/ada/.local/share/cogsim/games/ada-20250101-120000-seed1.txt",
		"Your replay: /home/ada/.local/share/cogsim/games/ada-20250101-120000-seed1.jsonl",
		"  share it as one page: cogsim replay ada-20250101-120000-seed1.jsonl --html run.html"}
	p := view.NewPlay(s, view.PlayOptions{Hooks: view.PlayHooks{
		End:    func(sim.Result, string, []byte) ([]string, error) { return files, nil },
		Record: func(sim.Result) (string, error) { return "/home/ada/.local/share/cogsim/record.jsonl", nil },
		Scores: func() []string { return []string{"  rank score", "*    1   500", "     2   100"} },
	}})
	waitToDeath(t, p)
	for range view.GuardFrames {
		p.Update(view.Input{})
	}
	press(t, p, "space")
	for range view.GuardFrames {
		p.Update(view.Input{})
	}
	for _, size := range [][2]int{{96, 31}, {104, 29}, {48, 50}} {
		p.Fit(size[0]*8, size[1]*16, 8, 16)
		out := screen(p)
		flat := strings.Join(strings.Fields(out), " ")
		bare := strings.Join(strings.Fields(out), "")
		for _, f := range files {
			assert.Contains(t, bare, strings.Join(strings.Fields(f), ""), "%v: every file line, whole", size)
		}
		assert.Contains(t, flat, "You die... (killed by a giant ant)")
		for _, d := range []string{"descend-2 T:10", "gold-100 T:100"} {
			assert.Contains(t, out, d, "%v", size)
		}
		assert.Contains(t, out, "Press any key to exit.", "%v", size)
		assert.Contains(t, out, "*    1   500", "%v", size)
	}
}

// 9. The first minute: the goal on the quick-start screen and in the
// help, the symbols, the help's columns apart, the mechanics offered.
func TestTheFirstMinute(t *testing.T) {
	var chose view.Choice
	st := view.NewStart(7, []string{"cog", "nethack"}, "cog", view.OfferedMechanics(), false, func(ch view.Choice) (view.App, error) {
		chose = ch
		s, err := sim.New(sim.Config{Seed: ch.Seed, Rules: ch.Rules, Mechanics: ch.Mechanics})
		if err != nil {
			return nil, err
		}
		return view.NewPlay(s, view.PlayOptions{}), nil
	})
	out := strings.Join(strings.Fields(screen(st)), " ")
	assert.Contains(t, out, "The goal: go down as deep as you can")
	assert.Contains(t, out, "Score = 50 x (deepest level - 1)")
	offered := view.OfferedMechanics()
	require.NotEmpty(t, offered, "the built-in mechanics")
	assert.Contains(t, out, "Mechanics:")
	st.Update(view.Input{Keys: []view.Key{view.KeyDown, view.KeyDown, ' ', view.KeyEnter}})
	assert.Equal(t, []string{offered[0].Name}, chose.Mechanics, "space adds the mechanic")

	help := view.HelpLines(92)
	joined := strings.Join(help, "\n")
	assert.Contains(t, joined, "The goal")
	assert.Contains(t, joined, "d  jackal, coyote")
	assert.Contains(t, joined, ">  staircase down")
	commands := false
	for _, line := range help {
		if line == "Commands:" || line == "" {
			commands = line != ""
			continue
		}
		if !commands {
			continue
		}
		for _, b := range view.PlayKeys {
			if i := strings.Index(line, b.Help); i >= 0 {
				rest := line[i+len(b.Help):]
				assert.True(t, rest == "" || strings.HasPrefix(rest, "  "), "%q runs into the next column: %q", b.Help, line)
			}
		}
	}
	p := view.NewPlay(start(t, hall()), view.PlayOptions{})
	press(t, p, "/")
	assert.Contains(t, screen(p), "The symbols of the map")
}

// 5. The map fills the screen: at 1920 x 1080, 1366 x 768 and on a
// 390 x 844 phone page (its bar off) the map takes at least 60% of the
// width or the height, and the play screen's text stays inside the grid.
func TestTheMapFillsTheScreen(t *testing.T) {
	for _, size := range [][2]int{{1920, 1080}, {1366, 768}, {390, 844 - 34}, {1280, 1024}, {1024, 768}, {800, 600}, {2560, 1080}} {
		w, h := size[0], size[1]
		cols, rows, scale := view.PlayFit(w, h, 8, 16)
		gw, gh := float64(cols*8)*scale, float64(rows*16)*scale
		assert.LessOrEqual(t, gw, float64(w), "%v: the grid fits across", size)
		assert.LessOrEqual(t, gh, float64(h), "%v: and down", size)
		mw, mh := float64(c.W*8)*scale/float64(w), float64(c.H*16)*scale/float64(h)
		assert.True(t, mw >= 0.6 || mh >= 0.6, "%v: the map is %.0f%% of the width, %.0f%% of the height", size, 100*mw, 100*mh)
		t.Logf("%dx%d: %dx%d cells at scale %.2f, the map %.0f%% x %.0f%%", w, h, cols, rows, scale, 100*mw, 100*mh)

		sc := hall()
		sc.Monsters = []sim.ScenarioThing{{At: []int{9, 3}, Species: "newt"}}
		p := view.NewPlay(start(t, sc), view.PlayOptions{})
		assert.Equal(t, scale, p.Fit(w, h, 8, 16))
		out := screen(p)
		assert.Contains(t, out, "Inventory", "%v", size)
		assert.Contains(t, out, "In view", "%v", size)
		assert.Contains(t, out, ": a newt", "%v: the legend names it", size)
		assert.Contains(t, out, "Messages", "%v", size)
		assert.Contains(t, out, "Dlvl:1 $:0 HP:16(16)", "%v", size)
		assert.Contains(t, out, "\n |...@...:..", "%v: the map at the left, the newt on it", size)
	}
}
